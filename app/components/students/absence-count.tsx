import { useTranslation } from "~/i18n/react";
import { absenceSeverity } from "~/modules/students/absence";
import { formatNumber } from "../format";

const STYLES = {
  ok: "",
  warning: "rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900",
  danger: "rounded-full bg-rose-100 px-2 py-0.5 font-semibold text-rose-900",
} as const;

/** Absence count (absent + 0.5·late) with the warning/danger highlight, named for screen readers too. */
export function AbsenceCount({ count }: { count: number | null }) {
  const { t, i18n } = useTranslation("students");
  if (count === null) return <span className="text-slate-700">—</span>;
  const severity = absenceSeverity(count);
  const value = formatNumber(i18n.language || "en", count, 1);
  return (
    <span
      className={STYLES[severity]}
      data-severity={severity}
      title={severity === "ok" ? undefined : t(`absence.${severity}`)}
    >
      {value}
      {severity === "ok" ? null : <span className="sr-only"> ({t(`absence.${severity}`)})</span>}
    </span>
  );
}
