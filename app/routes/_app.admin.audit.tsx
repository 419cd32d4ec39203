import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FilterInput, FilterSelect } from "~/components/ui/filters";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { AuditTable, useEntityLabel } from "~/components/users/audit-table";
import { ListFilters } from "~/components/users/list-filters";
import { requirePermission } from "~/http/guards.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { auditPage } from "~/modules/audit/audit-log.server";

// The details name fields and values of every part of the app (audit-details.ts).
export const handle = { i18n: ["common", "users", "courses", "gradebook", "school", "students"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "audit:view");
  const [page, t] = await Promise.all([auditPage(new URL(request.url).searchParams), translator(request, "users")]);
  return json({ title: t("audit.title"), ...page });
}

export const meta = titleMeta;

export default function AuditLog() {
  const { rows, total, page, limit, options } = useLoaderData<typeof loader>();
  const { t } = useTranslation("users");
  const entityLabel = useEntityLabel();
  return (
    <div className="space-y-4">
      <PageHeader title={t("audit.title")} back={{ to: "/admin/users", label: t("backToList") }} />
      <ListFilters>
        <FilterSelect
          name="actor"
          label={t("audit.who")}
          options={[
            { value: "system", label: t("audit.system") },
            ...options.actors.map((a) => ({ value: a.id, label: a.name })),
          ]}
        />
        <FilterSelect
          name="entity"
          label={t("audit.entity")}
          options={options.entities.map((e) => ({ value: e, label: entityLabel(e) }))}
        />
        <FilterInput name="from" type="date" label={t("common:filters.from")} />
        <FilterInput name="to" type="date" label={t("common:filters.to")} />
      </ListFilters>
      <AuditTable rows={rows} />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
