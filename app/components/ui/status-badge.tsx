import { useTranslation } from "react-i18next";

const COLORS: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  rejected: "bg-rose-100 text-rose-900",
  active: "bg-emerald-100 text-emerald-900",
  inactive: "bg-slate-200 text-slate-800",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${COLORS[status] ?? "bg-slate-100"}`}>
      {t(`status.${status}`)}
    </span>
  );
}
