import { describe, expect, it } from "vitest";
import {
  ADULT_LEVELS,
  KIDS_LEVELS,
  cefrBand,
  examModules,
  examType,
  findLevel,
  levelById,
  levelsFor,
  nextLevelId,
} from "~/modules/levels/levels";

describe("level lists (PRODUCT 3)", () => {
  it("adults, in order", () => {
    expect(ADULT_LEVELS.map((l) => [l.id, l.name, l.short])).toEqual([
      [7, "Pre-A1", "PA1"],
      [1, "A1", "A1"],
      [2, "A2", "A2"],
      [3, "B1", "B1"],
      [4, "B1+", "B1P"],
      [6, "B2 First", "B2F"],
      [5, "B2 Upper Intermediate", "B2U"],
      [14, "Private Classes", "PC"],
    ]);
  });

  it("kids, in order", () => {
    expect(KIDS_LEVELS.map((l) => [l.id, l.name, l.short])).toEqual([
      [7, "Pre-A1", "PA1"],
      [8, "A1.1", "A11"],
      [12, "A1.2", "A12"],
      [13, "A2.1", "A21"],
      [9, "A2.2", "A22"],
      [10, "B1.1", "B11"],
      [11, "B1.2", "B12"],
      [14, "Private Classes", "PC"],
    ]);
  });

  it("levelsFor picks the list by age", () => {
    expect(levelsFor("adults")).toBe(ADULT_LEVELS);
    expect(levelsFor("kids")).toBe(KIDS_LEVELS);
  });

  it("levelById knows all 14 ids and nothing else", () => {
    for (let id = 1; id <= 14; id++) expect(levelById(id)?.id).toBe(id);
    expect(levelById(0)).toBeUndefined();
    expect(levelById(15)).toBeUndefined();
    expect(levelById(5)?.name).toBe("B2 Upper Intermediate");
  });
});

describe("nextLevelId", () => {
  it("adults: each level goes to the following entry", () => {
    const ids = ADULT_LEVELS.map((l) => l.id);
    for (let i = 0; i < ids.length - 1; i++) expect(nextLevelId("adults", ids[i])).toBe(ids[i + 1]);
    expect(nextLevelId("adults", 7)).toBe(1);
    expect(nextLevelId("adults", 4)).toBe(6); // B1+ → B2 First
    expect(nextLevelId("adults", 6)).toBe(5); // B2 First → B2 Upper Intermediate
    expect(nextLevelId("adults", 5)).toBe(14);
  });

  it("kids: each level goes to the following entry", () => {
    const ids = KIDS_LEVELS.map((l) => l.id);
    for (let i = 0; i < ids.length - 1; i++) expect(nextLevelId("kids", ids[i])).toBe(ids[i + 1]);
    expect(nextLevelId("kids", 7)).toBe(8); // Pre-A1 → A1.1 (not the adults' A1)
    expect(nextLevelId("kids", 12)).toBe(13);
    expect(nextLevelId("kids", 9)).toBe(10);
    expect(nextLevelId("kids", 11)).toBe(14);
  });

  it("the last level stays", () => {
    expect(nextLevelId("adults", 14)).toBe(14);
    expect(nextLevelId("kids", 14)).toBe(14);
  });

  it("an unknown level, or one of the other list, stays", () => {
    expect(nextLevelId("adults", 99)).toBe(99);
    expect(nextLevelId("kids", -1)).toBe(-1);
    expect(nextLevelId("adults", 8)).toBe(8); // A1.1 is a kids level
    expect(nextLevelId("kids", 1)).toBe(1); // A1 is an adults level
  });
});

describe("findLevel", () => {
  it("finds every level of a list by full and short name, case-insensitively", () => {
    for (const age of ["adults", "kids"] as const) {
      for (const l of levelsFor(age)) {
        expect(findLevel(age, l.name)).toEqual(l);
        expect(findLevel(age, l.short)).toEqual(l);
        expect(findLevel(age, l.name.toUpperCase())).toEqual(l);
        expect(findLevel(age, l.name.toLowerCase())).toEqual(l);
        expect(findLevel(age, l.short.toLowerCase())).toEqual(l);
        expect(findLevel(age, `  ${l.short} `)).toEqual(l);
      }
    }
    expect(findLevel("adults", "b2 upper intermediate")?.id).toBe(5);
    expect(findLevel("adults", "b1p")?.id).toBe(4);
    expect(findLevel("kids", "a2.2")?.id).toBe(9);
  });

  it("only in the right age list", () => {
    expect(findLevel("kids", "A1")).toBeUndefined();
    expect(findLevel("kids", "B1+")).toBeUndefined();
    expect(findLevel("kids", "B2F")).toBeUndefined();
    expect(findLevel("adults", "A1.1")).toBeUndefined();
    expect(findLevel("adults", "A22")).toBeUndefined();
    expect(findLevel("adults", "B1.2")).toBeUndefined();
  });

  it("shared levels are in both lists", () => {
    expect(findLevel("kids", "Pre-A1")?.id).toBe(7);
    expect(findLevel("adults", "pa1")?.id).toBe(7);
    expect(findLevel("kids", "Private Classes")?.id).toBe(14);
    expect(findLevel("adults", "PC")?.id).toBe(14);
  });

  it("unknown names give nothing", () => {
    expect(findLevel("adults", "")).toBeUndefined();
    expect(findLevel("adults", "C1")).toBeUndefined();
    expect(findLevel("kids", "A1.3")).toBeUndefined();
    expect(findLevel("adults", "B2")).toBeUndefined();
  });
});

describe("cefrBand", () => {
  it.each([
    [7, "Pre-A1"],
    [1, "A1"],
    [8, "A1"],
    [12, "A1"],
    [2, "A2"],
    [13, "A2"],
    [9, "A2"],
    [3, "B1"],
    [4, "B1"], // B1+ is B1
    [10, "B1"],
    [11, "B1"],
    [6, "B2"],
    [5, "B2"],
  ])("level %i is %s", (id, band) => {
    expect(cefrBand(id)).toBe(band);
  });

  it("Private Classes and unknown levels have none", () => {
    expect(cefrBand(14)).toBeNull();
    expect(cefrBand(0)).toBeNull();
    expect(cefrBand(99)).toBeNull();
  });
});

describe("examType", () => {
  it("Pre-A1 STARTERS, A1 MOVERS for both ages", () => {
    expect(examType(7, "kids")).toBe("STARTERS");
    expect(examType(7, "adults")).toBe("STARTERS");
    expect(examType(1, "adults")).toBe("MOVERS");
    expect(examType(8, "kids")).toBe("MOVERS");
    expect(examType(12, "kids")).toBe("MOVERS");
  });

  it("A2: FLYERS for kids, KEY for adults", () => {
    expect(examType(13, "kids")).toBe("FLYERS");
    expect(examType(9, "kids")).toBe("FLYERS");
    expect(examType(2, "adults")).toBe("KEY");
    expect(examType(2, "kids")).toBe("FLYERS");
    expect(examType(13, "adults")).toBe("KEY");
  });

  it("B1 PRELIM (incl. B1+), B2 FIRST", () => {
    for (const id of [3, 4]) expect(examType(id, "adults")).toBe("PRELIM");
    for (const id of [10, 11]) expect(examType(id, "kids")).toBe("PRELIM");
    expect(examType(6, "adults")).toBe("FIRST");
    expect(examType(5, "adults")).toBe("FIRST");
  });

  it("Private Classes and unknown levels: none", () => {
    expect(examType(14, "adults")).toBeNull();
    expect(examType(14, "kids")).toBeNull();
    expect(examType(42, "kids")).toBeNull();
  });
});

describe("examModules", () => {
  it("STARTERS, MOVERS, FLYERS, KEY: Reading & Writing, Listening, Speaking", () => {
    for (const exam of ["STARTERS", "MOVERS", "FLYERS", "KEY"] as const) {
      expect(examModules(exam)).toEqual(["Reading & Writing", "Listening", "Speaking"]);
    }
  });

  it("PRELIM, FIRST: Reading, Listening, Writing, Speaking", () => {
    for (const exam of ["PRELIM", "FIRST"] as const) {
      expect(examModules(exam)).toEqual(["Reading", "Listening", "Writing", "Speaking"]);
    }
  });

  it("no exam, no modules", () => {
    expect(examModules(null)).toEqual([]);
    expect(examModules(examType(14, "adults"))).toEqual([]);
  });

  it("returns a fresh array each time", () => {
    const a = examModules("KEY");
    a.push("x");
    expect(examModules("KEY")).toHaveLength(3);
  });
});

// Issue 15: one ordered list feeds every list of levels; the kids' syllabus
// list once showed Private Classes second.
describe("every list built from the level lists keeps PRODUCT 3's order", () => {
  const ADULTS = ["Pre-A1", "A1", "A2", "B1", "B1+", "B2 First", "B2 Upper Intermediate", "Private Classes"];
  const KIDS = ["Pre-A1", "A1.1", "A1.2", "A2.1", "A2.2", "B1.1", "B1.2", "Private Classes"];

  it("the syllabus page's list per age category", async () => {
    const { syllabusLevelsFor } = await import("~/modules/grades/syllabus");
    expect(syllabusLevelsFor("adults").map((l) => l.name)).toEqual(ADULTS);
    expect(syllabusLevelsFor("kids").map((l) => l.name)).toEqual(KIDS);
  });

  it("the filters' list of every level: adults, then the kids' own levels, Private Classes last", async () => {
    const { ALL_LEVELS } = await import("~/modules/levels/levels");
    expect(ALL_LEVELS.map((l) => l.name)).toEqual([...ADULTS.slice(0, -1), ...KIDS.slice(1, -1), "Private Classes"]);
    const { SYLLABUS_LEVELS } = await import("~/modules/grades/syllabus");
    expect(SYLLABUS_LEVELS.map((l) => l.name)).toEqual(ALL_LEVELS.map((l) => l.name));
  });

  it("each age's list through levelsFor", () => {
    expect(levelsFor("adults").map((l) => l.name)).toEqual(ADULTS);
    expect(levelsFor("kids").map((l) => l.name)).toEqual(KIDS);
  });
});
