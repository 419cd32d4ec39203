import { type ReactNode } from "react";
import { useFormat } from "~/components/format";
import { useGradeFormat } from "~/components/grades/grades";
import { AbsenceCount } from "~/components/students/absence-count";
import { DataTable } from "~/components/ui/data-table";
import { Section } from "~/components/ui/section";
import { type AttendanceValue } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import { type AttendanceSummary } from "~/modules/attendance/attendance";
import { ABSENCE_DANGER, ABSENCE_WARNING } from "~/modules/students/absence";

const MARK_STYLES: Record<AttendanceValue, string> = {
  present: "bg-emerald-100 text-emerald-900",
  recovered: "bg-sky-100 text-sky-900",
  late: "bg-amber-100 text-amber-900",
  absent: "bg-rose-100 text-rose-900",
};

/** The student's attendance summary: counts, score and the absence count with its 12 / 20 highlight. */
export function AttendanceSummaryCard({ summary }: { summary: AttendanceSummary }) {
  const { t } = useTranslation("portal");
  const a = useTranslation("attendance").t;
  const g = useTranslation("gradebook").t;
  const format = useGradeFormat();
  const facts: [string, ReactNode][] = [
    [a("values.present"), format.count(summary.present)],
    [a("values.recovered"), format.count(summary.recovered)],
    [a("values.late"), format.count(summary.late)],
    [a("values.absent"), format.count(summary.absent)],
    [a("score"), format.percent(summary.score)],
  ];
  return (
    <Section id="summary-heading" title={t("attendance.summary")} className="card p-4">
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="attendance-summary">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-sm text-slate-700">{g("report.columns.absences")}</dt>
          <dd className="text-lg tabular-nums" data-testid="absence-count">
            <AbsenceCount count={summary.absences} />
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {a("take.summaryExplain", { warning: ABSENCE_WARNING, danger: ABSENCE_DANGER })}
      </p>
    </Section>
  );
}

export interface SessionMark {
  date: string;
  start_time: string | null;
  end_time: string | null;
  mark: AttendanceValue | null;
}

/** Each held class with the student's mark: a table on a desktop, cards on a phone. */
export function SessionMarks({ sessions }: { sessions: SessionMark[] }) {
  const { t } = useTranslation("portal");
  const a = useTranslation("attendance").t;
  const format = useFormat();
  return (
    <Section id="sessions-heading" title={t("attendance.sessions")} headingClassName="mb-3">
      <DataTable
        label={t("attendance.caption")}
        rows={sessions}
        rowKey={(s) => s.date}
        rowProps={(s) => ({ "data-date": s.date, "data-mark": s.mark ?? "" })}
        stack
        whenEmpty={<p className="card p-4 text-slate-700">{t("attendance.noSessions")}</p>}
        columns={[
          {
            header: t("attendance.date"),
            rowHeader: true,
            phone: "title",
            cell: (s) => format.day(s.date, { weekday: "long", day: "numeric", month: "long", year: "numeric" }),
          },
          {
            header: t("attendance.time"),
            cell: (s) =>
              s.start_time ? (
                <bdi dir="ltr" className="tabular-nums">
                  {s.start_time}–{s.end_time}
                </bdi>
              ) : (
                "—"
              ),
          },
          {
            header: t("attendance.mark"),
            cell: (s) =>
              s.mark ? (
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${MARK_STYLES[s.mark]}`}>
                  {a(`values.${s.mark}`)}
                </span>
              ) : (
                <span className="text-slate-700">{t("attendance.notRecorded")}</span>
              ),
          },
        ]}
      />
    </Section>
  );
}
