import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { useFormat } from "~/components/format";
import { AbsenceCount } from "~/components/students/absence-count";
import { FilterSelect } from "~/components/ui/filters";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { can } from "~/modules/auth/permissions";
import { PROMOTIONS, STANDARD_SCHEDULES } from "~/modules/courses/schedules";
import { ALL_LEVELS, levelById } from "~/modules/students/levels";
import { type StudentSort, courseOptions, listStudents, parseStudentFilters } from "~/modules/students/students.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { titleMeta } from "~/components/ui/meta";

export const handle = { i18n: ["common", "students"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "students:view");
  const filters = parseStudentFilters(new URL(request.url).searchParams);
  const [{ rows, total }, courses] = await Promise.all([listStudents(filters), courseOptions()]);
  const t = await translator(request, "students");
  return json({
    title: t("title"),
    rows: rows.map((r) => ({ ...r, level: levelById(r.level_id)?.name ?? "" })),
    total,
    page: filters.page,
    limit: filters.limit,
    sort: filters.sort,
    dir: filters.dir,
    courses,
    canEdit: can(user.role, "students:edit"),
  });
}

export const meta = titleMeta;


export default function Students() {
  const { rows, total, page, limit, sort, dir, courses, canEdit } = useLoaderData<typeof loader>();
  const { t } = useStudentsTranslation();
  const format = useFormat();
  const [params] = useSearchParams();

  // The export keeps the filters and the order, not the page.
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  exportParams.delete("limit");
  const exportQuery = exportParams.toString();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <div className="flex flex-wrap gap-2">
          <a href={`/admin/students.csv${exportQuery ? `?${exportQuery}` : ""}`} download className="btn-secondary">
            {t("export")}
          </a>
          {canEdit ? (
            <Link to="/admin/students/new" className="btn-primary">
              {t("new")}
            </Link>
          ) : null}
        </div>
      </div>
      <Form method="get" className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-4" role="search" aria-label={t("filters.label")}>
        <input type="hidden" name="sort" value={sort} />
        <input type="hidden" name="dir" value={dir} />
        <div className="sm:col-span-2">
          <label htmlFor="q" className="field-label">{t("filters.search")}</label>
          <input id="q" name="q" type="search" defaultValue={params.get("q") ?? ""} maxLength={100} className="field-input" placeholder={t("searchHint")} />
        </div>
        <FilterSelect name="status" label={t("filters.status")} options={["active", "inactive"].map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        <FilterSelect
          name="age"
          label={t("registration.fields.age_category")}
          options={[{ value: "kids", label: t("registration.age.kids") }, { value: "adults", label: t("registration.age.adults") }]}
        />
        <FilterSelect name="level" label={t("registration.fields.level")} options={ALL_LEVELS.map((l) => ({ value: l.id, label: l.name }))} />
        <FilterSelect name="course" label={t("columns.course")} options={courses.map((c) => ({ value: c.id, label: c.course_id }))} />
        <FilterSelect
          name="schedule"
          label={t("registration.fields.schedule")}
          options={STANDARD_SCHEDULES.map((s) => ({
            value: s.id,
            label: t("registration.scheduleLabel", { days: t(`registration.days.${s.days}`), start: s.start_time, end: s.end_time }),
          }))}
        />
        <FilterSelect name="promotion" label={t("registration.fields.promotion")} options={PROMOTIONS.map((p) => ({ value: p, label: p }))} />
        <div className="flex items-end gap-2 sm:col-span-3 lg:col-span-4">
          <button type="submit" className="btn-primary">{t("filters.apply")}</button>
          <Link to="?" className="btn-secondary">{t("filters.clear")}</Link>
        </div>
      </Form>
      <TableScroll label={t("title")} className="rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t("title")}</caption>
          <thead className="bg-slate-100">
            <tr>
              <SortableHeader column="name" sort={sort} dir={dir} label={t("columns.name")} />
              <th scope="col" className="px-3 py-2 text-start">{t("registration.fields.id_number")}</th>
              <SortableHeader column="level" sort={sort} dir={dir} label={t("registration.fields.level")} />
              <th scope="col" className="px-3 py-2 text-start">{t("columns.course")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("filters.status")}</th>
              <th scope="col" className="px-3 py-2 text-end">{t("columns.absences")}</th>
              <SortableHeader column="created" sort={sort} dir={dir} label={t("columns.registered")} />
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-6 text-center text-slate-700">{t("empty")}</td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <td className="px-3 py-2">
                    <Link to={`/admin/students/${r.id}`} className="font-medium text-primary-dark underline">
                      {[r.first_name, r.middle_name, r.last_name, r.second_last_name].filter(Boolean).join(" ")}
                    </Link>
                  </td>
                  <td className="px-3 py-2 font-mono">{r.id_number}</td>
                  <td className="px-3 py-2">{r.level}</td>
                  <td className="px-3 py-2">{r.course_code ?? <span className="text-slate-700">{t("notEnrolled")}</span>}</td>
                  <td className="px-3 py-2"><StatusBadge status={r.status} /></td>
                  <td className="px-3 py-2 text-end"><AbsenceCount count={r.absences} /></td>
                  <td className="px-3 py-2">{format.date(r.created_at)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}

/** A column header that sorts by it (a link, so it works without JavaScript); again reverses. */
function SortableHeader({ column, sort, dir, label }: { column: StudentSort; sort: StudentSort; dir: "asc" | "desc"; label: string }) {
  const { t } = useTranslation("students");
  const location = useLocation();
  const active = sort === column;
  const next = active && dir === "asc" ? "desc" : "asc";
  const params = new URLSearchParams(location.search);
  params.set("sort", column);
  params.set("dir", next);
  params.delete("page");
  return (
    <th scope="col" className="px-3 py-2 text-start" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={`?${params}`} className="inline-flex items-center gap-1 underline decoration-dotted underline-offset-4">
        {label}
        <span className="sr-only"> — {t(next === "asc" ? "sortAscending" : "sortDescending")}</span>
        <span aria-hidden="true">{active ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </Link>
    </th>
  );
}
