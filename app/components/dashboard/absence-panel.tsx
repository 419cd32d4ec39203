import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { Link } from "~/components/ui/link";
import { Section } from "~/components/ui/section";
import { useTranslation } from "~/i18n/react";
import { absenceSeverity } from "~/modules/students/absence";

const SEVERITY_STYLES = {
  ok: "",
  warning: "bg-amber-100 text-amber-950",
  danger: "bg-rose-100 text-rose-950",
} as const;

/** The students whose absences reach the warning threshold in their current course, highest first. */
export function AbsencePanel({
  alerts,
  total,
  more = false,
  linked,
}: {
  alerts: {
    id: number;
    first_name: string;
    last_name: string;
    second_last_name: string;
    course_code: string;
    absences: number;
  }[];
  total: number;
  /** Counted only up to `total` (ADR 052): there are more. */
  more?: boolean;
  linked: boolean;
}) {
  const { t } = useTranslation("school");
  const format = useFormat();
  return (
    <Section id="absences-heading" title={t("dashboard.absences.title")} className="card p-4">
      <p className="mt-1 text-sm text-slate-700">{t("dashboard.absences.explain")}</p>
      {alerts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t("dashboard.absences.none")}</p>
      ) : (
        <DataTable
          label={t("dashboard.absences.title")}
          className="mt-3"
          dense
          rows={alerts}
          rowKey={(a) => a.id}
          rowProps={(a) => {
            const severity = absenceSeverity(a.absences);
            return { "data-severity": severity, className: SEVERITY_STYLES[severity] };
          }}
          columns={[
            {
              header: t("dashboard.absences.student"),
              rowHeader: true,
              cell: (a) => {
                const name = `${a.first_name} ${a.last_name} ${a.second_last_name}`;
                return linked ? (
                  <Link to={`/admin/students/${a.id}`} className="text-primary-dark underline">
                    {name}
                  </Link>
                ) : (
                  name
                );
              },
            },
            {
              header: t("dashboard.absences.course"),
              className: "[overflow-wrap:anywhere]",
              cell: (a) => a.course_code,
            },
            {
              header: t("dashboard.absences.count"),
              align: "end",
              className: "font-semibold tabular-nums",
              cell: (a) => format.number(a.absences, 1),
            },
            {
              header: t("dashboard.absences.severity"),
              className: "font-semibold",
              cell: (a) => t(`dashboard.absences.${absenceSeverity(a.absences)}`),
            },
          ]}
        >
          {total > alerts.length ? (
            <p className="mt-2 text-sm text-slate-700">
              {t(more ? "dashboard.absences.moreThan" : "dashboard.absences.more", {
                shown: alerts.length,
                count: total,
              })}
            </p>
          ) : null}
        </DataTable>
      )}
    </Section>
  );
}
