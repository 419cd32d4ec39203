import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, CODE_LENGTH, codeFromBytes, normalizeCode } from "~/modules/certificates/codes";
import { newVerificationCode } from "~/modules/certificates/codes.server";

describe("certificate verification codes (ADR 048)", () => {
  it("uses no look-alike characters", () => {
    for (const ch of "0O1IL") expect(CODE_ALPHABET).not.toContain(ch);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
  });

  it("makes 12 characters in groups of four, all different over many draws", () => {
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = newVerificationCode();
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
      expect(code.replace(/-/g, "")).toHaveLength(CODE_LENGTH);
      codes.add(code);
    }
    expect(codes.size).toBe(2000);
  });

  it("drops the bytes that would bias the alphabet", () => {
    const bytes = [255, 250, 248, 0, 30, 31, 247, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    let i = 0;
    const code = codeFromBytes(() => bytes[i++]);
    expect(code).toBe("A9A9-BCDE-FGHJ");
  });

  it("reads a typed code case-insensitively, ignoring dashes and spaces", () => {
    expect(normalizeCode("abcd efgh-jkmn")).toBe("ABCD-EFGH-JKMN");
    expect(normalizeCode(" ABCDEFGHJKMN ")).toBe("ABCD-EFGH-JKMN");
    expect(normalizeCode("ABCD-EFGH-JKM")).toBeNull();
    expect(normalizeCode("ABCD-EFGH-JKM0")).toBeNull();
    expect(normalizeCode("ÄBCD-EFGH-JKMN")).toBeNull();
    expect(normalizeCode("' OR 1=1 --")).toBeNull();
    expect(normalizeCode("A".repeat(100000))).toBeNull();
  });
});
