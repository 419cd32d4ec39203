import { type Role } from "~/db/schema";
import { menuFor } from "~/modules/auth/menu";
import { parseScheduleDays } from "~/modules/calendar/dates";
import { upcomingHolidays } from "~/modules/calendar/holidays.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { mondayOf, weekLinks } from "~/modules/calendar/week";
import {
  type SessionEvent,
  calendarEvents,
  classSessions,
  loadWeek,
  weekOfRequest,
} from "~/modules/calendar/week.server";
import { levelById } from "~/modules/levels/levels";
import { refuse } from "~/modules/shared/outcome";
import { coursesOfProfessor } from "./teachers.server";

/** Where a professor's course leads from their home: the course's own home. */
const courseHome = (id: number) => `/course/${id}/home`;

/** A professor's own sessions: no need to name the professor on each. */
const ownEvents = (sessions: readonly SessionEvent[]) =>
  calendarEvents(sessions, courseHome).map((e) => ({ ...e, detail: null }));

/**
 * /teachers, display-ready. The page is open to every signed-in role (spec
 * redirect rules); only a professor has courses to show (`teaching`), the
 * others keep their greeting and the shortcuts of their menu. A professor's
 * week is the one `?week=` asks for: refused when it leaves the calendar
 * (the page's 400).
 */
export async function teachersHomePage(user: { id: number; name: string; role: Role }, params: URLSearchParams) {
  const base = { ok: true as const, name: user.name, role: user.role };
  if (user.role !== "professor") {
    return { ...base, teaching: null, shortcuts: menuFor(user.role).filter((i) => i.path !== "/teachers") };
  }
  const today = await schoolToday();
  const monday = weekOfRequest(params.get("week"), today);
  if (!monday) return refuse("weekOutOfRange");
  return { ...base, shortcuts: [], teaching: await teaching(user.id, monday, today) };
}

/** A professor's courses, today's sessions and holidays, the week of `monday` and the holidays ahead. */
async function teaching(professorId: number, monday: string, today: string) {
  const mine = { professorId };
  const thisWeek = monday === mondayOf(today);
  const [courses, week, other, holidays] = await Promise.all([
    coursesOfProfessor(professorId, today),
    loadWeek(monday, mine),
    // Today is in the week shown, unless the professor browsed to another week.
    thisWeek ? null : classSessions(today, today, mine),
    upcomingHolidays(today, { limit: 5, professorId }),
  ]);
  const todays = other
    ? { sessions: other.sessions, holidays: other.holidaysOn(today) }
    : {
        sessions: week.sessions.filter((s) => s.date === today),
        holidays: week.days.find((d) => d.date === today)?.holidays ?? [],
      };
  return {
    today,
    ...weekLinks(monday, today),
    courses: courses.map((c) => ({
      id: c.id,
      href: courseHome(c.id),
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
  };
}
