import { DataTable } from "~/components/ui/data-table";
import { useTranslation } from "~/i18n/react";
import { type AttendanceSummary } from "~/modules/attendance/attendance";
import { absenceSeverity } from "~/modules/students/absence";
import { formatDay, formatNumber, formatPercent } from "../format";

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
  const count = (value: (r: SummaryRow) => number) => ({
    header: "",
    align: "end" as const,
    className: "tabular-nums",
    cell: (r: SummaryRow) => n.format(value(r)),
  });
  return (
    <DataTable
      label={caption}
      className="rounded-md border border-slate-200"
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ "data-student-id": r.id })}
      columns={[
        {
          header: t("student"),
          rowHeader: true,
          cell: (r) => (
            <>
              {studentName(r)}
              {r.current === false ? (
                <span className="ms-2 text-xs font-normal text-slate-700">({t("take.former")})</span>
              ) : null}
            </>
          ),
        },
        { ...count((r) => r.summary.present), header: t("values.present") },
        { ...count((r) => r.summary.recovered), header: t("values.recovered") },
        { ...count((r) => r.summary.late), header: t("values.late") },
        { ...count((r) => r.summary.absent), header: t("values.absent") },
        { header: t("score"), align: "end", className: "tabular-nums", cell: (r) => <Score score={r.summary.score} /> },
        {
          header: t("absences"),
          align: "end",
          className: "tabular-nums",
          cell: (r) => <AbsenceCount count={r.summary.absences} />,
        },
      ]}
    />
  );
}

/** A class date (YYYY-MM-DD) with its weekday, in the user's language: "Wed, Nov 18, 2026". */
export function useSessionDay() {
  const { i18n } = useTranslation();
  const locale = i18n.language || "en";
  return (ymd: string) => formatDay(locale, ymd, { weekday: "short", year: "numeric", month: "short", day: "numeric" });
}
