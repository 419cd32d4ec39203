import * as rruleModule from "rrule";
import { formatDate, parseDate, parseScheduleDays } from "./dates";
import { STANDARD_SCHEDULES, WEEKDAY_CODES, type WeekdayCode } from "./schedules";

// PURE module (server and tests): no server imports. Not for the browser:
// rrule is heavy and only the server expands calendars (tests/e2e/bundle-budget.spec.ts).
//
// Class sessions are expanded on plain calendar dates. rrule works on "floating"
// UTC dates here (no tzid): a date "2026-09-07" becomes 2026-09-07T00:00Z, and
// every occurrence is read back with getUTC*(), so no time zone (server's,
// browser's or the school's) can shift a session to another day.

// rrule ships a UMD bundle as `main` and ESM as `module`: Node's ESM loader
// sees only a default export, bundlers see the named ones. Accept both.
const rrule: typeof rruleModule = (rruleModule as unknown as { RRule?: unknown }).RRule
  ? rruleModule
  : (rruleModule as unknown as { default: typeof rruleModule }).default;
const { RRule } = rrule;

/** PRODUCT 5: calendar expansion stops after this many occurrences. */
export const MAX_OCCURRENCES = 1000;

export interface CourseSchedule {
  /** The course's id; when given, holidays of other courses are ignored. */
  id?: number | null;
  /** Comma-separated rrule weekday codes, e.g. "MO,WE". */
  schedule_days: string;
  /** YYYY-MM-DD, inclusive. */
  start_date: string;
  /** YYYY-MM-DD, inclusive. */
  end_date: string;
  /** HH:MM */
  start_time: string;
  /** HH:MM */
  end_time: string;
}

export interface HolidayRange {
  name?: string | null;
  /** YYYY-MM-DD, inclusive. */
  start_date: string;
  /** YYYY-MM-DD, inclusive. */
  end_date: string;
  /** null: the whole school is closed. */
  course_id: number | null;
}

export interface ClassSession {
  date: string;
  start_time: string;
  end_time: string;
  /** The holiday's name when the session falls on one (then it is not held). */
  holiday: string | null;
}

export { WEEKDAY_CODES, type WeekdayCode };

// The date helpers live in ./dates (no rrule), so pages that need only them
// do not ship rrule to the browser; they stay exported from here too.
export { formatDate, parseDate, parseScheduleDays } from "./dates";

function appliesTo(holiday: HolidayRange, courseId: number | null | undefined) {
  return holiday.course_id == null || courseId == null || holiday.course_id === courseId;
}

/**
 * The holiday covering `date` (YYYY-MM-DD), or undefined. School-wide holidays
 * (course_id null) always apply; a course's holiday applies when `courseId` is
 * that course or not given.
 */
export function holidayOn<H extends HolidayRange>(
  date: string,
  holidays: readonly H[],
  courseId?: number | null,
): H | undefined {
  return holidays.find((h) => appliesTo(h, courseId) && h.start_date <= date && date <= h.end_date);
}

/** Whether `date` (YYYY-MM-DD) falls on one of `holidays` (see holidayOn). */
export function isHoliday(date: string, holidays: readonly HolidayRange[], courseId?: number | null): boolean {
  return holidayOn(date, holidays, courseId) !== undefined;
}

/**
 * Every occurrence of the course's weekly rule (UTC midnights, in order):
 * rrule's FREQ=WEEKLY;BYDAY=…;UNTIL=end;COUNT=MAX_OCCURRENCES from the start
 * date. Expanding a rule costs about a millisecond, which the dashboard would
 * pay for every running course on every view (issue 9), so each distinct
 * schedule is expanded once per process and kept (the result depends on the
 * three fields of the key only; holidays are applied afterwards).
 */
const expanded = new Map<string, readonly Date[]>();
const EXPANDED_MAX = 5000;

function allOccurrences(course: CourseSchedule): readonly Date[] {
  const key = `${course.start_date}|${course.end_date}|${course.schedule_days ?? ""}`;
  const cached = expanded.get(key);
  if (cached) return cached;
  const start = parseDate(course.start_date);
  const end = parseDate(course.end_date);
  const days = parseScheduleDays(course.schedule_days);
  let dates: readonly Date[] = [];
  if (start && end && end >= start && days.length > 0) {
    const rule = new RRule({
      freq: RRule.WEEKLY,
      byweekday: days.map((d) => RRule[d]),
      dtstart: start,
      until: end,
      count: MAX_OCCURRENCES,
      wkst: RRule.MO,
    });
    dates = Object.freeze(rule.all());
  }
  if (expanded.size >= EXPANDED_MAX) expanded.delete(expanded.keys().next().value as string);
  expanded.set(key, dates);
  return dates;
}

/**
 * The occurrences from `from` to `to`, both inclusive; only the first
 * MAX_OCCURRENCES of the whole course count, those before `from` included.
 */
function occurrences(course: CourseSchedule, from: Date | null, to: Date | null): Date[] {
  const all = allOccurrences(course);
  const lo = from ? from.getTime() : Number.NEGATIVE_INFINITY;
  const hi = to ? to.getTime() : Number.POSITIVE_INFINITY;
  return all.filter((d) => d.getTime() >= lo && d.getTime() <= hi);
}

function toSessions(course: CourseSchedule, holidays: readonly HolidayRange[], days: readonly Date[]): ClassSession[] {
  return days.map((occurrence) => {
    const date = formatDate(occurrence);
    const holiday = holidayOn(date, holidays, course.id);
    return {
      date,
      start_time: course.start_time,
      end_time: course.end_time,
      holiday: holiday ? (holiday.name ?? "Holiday") : null,
    };
  });
}

/**
 * Every class session of the course between its start and end date (both
 * inclusive), in date order, at most MAX_OCCURRENCES. Sessions on a holiday
 * are kept, flagged with the holiday's name.
 */
export function expandSessions(course: CourseSchedule, holidays: readonly HolidayRange[] = []): ClassSession[] {
  return toSessions(course, holidays, occurrences(course, null, null));
}

/** The sessions that are actually held (not on a holiday). */
export function heldSessions(course: CourseSchedule, holidays: readonly HolidayRange[] = []): ClassSession[] {
  return expandSessions(course, holidays).filter((s) => s.holiday === null);
}

/**
 * The sessions (held and holiday-flagged) dated from `from` to `to`, both
 * inclusive (YYYY-MM-DD); a null bound is open. Use `.filter(s => !s.holiday)`
 * or heldSessionsBetween for held ones only.
 */
export function sessionsBetween(
  course: CourseSchedule,
  holidays: readonly HolidayRange[],
  from: string | null,
  to: string | null,
): ClassSession[] {
  const fromDate = from == null ? null : parseDate(from);
  const toDate = to == null ? null : parseDate(to);
  if ((from != null && !fromDate) || (to != null && !toDate)) {
    // Not real dates: compared as text, as they always were.
    return expandSessions(course, holidays).filter(
      (s) => (from == null || s.date >= from) && (to == null || s.date <= to),
    );
  }
  // Only the window is walked (a week of the calendar costs a week, not the whole course).
  return toSessions(course, holidays, occurrences(course, fromDate, toDate));
}

/** Held sessions dated from `from` to `to`, both inclusive. */
export function heldSessionsBetween(
  course: CourseSchedule,
  holidays: readonly HolidayRange[],
  from: string | null,
  to: string | null,
): ClassSession[] {
  return sessionsBetween(course, holidays, from, to).filter((s) => s.holiday === null);
}

// ---------------------------------------------------------------------------
// PRODUCT 3: standard schedules, course types, promotions.

/** The standard schedule matching a course's days and times, if any. */
export function scheduleOfCourse(course: Pick<CourseSchedule, "schedule_days" | "start_time" | "end_time">) {
  const days = parseScheduleDays(course.schedule_days).join(",");
  return STANDARD_SCHEDULES.find(
    (s) => s.days === days && s.start_time === course.start_time && s.end_time === course.end_time,
  );
}

export { COURSE_TYPES, PROMOTIONS, STANDARD_SCHEDULES, findSchedule } from "./schedules";
export type { CourseType, Promotion, StandardSchedule } from "./schedules";
