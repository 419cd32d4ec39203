import { CourseLabel } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { Link } from "~/components/ui/link";
import { TableScroll } from "~/components/ui/table-scroll";
import { useTranslation } from "~/i18n/react";

/** A course of a professor in the overview, with its progress. */
export interface OverviewCourse {
  id: number;
  code: string;
  level: string;
  /** With the code and level, the course's readable label (issue 19; the professor is implied). */
  schedule_days: string;
  start_time: string;
  end_time: string;
  /** The course page, for a reader who may open it. */
  href: string | null;
  held: number;
  attendanceTaken: number;
  gradesEntered: number;
  gradesExpected: number;
  gradesPercent: number | null;
}

export interface OverviewProfessor {
  id: number;
  name: string;
  courses: OverviewCourse[];
}

const CELL = "px-3 py-2";
const NUMBER = `${CELL} text-end tabular-nums`;

/**
 * The professors' overview table: one row group per professor (`<tbody>`),
 * whose name heads its courses' rows. Kept out of DataTable on purpose (ADR 035).
 */
export function ProfessorsTable({ label, rows }: { label: string; rows: OverviewProfessor[] }) {
  const { t } = useTranslation(["school", "common"]);
  const headers = [
    ["common:roles.professor", "text-start"],
    ["professors.course", "text-start"],
    ["professors.held", "text-end"],
    ["professors.attendance", "text-end"],
    ["professors.grades", "text-end"],
  ] as const;
  return (
    <TableScroll label={label} className="rounded-lg border border-slate-200 bg-white">
      <table className="sticky-first min-w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-100">
          <tr>
            {headers.map(([key, align]) => (
              <th key={key} scope="col" className={`${CELL} ${align}`}>
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        {rows.length === 0 ? (
          <tbody>
            <tr>
              <td colSpan={headers.length} className="px-3 py-6 text-center text-slate-700">
                {t("professors.empty")}
              </td>
            </tr>
          </tbody>
        ) : (
          rows.map((p) => (
            // One row group per professor: the name heads its courses' rows.
            <tbody key={p.id} className="border-t-2 border-slate-300">
              {p.courses.length === 0 ? (
                <tr>
                  <th scope="row" className={`${CELL} text-start font-medium`}>
                    {p.name}
                  </th>
                  <td colSpan={headers.length - 1} className={`${CELL} text-slate-700`}>
                    {t("professors.noCourses")}
                  </td>
                </tr>
              ) : (
                p.courses.map((c, i) => (
                  <tr key={c.id} className={i > 0 ? "border-t border-slate-200" : undefined}>
                    {i === 0 ? (
                      <th
                        scope="rowgroup"
                        rowSpan={p.courses.length}
                        className={`${CELL} text-start align-top font-medium`}
                      >
                        {p.name}
                      </th>
                    ) : null}
                    <CourseCells course={c} />
                  </tr>
                ))
              )}
            </tbody>
          ))
        )}
      </table>
    </TableScroll>
  );
}

/** A course's cells: its code, level and schedule (a link where the reader may open it), sessions held, attendance and grades. */
function CourseCells({ course: c }: { course: OverviewCourse }) {
  const { t } = useTranslation("school");
  const format = useFormat();
  const behind = c.attendanceTaken < c.held;
  const label = { ...c, course_id: c.code };
  return (
    <>
      <td className={CELL}>
        {c.href ? (
          <Link to={c.href} className="text-primary-dark underline">
            <CourseLabel course={label} professor={false} />
          </Link>
        ) : (
          <CourseLabel course={label} professor={false} />
        )}
      </td>
      <td className={NUMBER}>{format.number(c.held)}</td>
      <td className={`${NUMBER} ${behind ? "font-semibold text-amber-900" : ""}`}>
        {t("professors.ofHeld", { taken: format.number(c.attendanceTaken), held: format.number(c.held) })}
        {behind ? <span className="sr-only"> ({t("professors.behind")})</span> : null}
      </td>
      <td className={NUMBER}>
        {c.gradesPercent === null
          ? "—"
          : t("professors.gradesValue", {
              percent: format.percent(c.gradesPercent, 0),
              entered: format.number(c.gradesEntered),
              expected: format.number(c.gradesExpected),
            })}
      </td>
    </>
  );
}
