import { passFail } from "~/modules/grades/grading";

// PURE (client and server): who may receive a certificate (PRODUCT 7). The
// report page, the staff report, the PDF routes and the student portal all ask
// this one function, so the button, the PDF and the refusal page agree.

export const CERTIFICATE_REASONS = ["course-not-ended", "items-not-graded", "not-passed"] as const;
export type CertificateReason = (typeof CERTIFICATE_REASONS)[number];
export type CertificateEligibility = { eligible: true } | { eligible: false; reason: CertificateReason };

/**
 * A course has ended once its end date's day is over: on the end date itself
 * the last class (often the exam) may still be ahead, so end_date < today.
 * Both are YYYY-MM-DD in the school's time zone (schoolToday()).
 */
export function courseHasEnded(endDate: string, today: string): boolean {
  return endDate < today;
}

export interface EligibilityInput {
  /** The course's end_date (YYYY-MM-DD). */
  endDate: string;
  /** The school's today (YYYY-MM-DD). */
  today: string;
  /** The student's grade for each grading item of the course (null/undefined = not graded). */
  itemGrades: readonly (number | null | undefined)[];
  /** The student's final grade (grading.ts), null when nothing is graded. */
  final: number | null;
}

/**
 * PASS in a course that has ended and whose grading items are all graded. When
 * several conditions fail, the reason is the one to act on first: the course's
 * end (the same for everyone), then missing grades (the result is not final
 * yet), then the result itself. A course without grading items has no final
 * grade, so it is "not-passed".
 */
export function certificateEligibility({
  endDate,
  today,
  itemGrades,
  final,
}: EligibilityInput): CertificateEligibility {
  if (!courseHasEnded(endDate, today)) return { eligible: false, reason: "course-not-ended" };
  if (itemGrades.some((g) => g === null || g === undefined || Number.isNaN(g)))
    return { eligible: false, reason: "items-not-graded" };
  if (passFail(final) !== "PASS") return { eligible: false, reason: "not-passed" };
  return { eligible: true };
}
