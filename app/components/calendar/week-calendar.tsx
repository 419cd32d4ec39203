import { useLocation } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { DirectionChevron } from "../layout/icons";

export interface WeekCalendarDay {
  /** YYYY-MM-DD */
  date: string;
  /** Holidays on this day; a course's own holiday names the course. */
  holidays: { name: string; course: string | null }[];
}

export interface WeekCalendarEvent {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  start: string;
  /** HH:MM */
  end: string;
  title: string;
  /** The course's level as stored (an app-made name such as "Private Classes" is shown in the reader's language). */
  subtitle?: string | null;
  detail?: string | null;
  /** Where the event leads; none for a reader who may not open it. */
  href?: string | null;
}

// Intl formats are costly to make (issue 18): one per language, kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const rangeFormats = new Map<string, Intl.DateTimeFormat>();
function kept(cache: Map<string, Intl.DateTimeFormat>, locale: string, options: Intl.DateTimeFormatOptions) {
  let f = cache.get(locale);
  if (!f) cache.set(locale, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}
const dayFormat = (locale: string) =>
  kept(dayFormats, locale, { weekday: "long", day: "numeric", month: "short", timeZone: "UTC" });
const utc = (ymd: string) => new Date(`${ymd}T00:00:00Z`);

/**
 * A week of class sessions as seven day columns (Mon..Sun) from 768px up, a
 * day-by-day list below (CSS only). It is an ordered list of days, each
 * with its heading and its list of sessions, so screen readers read it as
 * lists too. Pure props: the page decides what the events are and where
 * they lead.
 */
export function WeekCalendar({
  days,
  events,
  today,
  label,
  headingLevel = 3,
  emptyText,
}: {
  days: WeekCalendarDay[];
  events: WeekCalendarEvent[];
  today?: string;
  label: string;
  headingLevel?: 2 | 3 | 4;
  /** What a day without sessions says ("No classes" unless told). */
  emptyText?: string;
}) {
  const { t, i18n } = useTranslation("school");
  const format = dayFormat(i18n.language || "en");
  const Heading = `h${headingLevel}` as const;
  return (
    <ol aria-label={label} className="grid gap-2 md:grid-cols-7">
      {days.map((day) => {
        const mine = events.filter((e) => e.date === day.date);
        const isToday = day.date === today;
        return (
          <li
            key={day.date}
            aria-current={isToday ? "date" : undefined}
            className={`flex min-w-0 flex-col rounded-lg border bg-white ${isToday ? "border-primary-dark ring-1 ring-primary-dark" : "border-slate-200"}`}
          >
            <Heading
              className={`rounded-t-lg px-2 py-1.5 text-sm font-semibold ${isToday ? "bg-primary-light text-primary-dark" : "bg-slate-100 text-slate-800"}`}
            >
              <time dateTime={day.date}>{format.format(utc(day.date))}</time>
              {isToday ? <span className="ms-1 text-xs font-normal">({t("calendar.today")})</span> : null}
            </Heading>
            <div className="flex flex-1 flex-col gap-1.5 p-1.5">
              {day.holidays.map((h) => (
                <p
                  key={`${h.name}-${h.course ?? ""}`}
                  className="rounded border-s-4 border-amber-600 bg-amber-50 px-2 py-1 text-xs text-amber-950"
                >
                  <span className="font-semibold">{t("calendar.holiday")}:</span> {h.name}
                  {h.course ? (
                    <span className="block [overflow-wrap:anywhere]">
                      {t("holidays.courseOnly", { course: h.course })}
                    </span>
                  ) : null}
                </p>
              ))}
              {mine.length ? (
                <ul className="flex flex-col gap-1.5">
                  {mine.map((e) => (
                    <li key={e.id}>
                      <EventCard event={e} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="px-1 py-1 text-xs text-slate-700">{emptyText ?? t("calendar.noSessions")}</p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** One session: its times, course, level and professor, a link when it leads somewhere. */
export function EventCard({ event }: { event: WeekCalendarEvent }) {
  const appNames = useAppNames();
  const body = (
    <>
      <span className="block font-semibold tabular-nums">
        <time dateTime={`${event.date}T${event.start}`}>{event.start}</time>–
        <time dateTime={`${event.date}T${event.end}`}>{event.end}</time>
      </span>
      <span className="block font-medium [overflow-wrap:anywhere]">{event.title}</span>
      {event.subtitle ? <span className="block">{appNames.level(event.subtitle)}</span> : null}
      {event.detail ? <span className="block text-slate-700">{event.detail}</span> : null}
    </>
  );
  const style = "block rounded border-s-4 border-primary bg-primary-light/60 px-2 py-1 text-xs text-slate-900";
  return event.href ? (
    <Link to={event.href} className={`${style} hover:bg-primary-light hover:underline`}>
      {body}
    </Link>
  ) : (
    <div className={style}>{body}</div>
  );
}

/**
 * The week shown and links to the previous, current and next week; every
 * other filter of the query string is kept.
 */
export function WeekNav({
  monday,
  previous,
  next,
  current,
}: {
  monday: string;
  previous: string;
  next: string;
  current: string;
}) {
  const { t, i18n } = useTranslation("school");
  const location = useLocation();
  const href = (week: string) => {
    const params = new URLSearchParams(location.search);
    params.set("week", week);
    params.delete("page");
    return `${location.pathname}?${params}`;
  };
  const sunday = new Date(utc(monday).getTime() + 6 * 86_400_000);
  // Node's ICU puts thin spaces (U+2009) around the range dash where Chromium's
  // puts plain spaces: one form on both sides, or hydration finds different text.
  const range = kept(rangeFormats, i18n.language || "en", { dateStyle: "medium", timeZone: "UTC" })
    .formatRange(utc(monday), sunday)
    .replace(/\u2009/g, " ");
  return (
    <nav aria-label={t("calendar.weeks")} className="flex flex-wrap items-center justify-between gap-2">
      <p className="font-medium" aria-live="polite">
        {t("calendar.weekOf", { range })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={href(previous)} className="btn-secondary" rel="prev" preventScrollReset>
          <DirectionChevron to="back" /> {t("calendar.previousWeek")}
        </Link>
        {monday !== current ? (
          <Link to={href(current)} className="btn-secondary" preventScrollReset>
            {t("calendar.thisWeek")}
          </Link>
        ) : null}
        <Link to={href(next)} className="btn-secondary" rel="next" preventScrollReset>
          {t("calendar.nextWeek")} <DirectionChevron to="forward" />
        </Link>
      </div>
    </nav>
  );
}
