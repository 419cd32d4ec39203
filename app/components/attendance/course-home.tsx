import { type ReactNode } from "react";
import { useAppNames } from "~/components/app-names";
import { useScheduleLabel } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { DetailsCard } from "~/components/ui/details-card";
import { Link } from "~/components/ui/link";
import { StatusBadge } from "~/components/ui/status-badge";
import { type AgeCategory } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import { COURSE_PAGES } from "~/modules/attendance/course-pages";
import { type SessionStatus } from "~/modules/calendar/session-counts";
import { ABSENCE_DANGER, ABSENCE_WARNING } from "~/modules/students/absence";
import { AbsenceCount, Score, type SummaryRow, studentName, useSessionDay } from "./summary";

// The parts of a professor's course home page (/course/{id}/home).

const TYPE_KEYS: Record<string, string> = {
  "on-site": "onSite",
  "private - online": "privateOnline",
  online: "online",
  private: "private",
};

const SESSION_STYLES = {
  held: "bg-emerald-100 text-emerald-900",
  holiday: "bg-amber-100 text-amber-900",
  upcoming: "bg-slate-100 text-slate-800",
} as const;

export interface HomeCourse {
  course_id: string;
  course_number: string | number;
  level: string;
  age_category: AgeCategory;
  type: string;
  schedule_days: string;
  start_time: string;
  end_time: string;
  start_date: string;
  end_date: string;
  assig_percentage: number;
  test_percentage: number;
  exam_percentage: number;
  status: string;
}

/** The course's data, with its sessions counted by status. */
export function CourseDataCard({ course: c, counts }: { course: HomeCourse; counts: Record<SessionStatus, number> }) {
  const { t } = useTranslation("attendance");
  const appNames = useAppNames();
  const format = useFormat();
  const scheduleLabel = useScheduleLabel();
  const data: [string, ReactNode][] = [
    [t("home.fields.code"), c.course_id],
    [t("home.fields.number"), c.course_number],
    [t("home.fields.level"), appNames.level(c.level)],
    [t("home.fields.age"), t(`common:registration.age.${c.age_category}`)],
    [t("home.fields.type"), TYPE_KEYS[c.type] ? t(`home.types.${TYPE_KEYS[c.type]}`) : c.type],
    [t("home.fields.schedule"), scheduleLabel(c)],
    [t("home.fields.dates"), t("home.dateRange", { start: format.day(c.start_date), end: format.day(c.end_date) })],
    [
      t("home.fields.percentages"),
      t("home.percentagesValue", {
        assig: format.percent(c.assig_percentage, 0),
        test: format.percent(c.test_percentage, 0),
        exam: format.percent(c.exam_percentage, 0),
      }),
    ],
    [t("home.fields.status"), <StatusBadge key="status" kind="course" status={c.status} />],
  ];

  return (
    <DetailsCard id="course-data" title={t("home.data")} items={data} wide>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 pt-3 text-sm">
        {(["held", "upcoming", "holiday"] as const).map((status) => (
          <div key={status} className="flex gap-2">
            <dt className="text-slate-700">{t(`home.counts.${status}`)}</dt>
            <dd className="font-semibold tabular-nums">{counts[status]}</dd>
          </div>
        ))}
      </dl>
    </DetailsCard>
  );
}

/** The next sessions of the course, with their status (a holiday named). */
export function NextSessions({
  next,
}: {
  next: readonly {
    date: string;
    start_time: string;
    end_time: string;
    holiday: string | null;
    status: SessionStatus;
  }[];
}) {
  const { t } = useTranslation("attendance");
  const sessionDay = useSessionDay();
  return (
    <section aria-labelledby="next-sessions" className="card">
      <h2 id="next-sessions" className="mb-3 text-lg font-semibold">
        {t("home.next")}
      </h2>
      <DataTable
        label={t("home.next")}
        className=""
        rows={next}
        rowKey={(s) => s.date}
        whenEmpty={<p className="text-slate-700">{t("home.noNext")}</p>}
        columns={[
          {
            header: t("home.date"),
            rowHeader: true,
            className: "whitespace-nowrap",
            cell: (s) => sessionDay(s.date),
          },
          {
            header: t("home.time"),
            className: "whitespace-nowrap tabular-nums",
            cell: (s) => t("timeRange", { start: s.start_time, end: s.end_time }),
          },
          {
            header: t("home.status"),
            cell: (s) => (
              <>
                <span
                  className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${SESSION_STYLES[s.status]}`}
                >
                  {t(`home.statuses.${s.status}`)}
                </span>
                {s.holiday ? <span className="ms-2 text-slate-700">{s.holiday}</span> : null}
              </>
            ),
          },
        ]}
      />
    </section>
  );
}

/** The current students with their attendance score and absences (highlighted past the thresholds). */
export function CurrentStudents({ students }: { students: readonly SummaryRow[] }) {
  const { t } = useTranslation("attendance");
  return (
    <section aria-labelledby="students" className="card">
      <h2 id="students" className="mb-1 text-lg font-semibold">
        {t("home.students")}
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {t("home.highlightNote", { warning: ABSENCE_WARNING, danger: ABSENCE_DANGER })}
      </p>
      <DataTable
        label={t("home.students")}
        className="rounded-md border border-slate-200"
        rows={students}
        rowKey={(s) => s.id}
        whenEmpty={<p className="text-slate-700">{t("home.noStudents")}</p>}
        columns={[
          { header: t("student"), rowHeader: true, cell: (s) => studentName(s) },
          { header: t("score"), align: "end", cell: (s) => <Score score={s.summary.score} /> },
          { header: t("absences"), align: "end", cell: (s) => <AbsenceCount count={s.summary.absences} /> },
        ]}
      />
    </section>
  );
}

/** A card per other page of the course, with what it is for. */
export function CoursePageLinks({ courseId }: { courseId: number }) {
  const { t } = useTranslation("attendance");
  return (
    <section aria-labelledby="course-pages">
      <h2 id="course-pages" className="mb-3 text-lg font-semibold">
        {t("home.pages")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {COURSE_PAGES.filter((page) => page !== "home").map((page) => (
          <li key={page}>
            <Link
              to={`/course/${courseId}/${page}`}
              prefetch="intent"
              className="card flex h-full flex-col gap-1 p-4 hover:border-primary"
            >
              <span className="font-semibold text-primary-dark underline">{t(`course:nav.${page}`)}</span>
              <span className="text-sm text-slate-700">{t(`home.pageHints.${page}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
