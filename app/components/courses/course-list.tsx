import { Form } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { FilterActions, FilterFold, FilterSelect } from "~/components/ui/filters";
import { Link } from "~/components/ui/link";
import { StatusBadge, statusKey } from "~/components/ui/status-badge";
import { useTranslation } from "~/i18n/react";
import { COURSE_TYPES, STANDARD_SCHEDULES } from "~/modules/calendar/schedules";
import { CUSTOM_SCHEDULE, PHASES } from "~/modules/courses/constants";
import { ALL_LEVELS } from "~/modules/levels/levels";
import { useCourseTypeLabel, useIsolate, useScheduleLabel, useStandardScheduleLabel } from "./labels";
import { type ShownCourse } from "./types";

// The staff's list of courses (/admin/courses): its filters and its table.

/** The list's filters: a GET form, each select naming its query parameter. */
export function CourseFilters({ professors }: { professors: { id: number; name: string }[] }) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const appNames = useAppNames();
  const typeLabel = useCourseTypeLabel();
  const standardLabel = useStandardScheduleLabel();
  const isolate = useIsolate();
  const filters: [name: string, label: string, options: { value: string; label: string }[]][] = [
    ["phase", t("filters.phase"), PHASES.map((p) => ({ value: p, label: t(`phases.${p}`) }))],
    [
      "level",
      t("registration.fields.level"),
      ALL_LEVELS.map((l) => ({ value: String(l.id), label: isolate(appNames.level(l.name)) })),
    ],
    [
      "age",
      t("registration.fields.age_category"),
      [
        { value: "kids", label: t("registration.age.kids") },
        { value: "adults", label: t("registration.age.adults") },
      ],
    ],
    ["type", t("fields.type"), COURSE_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))],
    [
      "schedule",
      t("registration.fields.schedule"),
      [
        ...STANDARD_SCHEDULES.map((s) => ({ value: s.id, label: standardLabel(s.id) })),
        { value: CUSTOM_SCHEDULE, label: t("form.customSchedule") },
      ],
    ],
    ["professor", t("fields.professor"), professors.map((p) => ({ value: String(p.id), label: p.name }))],
    [
      "status",
      t("filters.status"),
      [
        { value: "active", label: t(statusKey("course", "active")) },
        { value: "inactive", label: t(statusKey("course", "inactive")) },
      ],
    ],
  ];
  return (
    <FilterFold>
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-4"
        role="search"
        aria-label={t("filters.label")}
      >
        {filters.map(([name, label, options]) => (
          <FilterSelect key={name} name={name} label={label} options={options} />
        ))}
        <FilterActions />
      </Form>
    </FilterFold>
  );
}

/** One page of courses, each code linking to its page. */
export function CoursesTable({
  rows,
}: {
  rows: (ShownCourse & { id: number; enrolled: number; status: "active" | "inactive" })[];
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const appNames = useAppNames();
  const format = useFormat();
  const typeLabel = useCourseTypeLabel();
  const scheduleLabel = useScheduleLabel();
  return (
    <DataTable
      label={t("title")}
      rows={rows}
      rowKey={(r) => r.id}
      empty={t("empty")}
      stack
      columns={[
        {
          header: t("fields.code"),
          className: "whitespace-nowrap",
          phone: "title",
          cell: (r) => (
            <Link to={`/admin/courses/${r.id}`} className="font-mono font-semibold text-primary-dark underline">
              <bdi>{r.course_id}</bdi>
            </Link>
          ),
        },
        { header: t("fields.number"), phone: "more", cell: (r) => r.course_number },
        { header: t("registration.fields.level"), cell: (r) => <bdi>{appNames.level(r.level)}</bdi> },
        {
          header: t("registration.fields.age_category"),
          phone: "more",
          cell: (r) => t(`registration.age.${r.age_category}`),
        },
        { header: t("fields.type"), phone: "more", cell: (r) => typeLabel(r.type) },
        {
          header: t("registration.fields.schedule"),
          className: "whitespace-nowrap",
          cell: (r) => <bdi>{scheduleLabel(r)}</bdi>,
        },
        {
          header: t("fields.dates"),
          phone: "more",
          cell: (r) => t("dateRange", { start: format.day(r.start_date), end: format.day(r.end_date) }),
        },
        {
          header: t("fields.professor"),
          cell: (r) =>
            r.professor_name ? (
              <bdi>{r.professor_name}</bdi>
            ) : (
              <span className="text-slate-700">{t("noProfessor")}</span>
            ),
        },
        {
          header: t("fields.enrolled"),
          align: "end",
          phone: "more",
          className: "tabular-nums",
          cell: (r) => (
            <span className={r.enrolled >= r.capacity ? "font-semibold text-secondary-dark" : undefined}>
              <bdi dir="ltr">
                {t("enrolledOf", { enrolled: format.number(r.enrolled), capacity: format.number(r.capacity) })}
              </bdi>
            </span>
          ),
        },
        { header: t("filters.status"), phone: "more", cell: (r) => <StatusBadge kind="course" status={r.status} /> },
      ]}
    />
  );
}
