import { type AttendanceValue } from "~/db/schema";
import { type DatedSession } from "~/modules/calendar/sessions";
import { schoolToday, sessionsOfCourse } from "~/modules/calendar/sessions.server";
import { courseAttendanceSummary, recordedSessions, saveSessionAttendance, sessionRoster } from "./attendance.server";
import {
  type AttendanceProblem,
  attendableSessions,
  checkSessionDate,
  defaultSessionDate,
  parseAttendancePost,
  sessionProblem,
  sessionsWithoutAttendance,
} from "./session-choice";

// The professor's attendance page (/course/{id}/attendance, PRODUCT 6): what
// it shows for the session asked for, and the save of one session's form.

const slim = ({ date, start_time, end_time }: DatedSession) => ({ date, start_time, end_time });

/**
 * The page (read model): the sessions to choose from (saved or not), the
 * chosen one (`asked`, else today's or the latest past one) with its class
 * list, why the asked date cannot be shown (`problem`), the sessions still
 * without attendance and every student's summary.
 */
export async function attendancePage(courseId: number, asked: string | null) {
  const today = await schoolToday();
  const [dated, recorded, summary] = await Promise.all([
    sessionsOfCourse(courseId),
    recordedSessions(courseId),
    courseAttendanceSummary(courseId, today),
  ]);
  const sessions = dated?.sessions ?? [];

  let date: string | null = null;
  let problem: AttendanceProblem | null = null;
  if (asked) {
    const check = checkSessionDate(sessions, asked, today);
    if (check.ok) date = check.session.date;
    else problem = sessionProblem(sessions, check.reason, asked);
  } else {
    date = defaultSessionDate(sessions, today);
  }
  const session = date ? sessions.find((s) => s.date === date) : undefined;
  const roster = date ? await sessionRoster(courseId, date) : [];

  return {
    courseId,
    choices: attendableSessions(sessions, today).map((s) => ({ ...slim(s), saved: recorded.has(s.date) })),
    session: session ? { ...slim(session), savedAt: recorded.get(session.date) ?? null } : null,
    roster,
    problem,
    summary: summary.students,
    missing: sessionsWithoutAttendance(sessions, new Set(recorded.keys()), summary.enrollments).map(slim),
  };
}

export type TakeAttendanceOutcome =
  | { ok: true; date: string }
  | {
      ok: false;
      reason: AttendanceProblem["reason"];
      problem: AttendanceProblem;
      /** What was chosen, shown again so nothing typed is lost (null: the post could not be read). */
      marks: Record<number, AttendanceValue> | null;
    };

/** Saves one session's form: the post read, its date checked against the course's sessions, then saved. */
export async function takeAttendance(courseId: number, form: FormData, userId: number): Promise<TakeAttendanceOutcome> {
  const post = parseAttendancePost(form);
  const refuse = (problem: AttendanceProblem, marks?: ReadonlyMap<number, AttendanceValue>) =>
    ({ ok: false, reason: problem.reason, problem, marks: marks ? Object.fromEntries(marks) : null }) as const;
  if (!post.ok) return refuse({ reason: post.error, date: post.date });

  const [today, dated] = await Promise.all([schoolToday(), sessionsOfCourse(courseId)]);
  const sessions = dated?.sessions ?? [];
  const check = checkSessionDate(sessions, post.date, today);
  if (!check.ok) return refuse(sessionProblem(sessions, check.reason, post.date), post.marks);

  const outcome = await saveSessionAttendance(courseId, post.date, post.marks, userId);
  if (!outcome.ok) return refuse({ reason: outcome.reason, date: post.date }, post.marks);
  return { ok: true, date: post.date };
}
