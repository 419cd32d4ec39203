import { describe, expect, it } from "vitest";
import { type AttendanceValue } from "~/db/schema";
import { ATTENDANCE_VALUES, fromCounts, summarize } from "~/modules/attendance/attendance";
import {
  attendableSessions,
  checkSessionDate,
  defaultSessionDate,
  enrolledOn,
  parseAttendancePost,
  sessionsWithoutAttendance,
  statusField,
} from "~/modules/attendance/session-choice";
import {
  ABSENCE_DANGER,
  ABSENCE_WARNING,
  HALF_ABSENCES,
  absenceCount,
  absenceSeverity,
} from "~/modules/students/absence";

const repeat = (value: AttendanceValue, n: number): AttendanceValue[] => Array.from({ length: n }, () => value);

/** `absent` absences plus one late when `half` (x.5 absences), padded with present. */
function records(absences: number, present = 5): AttendanceValue[] {
  const absent = Math.floor(absences);
  const late = absences - absent === 0.5 ? 1 : 0;
  return [...repeat("absent", absent), ...repeat("late", late), ...repeat("present", present)];
}

describe("absence thresholds (PRODUCT 6: 12 to under 20 warning, 20 or more danger)", () => {
  it("the thresholds are 12 and 20", () => {
    expect(ABSENCE_WARNING).toBe(12);
    expect(ABSENCE_DANGER).toBe(20);
  });

  it.each([
    [0, "ok"],
    [11, "ok"],
    [11.5, "ok"],
    [11.99, "ok"],
    [12, "warning"],
    [12.5, "warning"],
    [19.5, "warning"],
    [19.99, "warning"],
    [20, "danger"],
    [20.5, "danger"],
    [45, "danger"],
  ] as const)("%s absences → %s", (count, severity) => {
    expect(absenceSeverity(count)).toBe(severity);
  });

  it.each([
    [11.5, "ok"],
    [12, "warning"],
    [19.5, "warning"],
    [20, "danger"],
  ] as const)("records adding up to %s absences → %s (counted, then classified)", (count, severity) => {
    const values = records(count);
    expect(absenceCount(values)).toBe(count);
    const summary = summarize(values);
    expect(summary.absences).toBe(count);
    expect(summary.severity).toBe(severity);
  });

  it("23 lates alone are 11.5 absences (ok), 24 are 12 (warning), 39 are 19.5, 40 are 20 (danger)", () => {
    expect(summarize(repeat("late", 23))).toMatchObject({ absences: 11.5, severity: "ok" });
    expect(summarize(repeat("late", 24))).toMatchObject({ absences: 12, severity: "warning" });
    expect(summarize(repeat("late", 39))).toMatchObject({ absences: 19.5, severity: "warning" });
    expect(summarize(repeat("late", 40))).toMatchObject({ absences: 20, severity: "danger" });
  });
});

describe("absence count = absent + 0.5·late", () => {
  it("a late counts half an absence, present and recovered none", () => {
    expect(absenceCount(["late"])).toBe(0.5);
    expect(absenceCount(["absent"])).toBe(1);
    expect(absenceCount(["present", "recovered"])).toBe(0);
    expect(absenceCount(["absent", "late", "late", "late", "present"])).toBe(2.5);
    expect(absenceCount([])).toBe(0);
  });

  it("half-absence weights are whole numbers (so SQL sums stay exact)", () => {
    expect(HALF_ABSENCES).toEqual({ absent: 2, late: 1, present: 0, recovered: 0 });
    for (const v of Object.values(HALF_ABSENCES)) expect(Number.isInteger(v)).toBe(true);
  });
});

describe("attendance score = (present + recovered + 0.5·late) / recorded sessions", () => {
  it("no records: score null, nothing counted, ok", () => {
    expect(summarize([])).toEqual({
      present: 0,
      recovered: 0,
      late: 0,
      absent: 0,
      score: null,
      absences: 0,
      severity: "ok",
    });
    expect(fromCounts({ present: 0, recovered: 0, late: 0, absent: 0 }).score).toBeNull();
  });

  it("all present is 100; all absent is 0 (a number, not null)", () => {
    expect(summarize(repeat("present", 4)).score).toBe(100);
    expect(summarize(repeat("absent", 4)).score).toBe(0);
  });

  it("recovered counts as attended", () => {
    expect(summarize(["recovered", "recovered"]).score).toBe(100);
    expect(summarize(["recovered", "absent"]).score).toBe(50);
    expect(summarize(["recovered"]).absences).toBe(0);
  });

  it("late counts half", () => {
    expect(summarize(["late"]).score).toBe(50);
    expect(summarize(["late", "present"]).score).toBe(75);
    expect(summarize(["late", "absent", "present", "recovered"]).score).toBe(62.5);
  });

  it("rounded to two decimals", () => {
    expect(summarize(["present", "present", "absent"]).score).toBe(66.67); // 66.666…
    expect(summarize(["present", "absent", "absent"]).score).toBe(33.33); // 33.333…
    expect(summarize(["late", "absent", "absent"]).score).toBe(16.67); // 16.666…
    expect(summarize([...repeat("present", 6), "absent"]).score).toBe(85.71); // 85.714…
    const s = summarize([...repeat("present", 29), "late", ...repeat("absent", 3)]).score!; // 29.5 / 33 = 89.3939…
    expect(s).toBe(89.39);
    expect(Number(s.toFixed(2))).toBe(s);
  });

  it("counts each value", () => {
    expect(summarize(["present", "late", "late", "absent", "recovered", "present", "present"])).toEqual({
      present: 3,
      recovered: 1,
      late: 2,
      absent: 1,
      score: 71.43, // (3 + 1 + 1) / 7
      absences: 2,
      severity: "ok",
    });
  });

  it("fromCounts (sums from the database) agrees with summarize", () => {
    const values: AttendanceValue[] = ["present", "late", "absent", "recovered", "late", "present", "absent"];
    const counts = { present: 2, recovered: 1, late: 2, absent: 2 };
    expect(fromCounts(counts)).toEqual(summarize(values));
    expect(fromCounts({ present: 10, recovered: 0, late: 1, absent: 12 })).toMatchObject({
      absences: 12.5,
      severity: "warning",
    });
  });

  it("the four values, in form order", () => {
    expect(ATTENDANCE_VALUES).toEqual(["present", "recovered", "late", "absent"]);
  });
});

// ---------------------------------------------------------------------------

const s = (date: string, status: "held" | "holiday" | "upcoming", holiday: string | null = null) => ({
  date,
  status,
  holiday,
});
const TODAY = "2026-11-18";
const SESSIONS = [
  s("2026-11-09", "held"),
  s("2026-11-11", "holiday", "Fiesta"),
  s("2026-11-16", "held"),
  s("2026-11-18", "upcoming"), // today, not started yet
  s("2026-11-23", "upcoming"),
];

describe("which sessions take attendance", () => {
  it("past and today's sessions, never holidays or future ones, newest first", () => {
    expect(attendableSessions(SESSIONS, TODAY).map((x) => x.date)).toEqual(["2026-11-18", "2026-11-16", "2026-11-09"]);
  });

  it("defaults to today's session, else the latest past one, else none", () => {
    expect(defaultSessionDate(SESSIONS, TODAY)).toBe("2026-11-18");
    expect(defaultSessionDate(SESSIONS, "2026-11-17")).toBe("2026-11-16");
    expect(defaultSessionDate(SESSIONS, "2026-11-12")).toBe("2026-11-09"); // the holiday is skipped
    expect(defaultSessionDate(SESSIONS, "2026-11-01")).toBeNull();
  });

  it("refuses holidays, future dates, dates without a class and malformed dates", () => {
    expect(checkSessionDate(SESSIONS, "2026-11-16", TODAY)).toMatchObject({
      ok: true,
      session: { date: "2026-11-16" },
    });
    expect(checkSessionDate(SESSIONS, "2026-11-18", TODAY)).toMatchObject({ ok: true });
    expect(checkSessionDate(SESSIONS, "2026-11-11", TODAY)).toEqual({ ok: false, reason: "holiday" });
    expect(checkSessionDate(SESSIONS, "2026-11-23", TODAY)).toEqual({ ok: false, reason: "future" });
    expect(checkSessionDate(SESSIONS, "2026-11-10", TODAY)).toEqual({ ok: false, reason: "notSession" });
    expect(checkSessionDate(SESSIONS, "2026-02-30", TODAY)).toEqual({ ok: false, reason: "invalidDate" });
    expect(checkSessionDate(SESSIONS, "yesterday", TODAY)).toEqual({ ok: false, reason: "invalidDate" });
  });

  it("an enrollment counts from its start date up to, not including, its end date", () => {
    const e = { start_date: "2026-10-05", end_date: "2026-11-16" };
    expect(enrolledOn(e, "2026-10-04")).toBe(false);
    expect(enrolledOn(e, "2026-10-05")).toBe(true);
    expect(enrolledOn(e, "2026-11-15")).toBe(true);
    expect(enrolledOn(e, "2026-11-16")).toBe(false);
    expect(enrolledOn({ start_date: "2026-10-05", end_date: null }, "2030-01-01")).toBe(true);
  });

  it("lists held sessions without attendance that had students, newest first", () => {
    const enrollments = [{ start_date: "2026-11-10", end_date: null }];
    expect(sessionsWithoutAttendance(SESSIONS, new Set(), enrollments).map((x) => x.date)).toEqual(["2026-11-16"]);
    expect(
      sessionsWithoutAttendance(SESSIONS, new Set(), [{ start_date: "2026-11-01", end_date: null }]).map((x) => x.date),
    ).toEqual(["2026-11-16", "2026-11-09"]);
    expect(sessionsWithoutAttendance(SESSIONS, new Set(["2026-11-16"]), enrollments)).toEqual([]);
    expect(sessionsWithoutAttendance(SESSIONS, new Set(), [])).toEqual([]);
  });
});

describe("the attendance post", () => {
  const form = (entries: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };

  it("reads the date and one value per student", () => {
    const result = parseAttendancePost(
      form([
        ["date", "2026-11-16"],
        [statusField(3), "late"],
        [statusField(12), "present"],
        ["other", "x"],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      date: "2026-11-16",
      marks: new Map([
        [3, "late"],
        [12, "present"],
      ]),
    });
  });

  it("refuses a bad date, a bad value, conflicting values and an empty class list", () => {
    expect(
      parseAttendancePost(
        form([
          ["date", "2026-13-01"],
          [statusField(3), "late"],
        ]),
      ),
    ).toMatchObject({ ok: false, error: "invalidDate" });
    expect(parseAttendancePost(form([[statusField(3), "late"]]))).toMatchObject({ ok: false, error: "invalidDate" });
    expect(
      parseAttendancePost(
        form([
          ["date", "2026-11-16"],
          [statusField(3), "sick"],
        ]),
      ),
    ).toMatchObject({ ok: false, error: "invalidValue" });
    expect(
      parseAttendancePost(
        form([
          ["date", "2026-11-16"],
          [statusField(3), "late"],
          [statusField(3), "absent"],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      error: "invalidValue",
    });
    expect(
      parseAttendancePost(
        form([
          ["date", "2026-11-16"],
          ["status-0", "late"],
        ]),
      ),
    ).toMatchObject({ ok: false, error: "invalidValue" });
    expect(parseAttendancePost(form([["date", "2026-11-16"]]))).toMatchObject({ ok: false, error: "noStudents" });
  });
});
