import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HolidaysAhead } from "~/components/calendar/holidays-ahead";
import { WeekCalendar, WeekNav } from "~/components/calendar/week-calendar";
import { useFormat } from "~/components/format";
import { HomeShortcuts } from "~/components/home-shortcuts";
import { titleMetaOr } from "~/components/ui/meta";
import { badRequest } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { requireUser } from "~/modules/auth/guards.server";
import { menuFor } from "~/modules/auth/menu";
import { parseScheduleDays } from "~/modules/courses/dates";
import { upcomingHolidays } from "~/modules/courses/holidays.server";
import { schoolToday } from "~/modules/courses/sessions.server";
import { mondayOf, weekLinks } from "~/modules/courses/week";
import { calendarEvents, classSessions, loadWeek, weekOfRequest } from "~/modules/courses/week.server";
import { levelById } from "~/modules/students/levels";
import { coursesOfProfessor } from "~/modules/teachers/teachers.server";

export const handle = { i18n: ["common", "school"] };

const courseHome = (id: number) => `/course/${id}/home`;

/** A professor's own sessions: no need to name the professor on each. */
const ownEvents = (sessions: Parameters<typeof calendarEvents>[0]) =>
  calendarEvents(sessions, courseHome).map((e) => ({ ...e, detail: null }));

// /teachers itself is open to every signed-in role (spec redirect rules); only
// a professor has courses to show, the others keep their greeting and shortcuts.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await translator(request);
  const base = { title: t("menu.teachersHome"), name: user.name, role: user.role };
  if (user.role !== "professor") {
    return json({ ...base, teaching: null, shortcuts: menuFor(user.role).filter((i) => i.path !== "/teachers") });
  }

  const today = await schoolToday();
  const monday =
    weekOfRequest(new URL(request.url).searchParams.get("week"), today) ?? badRequest("redirects.dateOutOfRange");
  const mine = { professorId: user.id };
  const thisWeek = monday === mondayOf(today);
  const [courses, week, other, holidays] = await Promise.all([
    coursesOfProfessor(user.id, today),
    loadWeek(monday, mine),
    // Today is in the week shown, unless the professor browsed to another week.
    thisWeek ? null : classSessions(today, today, mine),
    upcomingHolidays(today, { limit: 5, professorId: user.id }),
  ]);
  const todays = other
    ? { sessions: other.sessions, holidays: other.holidaysOn(today) }
    : {
        sessions: week.sessions.filter((s) => s.date === today),
        holidays: week.days.find((d) => d.date === today)?.holidays ?? [],
      };
  return json({
    ...base,
    shortcuts: [],
    teaching: {
      today,
      ...weekLinks(monday, today),
      courses: courses.map((c) => ({
        id: c.id,
        code: c.course_id,
        level: levelById(c.level_id)?.name ?? "",
        days: parseScheduleDays(c.schedule_days),
        start_time: c.start_time,
        end_time: c.end_time,
        start_date: c.start_date,
        end_date: c.end_date,
        enrolled: c.enrolled,
        running: c.start_date <= today,
      })),
      days: week.days,
      events: ownEvents(week.sessions),
      todays: ownEvents(todays.sessions),
      todaysHolidays: todays.holidays,
      holidays,
    },
  });
}

export const meta = titleMetaOr("Teachers");

export default function TeachersHome() {
  const data = useLoaderData<typeof loader>();
  if (!data.teaching) return <HomeShortcuts name={data.name} role={data.role} items={data.shortcuts} />;
  return <ProfessorHome name={data.name} teaching={data.teaching} />;
}

type Teaching = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["teaching"]>;

function ProfessorHome({ name, teaching }: { name: string; teaching: Teaching }) {
  const { t } = useTranslation(["school", "common"]);
  const format = useFormat();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("common:home.greeting", { name })}</h1>
        <p className="mt-1 text-slate-700">{t("teachersHome.intro")}</p>
      </div>

      <section aria-labelledby="courses-heading">
        <h2 id="courses-heading" className="text-lg font-semibold">
          {t("teachersHome.courses")}
        </h2>
        {teaching.courses.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("teachersHome.noCourses")}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {teaching.courses.map((c) => (
              <li key={c.id} className="card flex flex-col gap-2 p-4">
                <h3 className="text-base font-semibold [overflow-wrap:anywhere]">
                  <Link to={courseHome(c.id)} className="text-primary-dark underline">
                    {c.code}
                  </Link>
                </h3>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-700">{t("teachersHome.level")}</dt>
                  <dd>{c.level}</dd>
                  <dt className="text-slate-700">{t("teachersHome.schedule")}</dt>
                  <dd>
                    {t("schedule", {
                      days: c.days.map((d) => t(`weekdays.${d}`)).join(", "),
                      start: c.start_time,
                      end: c.end_time,
                    })}
                  </dd>
                  <dt className="text-slate-700">{t("teachersHome.enrolled")}</dt>
                  <dd className="tabular-nums">{format.number(c.enrolled)}</dd>
                </dl>
                {!c.running ? (
                  <p className="text-sm text-slate-700">
                    {t("teachersHome.startsOn", { date: format.day(c.start_date) })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="today-heading">
        <h2 id="today-heading" className="text-lg font-semibold">
          {t("teachersHome.today")}
        </h2>
        {teaching.todaysHolidays.map((h) => (
          <p
            key={h.name}
            className="mt-2 rounded border-s-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            {t("calendar.holiday")}: {h.name}
          </p>
        ))}
        {teaching.todays.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("teachersHome.noSessionsToday")}</p>
        ) : (
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {teaching.todays.map((e) => (
              <li key={e.id}>
                <Link to={e.href!} className="card flex items-center gap-3 p-3 hover:border-primary">
                  <span className="font-semibold tabular-nums">
                    {e.start}–{e.end}
                  </span>
                  <span className="font-medium text-primary-dark underline [overflow-wrap:anywhere]">{e.title}</span>
                  <span className="text-slate-700">{e.subtitle}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="week-heading" className="space-y-3">
        <h2 id="week-heading" className="text-lg font-semibold">
          {t("teachersHome.week")}
        </h2>
        <WeekNav
          monday={teaching.monday}
          previous={teaching.previous}
          next={teaching.next}
          current={teaching.current}
        />
        <WeekCalendar
          days={teaching.days}
          events={teaching.events}
          today={teaching.today}
          label={t("teachersHome.calendarLabel")}
        />
      </section>

      <HolidaysAhead holidays={teaching.holidays} headingId="holidays-heading" />
    </div>
  );
}
