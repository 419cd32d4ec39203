import { sql } from "kysely";
import { z } from "zod";
import { db } from "~/db/kysely.server";
import { levelById } from "~/modules/levels/levels";
import { MAX_ID } from "~/modules/shared/ids";
import { type HolidayRange, MAX_OCCURRENCES, heldSessionsBetween, sessionsBetween } from "./calendar";
import { WEEKDAY_CODES } from "./schedules";
import { addDays, requestedWeek, weekDates, weekFits, weekdayIndex } from "./week";

/**
 * The Monday of the week `?week=` asks for (today's week when it names no
 * date); null for a week that leaves the calendar (9999-12-27 and after: the
 * page's 400).
 */
export function weekOfRequest(param: string | null | undefined, today: string): string | null {
  const monday = requestedWeek(param, today);
  return weekFits(monday) ? monday : null;
}

export interface CalendarFilters {
  professorId?: number | null;
  levelId?: number | null;
}

/** One held class session of a course. */
export interface SessionEvent {
  courseId: number;
  code: string;
  levelId: number;
  professor: string | null;
  date: string;
  start_time: string;
  end_time: string;
}

/** A holiday on a day: school-wide (course null) or of one course (its code). */
export interface HolidayMark {
  name: string;
  course: string | null;
}

export interface CalendarDay {
  date: string;
  holidays: HolidayMark[];
}

/** A page of a calendar's courses: how many, from which one (in course code order). */
export interface CoursePaging {
  limit: number;
  offset: number;
}

/**
 * The held class sessions of the active courses from `from` to `to` (both
 * inclusive), and the holidays of each day: two queries, sessions expanded in
 * memory by the calendar module (holidays already removed). With `paging`,
 * only one page of the courses (in code order) is read and expanded, and
 * `courses` says how many there are in all.
 */
export async function classSessions(from: string, to: string, filters: CalendarFilters = {}, paging?: CoursePaging) {
  let courses = db()
    .selectFrom("courses as c")
    .leftJoin("users as p", "p.id", "c.professor_id")
    .select([
      "c.id",
      "c.course_id",
      "c.level_id",
      "c.schedule_days",
      "c.start_time",
      "c.end_time",
      "c.start_date",
      "c.end_date",
      "p.name as professor",
    ])
    .where("c.status", "=", "active")
    .where("c.start_date", "<=", to)
    .where("c.end_date", ">=", from);
  if (filters.professorId) courses = courses.where("c.professor_id", "=", filters.professorId);
  if (filters.levelId) courses = courses.where("c.level_id", "=", filters.levelId);
  const paged = paging
    ? courses
        .select(sql<number>`count(*) over ()`.as("total"))
        .orderBy("c.course_id")
        .orderBy("c.id")
        .limit(paging.limit)
        .offset(paging.offset)
    : courses;
  const [courseRows, holidayRows] = await Promise.all([paged.execute(), holidaysBetween(from, to)]);

  const holidays: HolidayRange[] = holidayRows;
  const sessions: SessionEvent[] = courseRows.flatMap((c) =>
    heldSessionsBetween(c, holidays, from, to).map((s) => ({
      courseId: c.id,
      code: c.course_id,
      levelId: c.level_id,
      professor: c.professor,
      date: s.date,
      start_time: s.start_time,
      end_time: s.end_time,
    })),
  );
  sessions.sort(
    (a, b) => a.date.localeCompare(b.date) || a.start_time.localeCompare(b.start_time) || a.code.localeCompare(b.code),
  );

  // A course's own holiday is shown only with that course (when it is on the calendar).
  const codes = new Map(courseRows.map((c) => [c.id, c.course_id]));
  const marks = new Map<string, HolidayMark[]>();
  for (const h of holidayRows) {
    if (h.course_id !== null && !codes.has(h.course_id)) continue;
    const mark = { name: h.name, course: h.course_id === null ? null : codes.get(h.course_id)! };
    for (let d = h.start_date < from ? from : h.start_date; d <= h.end_date && d <= to; d = addDays(d, 1)) {
      marks.set(d, [...(marks.get(d) ?? []), mark]);
    }
  }
  const total = (courseRows[0] as { total?: number } | undefined)?.total;
  return {
    sessions,
    holidaysOn: (date: string) => marks.get(date) ?? [],
    courses: total === undefined ? courseRows.length : Number(total),
  };
}

/**
 * The week that starts on `monday`: its seven days (with their holidays) and
 * its held sessions; with `paging`, those of one page of its courses, and how
 * many courses the week has in all.
 */
export async function loadWeek(monday: string, filters: CalendarFilters = {}, paging?: CoursePaging) {
  const dates = weekDates(monday);
  const { sessions, holidaysOn, courses } = await classSessions(dates[0], dates[6], filters, paging);
  const days: CalendarDay[] = dates.map((date) => ({ date, holidays: holidaysOn(date) }));
  return { days, sessions, courses };
}

/** A holiday of the school (course_id null) or of one course. */
type DayHoliday = { name: string; start_date: string; end_date: string; course_id: number | null };

/** The holidays that touch `from`–`to`, the school's and the courses', in date order (few: read once, not once a course). */
function holidaysBetween(from: string, to: string): Promise<DayHoliday[]> {
  return db()
    .selectFrom("holidays")
    .select(["name", "start_date", "end_date", "course_id"])
    .where("start_date", "<=", to)
    .where("end_date", ">=", from)
    .orderBy("start_date")
    .orderBy("id")
    .execute();
}

/**
 * The courses that meet on `day` by their dates, weekdays and status, with no
 * holiday of the school or of the course on it (`holidays`: the day's).
 * courses_today_idx answers it from the index alone (migration 0015).
 */
function coursesMeetingOn(day: string, holidays: readonly DayHoliday[]) {
  const code = WEEKDAY_CODES[weekdayIndex(day)];
  const closed = holidays.some((h) => h.course_id === null);
  const off = holidays.flatMap((h) => (h.course_id === null ? [] : [h.course_id]));
  return (
    db()
      .selectFrom("courses as c")
      .where("c.status", "=", "active")
      .where("c.end_date", ">=", day)
      .where("c.start_date", "<=", day)
      // schedule_days holds rrule codes ("MO,WE"), read as parseScheduleDays does: any case, spaces ignored.
      .where(sql<boolean>`',' || upper(replace(${sql.ref("c.schedule_days")}, ' ', '')) || ',' like ${`%,${code},%`}`)
      .$if(closed, (q) => q.where(sql<boolean>`1 = 0`))
      .$if(off.length > 0, (q) => q.where("c.id", "not in", off))
  );
}

/**
 * The ids of the courses that meet on `day` by their dates and weekdays but
 * whose calendar ended before it, at its MAX_OCCURRENCES-th class. At most one
 * class a day, so only a course that started MAX_OCCURRENCES days ago or more
 * can be one; those few are expanded to see.
 */
async function coursesEndedByTheirCount(day: string, holidays: readonly DayHoliday[]): Promise<number[]> {
  const old = await coursesMeetingOn(day, holidays)
    .select(["c.id", "c.schedule_days", "c.start_date", "c.end_date", "c.start_time", "c.end_time"])
    .where("c.start_date", "<=", addDays(day, -(MAX_OCCURRENCES - 1)))
    .execute();
  return old.filter((c) => sessionsBetween(c, [], day, day).length === 0).map((c) => c.id);
}

/**
 * One page of the class sessions held on `day`, in start time then course
 * code order, with how many there are and the day's school-wide holidays.
 * The database picks the courses (active, running that day, meeting on its
 * weekday, no holiday of the school or of the course on it) and counts them,
 * so the work grows with the page, not with the school; the page's courses
 * are then expanded by the calendar module as everywhere else. A course past
 * its 1,000th occurrence (PRODUCT 5: the calendar ends there, whatever its end
 * date) has no class that day: it is left out of the page and of the count.
 */
export async function sessionsOnDay(day: string, paging: CoursePaging) {
  const holidayRows = await holidaysBetween(day, day);
  const meeting = (excluded: readonly number[]) =>
    coursesMeetingOn(day, holidayRows).$if(excluded.length > 0, (q) => q.where("c.id", "not in", excluded));
  // The count and the page's ids from courses_today_idx; then only the page's rows.
  const count = (excluded: readonly number[]) =>
    meeting(excluded)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
  const page = (excluded: readonly number[]) =>
    db()
      .selectFrom("courses as k")
      .leftJoin("users as p", "p.id", "k.professor_id")
      .select([
        "k.id",
        "k.course_id",
        "k.level_id",
        "k.schedule_days",
        "k.start_time",
        "k.end_time",
        "k.start_date",
        "k.end_date",
        "p.name as professor",
      ])
      .where(
        "k.id",
        "in",
        meeting(excluded)
          .select("c.id")
          .orderBy("c.start_time")
          .orderBy("c.course_id")
          .orderBy("c.id")
          .limit(paging.limit)
          .offset(paging.offset),
      )
      .orderBy("k.start_time")
      .orderBy("k.course_id")
      .orderBy("k.id")
      .execute();
  const [firstPage, firstCount, ended] = await Promise.all([
    page([]),
    count([]),
    coursesEndedByTheirCount(day, holidayRows),
  ]);
  // Almost always none: only a course that started 1,000 days ago or more can be one.
  const [rows, counted] = ended.length > 0 ? await Promise.all([page(ended), count(ended)]) : [firstPage, firstCount];
  const sessions: SessionEvent[] = rows.flatMap((c) =>
    heldSessionsBetween(c, holidayRows, day, day).map((s) => ({
      courseId: c.id,
      code: c.course_id,
      levelId: c.level_id,
      professor: c.professor,
      date: s.date,
      start_time: s.start_time,
      end_time: s.end_time,
    })),
  );
  return {
    sessions,
    total: Number(counted.n),
    holidays: holidayRows.filter((h) => h.course_id === null).map((h) => ({ name: h.name, course: null })),
  };
}

/** `?professor=` and `?level=` of a calendar page; anything odd is no filter. */
export function parseCalendarFilters(params: URLSearchParams): CalendarFilters {
  const id = z.coerce.number().int().positive().max(MAX_ID).optional().catch(undefined);
  return {
    professorId: id.parse(params.get("professor") || undefined),
    levelId: id.parse(params.get("level") || undefined),
  };
}

/** Sessions as calendar events: course code, level and professor, leading where `href` says (or nowhere). */
export function calendarEvents(sessions: readonly SessionEvent[], href: (courseId: number) => string | null) {
  return sessions.map((s) => ({
    id: `${s.courseId}-${s.date}-${s.start_time}`,
    date: s.date,
    start: s.start_time,
    end: s.end_time,
    title: s.code,
    subtitle: levelById(s.levelId)?.name ?? null,
    detail: s.professor,
    href: href(s.courseId),
  }));
}
