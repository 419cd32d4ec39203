import { useLocation } from "@remix-run/react";
import { CourseLabel, type CourseLabelParts } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { Link } from "~/components/ui/link";
import { Pagination } from "~/components/ui/pagination";
import { useTranslation } from "~/i18n/react";
import { HOLIDAY_PERIODS } from "~/modules/calendar/holidays";

type Period = (typeof HOLIDAY_PERIODS)[number];
type HolidayRow = {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  /** A course's own holiday: the course by its readable label (issue 19); null for the whole school. */
  course: CourseLabelParts | null;
  cancels: { sessions: number; courses: string[] };
};

/** The page's URL with `key` set (or removed: null), without the dialogs' ?edit= and ?delete=. */
export function useHolidayHref() {
  const location = useLocation();
  return (key: string, value: string | null) => {
    const params = new URLSearchParams(location.search);
    params.delete("edit");
    params.delete("delete");
    if (value === null) params.delete(key);
    else params.set(key, value);
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}

/** A holiday's dates: one day, or "start – end". */
export function useHolidayDates() {
  const { t } = useTranslation(["school", "common"]);
  const format = useFormat();
  return (start: string, end: string) =>
    start === end ? format.day(start) : t("holidays.range", { start: format.day(start), end: format.day(end) });
}

/** The list of holidays of a period (upcoming, past, all), what each cancels, and its edit and delete links. */
export function HolidayList({
  rows,
  when,
  page,
  limit,
  total,
}: {
  rows: HolidayRow[];
  when: Period;
  page: number;
  limit: number;
  total: number;
}) {
  const format = useFormat();
  const { t } = useTranslation(["school", "common"]);
  const withParam = useHolidayHref();
  const dates = useHolidayDates();
  return (
    <section aria-labelledby="list-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="list-heading" className="text-lg font-semibold">
          {t("holidays.listTitle")}
        </h2>
        <nav aria-label={t("holidays.periodLabel")}>
          <ul className="flex gap-1 rounded-md border border-slate-300 bg-white p-1">
            {HOLIDAY_PERIODS.map((p) => (
              <li key={p}>
                <Link
                  to={`?when=${p}`}
                  aria-current={p === when ? "page" : undefined}
                  className={`block rounded px-3 py-1 text-sm font-medium ${p === when ? "bg-primary-dark text-white" : "text-slate-800 hover:bg-slate-100"}`}
                >
                  {t(`holidays.period.${p}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <DataTable
        label={t(`holidays.period.${when}`)}
        rows={rows}
        rowKey={(h) => h.id}
        rowClassName="align-top"
        empty={t("holidays.empty")}
        stack
        columns={[
          { header: t("holidays.fields.name"), rowHeader: true, phone: "title", cell: (h) => <bdi>{h.name}</bdi> },
          { header: t("holidays.dates"), cell: (h) => dates(h.start_date, h.end_date) },
          {
            header: t("holidays.appliesTo"),
            cell: (h) => (h.course ? <CourseLabel course={h.course} /> : t("holidays.wholeSchool")),
          },
          {
            header: t("holidays.cancels"),
            cell: (h) => (
              <>
                <span className="font-semibold tabular-nums">{h.cancels.sessions}</span>
                {h.cancels.courses.length ? (
                  <span className="block text-xs text-slate-700">{format.list(h.cancels.courses, "unit")}</span>
                ) : null}
              </>
            ),
          },
          {
            header: t("holidays.actions"),
            cell: (h) => (
              <div className="flex flex-wrap gap-3">
                {(["edit", "delete"] as const).map((action) => (
                  <Link
                    key={action}
                    to={withParam(action, String(h.id))}
                    preventScrollReset
                    className={`font-medium underline ${action === "edit" ? "text-primary-dark" : "text-secondary-dark"}`}
                  >
                    {t(`holidays.${action}`)}
                    <span className="sr-only"> {h.name}</span>
                  </Link>
                ))}
              </div>
            ),
          },
        ]}
      />
      <Pagination page={page} limit={limit} total={total} />
    </section>
  );
}
