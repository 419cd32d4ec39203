import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AttendanceSummaryTable, useSessionDay } from "~/components/attendance/summary";
import { MissingSessions, SessionForm, SessionPicker } from "~/components/attendance/take-attendance";
import { FormAlert } from "~/components/ui/form-alert";
import { titleMeta } from "~/components/ui/meta";
import { requireCourseProfessor } from "~/http/course-access.server";
import { readForm } from "~/http/form.server";
import { useIntentResult } from "~/http/intents";
import { formReply, redirectDone, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { attendancePage, takeAttendance } from "~/modules/attendance/attendance-page.server";
import { ABSENCE_DANGER, ABSENCE_WARNING } from "~/modules/students/absence";

export const handle = { i18n: ["common", "course", "attendance"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  const asked = new URL(request.url).searchParams.get("date")?.trim() || null;
  const [page, t] = await Promise.all([attendancePage(courseId, asked), translator(request, "attendance")]);
  return json({ title: t("take.title"), ...page }, { status: page.problem ? 400 : 200 });
}

export const meta = titleMeta;

/** The class list keeps its own parser (a radio group per student); its answer is the pipeline's. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, courseId } = await requireCourseProfessor(request, params);
  const outcome = await takeAttendance(courseId, await readForm(request, "grid"), user.id);
  if (outcome.ok)
    return redirectDone(
      request,
      toastTo(`/course/${courseId}/attendance?date=${outcome.date}`, "attendance:take.saved"),
    );
  // What was chosen comes back with the refusal, so nothing typed is lost.
  const { problem, marks } = outcome;
  return formReply("save", { status: "error" }, { status: 400 }, { problem, marks });
}

export default function CourseAttendance() {
  const { courseId, choices, session, roster, problem, summary, missing } = useLoaderData<typeof loader>();
  const refused = useIntentResult<typeof action>("save");
  const { t } = useTranslation("attendance");
  const sessionDay = useSessionDay();
  const here = `/course/${courseId}/attendance`;
  const shown = refused?.problem ?? problem;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("take.title")}</h1>
      {shown ? (
        <FormAlert>
          {t(`take.errors.${shown.reason}`, {
            date: shown.date ? sessionDay(shown.date) : "",
            name: shown.holiday ?? "",
          })}
        </FormAlert>
      ) : null}
      <SessionPicker here={here} choices={choices} chosen={session?.date ?? null} />
      {session ? (
        // A fresh form (and count of changes) after every save or refusal.
        <SessionForm
          key={`${session.date}|${session.savedAt ?? ""}|${refused ? JSON.stringify(refused.marks) : ""}`}
          here={here}
          session={session}
          roster={roster}
          posted={refused?.marks ?? null}
        />
      ) : null}
      <MissingSessions here={here} missing={missing} />
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
