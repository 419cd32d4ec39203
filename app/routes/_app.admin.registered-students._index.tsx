import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { FilterActions, FilterInput, FilterSelect } from "~/components/ui/filters";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { listRegistrations, parseRegistrationFilters } from "~/modules/registrations/review.server";
import { ALL_LEVELS, levelById } from "~/modules/students/levels";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "registrations:view");
  const filters = parseRegistrationFilters(new URL(request.url).searchParams);
  const { rows, total } = await listRegistrations(filters);
  const t = await translator(request);
  return json({
    title: t("menu.registeredStudents"),
    rows: rows.map((r) => ({ ...r, level: levelById(r.level_id)?.name ?? "" })),
    total,
    page: filters.page,
    limit: filters.limit,
  });
}

export const meta = titleMeta;

export default function RegisteredStudents() {
  const { rows, total, page, limit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="space-y-4">
      <PageHeader title={t("menu.registeredStudents")} />
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
          options={["pending", "approved", "rejected"].map((s) => ({ value: s, label: t(`status.${s}`) }))}
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
        <FilterInput name="from" type="date" label={t("filters.from")} />
        <FilterInput name="to" type="date" label={t("filters.to")} />
        <FilterActions />
      </Form>
      <DataTable
        label={t("menu.registeredStudents")}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t("registrations.empty")}
        columns={[
          {
            header: t("registrations.reference"),
            cell: (r) => (
              <Link
                to={`/admin/registered-students/${r.id}`}
                className="font-mono font-semibold text-primary-dark underline"
              >
                {r.reference}
              </Link>
            ),
          },
          { header: t("registrations.name"), cell: (r) => `${r.first_name} ${r.last_name} ${r.second_last_name}` },
          { header: t("registration.fields.id_number"), cell: (r) => r.id_number },
          { header: t("registration.fields.age_category"), cell: (r) => t(`registration.age.${r.age_category}`) },
          { header: t("registration.fields.level"), cell: (r) => r.level },
          { header: t("registrations.received"), cell: (r) => format.date(r.created_at) },
          { header: t("filters.status"), cell: (r) => <StatusBadge status={r.status} /> },
        ]}
      />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
