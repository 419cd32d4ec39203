import { type GradingCategory } from "~/db/schema";

// PURE (client and server): the gradebook's arithmetic, PRODUCT 7. Every page
// and PDF that shows an average, a final grade or PASS/FAIL calls this module.

export const CATEGORIES: readonly GradingCategory[] = ["ASSIGNMENTS", "PROGRESS TESTS", "EXAM"];
export const PASS_ABOVE = 70;
export const NOT_REPORTED = "NOT REPORTED";

export interface Percentages {
  assig_percentage: number;
  test_percentage: number;
  exam_percentage: number;
}

export function percentageOf(category: GradingCategory, p: Percentages): number {
  return category === "ASSIGNMENTS"
    ? p.assig_percentage
    : category === "PROGRESS TESTS"
      ? p.test_percentage
      : p.exam_percentage;
}

/**
 * Rounded to two decimals, half away from zero, without binary drift
 * (70.005 → 70.01, 1.005 → 1.01). Adding Number.EPSILON is not enough: a
 * weighted mean that is exactly 70.765 is 70.76499999999999 in binary, far
 * more than EPSILON below. Scores are at most 100 with few decimals, so
 * cutting the hundredths to 9 decimals first removes that noise and nothing else.
 */
export function round2(n: number): number {
  const hundredths = Number((Math.abs(n) * 100).toFixed(9));
  return (Math.sign(n) * Math.round(hundredths)) / 100 || 0;
}

export type CategoryAverages = Record<GradingCategory, number | null>;

/** Mean of the entered grades of each category; null when a category has none. */
export function categoryAverages(
  grades: readonly { category: GradingCategory; grade: number | null | undefined }[],
): CategoryAverages {
  const sums = { ASSIGNMENTS: [0, 0], "PROGRESS TESTS": [0, 0], EXAM: [0, 0] } as Record<
    GradingCategory,
    [number, number]
  >;
  for (const g of grades) {
    if (g.grade === null || g.grade === undefined || Number.isNaN(g.grade)) continue;
    sums[g.category][0] += g.grade;
    sums[g.category][1] += 1;
  }
  return {
    ASSIGNMENTS: sums.ASSIGNMENTS[1] ? sums.ASSIGNMENTS[0] / sums.ASSIGNMENTS[1] : null,
    "PROGRESS TESTS": sums["PROGRESS TESTS"][1] ? sums["PROGRESS TESTS"][0] / sums["PROGRESS TESTS"][1] : null,
    EXAM: sums.EXAM[1] ? sums.EXAM[0] / sums.EXAM[1] : null,
  };
}

/**
 * sum(category average × its percentage) / sum of the percentages of the
 * categories that have grades, to two decimals; null when nothing is graded
 * (or only categories weighted 0).
 */
export function finalGrade(averages: CategoryAverages, p: Percentages): number | null {
  let weighted = 0;
  let weights = 0;
  for (const c of CATEGORIES) {
    const avg = averages[c];
    if (avg === null) continue;
    const w = percentageOf(c, p);
    weighted += avg * w;
    weights += w;
  }
  return weights > 0 ? round2(weighted / weights) : null;
}

/** PASS strictly above 70 (70.00 is FAIL); no grade yet is FAIL too. */
export function passFail(final: number | null): "PASS" | "FAIL" {
  return final !== null && final > PASS_ABOVE ? "PASS" : "FAIL";
}

export interface GradeBand {
  name: string;
  min: number;
  max: number;
}

/** The band whose inclusive range holds the score, else NOT REPORTED. */
export function bandFor(score: number | null, bands: readonly GradeBand[]): string {
  if (score === null) return NOT_REPORTED;
  return bands.find((b) => score >= b.min && score <= b.max)?.name ?? NOT_REPORTED;
}
