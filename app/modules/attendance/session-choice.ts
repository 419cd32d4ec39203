import { type AttendanceValue } from "~/db/schema";
import { parseDate } from "~/modules/calendar/dates";
import { type DatedSession } from "~/modules/calendar/sessions";
import { isEnrolledOn } from "~/modules/courses/enrollment";
import { isRowId } from "~/modules/shared/ids";
import { ATTENDANCE_VALUES } from "./attendance";

// PURE (client and server): which class sessions take attendance, who is on
// a session's class list, and what an attendance post says. PRODUCT 5 and 6.

/** On the class list of `date`: enrolled and begun (courses/enrollment, the one rule). */
export function enrolledOn(enrollment: { start_date: string; end_date: string | null }, date: string): boolean {
  return isEnrolledOn(enrollment, date, { started: true });
}

type Session = Pick<DatedSession, "date" | "holiday" | "status">;

/** Sessions that can take attendance: not on a holiday, dated today or before; newest first. */
export function attendableSessions<S extends Session>(sessions: readonly S[], today: string): S[] {
  return sessions.filter((s) => s.holiday === null && s.date <= today).reverse();
}

/** The session the attendance page opens on: today's when there is one, else the latest past one. */
export function defaultSessionDate(sessions: readonly Session[], today: string): string | null {
  return attendableSessions(sessions, today)[0]?.date ?? null;
}

export type SessionRefusal = "invalidDate" | "notSession" | "holiday" | "future";

/** Whether attendance can be taken for `date`; a refusal says why not. */
export function checkSessionDate<S extends Session>(
  sessions: readonly S[],
  date: string,
  today: string,
): { ok: true; session: S } | { ok: false; reason: SessionRefusal } {
  if (!parseDate(date)) return { ok: false, reason: "invalidDate" };
  const session = sessions.find((s) => s.date === date);
  if (!session) return { ok: false, reason: "notSession" };
  if (session.holiday !== null) return { ok: false, reason: "holiday" };
  if (date > today) return { ok: false, reason: "future" };
  return { ok: true, session };
}

/**
 * Held sessions (their start time has come) with no attendance recorded,
 * newest first, counting only sessions someone was enrolled on.
 */
export function sessionsWithoutAttendance<S extends Session>(
  sessions: readonly S[],
  recorded: ReadonlySet<string>,
  enrollments: readonly { start_date: string; end_date: string | null }[],
): S[] {
  return sessions
    .filter((s) => s.status === "held" && !recorded.has(s.date) && enrollments.some((e) => enrolledOn(e, s.date)))
    .reverse();
}

// ---------------------------------------------------------------------------
// The attendance form: `date` and one `status-<student id>` radio group per student.

export const STATUS_FIELD_PREFIX = "status-";
export const statusField = (studentId: number) => `${STATUS_FIELD_PREFIX}${studentId}`;

/** More marks than any class can have: a post above this is refused unread. */
export const MAX_MARKS = 1000;

export type AttendancePostError = "invalidDate" | "invalidValue" | "noStudents" | "tooMany";

export type AttendancePost =
  | { ok: true; date: string; marks: Map<number, AttendanceValue> }
  | { ok: false; error: AttendancePostError; date: string | null };

const FIELD_RE = /^status-(\d{1,10})$/;

export function parseAttendancePost(form: FormData): AttendancePost {
  const rawDate = form.get("date");
  const date = typeof rawDate === "string" && parseDate(rawDate) ? rawDate.trim() : null;
  if (!date) return { ok: false, error: "invalidDate", date: null };
  const marks = new Map<number, AttendanceValue>();
  for (const [key, value] of form.entries()) {
    const m = FIELD_RE.exec(key);
    if (!m) continue;
    const id = Number(m[1]);
    if (!isRowId(id)) return { ok: false, error: "invalidValue", date };
    if (typeof value !== "string" || !(ATTENDANCE_VALUES as readonly string[]).includes(value))
      return { ok: false, error: "invalidValue", date };
    // The same student twice with two different values: which one was meant?
    const before = marks.get(id);
    if (before !== undefined && before !== value) return { ok: false, error: "invalidValue", date };
    marks.set(id, value as AttendanceValue);
    if (marks.size > MAX_MARKS) return { ok: false, error: "tooMany", date };
  }
  if (marks.size === 0) return { ok: false, error: "noStudents", date };
  return { ok: true, date, marks };
}

// ---------------------------------------------------------------------------
// What the page says when a session cannot be shown or saved

/** A refusal with what its message needs (the date, the holiday's name). */
export interface AttendanceProblem {
  reason: SessionRefusal | AttendancePostError | "notEnrolled";
  date: string | null;
  holiday?: string | null;
}

/** The refusal of `date`, named with its holiday when it is one. */
export function sessionProblem(
  sessions: readonly Session[],
  reason: AttendanceProblem["reason"],
  date: string | null,
): AttendanceProblem {
  const holiday = reason === "holiday" ? (sessions.find((s) => s.date === date)?.holiday ?? null) : null;
  return { reason, date: reason === "invalidDate" ? null : date, holiday };
}
