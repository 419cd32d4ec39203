import { useAppNames } from "~/components/app-names";
import { useWeekdayNames } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { type AuditLine, type AuditValue } from "~/modules/audit/audit-details";

type AuditRow = {
  id: number;
  created_at: string;
  action: string;
  entity: string;
  entity_id: number | null;
  user_id: number | null;
  actor_name: string | null;
  target_name: string | null;
  target_level: string | null;
  details: AuditLine[];
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

/** One value of an entry's details in the reader's language (audit-details.ts says what it is). */
function useAuditValue() {
  const { t } = useTranslation(["users", "common", "courses", "gradebook", "school", "students"]);
  const format = useFormat();
  const appNames = useAppNames();
  const weekdays = useWeekdayNames("long");
  const show = (v: AuditValue): string =>
    "text" in v
      ? v.text
      : "key" in v
        ? (t(v.key, v.values) as string)
        : "date" in v
          ? v.date.length === 10
            ? format.day(v.date)
            : format.dateTime(v.date)
          : "level" in v
            ? appNames.level(v.level)
            : "weekday" in v
              ? (weekdays[v.weekday] ?? v.weekday)
              : format.list(v.list.map(show));
  return show;
}

/** The audit log's entries: when, who, what, on which record (a link to it when it has a page), the details. */
export function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t } = useTranslation("users");
  const format = useFormat();
  const entityLabel = useEntityLabel();
  const appNames = useAppNames();
  const value = useAuditValue();
  const line = (l: AuditLine) => {
    const field = t(l.label);
    return l.from && l.to
      ? t("audit.detailChange", {
          field: l.value ? `${field} (${value(l.value)})` : field,
          from: value(l.from),
          to: value(l.to),
        })
      : t("audit.detail", { field, value: l.value ? value(l.value) : "" });
  };
  return (
    <DataTable
      label={t("audit.title")}
      rows={rows}
      rowKey={(r) => r.id}
      rowClassName="align-top"
      empty={t("audit.empty")}
      stack
      columns={[
        {
          header: t("audit.when"),
          className: "whitespace-nowrap",
          cell: (r) => <time dateTime={r.created_at}>{format.dateTime(r.created_at)}</time>,
        },
        {
          header: t("audit.who"),
          cell: (r) => r.actor_name ?? (r.user_id === null ? t("audit.system") : t("audit.removedUser")),
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
            const name = r.target_level !== null ? appNames.level(r.target_level) : r.target_name;
            // The record by its name; one removed since (or settings, which have none) by its kind alone.
            const target = name ? t("audit.record", { entity: entityLabel(r.entity), name }) : entityLabel(r.entity);
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
                {r.details.map((l, i) => (
                  <li key={i} className="break-words text-xs">
                    {line(l)}
                  </li>
                ))}
              </ul>
            ) : null,
        },
      ]}
    />
  );
}
