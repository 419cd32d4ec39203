import { useFormat } from "~/components/format";
import { Section } from "~/components/ui/section";
import { useTranslation } from "~/i18n/react";

export interface HolidayAhead {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  course_code: string | null;
}

/** The next holidays, soonest first: dates, name and (for a course's own holiday) the course. */
export function HolidaysAhead({ holidays, headingId }: { holidays: HolidayAhead[]; headingId: string }) {
  const { t } = useTranslation("school");
  const format = useFormat();
  return (
    <Section id={headingId} title={t("holidaysAhead.title")} className="card p-4">
      {holidays.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t("holidaysAhead.none")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {holidays.map((h) => (
            <li key={h.id} className="py-2 text-sm">
              <span className="block font-medium">{h.name}</span>
              <span className="block text-slate-700">
                {h.start_date === h.end_date
                  ? format.day(h.start_date)
                  : t("holidays.range", { start: format.day(h.start_date), end: format.day(h.end_date) })}
                {" · "}
                {h.course_code ? t("holidays.courseOnly", { course: h.course_code }) : t("holidays.wholeSchool")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
