import { useAppNames } from "~/components/app-names";
import { type HolidayAhead, HolidaysAhead } from "~/components/calendar/holidays-ahead";
import { type WeekCalendarEvent } from "~/components/calendar/week-calendar";
import { Bdi } from "~/components/courses/labels";
import { formatList, useFormat } from "~/components/format";
import { Link } from "~/components/ui/link";
import { Section } from "~/components/ui/section";
import { useTranslation } from "~/i18n/react";
import { Greeting } from "./greeting";
import { type WeekView, WeekSection } from "./week-section";

/** A course a professor teaches, as their home shows it. */
export interface TaughtCourse {
  id: number;
  href: string;
  code: string;
  level: string;
  days: string[];
  start_time: string;
  end_time: string;
  start_date: string;
  enrolled: number;
  /** Started already (otherwise the card says when it starts). */
  running: boolean;
}

/** A professor's home (/teachers), as the read model gives it. */
export interface Teaching extends WeekView {
  courses: TaughtCourse[];
  todays: WeekCalendarEvent[];
  todaysHolidays: { name: string }[];
  holidays: HolidayAhead[];
}

/** A professor's home: their courses, today's sessions, the week and the holidays ahead. */
export function ProfessorHome({ name, teaching }: { name: string; teaching: Teaching }) {
  const { t } = useTranslation("school");
  return (
    <div className="space-y-6">
      <Greeting name={name} line={t("teachersHome.intro")} />
      <CourseCards courses={teaching.courses} />
      <TodaysSessions sessions={teaching.todays} holidays={teaching.todaysHolidays} />
      <WeekSection title={t("teachersHome.week")} calendarLabel={t("teachersHome.calendarLabel")} week={teaching} />
      <HolidaysAhead holidays={teaching.holidays} headingId="holidays-heading" />
    </div>
  );
}

function CourseCards({ courses }: { courses: TaughtCourse[] }) {
  const { t } = useTranslation("school");
  const appNames = useAppNames();
  const format = useFormat();
  return (
    <Section id="courses-heading" title={t("teachersHome.courses")}>
      {courses.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("teachersHome.noCourses")}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {courses.map((c) => (
            <li key={c.id} className="card flex flex-col gap-2 p-4">
              <h3 id={`course-${c.id}`} className="text-base font-semibold [overflow-wrap:anywhere]">
                <Link to={c.href} className="text-primary-dark underline">
                  <Bdi ltr nowrap>
                    {c.code}
                  </Bdi>
                </Link>
              </h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-700">{t("teachersHome.level")}</dt>
                <dd>
                  <Bdi ltr>{appNames.level(c.level)}</Bdi>
                </dd>
                <dt className="text-slate-700">{t("teachersHome.schedule")}</dt>
                <dd>
                  {t("schedule", {
                    days: formatList(
                      format.locale,
                      c.days.map((d) => t(`weekdays.${d}`)),
                      "unit",
                    ),
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
              <p className="mt-auto flex flex-wrap gap-2 pt-1">
                {(["attendance", "gradebook"] as const).map((page) => (
                  <Link
                    key={page}
                    to={`/course/${c.id}/${page}`}
                    aria-describedby={`course-${c.id}`}
                    className="btn-secondary min-h-11"
                  >
                    {t(`course:nav.${page}`)}
                  </Link>
                ))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function TodaysSessions({ sessions, holidays }: { sessions: WeekCalendarEvent[]; holidays: { name: string }[] }) {
  const { t } = useTranslation("school");
  const appNames = useAppNames();
  return (
    <Section id="today-heading" title={t("teachersHome.today")}>
      {holidays.map((h) => (
        <p
          key={h.name}
          className="mt-2 rounded border-s-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          {t("common:colon", { label: t("calendar.holiday") })} {h.name}
        </p>
      ))}
      {sessions.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("teachersHome.noSessionsToday")}</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {sessions.map((e) => (
            <li key={e.id}>
              <Link to={e.href ?? ""} className="card flex items-center gap-3 p-3 hover:border-primary">
                <span className="font-semibold tabular-nums">
                  {e.start}–{e.end}
                </span>
                <span className="font-medium text-primary-dark underline [overflow-wrap:anywhere]">{e.title}</span>
                <span className="text-slate-700">{appNames.level(e.subtitle)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
