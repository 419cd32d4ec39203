import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useSessionDay } from "~/components/attendance/summary";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { requireCourseProfessor } from "~/http/course-access.server";
import { found } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { courseHolidays } from "~/modules/courses/course-pages.server";

export const handle = { i18n: ["common", "course", "attendance"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  const [data, t] = await Promise.all([courseHolidays(courseId).then(found), translator(request, "attendance")]);
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
      <PageHeader title={t("holidays.title")} />
      <p className="text-slate-700">
        {t("holidays.intro", { start: format.day(course.start_date), end: format.day(course.end_date) })}
      </p>
      {holidays.length === 0 ? (
        <p className="card text-slate-700">{t("holidays.none")}</p>
      ) : (
        <>
          <p className="font-medium">{t("holidays.total", { n: cancelled })}</p>
          <DataTable
            label={t("holidays.title")}
            className="rounded-md border border-slate-200 bg-white"
            rows={holidays}
            rowKey={(h) => h.id}
            rowClassName="align-top"
            stack
            columns={[
              { header: t("holidays.name"), rowHeader: true, phone: "title", cell: (h) => <bdi>{h.name}</bdi> },
              {
                header: t("holidays.dates"),
                className: "whitespace-nowrap",
                cell: (h) =>
                  h.start_date === h.end_date
                    ? format.day(h.start_date)
                    : t("holidays.range", { start: format.day(h.start_date), end: format.day(h.end_date) }),
              },
              {
                header: t("holidays.appliesTo"),
                cell: (h) => (h.wholeSchool ? t("holidays.wholeSchool") : t("holidays.thisCourse")),
              },
              {
                header: t("holidays.cancels"),
                cell: (h) =>
                  h.cancels.length === 0 ? (
                    <span className="text-slate-700">{t("holidays.noneCancelled")}</span>
                  ) : (
                    <ul className="space-y-0.5">
                      {h.cancels.map((s) => (
                        <li key={s.date} className="whitespace-nowrap">
                          {t("take.sessionOption", { day: sessionDay(s.date), start: s.start_time, end: s.end_time })}
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
