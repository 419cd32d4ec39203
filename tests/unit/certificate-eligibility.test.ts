import { describe, expect, it } from "vitest";
import { certificateEligibility, courseHasEnded } from "~/modules/certificates/eligibility";

// PRODUCT 7: "A certificate is issued only to a student with PASS in a course
// that has ended and whose grading items are all graded." Each reason, and the
// boundaries: 70 exactly, the end date itself, a missing or a zero grade.

const ended = { endDate: "2026-06-30", today: "2026-07-01" };

describe("courseHasEnded", () => {
  it("is over only after its end date's day (end_date < today)", () => {
    expect(courseHasEnded("2026-06-30", "2026-07-01")).toBe(true);
    expect(courseHasEnded("2026-06-30", "2026-06-30")).toBe(false);
    expect(courseHasEnded("2026-06-30", "2026-06-29")).toBe(false);
    expect(courseHasEnded("2025-12-31", "2026-01-01")).toBe(true);
  });
});

describe("certificateEligibility", () => {
  it("issues to a PASS in an ended course with every item graded", () => {
    expect(certificateEligibility({ ...ended, itemGrades: [80, 90, 75.5], final: 81.83 })).toEqual({ eligible: true });
  });

  it("refuses while the course has not ended, on its end date too", () => {
    expect(certificateEligibility({ endDate: "2026-06-30", today: "2026-06-30", itemGrades: [95], final: 95 })).toEqual(
      { eligible: false, reason: "course-not-ended" },
    );
    expect(certificateEligibility({ endDate: "2026-06-30", today: "2026-03-01", itemGrades: [95], final: 95 })).toEqual(
      { eligible: false, reason: "course-not-ended" },
    );
  });

  it("refuses when an item has no grade (null, undefined or not a number), even with a passing final grade", () => {
    for (const missing of [null, undefined, Number.NaN]) {
      expect(certificateEligibility({ ...ended, itemGrades: [95, missing, 90], final: 92.5 })).toEqual({
        eligible: false,
        reason: "items-not-graded",
      });
    }
  });

  it("counts a grade of 0 as graded", () => {
    expect(certificateEligibility({ ...ended, itemGrades: [100, 0, 100], final: 70.01 })).toEqual({ eligible: true });
  });

  it("refuses a FAIL: 70 exactly is a FAIL, 70.01 a PASS", () => {
    expect(certificateEligibility({ ...ended, itemGrades: [70, 70], final: 70 })).toEqual({
      eligible: false,
      reason: "not-passed",
    });
    expect(certificateEligibility({ ...ended, itemGrades: [40], final: 40 })).toEqual({
      eligible: false,
      reason: "not-passed",
    });
    expect(certificateEligibility({ ...ended, itemGrades: [70.01], final: 70.01 })).toEqual({ eligible: true });
  });

  it("refuses a course without grading items (no final grade)", () => {
    expect(certificateEligibility({ ...ended, itemGrades: [], final: null })).toEqual({
      eligible: false,
      reason: "not-passed",
    });
  });

  it("names the reason to act on first: the course's end, then missing grades, then the result", () => {
    expect(
      certificateEligibility({ endDate: "2026-06-30", today: "2026-06-01", itemGrades: [null], final: 40 }),
    ).toEqual({ eligible: false, reason: "course-not-ended" });
    expect(certificateEligibility({ ...ended, itemGrades: [null, 40], final: 40 })).toEqual({
      eligible: false,
      reason: "items-not-graded",
    });
  });
});
