import { Form, useSearchParams } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { CourseSearchField } from "~/components/courses/course-search-field";
import { CourseLabel, type CourseLabelParts, useIsolate } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { FilterActions, FilterFold, FilterInput, FilterSelect } from "~/components/ui/filters";
import { Link } from "~/components/ui/link";
import { StatusBadge, statusKey } from "~/components/ui/status-badge";
import { useTranslation } from "~/i18n/react";
import { ALL_LEVELS } from "~/modules/levels/levels";

/** A transfer as the list and its detail show it. */
export interface TransferRow {
  id: number;
  is_group: number;
  status: "pending" | "approved" | "rejected";
  /** The courses' readable labels (issue 19). */
  from_course: CourseLabelParts | null;
  to_course: CourseLabelParts;
  level: string;
  created_at: string;
  created_by_name: string | null;
  decided_at: string | null;
  decided_by_name: string | null;
  students: { id: number; first_name: string; last_name: string; second_last_name: string; id_number: string | null }[];
}

/** The list's GET filters: search, status, kind, course (a search; `course`: the code of a course a link filtered by), level and the dates. */
export function TransferFilters({ course }: { course: string | null }) {
  const { t } = useTranslation("transfers");
  const isolate = useIsolate();
  const appNames = useAppNames();
  return (
    <FilterFold>
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-6"
        role="search"
        aria-label={t("common:filters.label")}
      >
        <FilterInput name="q" label={t("filters.search")} className="sm:col-span-2" />
        <FilterSelect
          name="status_level_change"
          label={t("common:filters.status")}
          options={["pending", "approved", "rejected"].map((s) => ({ value: s, label: t(statusKey("transfer", s)) }))}
        />
        <FilterSelect
          name="kind"
          label={t("filters.kind")}
          options={[
            { value: "single", label: t("kind.single") },
            { value: "group", label: t("kind.group") },
          ]}
        />
        <CourseSearchField label={t("filters.course")} chosen={course} />
        <FilterSelect
          name="level"
          label={t("filters.level")}
          options={ALL_LEVELS.map((l) => ({ value: l.id, label: isolate(appNames.level(l.name)) }))}
        />
        <FilterInput name="from" type="date" label={t("common:filters.from")} />
        <FilterInput name="to" type="date" label={t("common:filters.to")} />
        <FilterActions />
      </Form>
    </FilterFold>
  );
}

/** One page of transfers; a row's link opens it (?id=) keeping the filters. */
export function TransferTable({ rows }: { rows: TransferRow[] }) {
  const { t } = useTranslation("transfers");
  const appNames = useAppNames();
  const format = useFormat();
  const [params] = useSearchParams();
  const byline = (name: string | null) =>
    name ? <span className="block text-xs text-slate-700">{t("by", { name })}</span> : null;
  return (
    <DataTable
      label={t("title")}
      rows={rows}
      rowKey={(r) => r.id}
      rowClassName="align-top"
      empty={t("empty")}
      stack
      columns={[
        {
          header: t("columns.transfer"),
          phone: "title",
          cell: (r) => (
            <Link
              to={`?${new URLSearchParams({ ...Object.fromEntries(params), id: String(r.id) })}`}
              className="font-semibold text-primary-dark underline"
            >
              {t("common:number", { id: r.id })} ·{" "}
              {r.is_group ? t("bell.group", { count: r.students.length }) : t("kind.single")}
            </Link>
          ),
        },
        {
          header: t("columns.students"),
          cell: (r) => (
            <>
              {r.students.slice(0, 3).map((s) => (
                <span key={s.id} className="block">
                  <bdi>{`${s.first_name} ${s.last_name}`}</bdi> · <bdi>{s.id_number || t("bell.na")}</bdi>
                </span>
              ))}
              {r.students.length > 3 ? <span className="block text-slate-700">+{r.students.length - 3}</span> : null}
            </>
          ),
        },
        {
          header: t("columns.from"),
          phone: "more",
          cell: (r) => (r.from_course ? <CourseLabel course={r.from_course} /> : "—"),
        },
        { header: t("columns.to"), cell: (r) => <CourseLabel course={r.to_course} /> },
        { header: t("columns.level"), phone: "more", cell: (r) => <bdi>{appNames.level(r.level)}</bdi> },
        { header: t("columns.status"), cell: (r) => <StatusBadge kind="transfer" status={r.status} /> },
        {
          header: t("columns.created"),
          phone: "more",
          cell: (r) => (
            <>
              {format.date(r.created_at)}
              {byline(r.created_by_name)}
            </>
          ),
        },
        {
          header: t("columns.decided"),
          phone: "more",
          cell: (r) => (
            <>
              {r.decided_at ? format.date(r.decided_at) : "—"}
              {byline(r.decided_by_name)}
            </>
          ),
        },
      ]}
    />
  );
}
