import { type Role } from "~/db/schema";
import { type Capability, can } from "~/modules/auth/permissions";
import { upcomingHolidays } from "~/modules/calendar/holidays.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { weekLinks } from "~/modules/calendar/week";
import {
  type CalendarFilters,
  calendarEvents,
  loadWeek,
  parseCalendarFilters,
  sessionsOnDay,
  weekOfRequest,
} from "~/modules/calendar/week.server";
import { professorOptions } from "~/modules/courses/courses.server";
import { refuse } from "~/modules/shared/outcome";
import { absenceAlerts, schoolCounts } from "./dashboard.server";

/** Who the dashboard is for: its greeting names them, their role decides what its cards and events lead to. */
export interface DashboardReader {
  name: string;
  role: Role;
}

/** The keys of the dashboard's count cards, in their order (their labels: school's dashboard.counts.<key>). */
export type CountKey =
  "activeStudents" | "inactiveStudents" | "pendingRegistrations" | "pendingTransfers" | "runningCourses" | "professors";

/** Sessions of today's list per page, and courses of the week per page: what a screen holds, whatever the school's size. */
export const TODAY_PAGE_SIZE = 20;
export const WEEK_PAGE_SIZE = 20;
const MAX_PAGE = 10_000;

/** `?page=` of the dashboard's calendar: a positive whole number, 1 for anything else. */
function pageOf(params: URLSearchParams) {
  const n = Number(params.get("page"));
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}

/**
 * The calendar's view: the week when `?week=` or a filter asks for it (the
 * week links, the filter form), otherwise today's classes.
 */
function viewOf(params: URLSearchParams, filters: CalendarFilters): "today" | "week" {
  return params.has("week") || filters.professorId || filters.levelId ? "week" : "today";
}

/**
 * The staff dashboard (/dashboard), display-ready: the greeting, the school's
 * counts as cards (each linking to its list when the reader may open it), the
 * class calendar, the holidays ahead and the absence alerts. The calendar is
 * bounded by what a person reads, not by the school (issue 18): by default
 * today's classes, a page at a time; with `?week=` (or `?professor=` /
 * `?level=`) the week, a page of its courses at a time, with its filters.
 * Refused when the week leaves the calendar (the page's 400).
 */
export async function dashboardPage(reader: DashboardReader, params: URLSearchParams) {
  const today = await schoolToday();
  const monday = weekOfRequest(params.get("week"), today);
  if (!monday) return refuse("weekOutOfRange");
  const filters = parseCalendarFilters(params);
  const view = viewOf(params, filters);
  // The course page is for the roles that manage courses; others see the session without a dead end.
  const opensCourses = can(reader.role, "courses:manage");
  const href = (id: number) => (opensCourses ? `/admin/courses/${id}` : null);
  const [counts, calendar, holidays, alerts] = await Promise.all([
    schoolCounts(today),
    view === "today"
      ? todaysClasses(today, pageOf(params), href)
      : weekOfCourses(monday, filters, pageOf(params), href),
    upcomingHolidays(today, { limit: 5 }),
    absenceAlerts(today),
  ]);
  const may = (capability: Capability, to: string) => (can(reader.role, capability) ? to : null);
  const cards: { key: CountKey; value: number; href: string | null }[] = [
    {
      key: "activeStudents",
      value: counts.activeStudents,
      href: may("students:view", "/admin/students?status=active"),
    },
    {
      key: "inactiveStudents",
      value: counts.inactiveStudents,
      href: may("students:view", "/admin/students?status=inactive"),
    },
    {
      key: "pendingRegistrations",
      value: counts.pendingRegistrations,
      href: may("registrations:view", "/admin/registered-students?status=pending"),
    },
    {
      key: "pendingTransfers",
      value: counts.pendingTransfers,
      href: may("transfers:view", "/admin/transfer-students?status_level_change=pending"),
    },
    {
      key: "runningCourses",
      value: counts.runningCourses,
      href: may("courses:manage", "/admin/courses?phase=running&status=active"),
    },
    { key: "professors", value: counts.professors, href: may("teachers:view", "/admin/teachers") },
  ];
  return {
    ok: true as const,
    name: reader.name,
    role: reader.role,
    today,
    ...weekLinks(monday, today),
    cards,
    calendar,
    holidays,
    alerts: alerts.rows,
    alertsTotal: alerts.total,
    alertsMore: alerts.more,
    opensStudents: can(reader.role, "students:view"),
  };
}

/** Today's classes, one page of them (past the last page: the first). */
async function todaysClasses(today: string, page: number, href: (courseId: number) => string | null) {
  let found = await sessionsOnDay(today, { limit: TODAY_PAGE_SIZE, offset: (page - 1) * TODAY_PAGE_SIZE });
  if (found.sessions.length === 0 && page > 1) {
    page = 1;
    found = await sessionsOnDay(today, { limit: TODAY_PAGE_SIZE, offset: 0 });
  }
  return {
    view: "today" as const,
    events: calendarEvents(found.sessions, href),
    dayHolidays: found.holidays,
    page,
    limit: TODAY_PAGE_SIZE,
    total: found.total,
  };
}

/** The week of `monday` for one page of its courses, with the filters and the professors to filter by. */
async function weekOfCourses(
  monday: string,
  filters: CalendarFilters,
  page: number,
  href: (courseId: number) => string | null,
) {
  const paging = (p: number) => ({ limit: WEEK_PAGE_SIZE, offset: (p - 1) * WEEK_PAGE_SIZE });
  let [week, professors] = await Promise.all([loadWeek(monday, filters, paging(page)), professorOptions()]);
  if (week.courses === 0 && page > 1) {
    page = 1;
    week = await loadWeek(monday, filters, paging(1));
  }
  return {
    view: "week" as const,
    events: calendarEvents(week.sessions, href),
    days: week.days,
    professors,
    page,
    limit: WEEK_PAGE_SIZE,
    total: week.courses,
  };
}
