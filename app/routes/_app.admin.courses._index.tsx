import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useCourseTypeLabel, useScheduleLabel, useStandardScheduleLabel } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { FilterActions, FilterSelect } from "~/components/ui/filters";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { listCourses, parseCourseFilters, professorOptions } from "~/modules/courses/courses.server";
import { COURSE_TYPES, STANDARD_SCHEDULES } from "~/modules/courses/schedules";
import { CUSTOM_SCHEDULE, PHASES } from "~/modules/courses/schema";
import { schoolToday } from "~/modules/courses/sessions.server";
import { ALL_LEVELS, levelById } from "~/modules/students/levels";

export const handle = { i18n: ["common", "courses"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "courses:manage");
  const filters = parseCourseFilters(new URL(request.url).searchParams);
  const today = await schoolToday();
  const [{ rows, total }, professors, t] = await Promise.all([
    listCourses(filters, today),
    professorOptions(filters.professor),
    translator(request, "courses"),
  ]);
  return json({
    title: t("title"),
    rows: rows.map((r) => ({ ...r, level: levelById(r.level_id)?.name ?? "" })),
    total,
    page: filters.page,
    limit: filters.limit,
    professors,
  });
}

export const meta = titleMeta;

export default function Courses() {
  const { rows, total, page, limit, professors } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const format = useFormat();
  const typeLabel = useCourseTypeLabel();
  const scheduleLabel = useScheduleLabel();
  const standardLabel = useStandardScheduleLabel();

  const select = (name: string, label: string, options: { value: string; label: string }[]) => (
    <FilterSelect name={name} label={label} options={options} />
  );

  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        actions={
          <Link to="/admin/courses/new" className="btn-primary">
            {t("new")}
          </Link>
        }
      />
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-4"
        role="search"
        aria-label={t("filters.label")}
      >
        {select(
          "phase",
          t("filters.phase"),
          PHASES.map((p) => ({ value: p, label: t(`phases.${p}`) })),
        )}
        {select(
          "level",
          t("registration.fields.level"),
          ALL_LEVELS.map((l) => ({ value: String(l.id), label: l.name })),
        )}
        {select("age", t("registration.fields.age_category"), [
          { value: "kids", label: t("registration.age.kids") },
          { value: "adults", label: t("registration.age.adults") },
        ])}
        {select(
          "type",
          t("fields.type"),
          COURSE_TYPES.map((v) => ({ value: v, label: typeLabel(v) })),
        )}
        {select("schedule", t("registration.fields.schedule"), [
          ...STANDARD_SCHEDULES.map((s) => ({ value: s.id, label: standardLabel(s.id) })),
          { value: CUSTOM_SCHEDULE, label: t("form.customSchedule") },
        ])}
        {select(
          "professor",
          t("fields.professor"),
          professors.map((p) => ({ value: String(p.id), label: p.name })),
        )}
        {select("status", t("filters.status"), [
          { value: "active", label: t("status.active") },
          { value: "inactive", label: t("status.inactive") },
        ])}
        <FilterActions />
      </Form>
      <DataTable
        label={t("title")}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t("empty")}
        columns={[
          {
            header: t("fields.code"),
            className: "whitespace-nowrap",
            cell: (r) => (
              <Link to={`/admin/courses/${r.id}`} className="font-mono font-semibold text-primary-dark underline">
                {r.course_id}
              </Link>
            ),
          },
          { header: t("fields.number"), cell: (r) => r.course_number },
          { header: t("registration.fields.level"), cell: (r) => r.level },
          { header: t("registration.fields.age_category"), cell: (r) => t(`registration.age.${r.age_category}`) },
          { header: t("fields.type"), cell: (r) => typeLabel(r.type) },
          { header: t("registration.fields.schedule"), className: "whitespace-nowrap", cell: (r) => scheduleLabel(r) },
          {
            header: t("fields.dates"),
            cell: (r) => t("dateRange", { start: format.day(r.start_date), end: format.day(r.end_date) }),
          },
          {
            header: t("fields.professor"),
            cell: (r) => r.professor_name ?? <span className="text-slate-700">{t("noProfessor")}</span>,
          },
          {
            header: t("fields.enrolled"),
            align: "end",
            className: "tabular-nums",
            cell: (r) => (
              <span className={r.enrolled >= r.capacity ? "font-semibold text-secondary-dark" : undefined}>
                <bdi dir="ltr">
                  {t("enrolledOf", { enrolled: format.number(r.enrolled), capacity: format.number(r.capacity) })}
                </bdi>
              </span>
            ),
          },
          { header: t("filters.status"), cell: (r) => <StatusBadge status={r.status} /> },
        ]}
      />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
