import { type CourseSchedule } from "./calendar";
import { formatDate, parseDate, parseScheduleDays } from "./dates";

// PURE module (client and server): calendar weeks on plain YYYY-MM-DD dates.
// Weeks run Monday to Sunday, as the school's timetable does.

/** `ymd` moved by `days` (negative goes back). */
export function addDays(ymd: string, days: number): string {
  const date = parseDate(ymd);
  if (!date) throw new Error(`Not a date: ${ymd}`);
  date.setUTCDate(date.getUTCDate() + days);
  return formatDate(date);
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(ymd: string): number {
  const date = parseDate(ymd);
  if (!date) throw new Error(`Not a date: ${ymd}`);
  return (date.getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `ymd`. */
export function mondayOf(ymd: string): string {
  return addDays(ymd, -weekdayIndex(ymd));
}

/** The seven dates of the week that starts on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The Monday of the week a `?week=` parameter asks for: any real date picks
 * its week; anything else (missing, malformed) is the week of `today`.
 */
export function requestedWeek(param: string | null | undefined, today: string): string {
  return mondayOf(param && parseDate(param) ? param : today);
}

/**
 * Whether every day of the week that starts on `monday` is a calendar date
 * (a four-digit year): the week of 9999-12-27 ends in the year 10000, which
 * no date of the app can be.
 */
export function weekFits(monday: string): boolean {
  return parseDate(addDays(monday, 6)) !== null;
}

/** The week shown and its neighbours, for the previous / this / next week links. */
export function weekLinks(monday: string, today: string) {
  return { monday, previous: addDays(monday, -7), next: addDays(monday, 7), current: mondayOf(today) };
}

/** Hours between two HH:MM times of one day (0 when the end is not after the start). */
export function hoursBetween(start: string, end: string): number {
  const minutes = (t: string) => {
    const m = /^(\d{1,2}):(\d{2})$/.exec(t.trim());
    return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
  };
  const diff = minutes(end) - minutes(start);
  return Number.isFinite(diff) && diff > 0 ? diff / 60 : 0;
}

/** A course's teaching hours in a full week: its days × the length of one session. */
export function weeklyHours(course: Pick<CourseSchedule, "schedule_days" | "start_time" | "end_time">): number {
  return parseScheduleDays(course.schedule_days).length * hoursBetween(course.start_time, course.end_time);
}
