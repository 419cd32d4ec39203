import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";

type AuditRow = {
  id: number;
  created_at: string;
  action: string;
  entity: string;
  entity_id: number | null;
  user_id: number | null;
  actor_name: string | null;
  details: string[];
};

const ENTITY_LINKS: Record<string, string> = {
  user: "/admin/users/",
  student: "/admin/students/",
  registration: "/admin/registered-students/",
};

/** An entity's name as the audit log shows it (its key when no translation names it). */
export function useEntityLabel() {
  const { t } = useTranslation("users");
  return (entity: string) => t(`audit.entities.${entity}`, { defaultValue: entity });
}

/** The audit log's entries: when, who, what, on which record (a link to it when it has a page), the details. */
export function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t } = useTranslation("users");
  const format = useFormat();
  const entityLabel = useEntityLabel();
  return (
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
  );
}
