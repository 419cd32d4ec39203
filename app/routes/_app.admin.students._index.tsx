import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useFormat } from "~/components/format";
import { AbsenceCount } from "~/components/students/absence-count";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { DataTable } from "~/components/ui/data-table";
import { FilterSelect } from "~/components/ui/filters";
import { useScheduleOptions } from "~/components/ui/form-fields";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { can } from "~/modules/auth/permissions";
import { PROMOTIONS } from "~/modules/courses/schedules";
import { ALL_LEVELS, levelById } from "~/modules/students/levels";
import { courseOptions, listStudents, parseStudentFilters } from "~/modules/students/students.server";

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
  const scheduleOptions = useScheduleOptions();

  // The export keeps the filters and the order, not the page.
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  exportParams.delete("limit");
  const exportQuery = exportParams.toString();

  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        actions={
          <>
            <a href={`/admin/students.csv${exportQuery ? `?${exportQuery}` : ""}`} download className="btn-secondary">
              {t("export")}
            </a>
            {canEdit ? (
              <Link to="/admin/students/new" className="btn-primary">
                {t("new")}
              </Link>
            ) : null}
          </>
        }
      />
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-4"
        role="search"
        aria-label={t("filters.label")}
      >
        <input type="hidden" name="sort" value={sort} />
        <input type="hidden" name="dir" value={dir} />
        <div className="sm:col-span-2">
          <label htmlFor="q" className="field-label">
            {t("filters.search")}
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            maxLength={100}
            className="field-input"
            placeholder={t("searchHint")}
          />
        </div>
        <FilterSelect
          name="status"
          label={t("filters.status")}
          options={["active", "inactive"].map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <FilterSelect
          name="age"
          label={t("registration.fields.age_category")}
          options={[
            { value: "kids", label: t("registration.age.kids") },
            { value: "adults", label: t("registration.age.adults") },
          ]}
        />
        <FilterSelect
          name="level"
          label={t("registration.fields.level")}
          options={ALL_LEVELS.map((l) => ({ value: l.id, label: l.name }))}
        />
        <FilterSelect
          name="course"
          label={t("columns.course")}
          options={courses.map((c) => ({ value: c.id, label: c.course_id }))}
        />
        <FilterSelect name="schedule" label={t("registration.fields.schedule")} options={scheduleOptions} />
        <FilterSelect
          name="promotion"
          label={t("registration.fields.promotion")}
          options={PROMOTIONS.map((p) => ({ value: p, label: p }))}
        />
        <div className="flex items-end gap-2 sm:col-span-3 lg:col-span-4">
          <button type="submit" className="btn-primary">
            {t("filters.apply")}
          </button>
          <Link to="?" className="btn-secondary">
            {t("filters.clear")}
          </Link>
        </div>
      </Form>
      <DataTable
        label={t("title")}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t("empty")}
        sorting={{ by: sort, dir, ascLabel: t("sortAscending"), descLabel: t("sortDescending") }}
        columns={[
          {
            header: t("columns.name"),
            sort: "name",
            cell: (r) => (
              <Link to={`/admin/students/${r.id}`} className="font-medium text-primary-dark underline">
                {[r.first_name, r.middle_name, r.last_name, r.second_last_name].filter(Boolean).join(" ")}
              </Link>
            ),
          },
          { header: t("registration.fields.id_number"), className: "font-mono", cell: (r) => r.id_number },
          { header: t("registration.fields.level"), sort: "level", cell: (r) => r.level },
          {
            header: t("columns.course"),
            cell: (r) => r.course_code ?? <span className="text-slate-700">{t("notEnrolled")}</span>,
          },
          { header: t("filters.status"), cell: (r) => <StatusBadge status={r.status} /> },
          { header: t("columns.absences"), align: "end", cell: (r) => <AbsenceCount count={r.absences} /> },
          { header: t("columns.registered"), sort: "created", cell: (r) => format.date(r.created_at) },
        ]}
      />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
