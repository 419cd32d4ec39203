import { Form } from "@remix-run/react";
import { type ReactNode } from "react";
import { useAppNames } from "~/components/app-names";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable } from "~/components/ui/data-table";
import { DetailsCard } from "~/components/ui/details-card";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { countByStatus } from "~/modules/calendar/session-counts";
import { type CoursePhase } from "~/modules/courses/constants";
import { type ExamType } from "~/modules/levels/levels";
import { useCategoryLabel, useCourseTypeLabel, useScheduleLabel, useWeekdayNames, Bdi } from "./labels";
import { type ShownCourse } from "./types";

// The staff's course page (/admin/courses/{id}): its sections, each under
// its h2. The Enroll section is ./course-enroll.tsx.

type Person = { first_name: string; middle_name: string; last_name: string; second_last_name: string };

/** A student's names, as the course page shows them. */
export const fullName = (e: Person) =>
  [e.first_name, e.middle_name, e.last_name, e.second_last_name].filter(Boolean).join(" ");

/** The course's data card. */
export function CourseData({
  course: c,
  phase,
  enrolled,
}: {
  course: ShownCourse & {
    professor_email: string | null;
    assig_percentage: number;
    test_percentage: number;
    exam_percentage: number;
    exam: ExamType | null;
  };
  phase: CoursePhase;
  /** How many students are enrolled today. */
  enrolled: number;
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const appNames = useAppNames();
  const format = useFormat();
  const typeLabel = useCourseTypeLabel();
  const scheduleLabel = useScheduleLabel();
  const data: [string, ReactNode][] = [
    [
      t("fields.code"),
      <Bdi key="code" ltr nowrap>
        {c.course_id}
      </Bdi>,
    ],
    [t("fields.number"), c.course_number],
    [
      t("registration.fields.level"),
      <Bdi key="level" ltr>
        {appNames.level(c.level)}
      </Bdi>,
    ],
    [t("registration.fields.age_category"), t(`registration.age.${c.age_category}`)],
    [t("fields.type"), typeLabel(c.type)],
    [t("registration.fields.schedule"), scheduleLabel(c)],
    [t("fields.dates"), t("dateRange", { start: format.day(c.start_date), end: format.day(c.end_date) })],
    [t("fields.phase"), t(`phases.${phase}`)],
    [t("fields.professor"), c.professor_name ? `${c.professor_name} (${c.professor_email})` : t("noProfessor")],
    [
      t("form.percentages"),
      t("percentagesValue", {
        assig: format.percent(c.assig_percentage, 0),
        test: format.percent(c.test_percentage, 0),
        exam: format.percent(c.exam_percentage, 0),
      }),
    ],
    [
      t("fields.enrolled"),
      <bdi key="enrolled" dir="ltr">
        {t("enrolledOf", { enrolled: format.number(enrolled), capacity: format.number(c.capacity) })}
      </bdi>,
    ],
    [t("fields.exam"), c.exam ?? t("noExam")],
  ];
  return <DetailsCard id="data-heading" title={t("detail.data")} items={data} wide />;
}

/** The course's students: the current ones (each with its Unenroll link), and the former ones folded away. */
export function CourseStudents({
  enrollments,
  error,
}: {
  enrollments: {
    current: ({ id: number; student_id: number; start_date: string; id_number: string } & Person)[];
    ended: ({
      id: number;
      student_id: number;
      start_date: string;
      end_date: string | null;
      end_reason: string | null;
    } & Person)[];
  };
  /** The refused Unenroll's message (a translation key). */
  error?: string;
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const format = useFormat();
  const studentLink = (e: { student_id: number } & Person, className: string) => (
    <Link to={`/admin/students/${e.student_id}`} className={className}>
      {fullName(e)}
    </Link>
  );
  return (
    <section aria-labelledby="students-heading" className="card">
      <h2 id="students-heading" className="mb-3 text-lg font-semibold">
        {t("detail.students")}
      </h2>
      {error ? <FormAlert className="mb-3">{t(error)}</FormAlert> : null}
      <DataTable
        label={t("detail.students")}
        className=""
        rows={enrollments.current}
        rowKey={(e) => e.id}
        whenEmpty={<p className="text-slate-700">{t("detail.noStudents")}</p>}
        columns={[
          { header: t("detail.name"), cell: (e) => studentLink(e, "font-medium text-primary-dark underline") },
          { header: t("registration.fields.id_number"), className: "font-mono", cell: (e) => e.id_number },
          { header: t("detail.since"), cell: (e) => format.day(e.start_date) },
          {
            header: t("detail.actions"),
            align: "end",
            cell: (e) => (
              <Link
                to={`?unenroll=${e.id}`}
                preventScrollReset
                className="text-sm font-medium text-secondary-dark underline"
              >
                {t("unenroll.action")}
                <span className="sr-only"> {fullName(e)}</span>
              </Link>
            ),
          },
        ]}
      />
      {enrollments.ended.length ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-primary-dark">
            {t("detail.former", { count: enrollments.ended.length })}
          </summary>
          <DataTable
            label={t("detail.formerCaption")}
            className="mt-2"
            rows={enrollments.ended}
            rowKey={(e) => e.id}
            columns={[
              { header: t("detail.name"), cell: (e) => studentLink(e, "text-primary-dark underline") },
              { header: t("detail.since"), cell: (e) => format.day(e.start_date) },
              { header: t("detail.until"), cell: (e) => format.day(e.end_date) },
              { header: t("detail.reason"), cell: (e) => endReasonLabel(t, e.end_reason) },
            ]}
          />
        </details>
      ) : null}
    </section>
  );
}

function endReasonLabel(t: (key: string) => string, reason: string | null) {
  if (reason === "unenrolled" || reason === "transfer" || reason === "completed" || reason === "withdrawn")
    return t(`endReasons.${reason}`);
  return reason || t("endReasons.ended");
}

/** "End this enrollment?": the dialog of a student's Unenroll link (?unenroll=ID). */
export function UnenrollDialog({
  here,
  code,
  enrollment,
}: {
  here: string;
  code: string;
  enrollment: { id: number; first_name: string; last_name: string; second_last_name: string };
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  return (
    <ConfirmDialog title={t("unenroll.confirmTitle")} cancelTo={here}>
      <Form method="post" action={here} className="space-y-3">
        <input type="hidden" name="intent" value="unenroll" />
        <input type="hidden" name="enrollment_id" value={enrollment.id} />
        <p className="text-sm text-slate-800">
          {t("unenroll.confirmText", {
            name: [enrollment.first_name, enrollment.last_name, enrollment.second_last_name].filter(Boolean).join(" "),
            code,
          })}
        </p>
        <SubmitButton tone="danger">{t("unenroll.action")}</SubmitButton>
      </Form>
    </ConfirmDialog>
  );
}

type Session = {
  date: string;
  start_time: string;
  end_time: string;
  holiday: string | null;
  status: "held" | "holiday" | "upcoming";
};

const SESSION_STYLE = {
  held: "bg-emerald-100 text-emerald-900",
  holiday: "bg-amber-100 text-amber-900",
  upcoming: "bg-slate-100 text-slate-800",
} as const;

const WEEKDAY_OF_INDEX = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** The course's class sessions (held, cancelled by a holiday, upcoming), in a box of their own that scrolls. */
export function CourseSessions({ sessions }: { sessions: Session[] }) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const format = useFormat();
  const weekdays = useWeekdayNames();
  const counts = countByStatus(sessions);
  const weekday = (date: string) => weekdays[WEEKDAY_OF_INDEX[new Date(`${date}T00:00:00Z`).getUTCDay()]];
  return (
    <section aria-labelledby="sessions-heading" className="card">
      <h2 id="sessions-heading" className="mb-1 text-lg font-semibold">
        {t("sessions.title")}
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {t("sessions.summary", {
          count: sessions.length,
          held: counts.held,
          holiday: counts.holiday,
          upcoming: counts.upcoming,
        })}
      </p>
      {sessions.length === 0 ? (
        <p className="text-slate-700">{t("sessions.none")}</p>
      ) : (
        <div
          role="region"
          className="max-h-[32rem] overflow-auto rounded-md border border-slate-200"
          tabIndex={0}
          aria-labelledby="sessions-heading"
        >
          <DataTable
            label={t("sessions.title")}
            scroll={false}
            stack
            headClassName="sticky top-0 bg-slate-100"
            rows={sessions}
            rowKey={(s) => s.date}
            columns={[
              { header: "#", className: "tabular-nums text-slate-700", phone: "more", cell: (_, i) => i + 1 },
              {
                header: t("sessions.date"),
                phone: "title",
                className: "whitespace-nowrap",
                cell: (s) => `${weekday(s.date)} ${format.day(s.date)}`,
              },
              {
                header: t("sessions.time"),
                className: "whitespace-nowrap tabular-nums",
                cell: (s) => t("timeRange", { start: s.start_time, end: s.end_time }),
              },
              {
                header: t("sessions.status"),
                cell: (s) => (
                  <>
                    <span
                      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${SESSION_STYLE[s.status]}`}
                    >
                      {t(`sessions.statuses.${s.status}`)}
                    </span>
                    {s.holiday ? <span className="ms-2 text-slate-700">{s.holiday}</span> : null}
                  </>
                ),
              },
            ]}
          />
        </div>
      )}
    </section>
  );
}

/** The course's grading items (its copy of the level's syllabus). */
export function CourseGradingItems({
  items,
  exam,
}: {
  items: { id: number; item_name: string; category: "ASSIGNMENTS" | "PROGRESS TESTS" | "EXAM" }[];
  exam: ExamType | null;
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const appNames = useAppNames();
  const categoryLabel = useCategoryLabel();
  return (
    <section aria-labelledby="items-heading" className="card">
      <h2 id="items-heading" className="mb-1 text-lg font-semibold">
        {t("detail.items")}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t("detail.itemsNote")}</p>
      <DataTable
        label={t("detail.items")}
        rows={items}
        rowKey={(it) => it.id}
        whenEmpty={<p className="text-slate-700">{t("detail.noItems")}</p>}
        columns={[
          { header: t("syllabus.category"), cell: (it) => categoryLabel(it.category, exam) },
          { header: t("syllabus.itemName"), cell: (it) => appNames.item(it.item_name) },
        ]}
      />
    </section>
  );
}
