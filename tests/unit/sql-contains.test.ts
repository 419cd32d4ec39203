import { describe, expect, it } from "vitest";
import { FOLDED, FOLDS_TO_ASCII } from "~/modules/shared/sql.server";

// containsText on SQLite (issue 18) finds an ASCII pattern with SQLite's own
// LIKE and calls ulower() only for text holding a character whose lower case
// holds ASCII: that is exact only if FOLDS_TO_ASCII names every such character.

describe("FOLDS_TO_ASCII", () => {
  it("names every non-ASCII character whose lower case holds an ASCII character", () => {
    const found: string[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (/[\x00-\x7f]/.test(c.toLowerCase())) found.push(c);
    }
    expect(found).toEqual([...FOLDS_TO_ASCII]);
  });

  it("names every character lowering turns into more than one (a LIKE `_` counts characters)", () => {
    const longer: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if ([...c.toLowerCase()].length !== 1) longer.push(c);
    }
    expect(longer.every((c) => (FOLDS_TO_ASCII as readonly string[]).includes(c))).toBe(true);
    expect(FOLDED).toEqual(["i\u0307", "k"]);
  });
});
