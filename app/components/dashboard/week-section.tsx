import { type ReactNode } from "react";
import {
  type WeekCalendarDay,
  type WeekCalendarEvent,
  WeekCalendar,
  WeekNav,
} from "~/components/calendar/week-calendar";
import { Section } from "~/components/ui/section";

/** A week of a home page: which week it is, its neighbours and its days, as the read model gives them. */
export interface WeekView {
  today: string;
  monday: string;
  previous: string;
  next: string;
  current: string;
  days: WeekCalendarDay[];
  events: WeekCalendarEvent[];
}

/** The week's section of a home page: its h2, what goes between (e.g. filters), the week links and the calendar. */
export function WeekSection({
  title,
  calendarLabel,
  week,
  children,
}: {
  title: string;
  calendarLabel: string;
  week: WeekView;
  children?: ReactNode;
}) {
  return (
    <Section id="week-heading" title={title} className="space-y-3">
      {children}
      <WeekNav monday={week.monday} previous={week.previous} next={week.next} current={week.current} />
      <WeekCalendar days={week.days} events={week.events} today={week.today} label={calendarLabel} />
    </Section>
  );
}
