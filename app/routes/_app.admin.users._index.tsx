import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { LockBadge } from "~/components/users";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { ROLES } from "~/modules/auth/permissions";
import { listUsers, parseUserFilters } from "~/modules/users/users.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { titleMeta } from "~/components/ui/meta";

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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("list.title")}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/audit" className="btn-secondary">{t("audit.title")}</Link>
          <Link to="/admin/users/new" className="btn-primary">{t("list.create")}</Link>
        </div>
      </div>
      <Form method="get" className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label={t("common:filters.label")}>
        <div className="sm:col-span-2">
          <label htmlFor="q" className="field-label">{t("common:filters.search")}</label>
          <input id="q" name="q" type="search" maxLength={100} defaultValue={params.get("q") ?? ""} className="field-input" placeholder={t("list.searchHint")} />
        </div>
        <div>
          <label htmlFor="role" className="field-label">{t("fields.role")}</label>
          <select id="role" name="role" defaultValue={params.get("role") ?? ""} className="field-input">
            <option value="">{t("common:filters.all")}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>{t(`common:roles.${r}`)}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="status" className="field-label">{t("common:filters.status")}</label>
          <select id="status" name="status" defaultValue={params.get("status") ?? ""} className="field-input">
            <option value="">{t("common:filters.all")}</option>
            <option value="active">{t("common:status.active")}</option>
            <option value="inactive">{t("common:status.inactive")}</option>
            <option value="locked">{t("status.locked")}</option>
          </select>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">{t("common:filters.apply")}</button>
          <Link to="?" className="btn-secondary">{t("common:filters.clear")}</Link>
        </div>
      </Form>
      <TableScroll label={t("list.title")} className="rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t("list.title")}</caption>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">{t("fields.name")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("fields.email")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("fields.role")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("common:filters.status")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("fields.access")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-slate-700">{t("list.empty")}</td>
              </tr>
            ) : (
              rows.map((u) => (
                <tr key={u.id} className="border-t border-slate-200">
                  <td className="px-3 py-2">
                    <Link to={`/admin/users/${u.id}`} className="font-semibold text-primary-dark underline">{u.name}</Link>
                  </td>
                  <td className="break-all px-3 py-2">{u.email}</td>
                  <td className="px-3 py-2">{t(`common:roles.${u.role}`)}</td>
                  <td className="px-3 py-2"><StatusBadge status={u.status} /></td>
                  <td className="px-3 py-2"><LockBadge locked={u.locked} /></td>
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
