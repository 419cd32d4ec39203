import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AttendanceSummaryTable, studentName, useSessionDay } from "~/components/attendance/summary";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { titleMeta } from "~/components/ui/meta";
import { type AttendanceValue } from "~/db/schema";
import { requireCourseProfessor } from "~/http/course-access.server";
import { translator } from "~/i18n/i18n.server";
import { ATTENDANCE_VALUES } from "~/modules/attendance/attendance";
import {
  courseAttendanceSummary,
  recordedSessions,
  saveSessionAttendance,
  sessionRoster,
} from "~/modules/attendance/attendance.server";
import {
  type AttendancePostError,
  type SessionRefusal,
  attendableSessions,
  checkSessionDate,
  defaultSessionDate,
  parseAttendancePost,
  sessionsWithoutAttendance,
  statusField,
} from "~/modules/attendance/session-choice";
import { type DatedSession } from "~/modules/courses/sessions";
import { schoolToday, sessionsOfCourse } from "~/modules/courses/sessions.server";
import { readForm } from "~/modules/shared/form.server";
import { ABSENCE_DANGER, ABSENCE_WARNING } from "~/modules/students/absence";
import { toasts } from "~/modules/toast.server";

export const handle = { i18n: ["common", "course", "attendance"] };

type Problem = {
  reason: SessionRefusal | AttendancePostError | "notEnrolled";
  date: string | null;
  holiday?: string | null;
};

const slim = ({ date, start_time, end_time }: DatedSession) => ({ date, start_time, end_time });

/** A refusal with what its message needs (the date, the holiday's name). */
function refusal(sessions: readonly DatedSession[], reason: Problem["reason"], date: string | null): Problem {
  const holiday = reason === "holiday" ? (sessions.find((s) => s.date === date)?.holiday ?? null) : null;
  return { reason, date: reason === "invalidDate" ? null : date, holiday };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  const asked = new URL(request.url).searchParams.get("date")?.trim() || null;
  const today = await schoolToday();
  const [dated, recorded, summary, t] = await Promise.all([
    sessionsOfCourse(courseId),
    recordedSessions(courseId),
    courseAttendanceSummary(courseId, today),
    translator(request, "attendance"),
  ]);
  const sessions = dated?.sessions ?? [];

  let date: string | null = null;
  let problem: Problem | null = null;
  if (asked) {
    const check = checkSessionDate(sessions, asked, today);
    if (check.ok) date = check.session.date;
    else problem = refusal(sessions, check.reason, asked);
  } else {
    date = defaultSessionDate(sessions, today);
  }
  const session = date ? sessions.find((s) => s.date === date)! : null;
  const roster = date ? await sessionRoster(courseId, date) : [];

  return json(
    {
      title: t("take.title"),
      courseId,
      choices: attendableSessions(sessions, today).map((s) => ({ ...slim(s), saved: recorded.has(s.date) })),
      session: session ? { ...slim(session), savedAt: recorded.get(session.date) ?? null } : null,
      roster,
      problem,
      summary: summary.students,
      missing: sessionsWithoutAttendance(sessions, new Set(recorded.keys()), summary.enrollments).map(slim),
    },
    { status: problem ? 400 : 200 },
  );
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, courseId } = await requireCourseProfessor(request, params);
  const post = parseAttendancePost(await readForm(request, "grid"));
  // What was chosen comes back with a refusal, so nothing typed is lost.
  const refuse = (problem: Problem, marks?: ReadonlyMap<number, AttendanceValue>) =>
    json({ problem, marks: marks ? Object.fromEntries(marks) : null }, { status: 400 });
  if (!post.ok) return refuse({ reason: post.error, date: post.date });

  const [today, dated] = await Promise.all([schoolToday(), sessionsOfCourse(courseId)]);
  const sessions = dated?.sessions ?? [];
  const check = checkSessionDate(sessions, post.date, today);
  if (!check.ok) return refuse(refusal(sessions, check.reason, post.date), post.marks);

  const outcome = await saveSessionAttendance(courseId, post.date, post.marks, user.id);
  if (!outcome.ok) return refuse({ reason: outcome.reason, date: post.date }, post.marks);
  return toasts(request).redirectWithSuccess(
    `/course/${courseId}/attendance?date=${post.date}`,
    "attendance:take.saved",
  );
}

const PILL: Record<AttendanceValue, string> = {
  present: "has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:checked]:text-emerald-950",
  recovered: "has-[:checked]:border-sky-700 has-[:checked]:bg-sky-50 has-[:checked]:text-sky-950",
  late: "has-[:checked]:border-amber-700 has-[:checked]:bg-amber-50 has-[:checked]:text-amber-950",
  absent: "has-[:checked]:border-rose-700 has-[:checked]:bg-rose-50 has-[:checked]:text-rose-950",
};

export default function CourseAttendance() {
  const { courseId, choices, session, roster, problem, summary, missing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("attendance");
  const format = useFormat();
  const sessionDay = useSessionDay();
  const navigation = useNavigation();
  const here = `/course/${courseId}/attendance`;

  const shown = actionData?.problem ?? problem;
  const message = shown
    ? t(`take.errors.${shown.reason}`, { date: shown.date ? sessionDay(shown.date) : "", name: shown.holiday ?? "" })
    : null;
  // After a refused save, the form shows what was posted, not what is stored.
  const posted = actionData?.marks ?? null;
  const loading =
    navigation.state === "loading" && navigation.location?.pathname === here && navigation.formMethod == null;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("take.title")}</h1>

      {message ? (
        <div
          role="alert"
          className="rounded-md border border-secondary-dark bg-rose-50 px-3 py-2 text-sm text-rose-900"
        >
          {message}
        </div>
      ) : null}

      {choices.length === 0 ? (
        <p className="card text-slate-700">{t("take.noSessions")}</p>
      ) : (
        <Form method="get" action={here} className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 sm:max-w-md">
            <label htmlFor="session-date" className="field-label">
              {t("take.session")}
            </label>
            <select
              id="session-date"
              name="date"
              key={session?.date ?? ""}
              defaultValue={session?.date ?? choices[0].date}
              className="field-input"
            >
              {choices.map((c) => {
                const label = t("take.sessionOption", {
                  day: sessionDay(c.date),
                  start: c.start_time,
                  end: c.end_time,
                });
                return (
                  <option key={c.date} value={c.date}>
                    {t(c.saved ? "take.optionSaved" : "take.optionMissing", { session: label })}
                  </option>
                );
              })}
            </select>
          </div>
          <button type="submit" className="btn-secondary" aria-disabled={loading || undefined}>
            {loading ? t("common:common.processing") : t("take.show")}
          </button>
        </Form>
      )}

      {session ? (
        <section aria-labelledby="take-heading" className="card">
          <h2 id="take-heading" className="text-lg font-semibold">
            {t("take.formTitle", { date: sessionDay(session.date), start: session.start_time, end: session.end_time })}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {session.savedAt ? t("take.savedAt", { date: format.dateTime(session.savedAt) }) : t("take.notSaved")}
          </p>
          {roster.length === 0 ? (
            <p className="mt-3 text-slate-700">{t("take.noStudentsOnDate")}</p>
          ) : (
            <Form
              method="post"
              action={`${here}?date=${session.date}`}
              key={`${session.date}|${session.savedAt ?? ""}`}
              className="mt-3"
            >
              <input type="hidden" name="date" value={session.date} />
              <p id="take-hint" className="mb-2 text-sm text-slate-700">
                {t("take.keyboardHint")}
              </p>
              <div className="divide-y divide-slate-200 border-y border-slate-200">
                {roster.map((s) => {
                  const initial = (posted?.[s.id] as AttendanceValue | undefined) ?? s.status ?? "present";
                  return (
                    <fieldset key={s.id} className="py-2 sm:flex sm:items-center sm:gap-4" data-student-id={s.id}>
                      <legend className="py-1 font-medium sm:float-start sm:w-72">{studentName(s)}</legend>
                      <div className="flex flex-wrap gap-2">
                        {ATTENDANCE_VALUES.map((value) => (
                          <label
                            key={value}
                            className={`inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm focus-within:ring-2 focus-within:ring-primary-dark focus-within:ring-offset-1 ${PILL[value]}`}
                          >
                            <input
                              type="radio"
                              name={statusField(s.id)}
                              value={value}
                              defaultChecked={value === initial}
                              className="h-4 w-4"
                            />
                            {t(`values.${value}`)}
                          </label>
                        ))}
                      </div>
                    </fieldset>
                  );
                })}
              </div>
              <div className="mt-4 flex flex-wrap gap-3">
                <SubmitButton>{t("take.save")}</SubmitButton>
                <button type="reset" className="btn-secondary">
                  {t("take.reset")}
                </button>
              </div>
            </Form>
          )}
        </section>
      ) : null}

      <section aria-labelledby="missing-heading" className="card">
        <h2 id="missing-heading" className="mb-2 text-lg font-semibold">
          {t("take.missing")}
        </h2>
        {missing.length === 0 ? (
          <p className="text-slate-700">{t("take.noMissing")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {missing.map((m) => (
              <li key={m.date}>
                <Link
                  to={`${here}?date=${m.date}`}
                  className="inline-block rounded-md border border-amber-600 bg-amber-50 px-3 py-1.5 text-sm text-amber-950 underline hover:bg-amber-100"
                >
                  {t("take.sessionOption", { day: sessionDay(m.date), start: m.start_time, end: m.end_time })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="summary-heading" className="card">
        <h2 id="summary-heading" className="mb-1 text-lg font-semibold">
          {t("take.summary")}
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          {t("take.summaryExplain", { warning: ABSENCE_WARNING, danger: ABSENCE_DANGER })}
        </p>
        {summary.length === 0 ? (
          <p className="text-slate-700">{t("home.noStudents")}</p>
        ) : (
          <AttendanceSummaryTable rows={summary} caption={t("take.summary")} />
        )}
      </section>
    </div>
  );
}
