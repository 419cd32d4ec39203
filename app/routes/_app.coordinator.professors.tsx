import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/format";
import { titleMeta } from "~/components/ui/meta";
import { Pagination } from "~/components/ui/pagination";
import { TableScroll } from "~/components/ui/table-scroll";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { can } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/courses/sessions.server";
import { levelById } from "~/modules/students/levels";
import { parseOverviewFilters, professorsOverview } from "~/modules/teachers/teachers.server";
import { TERMS } from "~/modules/teachers/terms";

export const handle = { i18n: ["common", "school"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "professors:overview");
  const filters = parseOverviewFilters(new URL(request.url).searchParams);
  const [{ rows, total }, t] = await Promise.all([
    professorsOverview(filters, await schoolToday()),
    translator(request, "school"),
  ]);
  return json({
    title: t("professors.title"),
    rows: rows.map((p) => ({
      ...p,
      courses: p.courses.map((c) => ({ ...c, level: levelById(c.levelId)?.name ?? "" })),
    })),
    total,
    page: filters.page,
    limit: filters.limit,
    term: filters.term,
    opensCourses: can(user.role, "courses:manage"),
  });
}

export const meta = titleMeta;

export default function ProfessorsOverview() {
  const { rows, total, page, limit, term, opensCourses } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["school", "common"]);
  const format = useFormat();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("professors.title")}</h1>
      <p className="text-slate-700">{t("professors.intro")}</p>
      <nav aria-label={t("professors.termLabel")}>
        <ul className="inline-flex gap-1 rounded-md border border-slate-300 bg-white p-1">
          {TERMS.map((k) => (
            <li key={k}>
              <Link
                to={`?term=${k}`}
                aria-current={k === term ? "page" : undefined}
                className={`block rounded px-3 py-1 text-sm font-medium ${k === term ? "bg-primary-dark text-white" : "text-slate-800 hover:bg-slate-100"}`}
              >
                {t(`professors.term.${k}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TableScroll label={t(`professors.term.${term}`)} className="rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t(`professors.term.${term}`)}</caption>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">
                {t("common:roles.professor")}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t("professors.course")}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t("professors.level")}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {t("professors.held")}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {t("professors.attendance")}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {t("professors.grades")}
              </th>
            </tr>
          </thead>
          {rows.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-slate-700">
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
                    <th scope="row" className="px-3 py-2 text-start font-medium">
                      {p.name}
                    </th>
                    <td colSpan={5} className="px-3 py-2 text-slate-700">
                      {t("professors.noCourses")}
                    </td>
                  </tr>
                ) : (
                  p.courses.map((c, i) => {
                    const behind = c.attendanceTaken < c.held;
                    return (
                      <tr key={c.id} className={i > 0 ? "border-t border-slate-200" : undefined}>
                        {i === 0 ? (
                          <th
                            scope="rowgroup"
                            rowSpan={p.courses.length}
                            className="px-3 py-2 text-start align-top font-medium"
                          >
                            {p.name}
                          </th>
                        ) : null}
                        <td className="px-3 py-2 [overflow-wrap:anywhere]">
                          {opensCourses ? (
                            <Link to={`/admin/courses/${c.id}`} className="text-primary-dark underline">
                              {c.code}
                            </Link>
                          ) : (
                            c.code
                          )}
                        </td>
                        <td className="px-3 py-2">{c.level}</td>
                        <td className="px-3 py-2 text-end tabular-nums">{format.number(c.held)}</td>
                        <td
                          className={`px-3 py-2 text-end tabular-nums ${behind ? "font-semibold text-amber-900" : ""}`}
                        >
                          {t("professors.ofHeld", {
                            taken: format.number(c.attendanceTaken),
                            held: format.number(c.held),
                          })}
                          {behind ? <span className="sr-only"> ({t("professors.behind")})</span> : null}
                        </td>
                        <td className="px-3 py-2 text-end tabular-nums">
                          {c.gradesPercent === null
                            ? "—"
                            : t("professors.gradesValue", {
                                percent: format.percent(c.gradesPercent, 0),
                                entered: format.number(c.gradesEntered),
                                expected: format.number(c.gradesExpected),
                              })}
                        </td>
                      </tr>
                    );
                  })
                )}
              </tbody>
            ))
          )}
        </table>
      </TableScroll>
      <p className="text-sm text-slate-700">{t("professors.explain")}</p>
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
