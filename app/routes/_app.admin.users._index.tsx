import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/ui/data-table";
import { FilterInput, FilterSelect } from "~/components/ui/filters";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge, statusKey } from "~/components/ui/status-badge";
import { LockBadge } from "~/components/users/badges";
import { ListFilters } from "~/components/users/list-filters";
import { requirePermission } from "~/http/guards.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { ROLES } from "~/modules/auth/permissions";
import { userListPage } from "~/modules/users/users.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "users:manage");
  const [page, t] = await Promise.all([userListPage(new URL(request.url).searchParams), translator(request, "users")]);
  return json({ title: t("list.title"), ...page });
}

export const meta = titleMeta;

export default function Users() {
  const { rows, total, page, limit } = useLoaderData<typeof loader>();
  const { t } = useTranslation("users");
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("list.title")}
        actions={
          <>
            <Link to="/admin/audit" className="btn-secondary">
              {t("audit.title")}
            </Link>
            <Link to="/admin/users/new" className="btn-primary">
              {t("list.create")}
            </Link>
          </>
        }
      />
      <ListFilters>
        <FilterInput
          name="q"
          label={t("common:filters.search")}
          placeholder={t("list.searchHint")}
          maxLength={100}
          className="sm:col-span-2"
        />
        <FilterSelect
          name="role"
          label={t("fields.role")}
          options={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
        />
        <FilterSelect
          name="status"
          label={t("common:filters.status")}
          options={[
            { value: "active", label: t(statusKey("user", "active")) },
            { value: "inactive", label: t(statusKey("user", "inactive")) },
            { value: "locked", label: t("status.locked") },
          ]}
        />
      </ListFilters>
      <DataTable
        label={t("list.title")}
        rows={rows}
        rowKey={(u) => u.id}
        empty={t("list.empty")}
        stack
        columns={[
          {
            header: t("fields.name"),
            phone: "title",
            cell: (u) => (
              <Link to={`/admin/users/${u.id}`} className="font-semibold text-primary-dark underline">
                <bdi>{u.name}</bdi>
              </Link>
            ),
          },
          { header: t("fields.email"), className: "break-all", cell: (u) => <bdi>{u.email}</bdi> },
          { header: t("fields.role"), cell: (u) => t(`common:roles.${u.role}`) },
          { header: t("common:filters.status"), cell: (u) => <StatusBadge kind="user" status={u.status} /> },
          { header: t("fields.access"), phone: "more", cell: (u) => <LockBadge locked={u.locked} /> },
        ]}
      />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
