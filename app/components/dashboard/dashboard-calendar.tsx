import {
  type WeekCalendarDay,
  type WeekCalendarEvent,
  EventCard,
  WeekCalendar,
  WeekNav,
} from "~/components/calendar/week-calendar";
import { useFormat } from "~/components/format";
import { Pagination } from "~/components/ui/pagination";
import { Section } from "~/components/ui/section";
import { TabLinks } from "~/components/ui/tab-links";
import { useTranslation } from "~/i18n/react";
import { WeekFilters } from "./week-filters";

/** The dashboard's calendar as the read model gives it: today's classes or a week, a page at a time. */
export type DashboardCalendarView =
  | {
      view: "today";
      events: WeekCalendarEvent[];
      dayHolidays: { name: string }[];
      page: number;
      limit: number;
      total: number;
    }
  | {
      view: "week";
      events: WeekCalendarEvent[];
      days: WeekCalendarDay[];
      professors: { id: number; name: string }[];
      page: number;
      limit: number;
      total: number;
    };

/**
 * The staff dashboard's class calendar: two views as tabs (links, so GET
 * without JavaScript), today's classes by default, and the week with its
 * filters; each shows one page of what the school has (issue 18).
 */
export function DashboardCalendar({
  calendar,
  today,
  monday,
  previous,
  next,
  current,
}: {
  calendar: DashboardCalendarView;
  today: string;
  monday: string;
  previous: string;
  next: string;
  current: string;
}) {
  const { t } = useTranslation(["school", "common"]);
  const format = useFormat();
  const paged = calendar.total > calendar.limit;
  return (
    <Section id="week-heading" title={t("dashboard.week.title")} className="space-y-3">
      <TabLinks
        label={t("dashboard.week.views")}
        current={calendar.view}
        items={[
          { key: "today", to: "/dashboard", label: t("dashboard.week.todayTab") },
          { key: "week", to: `/dashboard?week=${current}`, label: t("dashboard.week.weekTab") },
        ]}
      />
      {calendar.view === "today" ? (
        <div className="space-y-3">
          <h3 className="font-medium">
            {t("dashboard.week.todayTitle", {
              date: format.day(today, { weekday: "long", day: "numeric", month: "long" }),
            })}
          </h3>
          {calendar.dayHolidays.map((h) => (
            <p
              key={h.name}
              className="rounded border-s-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950"
            >
              {t("common:colon", { label: t("calendar.holiday") })} {h.name}
            </p>
          ))}
          {calendar.events.length === 0 ? (
            <p className="text-slate-700">{t("dashboard.week.noneToday")}</p>
          ) : (
            <ul aria-label={t("dashboard.week.todayLabel")} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
              {calendar.events.map((e) => (
                <li key={e.id}>
                  <EventCard event={e} />
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <>
          <WeekFilters monday={monday} professors={calendar.professors} />
          <WeekNav monday={monday} previous={previous} next={next} current={current} />
          {paged ? (
            <p className="text-sm text-slate-700">{t("dashboard.week.byPage", { n: format.number(calendar.limit) })}</p>
          ) : null}
          <WeekCalendar
            days={calendar.days}
            events={calendar.events}
            today={today}
            label={t("dashboard.week.calendarLabel")}
            emptyText={paged ? t("dashboard.week.noneOnPage") : undefined}
          />
        </>
      )}
      {paged ? <Pagination page={calendar.page} limit={calendar.limit} total={calendar.total} /> : null}
    </Section>
  );
}
