import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HolidaysAhead } from "~/components/calendar/holidays-ahead";
import { Greeting } from "~/components/dashboard/greeting";
import { useFormat } from "~/components/format";
import { CourseCard } from "~/components/portal/course-card";
import { titleMeta } from "~/components/ui/meta";
import { Section } from "~/components/ui/section";
import { requirePortalStudent } from "~/http/portal-access.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { portalHomePage } from "~/modules/portal/portal.server";

// "school" for the schedule's words and the holidays ahead.
export const handle = { i18n: ["common", "portal", "school"] };

/** /student: the student portal's home (ADR 047). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, studentId } = await requirePortalStudent(request);
  const [page, t] = await Promise.all([portalHomePage(studentId), translator(request, "portal")]);
  return json({ title: t("home.title"), name: user.name, ...page });
}

export const meta = titleMeta;

export default function StudentHome() {
  const { name, linked, current, other, holidays } = useLoaderData<typeof loader>();
  const { t } = useTranslation("portal");
  const format = useFormat();
  return (
    <div className="space-y-6">
      <Greeting name={name} line={t("home.intro")} />
      {!linked ? (
        <p role="status" className="card p-4 text-slate-800">
          {t("home.notLinked")}
        </p>
      ) : null}
      <Section id="current-heading" title={t("home.current")}>
        {current.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("home.noCurrent")}</p>
        ) : (
          <ul className="mt-3 grid gap-3 lg:grid-cols-2">
            {current.map((c) => (
              <CourseCard key={c.id} course={c}>
                <div>
                  <h4 className="text-sm font-semibold">{t("course.next")}</h4>
                  {c.next.length === 0 ? (
                    <p className="text-sm text-slate-700">{t("course.noNext")}</p>
                  ) : (
                    <ul className="mt-1 space-y-1 text-sm">
                      {c.next.map((s) => (
                        <li key={s.date} className="flex flex-wrap gap-x-2">
                          <span>{format.day(s.date, { weekday: "long", day: "numeric", month: "long" })}</span>
                          <bdi dir="ltr" className="tabular-nums text-slate-700">
                            {s.start_time}–{s.end_time}
                          </bdi>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </CourseCard>
            ))}
          </ul>
        )}
      </Section>
      {other.length ? (
        <Section id="other-heading" title={t("home.other")}>
          <ul className="mt-3 grid gap-3 lg:grid-cols-2">
            {other.map((c) => (
              <CourseCard key={c.id} course={c} />
            ))}
          </ul>
        </Section>
      ) : null}
      <HolidaysAhead holidays={holidays} headingId="holidays-heading" />
    </div>
  );
}
