import { Form } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { useIsolate } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { FilterActions, FilterFold, FilterInput, FilterSelect } from "~/components/ui/filters";
import { Link } from "~/components/ui/link";
import { StatusBadge, statusKey } from "~/components/ui/status-badge";
import { useTranslation } from "~/i18n/react";
import { ALL_LEVELS } from "~/modules/levels/levels";

/** The list's GET filters: search, status, age category, level and the dates received. */
export function RegistrationFilters() {
  const { t } = useTranslation();
  const isolate = useIsolate();
  const appNames = useAppNames();
  return (
    <FilterFold>
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-6"
        role="search"
        aria-label={t("filters.label")}
      >
        <FilterInput
          name="q"
          label={t("filters.search")}
          placeholder={t("registrations.searchHint")}
          className="sm:col-span-2"
        />
        <FilterSelect
          name="status"
          label={t("filters.status")}
          options={["pending", "approved", "rejected"].map((s) => ({
            value: s,
            label: t(statusKey("registration", s)),
          }))}
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
        <FilterInput name="from" type="date" label={t("filters.from")} />
        <FilterInput name="to" type="date" label={t("filters.to")} />
        <FilterActions />
      </Form>
    </FilterFold>
  );
}

interface RegistrationRow {
  id: number;
  reference: string;
  first_name: string;
  last_name: string;
  second_last_name: string;
  id_number: string | null;
  age_category: string;
  level: string;
  created_at: string;
  status: "pending" | "approved" | "rejected";
}

/** A page of registrations; the reference opens one. */
export function RegistrationTable({ rows }: { rows: RegistrationRow[] }) {
  const { t } = useTranslation();
  const appNames = useAppNames();
  const format = useFormat();
  return (
    <DataTable
      label={t("menu.registeredStudents")}
      rows={rows}
      rowKey={(r) => r.id}
      empty={t("registrations.empty")}
      stack
      columns={[
        {
          header: t("registrations.reference"),
          cell: (r) => (
            <Link
              to={`/admin/registered-students/${r.id}`}
              className="font-mono font-semibold text-primary-dark underline"
            >
              <bdi>{r.reference}</bdi>
            </Link>
          ),
        },
        {
          header: t("registrations.name"),
          phone: "title",
          cell: (r) => <bdi>{`${r.first_name} ${r.last_name} ${r.second_last_name}`}</bdi>,
        },
        { header: t("registration.fields.id_number"), phone: "more", cell: (r) => <bdi>{r.id_number}</bdi> },
        {
          header: t("registration.fields.age_category"),
          phone: "more",
          cell: (r) => t(`registration.age.${r.age_category}`),
        },
        { header: t("registration.fields.level"), cell: (r) => <bdi>{appNames.level(r.level)}</bdi> },
        { header: t("registrations.received"), phone: "more", cell: (r) => format.date(r.created_at) },
        { header: t("filters.status"), cell: (r) => <StatusBadge kind="registration" status={r.status} /> },
      ]}
    />
  );
}
