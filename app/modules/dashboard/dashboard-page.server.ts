import { type Role } from "~/db/schema";
import { type Capability, can } from "~/modules/auth/permissions";
import { upcomingHolidays } from "~/modules/calendar/holidays.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { weekLinks } from "~/modules/calendar/week";
import { calendarEvents, loadWeek, parseCalendarFilters, weekOfRequest } from "~/modules/calendar/week.server";
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

/**
 * The staff dashboard (/dashboard), display-ready: the greeting, the school's
 * counts as cards (each linking to its list when the reader may open it), the
 * week asked for by `?week=` with its `?professor=`/`?level=` filters, the
 * holidays ahead and the absence alerts. Refused when the week leaves the
 * calendar (the page's 400).
 */
export async function dashboardPage(reader: DashboardReader, params: URLSearchParams) {
  const today = await schoolToday();
  const monday = weekOfRequest(params.get("week"), today);
  if (!monday) return refuse("weekOutOfRange");
  const filters = parseCalendarFilters(params);
  const [counts, week, holidays, alerts, professors] = await Promise.all([
    schoolCounts(today),
    loadWeek(monday, filters),
    upcomingHolidays(today, { limit: 5 }),
    absenceAlerts(today),
    professorOptions(),
  ]);
  const may = (capability: Capability, to: string) => (can(reader.role, capability) ? to : null);
  const opensCourses = can(reader.role, "courses:manage");
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
    filters,
    professors,
    cards,
    days: week.days,
    // The course page is for the roles that manage courses; others see the session without a dead end.
    events: calendarEvents(week.sessions, (id) => (opensCourses ? `/admin/courses/${id}` : null)),
    holidays,
    alerts: alerts.rows,
    alertsTotal: alerts.total,
    opensStudents: can(reader.role, "students:view"),
  };
}
