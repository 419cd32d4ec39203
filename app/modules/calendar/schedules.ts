// Fixed lists of PRODUCT 3, kept apart from calendar.ts so pages that only
// need the lists (the public registration form) do not ship rrule.

export interface StandardSchedule {
  /**
   * Stable key, e.g. "MON-WED-09-11", "FRI-INTENSIVE-09-13", "SAT-14-18": what a
   * student's and a registration's `schedule` stores (the same id everywhere).
   */
  id: string;
  /** English label, e.g. "Mon-Wed 09:00-11:00". */
  label: string;
  /** rrule weekday codes, e.g. "MO,WE" (a course's schedule_days). */
  days: string;
  start_time: string;
  end_time: string;
}

const TWO_DAY_SLOTS = [
  ["09:00", "11:00"],
  ["15:00", "17:00"],
  ["17:00", "19:00"],
  ["19:00", "21:00"],
] as const;
const LONG_SLOTS = [
  ["09:00", "13:00"],
  ["14:00", "18:00"],
] as const;

const hh = (t: string) => t.slice(0, 2);

function schedule(
  prefix: string,
  labelPrefix: string,
  days: string,
  [start, end]: readonly [string, string],
): StandardSchedule {
  return {
    id: `${prefix}-${hh(start)}-${hh(end)}`,
    label: `${labelPrefix} ${start}-${end}`,
    days,
    start_time: start,
    end_time: end,
  };
}

export const STANDARD_SCHEDULES: readonly StandardSchedule[] = [
  ...TWO_DAY_SLOTS.map((s) => schedule("MON-WED", "Mon-Wed", "MO,WE", s)),
  ...TWO_DAY_SLOTS.map((s) => schedule("TUE-THU", "Tue-Thu", "TU,TH", s)),
  ...LONG_SLOTS.map((s) => schedule("FRI-INTENSIVE", "Fri intensive", "FR", s)),
  ...LONG_SLOTS.map((s) => schedule("SAT", "Sat", "SA", s)),
];

/** A standard schedule by its id or its label (case-insensitive). */
export function findSchedule(idOrLabel: string | null | undefined): StandardSchedule | undefined {
  const key = (idOrLabel ?? "").trim().toLowerCase();
  if (!key) return undefined;
  return STANDARD_SCHEDULES.find((s) => s.id.toLowerCase() === key || s.label.toLowerCase() === key);
}

export const COURSE_TYPES = ["on-site", "private - online", "online", "private"] as const;
export type CourseType = (typeof COURSE_TYPES)[number];

export const PROMOTIONS = ["Navidad", "2x1"] as const;
export type Promotion = (typeof PROMOTIONS)[number];

/** rrule weekday codes in week order (Monday first): a course's schedule_days are these, comma-separated. */
export const WEEKDAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

/** The standard schedule with exactly these days and times, if any. */
export function findScheduleByParts(days: string, start: string, end: string) {
  const wanted = new Set(days.split(",").map((d) => d.trim().toUpperCase()));
  const normalized = WEEKDAY_CODES.filter((d) => wanted.has(d)).join(",");
  return STANDARD_SCHEDULES.find((s) => s.days === normalized && s.start_time === start && s.end_time === end);
}
