import fc from "fast-check";
import * as rruleModule from "rrule";
import { describe, expect, it } from "vitest";
import {
  type CourseSchedule,
  type HolidayRange,
  MAX_OCCURRENCES,
  WEEKDAY_CODES,
  expandSessions,
  formatDate,
  parseDate,
  parseScheduleDays,
  sessionsBetween,
} from "~/modules/calendar/calendar";

// PRODUCT 5 expands a course's schedule "with rrule". calendar.ts keeps each
// schedule's expansion and cuts windows out of it (issue 9); on random
// schedules the kept, windowed dates must equal a fresh rrule expansion.

// rrule ships a UMD bundle as `main` and ESM as `module`: accept both shapes.
const rrule: typeof rruleModule = (rruleModule as unknown as { RRule?: unknown }).RRule
  ? rruleModule
  : (rruleModule as unknown as { default: typeof rruleModule }).default;
const { RRule } = rrule;

/** What rrule gives for the course (the rule calendar.ts used to run). */
function rruleDates(course: CourseSchedule): string[] {
  const start = parseDate(course.start_date);
  const end = parseDate(course.end_date);
  const days = parseScheduleDays(course.schedule_days);
  if (!start || !end || end < start || days.length === 0) return [];
  const rule = new RRule({
    freq: RRule.WEEKLY,
    byweekday: days.map((d) => RRule[d]),
    dtstart: start,
    until: end,
    count: MAX_OCCURRENCES,
    wkst: RRule.MO,
  });
  return rule.all().map(formatDate);
}

const DAY = 86_400_000;
const day = fc
  .integer({ min: Date.UTC(1999, 0, 1) / DAY, max: Date.UTC(2060, 11, 31) / DAY })
  .map((d) => formatDate(new Date(d * DAY)));
const schedule = fc.subarray([...WEEKDAY_CODES]).map((days) => days.join(","));
const course = fc
  .record({ start: day, length: fc.integer({ min: -3, max: 3000 }), days: schedule })
  .map(({ start, length, days }): CourseSchedule => ({
    id: 1,
    schedule_days: days,
    start_date: start,
    end_date: formatDate(new Date(parseDate(start)!.getTime() + length * DAY)),
    start_time: "09:00",
    end_time: "11:00",
  }));

describe("the schedule's expansion is rrule's", () => {
  it("gives the dates rrule gives, for any weekdays, dates and length (1000 at most)", () => {
    fc.assert(
      fc.property(course, (c) => {
        expect(expandSessions(c).map((s) => s.date)).toEqual(rruleDates(c));
      }),
      { numRuns: 300 },
    );
  });

  it("between two dates: rrule's dates in that window, counted from the course's start", () => {
    fc.assert(
      fc.property(course, fc.integer({ min: -20, max: 3200 }), fc.integer({ min: 0, max: 40 }), (c, offset, width) => {
        const from = formatDate(new Date(parseDate(c.start_date)!.getTime() + offset * DAY));
        const to = formatDate(new Date(parseDate(from)!.getTime() + width * DAY));
        const expected = rruleDates(c).filter((d) => d >= from && d <= to);
        expect(sessionsBetween(c, [], from, to).map((s) => s.date)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("a window around the 1000th occurrence ends where rrule's count does", () => {
    const long = fc
      .record({
        start: day,
        days: fc.subarray([...WEEKDAY_CODES], { minLength: 1 }),
        before: fc.integer({ min: 0, max: 30 }),
        after: fc.integer({ min: 0, max: 30 }),
      })
      .map(({ start, days, before, after }) => {
        const c: CourseSchedule = {
          id: 1,
          schedule_days: days.join(","),
          start_date: start,
          end_date: formatDate(new Date(parseDate(start)!.getTime() + 8000 * DAY)),
          start_time: "09:00",
          end_time: "11:00",
        };
        return { c, before, after };
      });
    fc.assert(
      fc.property(long, ({ c, before, after }) => {
        const all = rruleDates(c);
        expect(all).toHaveLength(MAX_OCCURRENCES);
        const last = parseDate(all[all.length - 1])!.getTime();
        const from = formatDate(new Date(last - before * DAY));
        const to = formatDate(new Date(last + after * DAY));
        expect(sessionsBetween(c, [], from, to).map((s) => s.date)).toEqual(all.filter((d) => d >= from && d <= to));
      }),
      { numRuns: 100 },
    );
  });

  it("flags holidays in a window as the whole expansion does", () => {
    const c: CourseSchedule = {
      id: 7,
      schedule_days: "MO,WE,FR",
      start_date: "2026-09-07",
      end_date: "2026-12-18",
      start_time: "09:00",
      end_time: "11:00",
    };
    const holidays: HolidayRange[] = [
      { name: "School", start_date: "2026-10-09", end_date: "2026-10-12", course_id: null },
      { name: "Ours", start_date: "2026-11-02", end_date: "2026-11-02", course_id: 7 },
      { name: "Theirs", start_date: "2026-11-04", end_date: "2026-11-04", course_id: 8 },
    ];
    const whole = expandSessions(c, holidays).filter((s) => s.date >= "2026-10-05" && s.date <= "2026-11-08");
    expect(sessionsBetween(c, holidays, "2026-10-05", "2026-11-08")).toEqual(whole);
    expect(whole.filter((s) => s.holiday).map((s) => [s.date, s.holiday])).toEqual([
      ["2026-10-09", "School"],
      ["2026-10-12", "School"],
      ["2026-11-02", "Ours"],
    ]);
  });
});
