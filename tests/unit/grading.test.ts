import { describe, expect, it } from "vitest";
import { DEFAULT_BANDS } from "~/modules/grades/bands";
import {
  type CategoryAverages,
  NOT_REPORTED,
  type Percentages,
  bandFor,
  categoryAverages,
  finalGrade,
  passFail,
  round2,
} from "~/modules/grades/grading";
import { ADULT_LEVELS, KIDS_LEVELS, examModules, examType, levelById, nextLevelId } from "~/modules/levels/levels";

// Spec section 9 and PRODUCT 3/7: every boundary of the grading rules, and
// every level of both lists to its exam.

const P: Percentages = { assig_percentage: 30, test_percentage: 30, exam_percentage: 40 };
const bands = DEFAULT_BANDS.map((b) => ({ ...b }));

const avg = (a: number | null, t: number | null, e: number | null): CategoryAverages => ({
  ASSIGNMENTS: a,
  "PROGRESS TESTS": t,
  EXAM: e,
});

describe("round2: two decimals, half away from zero, without binary drift", () => {
  it.each([
    [70.005, 70.01],
    [70.004, 70],
    [70.0049, 70],
    [1.005, 1.01],
    [0.285, 0.29],
    [4.015, 4.02],
    [89.995, 90],
    [79.994, 79.99],
    [100, 100],
    [0, 0],
    [33.333333333, 33.33],
    [66.666666666, 66.67],
    [-1.005, -1.01],
  ])("%d → %d", (value, expected) => {
    expect(round2(value)).toBe(expected);
  });

  it("a weighted mean that is exactly x.xx5 rounds up even when the float lands just below", () => {
    // 70 × 10% + 70.85 × 90% = 70.765 exactly, 70.76499999999999 in binary.
    expect(finalGrade(avg(70, 70.85, null), { assig_percentage: 10, test_percentage: 90, exam_percentage: 0 })).toBe(
      70.77,
    );
    // 70.01 × 30% + 70.16 × 70% = 70.115 exactly.
    expect(finalGrade(avg(70.01, 70.16, null), { assig_percentage: 30, test_percentage: 70, exam_percentage: 0 })).toBe(
      70.12,
    );
  });
});

describe("passFail: PASS strictly above 70", () => {
  it.each([
    [70, "FAIL"],
    [70.0, "FAIL"],
    [69.99, "FAIL"],
    [70.01, "PASS"],
    [100, "PASS"],
    [0, "FAIL"],
  ] as const)("%d → %s", (score, expected) => {
    expect(passFail(score)).toBe(expected);
  });

  it("no final grade yet is FAIL", () => {
    expect(passFail(null)).toBe("FAIL");
  });

  it("70.005 is rounded before the comparison: 70.01 → PASS; 70.004 → 70.00 → FAIL", () => {
    // Two grades whose mean is 70.005: the final grade is shown as 70.01 and passes.
    expect(finalGrade(avg(70.005, null, null), P)).toBe(70.01);
    expect(passFail(finalGrade(avg(70.005, null, null), P))).toBe("PASS");
    expect(finalGrade(avg(70.004, null, null), P)).toBe(70);
    expect(passFail(finalGrade(avg(70.004, null, null), P))).toBe("FAIL");
    // The same through categoryAverages: 70 and 70.01 in the only graded category.
    const averages = categoryAverages([
      { category: "ASSIGNMENTS", grade: 70 },
      { category: "ASSIGNMENTS", grade: 70.01 },
    ]);
    expect(finalGrade(averages, P)).toBe(70.01);
  });
});

describe("categoryAverages: the mean of the entered grades only", () => {
  it("ignores missing (null, undefined, NaN) grades and counts zeros", () => {
    const averages = categoryAverages([
      { category: "ASSIGNMENTS", grade: 80 },
      { category: "ASSIGNMENTS", grade: null },
      { category: "ASSIGNMENTS", grade: undefined },
      { category: "ASSIGNMENTS", grade: Number.NaN },
      { category: "ASSIGNMENTS", grade: 0 },
      { category: "PROGRESS TESTS", grade: 90 },
      { category: "PROGRESS TESTS", grade: 95 },
      { category: "EXAM", grade: null },
    ]);
    expect(averages).toEqual({ ASSIGNMENTS: 40, "PROGRESS TESTS": 92.5, EXAM: null });
  });

  it("keeps the average unrounded (rounding happens once, on the final grade)", () => {
    const averages = categoryAverages([
      { category: "EXAM", grade: 100 },
      { category: "EXAM", grade: 100 },
      { category: "EXAM", grade: 0 },
    ]);
    expect(averages.EXAM).toBeCloseTo(66.6666667, 6);
  });

  it("no grades at all: every category null", () => {
    expect(categoryAverages([])).toEqual(avg(null, null, null));
  });
});

describe("finalGrade: weighted by percentages, normalised over the categories with grades", () => {
  it("all three categories", () => {
    // 80×30 + 70×30 + 90×40 = 8100 / 100
    expect(finalGrade(avg(80, 70, 90), P)).toBe(81);
  });

  it("a course with no exam grades yet: weights renormalised over assignments and progress tests", () => {
    // (80×30 + 70×30) / 60 = 75, not (80×30 + 70×30) / 100 = 45
    expect(finalGrade(avg(80, 70, null), P)).toBe(75);
    expect(finalGrade(avg(90, 60, null), { assig_percentage: 20, test_percentage: 30, exam_percentage: 50 })).toBe(72);
  });

  it("only one category graded: its average is the final grade", () => {
    expect(finalGrade(avg(null, null, 64.5), P)).toBe(64.5);
    expect(finalGrade(avg(null, 88.88, null), P)).toBe(88.88);
  });

  it("all categories empty: no final grade, FAIL, NOT REPORTED", () => {
    const final = finalGrade(avg(null, null, null), P);
    expect(final).toBeNull();
    expect(passFail(final)).toBe("FAIL");
    expect(bandFor(final, bands)).toBe(NOT_REPORTED);
  });

  it("only categories weighted 0 are graded: no final grade", () => {
    expect(
      finalGrade(avg(null, null, 95), { assig_percentage: 50, test_percentage: 50, exam_percentage: 0 }),
    ).toBeNull();
  });

  it("a 0-weighted category with grades does not change the others", () => {
    expect(finalGrade(avg(60, 80, 0), { assig_percentage: 50, test_percentage: 50, exam_percentage: 0 })).toBe(70);
  });

  it("two decimals", () => {
    expect(finalGrade(avg(100 / 3, null, null), P)).toBe(33.33);
    expect(finalGrade(avg(80, 75.555, null), P)).toBe(77.78);
  });
});

describe("bandFor: inclusive edges, gaps are NOT REPORTED", () => {
  it.each([
    [100, "Excellent"],
    [90, "Excellent"],
    [89.99, "Very Good"],
    [80, "Very Good"],
    [79.99, "Good"],
    [70.01, "Good"],
  ])("%d → %s (edge included)", (score, name) => {
    expect(bandFor(score, bands)).toBe(name);
  });

  it.each([89.995, 79.995, 70, 69.99, 0, 100.01])("%d falls in no band → NOT REPORTED", (score) => {
    expect(bandFor(score, bands)).toBe(NOT_REPORTED);
  });

  it("no final grade → NOT REPORTED; no bands at all → NOT REPORTED", () => {
    expect(bandFor(null, bands)).toBe(NOT_REPORTED);
    expect(bandFor(95, [])).toBe(NOT_REPORTED);
  });

  it("edited bands are used as given", () => {
    const custom = [
      { name: "Top", min: 95, max: 100 },
      { name: "Fine", min: 50, max: 94.99 },
    ];
    expect(bandFor(95, custom)).toBe("Top");
    expect(bandFor(50, custom)).toBe("Fine");
    expect(bandFor(49.99, custom)).toBe(NOT_REPORTED);
  });
});

describe("levels: exam type, modules and next level of every level of both lists", () => {
  const YOUNG = ["Reading & Writing", "Listening", "Speaking"];
  const MAIN = ["Reading", "Listening", "Writing", "Speaking"];

  it.each([
    ["Pre-A1", "STARTERS", YOUNG, "A1"],
    ["A1", "MOVERS", YOUNG, "A2"],
    ["A2", "KEY", YOUNG, "B1"],
    ["B1", "PRELIM", MAIN, "B1+"],
    ["B1+", "PRELIM", MAIN, "B2 First"],
    ["B2 First", "FIRST", MAIN, "B2 Upper Intermediate"],
    ["B2 Upper Intermediate", "FIRST", MAIN, "Private Classes"],
    ["Private Classes", null, [], "Private Classes"],
  ] as const)("adults %s → %s", (name, exam, modules, next) => {
    const level = ADULT_LEVELS.find((l) => l.name === name)!;
    expect(examType(level.id, "adults")).toBe(exam);
    expect(examModules(examType(level.id, "adults"))).toEqual(modules);
    expect(levelById(nextLevelId("adults", level.id))?.name).toBe(next);
  });

  it.each([
    ["Pre-A1", "STARTERS", YOUNG, "A1.1"],
    ["A1.1", "MOVERS", YOUNG, "A1.2"],
    ["A1.2", "MOVERS", YOUNG, "A2.1"],
    ["A2.1", "FLYERS", YOUNG, "A2.2"],
    ["A2.2", "FLYERS", YOUNG, "B1.1"],
    ["B1.1", "PRELIM", MAIN, "B1.2"],
    ["B1.2", "PRELIM", MAIN, "Private Classes"],
    ["Private Classes", null, [], "Private Classes"],
  ] as const)("kids %s → %s", (name, exam, modules, next) => {
    const level = KIDS_LEVELS.find((l) => l.name === name)!;
    expect(examType(level.id, "kids")).toBe(exam);
    expect(examModules(examType(level.id, "kids"))).toEqual(modules);
    expect(levelById(nextLevelId("kids", level.id))?.name).toBe(next);
  });

  it("every level of both lists is covered above", () => {
    expect(ADULT_LEVELS).toHaveLength(8);
    expect(KIDS_LEVELS).toHaveLength(8);
  });

  it("the last level stays", () => {
    expect(nextLevelId("adults", 14)).toBe(14);
    expect(nextLevelId("kids", 14)).toBe(14);
  });

  it("an unknown level stays, with no exam and no modules", () => {
    expect(nextLevelId("adults", 999)).toBe(999);
    expect(nextLevelId("kids", 0)).toBe(0);
    expect(examType(999, "adults")).toBeNull();
    expect(examModules(examType(999, "kids"))).toEqual([]);
  });

  it("a level of the other list is unknown to this one and stays", () => {
    // A1.1 (8) is a kids' level: not in the adults' list.
    expect(nextLevelId("adults", 8)).toBe(8);
    // B1+ (4) is an adults' level.
    expect(nextLevelId("kids", 4)).toBe(4);
  });
});
