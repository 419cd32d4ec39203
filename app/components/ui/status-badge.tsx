import { useTranslation } from "~/i18n/react";

const COLORS: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  rejected: "bg-rose-100 text-rose-900",
  active: "bg-emerald-100 text-emerald-900",
  inactive: "bg-slate-200 text-slate-800",
};

/**
 * The kind of record a status belongs to: its label agrees with the record's
 * word (French "Approuvée" for an inscription, "Approuvé" for a transfert;
 * docs/glossary.md), so each kind has its own keys, `common:statuses.<kind>.<status>`.
 */
export type StatusKind = "registration" | "transfer" | "student" | "course" | "user";

/** The translation key of a status of one kind of record (for badges, filters and exports alike). */
export const statusKey = (kind: StatusKind, status: string) => `common:statuses.${kind}.${status}`;

export function StatusBadge({ kind, status }: { kind: StatusKind; status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${COLORS[status] ?? "bg-slate-100"}`}>
      {t(statusKey(kind, status))}
    </span>
  );
}
