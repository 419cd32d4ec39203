import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { translator } from "~/i18n/i18n.server";
import { auditFilterOptions, listAudit, parseAuditFilters } from "~/modules/audit/audit-log.server";
import { requirePermission } from "~/modules/auth/guards.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "audit:view");
  const filters = parseAuditFilters(new URL(request.url).searchParams);
  const [{ rows, total }, options] = await Promise.all([listAudit(filters), auditFilterOptions()]);
  const t = await translator(request, "users");
  return json({
    title: t("audit.title"),
    rows: rows.map((r) => ({ ...r, details: describe(r.details) })),
    total,
    page: filters.page,
    limit: filters.limit,
    options,
  });
}

export const meta = titleMeta;

/** The details JSON as plain "key: value" lines ({from, to} pairs as "from → to"); React renders them as text. */
function describe(details: string | null): string[] {
  if (!details) return [];
  let value: unknown;
  try {
    value = JSON.parse(details);
  } catch {
    return [details];
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return [JSON.stringify(value)];
  const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
  return Object.entries(value as Record<string, unknown>).map(([key, v]) => {
    if (v && typeof v === "object" && "from" in v && "to" in v) {
      const pair = v as { from: unknown; to: unknown };
      return `${key}: ${show(pair.from)} → ${show(pair.to)}`;
    }
    return `${key}: ${show(v)}`;
  });
}

const ENTITY_LINKS: Record<string, string> = {
  user: "/admin/users/",
  student: "/admin/students/",
  registration: "/admin/registered-students/",
};

export default function AuditLog() {
  const { rows, total, page, limit, options } = useLoaderData<typeof loader>();
  const { t } = useTranslation("users");
  const format = useFormat();
  const [params] = useSearchParams();
  const entityLabel = (entity: string) => t(`audit.entities.${entity}`, { defaultValue: entity });
  return (
    <div className="space-y-4">
      <PageHeader title={t("audit.title")} back={{ to: "/admin/users", label: t("backToList") }} />
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5"
        role="search"
        aria-label={t("common:filters.label")}
      >
        <div>
          <label htmlFor="actor" className="field-label">
            {t("audit.who")}
          </label>
          <select id="actor" name="actor" defaultValue={params.get("actor") ?? ""} className="field-input">
            <option value="">{t("common:filters.all")}</option>
            <option value="system">{t("audit.system")}</option>
            {options.actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="entity" className="field-label">
            {t("audit.entity")}
          </label>
          <select id="entity" name="entity" defaultValue={params.get("entity") ?? ""} className="field-input">
            <option value="">{t("common:filters.all")}</option>
            {options.entities.map((e) => (
              <option key={e} value={e}>
                {entityLabel(e)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="from" className="field-label">
            {t("common:filters.from")}
          </label>
          <input id="from" name="from" type="date" defaultValue={params.get("from") ?? ""} className="field-input" />
        </div>
        <div>
          <label htmlFor="to" className="field-label">
            {t("common:filters.to")}
          </label>
          <input id="to" name="to" type="date" defaultValue={params.get("to") ?? ""} className="field-input" />
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
        label={t("audit.title")}
        rows={rows}
        rowKey={(r) => r.id}
        rowClassName="align-top"
        empty={t("audit.empty")}
        columns={[
          {
            header: t("audit.when"),
            className: "whitespace-nowrap",
            cell: (r) => <time dateTime={r.created_at}>{format.dateTime(r.created_at)}</time>,
          },
          {
            header: t("audit.who"),
            cell: (r) => r.actor_name ?? (r.user_id === null ? t("audit.system") : `#${r.user_id}`),
          },
          {
            header: t("audit.action"),
            cell: (r) => t(`audit.actions.${r.action.replace(/\./g, "_")}`, { defaultValue: r.action }),
          },
          {
            header: t("audit.entity"),
            className: "whitespace-nowrap",
            cell: (r) => {
              const base = ENTITY_LINKS[r.entity];
              const target = `${entityLabel(r.entity)}${r.entity_id !== null ? ` #${r.entity_id}` : ""}`;
              return base && r.entity_id !== null ? (
                <Link to={`${base}${r.entity_id}`} className="text-primary-dark underline">
                  {target}
                </Link>
              ) : (
                target
              );
            },
          },
          {
            header: t("audit.details"),
            cell: (r) =>
              r.details.length ? (
                <ul className="space-y-0.5">
                  {r.details.map((line, i) => (
                    <li key={i} dir="ltr" className="break-words font-mono text-xs rtl:text-right">
                      {line}
                    </li>
                  ))}
                </ul>
              ) : null,
          },
        ]}
      />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
