import { type ClassSession, type CourseSchedule, type HolidayRange, expandSessions } from "./calendar";
import { type SessionStatus } from "./session-counts";

// PURE module (server and tests; through ./calendar it pulls in rrule, so
// the browser uses ./session-counts instead): what a class session is *now*, in the
// school's time zone. calendar.ts expands the dates; this file only adds the
// clock: "today" and the instants of a local wall time, across DST changes.

export type { SessionStatus };

export interface DatedSession extends ClassSession {
  status: SessionStatus;
  /** The session's start as an ISO UTC instant (its local start time in the school's zone). */
  starts_at: string;
  /** The session's end as an ISO UTC instant. */
  ends_at: string;
}

/** The wall clock of `timeZone` at `now`: date YYYY-MM-DD and time HH:MM. */
export function zonedNow(timeZone: string, now: Date = new Date()): { date: string; time: string } {
  // Every request asks (schoolToday): within the same second the answer is the last one.
  const key = `${timeZone}|${Math.floor(now.getTime() / 1000)}`;
  if (lastNow?.key !== key) {
    const parts = zonedParts(timeZone, now.getTime());
    lastNow = {
      key,
      date: `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`,
      time: `${pad(parts.hour)}:${pad(parts.minute)}`,
    };
  }
  return { date: lastNow.date, time: lastNow.time };
}

let lastNow: { key: string; date: string; time: string } | null = null;

/** Today (YYYY-MM-DD) in `timeZone`: the date stored dates are compared with. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return zonedNow(timeZone, now).date;
}

/**
 * The UTC instant of a local wall time (date YYYY-MM-DD, time HH:MM) in
 * `timeZone`. A time that happens twice (clocks back) is its first
 * occurrence; one that never happens (clocks forward) moves forward by the gap.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, h, min);
  // The zone's offsets half a day before and after: at most one change lies between.
  const before = wall - offsetAt(timeZone, wall - 43_200_000);
  const after = wall - offsetAt(timeZone, wall + 43_200_000);
  if (before === after) return new Date(before); // no change that day: the usual case
  const valid = [before, after].filter((t) => wallOf(timeZone, t) === wall);
  if (valid.length) return new Date(Math.min(...valid));
  return new Date(before); // in the gap: the offset before the change, i.e. later by the gap
}

/**
 * Each session with its status at `now` in `timeZone`: a holiday is never
 * held; a session is held once its local start time has come, else upcoming.
 */
export function datedSessions(
  sessions: readonly ClassSession[],
  timeZone: string,
  now: Date = new Date(),
): DatedSession[] {
  const clock = zonedNow(timeZone, now);
  const nowKey = `${clock.date}T${clock.time}`;
  return sessions.map((s) => ({
    ...s,
    status: s.holiday !== null ? "holiday" : `${s.date}T${s.start_time}` <= nowKey ? "held" : "upcoming",
    starts_at: instantIso(s.date, s.start_time, timeZone),
    ends_at: instantIso(s.date, s.end_time, timeZone),
  }));
}

// A course page dates every session of its course on every view (issue 18:
// 3 % of the attendance page's CPU): each wall time's instant is worked out once.
const instants = new Map<string, string>();

/** zonedInstant as an ISO string, remembered. */
function instantIso(date: string, time: string, timeZone: string): string {
  return remembered(instants, `${timeZone}|${date}T${time}`, () => zonedInstant(date, time, timeZone).toISOString());
}

/** `map`'s answer for `key`, made once (the map is emptied past 20,000 answers). */
function remembered<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    if (map.size > 20_000) map.clear();
    map.set(key, value);
  }
  return value;
}

/** expandSessions + datedSessions: a course's sessions as they stand now. */
export function courseSessionsAt(
  course: CourseSchedule,
  holidays: readonly HolidayRange[],
  timeZone: string,
  now: Date = new Date(),
): DatedSession[] {
  return datedSessions(expandSessions(course, holidays), timeZone, now);
}

// Pages count sessions in the browser: that lives in ./session-counts, which
// (unlike this file, through ./calendar) does not pull rrule into the bundle.
export { countByStatus } from "./session-counts";

// ---------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, "0");

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function zonedParts(timeZone: string, epochMs: number) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(epochMs))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour === 24 ? 0 : parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** The wall clock at an instant, as if it were UTC (ms, seconds dropped). */
function wallOf(timeZone: string, epochMs: number) {
  const p = zonedParts(timeZone, epochMs);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
}

/** The zone's offset from UTC at an instant, in ms (Madrid in summer: +2 h). */
function offsetAt(timeZone: string, epochMs: number) {
  const minute = Math.floor(epochMs / 60_000) * 60_000;
  return remembered(offsets, `${timeZone}|${minute}`, () => wallOf(timeZone, minute) - minute);
}

// Calendars ask for the same days again and again (every page view): remember the offsets.
const offsets = new Map<string, number>();
