import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ResultBadge, useCategoryLabel, useGradeFormat } from "~/components/grades/grades";
import { AbsenceCount } from "~/components/students/absence-count";
import { translator } from "~/i18n/i18n.server";
import { requireCourseProfessor } from "~/modules/courses/access.server";
import { type ReportRow, loadCourseReport } from "~/modules/grades/report.server";

// "students" for the absence highlight's words (AbsenceCount).
export const handle = { i18n: ["common", "course", "gradebook", "students"] };

const REPORT_SORTS = ["name", "final", "absences"] as const;
type ReportSort = (typeof REPORT_SORTS)[number];
type Dir = "asc" | "desc";

/** Only the whitelisted columns and directions; anything else is the default. */
function sortFrom(request: Request): { sort: ReportSort; dir: Dir } {
  const params = new URL(request.url).searchParams;
  const raw = params.get("sort");
  const sort = (REPORT_SORTS as readonly string[]).includes(raw ?? "") ? (raw as ReportSort) : "name";
  const dir: Dir = params.get("dir") === "desc" ? "desc" : "asc";
  return { sort, dir };
}

/**
 * The report comes in the gradebook's order (by surname): "name" keeps it.
 * Missing final grades go last whatever the direction; ties by name.
 */
function sortRows(rows: ReportRow[], sort: ReportSort, dir: Dir) {
  const sign = dir === "asc" ? 1 : -1;
  const position = new Map(rows.map((r, i) => [r.id, i]));
  const byName = (a: ReportRow, b: ReportRow) => position.get(a.id)! - position.get(b.id)!;
  return [...rows].sort((a, b) => {
    if (sort === "name") return sign * byName(a, b);
    if (sort === "final") {
      if (a.final === null || b.final === null) return (a.final === null ? 1 : 0) - (b.final === null ? 1 : 0) || byName(a, b);
      return sign * (a.final - b.final) || byName(a, b);
    }
    return sign * (a.attendance.absences - b.attendance.absences) || byName(a, b);
  });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params.id);
  const { sort, dir } = sortFrom(request);
  const [report, t] = await Promise.all([loadCourseReport(courseId), translator(request, "gradebook")]);
  return json({
    title: `${t("report.title")} · ${report.course.course_id}`,
    course: { id: report.course.id, level: report.course.level },
    exam: report.exam,
    categories: report.categories,
    sort,
    dir,
    rows: sortRows(report.rows, sort, dir),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

const MODULE_KEYS: Record<string, string> = {
  "Reading & Writing": "readingWriting",
  Reading: "reading",
  Writing: "writing",
  Listening: "listening",
  Speaking: "speaking",
};

export default function StudentReport() {
  const { course, exam, categories, sort, dir, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation("gradebook");
  const format = useGradeFormat();
  const categoryLabel = useCategoryLabel(exam);
  const moduleLabel = (m: string) => (MODULE_KEYS[m] ? t(`modules.${MODULE_KEYS[m]}`) : m);

  return (
    <section aria-labelledby="report-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="report-title" className="text-2xl font-semibold">{t("report.title")}</h1>
        <Link to={`/course/${course.id}/gradebook`} className="text-sm text-primary-dark underline">
          {t("report.toGradebook")}
        </Link>
      </div>
      <p className="max-w-3xl text-sm text-slate-700">{t("report.help")}</p>
      {rows.length ? (
        <div className="max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white">
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
                  <Td align="start">{r.nextLevel}</Td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="card text-slate-800">{t("report.noStudents")}</p>
      )}
      <p className="text-xs text-slate-700">{t("report.legend")}</p>
    </section>
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
