import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable } from "~/components/ui/data-table";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { LockBadge } from "~/components/users";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { ROLES } from "~/modules/auth/permissions";
import { listUsers, parseUserFilters } from "~/modules/users/users.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "users:manage");
  const filters = parseUserFilters(new URL(request.url).searchParams);
  const { rows, total } = await listUsers(filters);
  const t = await translator(request, "users");
  return json({
    title: t("list.title"),
    rows: rows.map((r) => ({ ...r, locked: !!r.locked_at, locked_at: undefined })),
    total,
    page: filters.page,
    limit: filters.limit,
  });
}

export const meta = titleMeta;

export default function Users() {
  const { rows, total, page, limit } = useLoaderData<typeof loader>();
  const { t } = useTranslation("users");
  const [params] = useSearchParams();
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
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5"
        role="search"
        aria-label={t("common:filters.label")}
      >
        <div className="sm:col-span-2">
          <label htmlFor="q" className="field-label">
            {t("common:filters.search")}
          </label>
          <input
            id="q"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={params.get("q") ?? ""}
            className="field-input"
            placeholder={t("list.searchHint")}
          />
        </div>
        <div>
          <label htmlFor="role" className="field-label">
            {t("fields.role")}
          </label>
          <select id="role" name="role" defaultValue={params.get("role") ?? ""} className="field-input">
            <option value="">{t("common:filters.all")}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`common:roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="status" className="field-label">
            {t("common:filters.status")}
          </label>
          <select id="status" name="status" defaultValue={params.get("status") ?? ""} className="field-input">
            <option value="">{t("common:filters.all")}</option>
            <option value="active">{t("common:status.active")}</option>
            <option value="inactive">{t("common:status.inactive")}</option>
            <option value="locked">{t("status.locked")}</option>
          </select>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            {t("common:filters.apply")}
          </button>
          <Link to="?" className="btn-secondary">
            {t("common:filters.clear")}
          </Link>
        </div>
      </Form>
      <DataTable
        label={t("list.title")}
        rows={rows}
        rowKey={(u) => u.id}
        empty={t("list.empty")}
        columns={[
          {
            header: t("fields.name"),
            cell: (u) => (
              <Link to={`/admin/users/${u.id}`} className="font-semibold text-primary-dark underline">
                {u.name}
              </Link>
            ),
          },
          { header: t("fields.email"), className: "break-all", cell: (u) => u.email },
          { header: t("fields.role"), cell: (u) => t(`common:roles.${u.role}`) },
          { header: t("common:filters.status"), cell: (u) => <StatusBadge status={u.status} /> },
          { header: t("fields.access"), cell: (u) => <LockBadge locked={u.locked} /> },
        ]}
      />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
