import { useTranslation } from "react-i18next";
import type { AttendanceSummary } from "~/modules/attendance/attendance";
import { absenceSeverity } from "~/modules/students/absence";
import { formatDay, formatNumber, formatPercent } from "../format";
import { TableScroll } from "~/components/ui/table-scroll";

// How attendance numbers look on the course pages (namespace "attendance").
// The rules (score, absence count, 12/20 thresholds) live in the modules.

const SEVERITY_STYLES = {
  ok: "",
  warning: "rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900",
  danger: "rounded-full bg-rose-100 px-2 py-0.5 font-semibold text-rose-900",
} as const;

/** Absence count (absent + 0.5·late) with its warning/critical highlight, also named for screen readers. */
export function AbsenceCount({ count }: { count: number }) {
  const { t, i18n } = useTranslation("attendance");
  const severity = absenceSeverity(count);
  const value = formatNumber(i18n.language || "en", count, 1);
  const label = severity === "ok" ? null : t(`severity.${severity}`);
  return (
    <span className={`tabular-nums ${SEVERITY_STYLES[severity]}`} data-severity={severity} title={label ?? undefined}>
      {value}
      {label ? <span className="sr-only"> ({label})</span> : null}
    </span>
  );
}

/** The attendance score as a percentage with two decimals; a dash before any record. */
export function Score({ score }: { score: number | null }) {
  const { t, i18n } = useTranslation("attendance");
  if (score === null)
    return (
      <span className="text-slate-700" title={t("noRecords")}>
        —<span className="sr-only">{t("noRecords")}</span>
      </span>
    );
  const value = formatPercent(i18n.language || "en", score);
  return <span className="tabular-nums">{value}</span>;
}

export const studentName = (s: { first_name: string; last_name: string; second_last_name: string }) =>
  [s.first_name, s.last_name, s.second_last_name].filter(Boolean).join(" ");

export interface SummaryRow {
  id: number;
  first_name: string;
  last_name: string;
  second_last_name: string;
  current?: boolean;
  summary: AttendanceSummary;
}

/** Per student: present, recovered, late, absent, score and absence count. */
export function AttendanceSummaryTable({ rows, caption }: { rows: readonly SummaryRow[]; caption: string }) {
  const { t, i18n } = useTranslation("attendance");
  const n = { format: (value: number) => formatNumber(i18n.language || "en", value) };
  const num = "px-3 py-2 text-end tabular-nums";
  return (
    <TableScroll label={caption} className="rounded-md border border-slate-200">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100">
          <tr>
            <th scope="col" className="px-3 py-2 text-start">{t("student")}</th>
            <th scope="col" className="px-3 py-2 text-end">{t("values.present")}</th>
            <th scope="col" className="px-3 py-2 text-end">{t("values.recovered")}</th>
            <th scope="col" className="px-3 py-2 text-end">{t("values.late")}</th>
            <th scope="col" className="px-3 py-2 text-end">{t("values.absent")}</th>
            <th scope="col" className="px-3 py-2 text-end">{t("score")}</th>
            <th scope="col" className="px-3 py-2 text-end">{t("absences")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-slate-200" data-student-id={r.id}>
              <th scope="row" className="px-3 py-2 text-start font-medium">
                {studentName(r)}
                {r.current === false ? <span className="ms-2 text-xs font-normal text-slate-700">({t("take.former")})</span> : null}
              </th>
              <td className={num}>{n.format(r.summary.present)}</td>
              <td className={num}>{n.format(r.summary.recovered)}</td>
              <td className={num}>{n.format(r.summary.late)}</td>
              <td className={num}>{n.format(r.summary.absent)}</td>
              <td className={num}>
                <Score score={r.summary.score} />
              </td>
              <td className={num}>
                <AbsenceCount count={r.summary.absences} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A class date (YYYY-MM-DD) with its weekday, in the user's language: "Wed, Nov 18, 2026". */
export function useSessionDay() {
  const { i18n } = useTranslation();
  const locale = i18n.language || "en";
  return (ymd: string) => formatDay(locale, ymd, { weekday: "short", year: "numeric", month: "short", day: "numeric" });
}
