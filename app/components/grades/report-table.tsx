import { AbsenceCount } from "~/components/students/absence-count";
import { DataTable } from "~/components/ui/data-table";
import { type GradingCategory } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import { type Dir, type ReportSort } from "~/modules/grades/report-sort";
import { type ReportRow } from "~/modules/grades/report.server";
import { type ExamType } from "~/modules/levels/levels";
import { useAppNames } from "../app-names";
import { ResultBadge, useCategoryLabel, useGradeFormat } from "./grades";

/** The student report's table (professor's page and the staff's read-only view share it). */
export function ReportTable({
  rows,
  categories,
  exam,
  sort,
  dir,
}: {
  rows: ReportRow[];
  categories: readonly GradingCategory[];
  exam: ExamType | null;
  sort: ReportSort;
  dir: Dir;
}) {
  const { t } = useTranslation("gradebook");
  const format = useGradeFormat();
  const categoryLabel = useCategoryLabel(exam);
  const names = useAppNames();
  const th = "border-b border-slate-200 bg-slate-50 align-bottom font-semibold";
  const td = "border-b border-slate-200";
  const end = { align: "end" as const, headerClassName: th, className: `${td} tabular-nums` };
  const start = { headerClassName: th, className: td };
  return (
    <DataTable
      label={t("report.caption")}
      className="max-w-full rounded-lg border border-slate-200 bg-white"
      tableClassName="min-w-max border-separate border-spacing-0 text-sm"
      headClassName=""
      rows={rows}
      rowKey={(r) => r.id}
      rowClassName="group"
      rowProps={(r) => ({ "data-student": r.id })}
      whenEmpty={<p className="card text-slate-800">{t("report.noStudents")}</p>}
      sorting={{
        by: sort,
        dir,
        ascLabel: t("report.sortAscending"),
        descLabel: t("report.sortDescending"),
        preventScrollReset: true,
      }}
      columns={[
        {
          header: t("report.columns.student"),
          sort: "name",
          rowHeader: true,
          headerClassName: `${th} sticky start-0 z-20 border-e`,
          className:
            "sticky start-0 z-10 max-w-[14rem] border-b border-e border-slate-200 bg-white group-hover:bg-slate-50",
          cell: (r) => r.name,
        },
        // Next to the name, so they are on screen however wide the table is (issue 19).
        {
          ...end,
          header: t("report.columns.final"),
          sort: "final",
          className: `${td} tabular-nums font-semibold`,
          cell: (r) => format.score(r.final),
        },
        {
          align: "center",
          headerClassName: th,
          className: td,
          header: t("report.columns.result"),
          cell: (r) => <ResultBadge result={r.result} />,
        },
        { ...start, header: t("report.columns.band"), className: `${td} border-e`, cell: (r) => names.band(r.band) },
        { ...end, header: t("report.columns.present"), cell: (r) => format.count(r.attendance.present) },
        { ...end, header: t("report.columns.recovered"), cell: (r) => format.count(r.attendance.recovered) },
        { ...end, header: t("report.columns.late"), cell: (r) => format.count(r.attendance.late) },
        { ...end, header: t("report.columns.absent"), cell: (r) => format.count(r.attendance.absent) },
        { ...end, header: t("report.columns.score"), cell: (r) => format.percent(r.attendance.score) },
        {
          ...end,
          header: t("report.columns.absences"),
          sort: "absences",
          cell: (r) => <AbsenceCount count={r.attendance.absences} />,
        },
        ...categories.map((c) => ({
          ...end,
          header: categoryLabel(c),
          cell: (r: ReportRow) => format.score(r.averages[c]),
        })),
        {
          ...start,
          header: t("report.columns.exam"),
          cell: (r) =>
            r.exam ? (
              <>
                <span className="font-medium">{r.exam}</span>
                <span className="block text-xs text-slate-700">{r.modules.map(names.item).join(" · ")}</span>
              </>
            ) : (
              t("report.noExam")
            ),
        },
        {
          ...start,
          header: t("report.columns.nextLevel"),
          cell: (r) =>
            names.level(r.nextLevel) || (
              // PRODUCT 7: a FAIL shows no next level; the dash is read as what it means.
              <>
                <span aria-hidden="true">—</span>
                <span className="sr-only">{t("report.noNextLevel")}</span>
              </>
            ),
        },
      ]}
    />
  );
}
