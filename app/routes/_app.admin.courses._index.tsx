import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useCourseTypeLabel, useScheduleLabel, useStandardScheduleLabel } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { FilterActions, FilterSelect } from "~/components/ui/filters";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { listCourses, parseCourseFilters, professorOptions } from "~/modules/courses/courses.server";
import { COURSE_TYPES, STANDARD_SCHEDULES } from "~/modules/courses/schedules";
import { CUSTOM_SCHEDULE, PHASES } from "~/modules/courses/schema";
import { schoolToday } from "~/modules/courses/sessions.server";
import { ALL_LEVELS, levelById } from "~/modules/students/levels";
import { TableScroll } from "~/components/ui/table-scroll";
import { titleMeta } from "~/components/ui/meta";

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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <Link to="/admin/courses/new" className="btn-primary">{t("new")}</Link>
      </div>
      <Form method="get" className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-4" role="search" aria-label={t("filters.label")}>
        {select("phase", t("filters.phase"), PHASES.map((p) => ({ value: p, label: t(`phases.${p}`) })))}
        {select("level", t("registration.fields.level"), ALL_LEVELS.map((l) => ({ value: String(l.id), label: l.name })))}
        {select("age", t("registration.fields.age_category"), [
          { value: "kids", label: t("registration.age.kids") },
          { value: "adults", label: t("registration.age.adults") },
        ])}
        {select("type", t("fields.type"), COURSE_TYPES.map((v) => ({ value: v, label: typeLabel(v) })))}
        {select("schedule", t("registration.fields.schedule"), [
          ...STANDARD_SCHEDULES.map((s) => ({ value: s.id, label: standardLabel(s.id) })),
          { value: CUSTOM_SCHEDULE, label: t("form.customSchedule") },
        ])}
        {select("professor", t("fields.professor"), professors.map((p) => ({ value: String(p.id), label: p.name })))}
        {select("status", t("filters.status"), [
          { value: "active", label: t("status.active") },
          { value: "inactive", label: t("status.inactive") },
        ])}
        <FilterActions />
      </Form>
      <TableScroll label={t("title")} className="rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t("title")}</caption>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">{t("fields.code")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("fields.number")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("registration.fields.level")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("registration.fields.age_category")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("fields.type")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("registration.fields.schedule")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("fields.dates")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("fields.professor")}</th>
              <th scope="col" className="px-3 py-2 text-end">{t("fields.enrolled")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("filters.status")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={10} className="px-3 py-6 text-center text-slate-700">{t("empty")}</td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <td className="whitespace-nowrap px-3 py-2">
                    <Link to={`/admin/courses/${r.id}`} className="font-mono font-semibold text-primary-dark underline">{r.course_id}</Link>
                  </td>
                  <td className="px-3 py-2">{r.course_number}</td>
                  <td className="px-3 py-2">{r.level}</td>
                  <td className="px-3 py-2">{t(`registration.age.${r.age_category}`)}</td>
                  <td className="px-3 py-2">{typeLabel(r.type)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{scheduleLabel(r)}</td>
                  <td className="px-3 py-2">{t("dateRange", { start: format.day(r.start_date), end: format.day(r.end_date) })}</td>
                  <td className="px-3 py-2">{r.professor_name ?? <span className="text-slate-700">{t("noProfessor")}</span>}</td>
                  <td className="px-3 py-2 text-end tabular-nums">
                    <span className={r.enrolled >= r.capacity ? "font-semibold text-secondary-dark" : undefined}>
                      <bdi dir="ltr">{t("enrolledOf", { enrolled: format.number(r.enrolled), capacity: format.number(r.capacity) })}</bdi>
                    </span>
                  </td>
                  <td className="px-3 py-2"><StatusBadge status={r.status} /></td>
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
