import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AbsenceCount } from "~/components/students/absence-count";
import type { GradingCategory } from "~/db/schema";
import type { Dir, ReportSort } from "~/modules/grades/report-sort";
import type { ReportRow } from "~/modules/grades/report.server";
import type { ExamType } from "~/modules/students/levels";
import { ResultBadge, useCategoryLabel, useGradeFormat } from "./grades";
import { TableScroll } from "~/components/ui/table-scroll";

const MODULE_KEYS: Record<string, string> = {
  "Reading & Writing": "readingWriting",
  Reading: "reading",
  Writing: "writing",
  Listening: "listening",
  Speaking: "speaking",
};

/** The student report's table (professor's page and the staff's read-only view share it). */
export function ReportTable({ rows, categories, exam, sort, dir }: {
  rows: ReportRow[];
  categories: readonly GradingCategory[];
  exam: ExamType | null;
  sort: ReportSort;
  dir: Dir;
}) {
  const { t } = useTranslation("gradebook");
  const format = useGradeFormat();
  const categoryLabel = useCategoryLabel(exam);
  const moduleLabel = (m: string) => (MODULE_KEYS[m] ? t(`modules.${MODULE_KEYS[m]}`) : m);
  return (
    <>
      {rows.length ? (
        <TableScroll label={t("report.caption")} className="max-w-full rounded-lg border border-slate-200 bg-white">
          <table className="min-w-max border-separate border-spacing-0 text-sm">
            <caption className="sr-only">{t("report.caption")}</caption>
            <thead>
              <tr>
                <SortableHeader column="name" sort={sort} dir={dir} label={t("report.columns.student")} className="sticky start-0 z-20 border-e text-start" />
                <Th>{t("report.columns.present")}</Th>
                <Th>{t("report.columns.recovered")}</Th>
                <Th>{t("report.columns.late")}</Th>
                <Th>{t("report.columns.absent")}</Th>
                <Th>{t("report.columns.score")}</Th>
                <SortableHeader column="absences" sort={sort} dir={dir} label={t("report.columns.absences")} className="text-end" />
                {categories.map((c) => (
                  <Th key={c}>{categoryLabel(c)}</Th>
                ))}
                <SortableHeader column="final" sort={sort} dir={dir} label={t("report.columns.final")} className="text-end" />
                <Th className="text-center">{t("report.columns.result")}</Th>
                <Th className="text-start">{t("report.columns.band")}</Th>
                <Th className="text-start">{t("report.columns.exam")}</Th>
                <Th className="text-start">{t("report.columns.nextLevel")}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="group" data-student={r.id}>
                  <th scope="row" className="sticky start-0 z-10 max-w-[14rem] border-b border-e border-slate-200 bg-white px-3 py-2 text-start font-medium group-hover:bg-slate-50">
                    {r.name}
                  </th>
                  <Td>{format.count(r.attendance.present)}</Td>
                  <Td>{format.count(r.attendance.recovered)}</Td>
                  <Td>{format.count(r.attendance.late)}</Td>
                  <Td>{format.count(r.attendance.absent)}</Td>
                  <Td>{format.percent(r.attendance.score)}</Td>
                  <Td>
                    <AbsenceCount count={r.attendance.absences} />
                  </Td>
                  {categories.map((c) => (
                    <Td key={c}>{format.score(r.averages[c])}</Td>
                  ))}
                  <Td className="font-semibold">{format.score(r.final)}</Td>
                  <Td align="center">
                    <ResultBadge result={r.result} />
                  </Td>
                  <Td align="start">{r.band}</Td>
                  <Td align="start">
                    {r.exam ? (
                      <>
                        <span className="font-medium">{r.exam}</span>
                        <span className="block text-xs text-slate-700">{r.modules.map(moduleLabel).join(" · ")}</span>
                      </>
                    ) : (
                      t("report.noExam")
                    )}
                  </Td>
                  <Td align="start">
                    {r.nextLevel ?? (
                      // PRODUCT 7: a FAIL shows no next level; the dash is read as what it means.
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">{t("report.noNextLevel")}</span>
                      </>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="card text-slate-800">{t("report.noStudents")}</p>
      )}
    </>
  );
}

function Th({ children, className = "text-end" }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`border-b border-slate-200 bg-slate-50 px-3 py-2 align-bottom font-semibold ${className}`}>
      {children}
    </th>
  );
}

const ALIGN = { start: "text-start", center: "text-center", end: "text-end tabular-nums" } as const;

function Td({ children, align = "end", className = "" }: { children: ReactNode; align?: keyof typeof ALIGN; className?: string }) {
  return <td className={`border-b border-slate-200 px-3 py-2 ${ALIGN[align]} ${className}`}>{children}</td>;
}

/** A column header that sorts by it (a link, so it works without JavaScript); again reverses. */
function SortableHeader({ column, sort, dir, label, className }: { column: ReportSort; sort: ReportSort; dir: Dir; label: string; className: string }) {
  const { t } = useTranslation("gradebook");
  const location = useLocation();
  const active = sort === column;
  const next = active && dir === "asc" ? "desc" : "asc";
  const params = new URLSearchParams(location.search);
  params.set("sort", column);
  params.set("dir", next);
  return (
    <th scope="col" className={`border-b border-slate-200 bg-slate-50 px-3 py-2 align-bottom font-semibold ${className}`} aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={`?${params}`} preventScrollReset className="inline-flex items-center gap-1 underline decoration-dotted underline-offset-4">
        {label}
        <span className="sr-only"> — {t(next === "asc" ? "report.sortAscending" : "report.sortDescending")}</span>
        <span aria-hidden="true">{active ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </Link>
    </th>
  );
}
