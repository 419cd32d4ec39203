import { Form } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { CourseSearchField } from "~/components/courses/course-search-field";
import { CourseLabel, type CourseLabelParts, useIsolate, useScheduleOptions } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { FilterActions, FilterFold, FilterInput, FilterSelect } from "~/components/ui/filters";
import { Link } from "~/components/ui/link";
import { StatusBadge, statusKey } from "~/components/ui/status-badge";
import { PROMOTIONS } from "~/modules/calendar/schedules";
import { ALL_LEVELS } from "~/modules/levels/levels";
import { AbsenceCount } from "./absence-count";
import { useStudentsTranslation } from "./use-students-translation";

/** The list's GET filters; the order (sort, dir) is kept. */
export function StudentFilters({
  sort,
  dir,
  course,
}: {
  sort: string;
  dir: string;
  /** The code of the course a link filtered by (?course=id). */
  course: string | null;
}) {
  const { t } = useStudentsTranslation();
  const isolate = useIsolate();
  const scheduleOptions = useScheduleOptions();
  const appNames = useAppNames();
  return (
    <FilterFold>
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-4"
        role="search"
        aria-label={t("filters.label")}
      >
        <input type="hidden" name="sort" value={sort} />
        <input type="hidden" name="dir" value={dir} />
        <FilterInput
          name="q"
          label={t("filters.search")}
          maxLength={100}
          placeholder={t("searchHint")}
          className="sm:col-span-2"
        />
        <FilterSelect
          name="status"
          label={t("filters.status")}
          options={["active", "inactive"].map((s) => ({ value: s, label: t(statusKey("student", s)) }))}
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
          options={ALL_LEVELS.map((l) => ({ value: l.id, label: isolate(appNames.level(l.name)) }))}
        />
        <CourseSearchField label={t("columns.course")} chosen={course} />
        <FilterSelect name="schedule" label={t("registration.fields.schedule")} options={scheduleOptions} />
        <FilterSelect
          name="promotion"
          label={t("registration.fields.promotion")}
          options={PROMOTIONS.map((p) => ({ value: p, label: p }))}
        />
        <FilterActions className="sm:col-span-3 lg:col-span-4" />
      </Form>
    </FilterFold>
  );
}

interface StudentRow {
  id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  second_last_name: string | null;
  id_number: string | null;
  level: string;
  course: CourseLabelParts | null;
  status: "active" | "inactive";
  absences: number | null;
  created_at: string;
}

/** A page of students, sortable by name, level and registration date. */
export function StudentTable({ rows, sort, dir }: { rows: StudentRow[]; sort: string; dir: "asc" | "desc" }) {
  const { t } = useStudentsTranslation();
  const appNames = useAppNames();
  const format = useFormat();
  return (
    <DataTable
      label={t("title")}
      rows={rows}
      rowKey={(r) => r.id}
      empty={t("empty")}
      stack
      sorting={{ by: sort, dir, ascLabel: t("sortAscending"), descLabel: t("sortDescending") }}
      columns={[
        {
          header: t("columns.name"),
          sort: "name",
          phone: "title",
          cell: (r) => (
            <Link to={`/admin/students/${r.id}`} className="font-medium text-primary-dark underline">
              <bdi>{[r.first_name, r.middle_name, r.last_name, r.second_last_name].filter(Boolean).join(" ")}</bdi>
            </Link>
          ),
        },
        {
          header: t("registration.fields.id_number"),
          className: "font-mono",
          phone: "more",
          cell: (r) => <bdi>{r.id_number}</bdi>,
        },
        { header: t("registration.fields.level"), sort: "level", cell: (r) => <bdi>{appNames.level(r.level)}</bdi> },
        {
          header: t("columns.course"),
          cell: (r) =>
            r.course ? <CourseLabel course={r.course} /> : <span className="text-slate-700">{t("notEnrolled")}</span>,
        },
        { header: t("filters.status"), cell: (r) => <StatusBadge kind="student" status={r.status} /> },
        {
          header: t("columns.absences"),
          align: "end",
          phone: "more",
          cell: (r) => <AbsenceCount count={r.absences} />,
        },
        { header: t("columns.registered"), sort: "created", phone: "more", cell: (r) => format.date(r.created_at) },
      ]}
    />
  );
}
