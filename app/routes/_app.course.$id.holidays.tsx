import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useSessionDay } from "~/components/attendance/summary";
import { useFormat } from "~/components/format";
import { translator } from "~/i18n/i18n.server";
import { requireCourseProfessor } from "~/modules/courses/access.server";
import { courseHolidays } from "~/modules/courses/course-pages.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { titleMeta } from "~/components/ui/meta";

export const handle = { i18n: ["common", "course", "attendance"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params.id);
  const [data, t] = await Promise.all([courseHolidays(courseId), translator(request, "attendance")]);
  return json({ title: t("holidays.title"), ...data });
}

export const meta = titleMeta;

export default function CourseHolidays() {
  const { course, holidays } = useLoaderData<typeof loader>();
  const { t } = useTranslation("attendance");
  const format = useFormat();
  const sessionDay = useSessionDay();
  const cancelled = holidays.reduce((n, h) => n + h.cancels.length, 0);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("holidays.title")}</h1>
      <p className="text-slate-700">{t("holidays.intro", { start: format.day(course.start_date), end: format.day(course.end_date) })}</p>
      {holidays.length === 0 ? (
        <p className="card text-slate-700">{t("holidays.none")}</p>
      ) : (
        <>
          <p className="font-medium">{t("holidays.total", { n: cancelled })}</p>
          <TableScroll label={t("holidays.title")} className="rounded-md border border-slate-200 bg-white">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t("holidays.title")}</caption>
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">{t("holidays.name")}</th>
                  <th scope="col" className="px-3 py-2 text-start">{t("holidays.dates")}</th>
                  <th scope="col" className="px-3 py-2 text-start">{t("holidays.appliesTo")}</th>
                  <th scope="col" className="px-3 py-2 text-start">{t("holidays.cancels")}</th>
                </tr>
              </thead>
              <tbody>
                {holidays.map((h) => (
                  <tr key={h.id} className="border-t border-slate-200 align-top">
                    <th scope="row" className="px-3 py-2 text-start font-medium">{h.name}</th>
                    <td className="whitespace-nowrap px-3 py-2">
                      {h.start_date === h.end_date ? format.day(h.start_date) : t("holidays.range", { start: format.day(h.start_date), end: format.day(h.end_date) })}
                    </td>
                    <td className="px-3 py-2">{h.wholeSchool ? t("holidays.wholeSchool") : t("holidays.thisCourse")}</td>
                    <td className="px-3 py-2">
                      {h.cancels.length === 0 ? (
                        <span className="text-slate-700">{t("holidays.noneCancelled")}</span>
                      ) : (
                        <ul className="space-y-0.5">
                          {h.cancels.map((s) => (
                            <li key={s.date} className="whitespace-nowrap">
                              {t("take.sessionOption", { day: sessionDay(s.date), start: s.start_time, end: s.end_time })}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </div>
  );
}
