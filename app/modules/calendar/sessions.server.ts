import { db } from "~/db/kysely.server";
import { courseRecord } from "~/modules/courses/courses.server";
import { schoolTimeZone } from "~/modules/settings/settings.server";
import { type CourseSchedule, type HolidayRange } from "./calendar";
import { type DatedSession, courseSessionsAt, todayIn, zonedInstant } from "./sessions";
import { addDays } from "./week";

// The one place class sessions are computed from the database (PRODUCT 5):
// calendars, attendance dates and reports ask here. Each call is one query
// for the courses and one for their holidays, however many courses.

export interface CourseSessions {
  course: CourseSchedule & { id: number };
  sessions: DatedSession[];
}

/**
 * Today (YYYY-MM-DD) in the school's time zone: the app's one "today"
 * (approvals, enrollments, attendance, dashboard, calendars, certificates,
 * reports). Never the UTC date: from 19:00 in Guayaquil UTC is already tomorrow.
 * Inside a transaction ask before it starts: on SQLite the settings query
 * would wait for the transaction's own connection.
 */
export async function schoolToday(now: Date = new Date()) {
  return todayIn(await schoolTimeZone(), now);
}

/**
 * The school's date of stored instants (ISO UTC timestamps such as
 * created_at), by schoolToday's rule: `(await schoolDates())(iso)`. The zone
 * is read once, for a whole list or export. Never the UTC date the string
 * starts with.
 */
export async function schoolDates(): Promise<(iso: string) => string> {
  const timeZone = await schoolTimeZone();
  return (iso) => todayIn(timeZone, new Date(iso));
}

/**
 * The instants a list's date filter keeps (from <= created_at < to): the
 * school's calendar days, not UTC's, as the audit log's filter.
 */
export async function schoolDayRange(from: string | undefined, to: string | undefined) {
  const timeZone = await schoolTimeZone();
  return {
    from: from ? zonedInstant(from, "00:00", timeZone).toISOString() : undefined,
    to: to ? zonedInstant(addDays(to, 1), "00:00", timeZone).toISOString() : undefined,
  };
}

/**
 * The sessions of these courses (held / holiday / upcoming at `now` in the
 * school's time zone), minus school-wide holidays and each course's own.
 * Courses that do not exist are left out of the map.
 */
export async function sessionsOfCourses(
  courseIds: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, CourseSessions>> {
  const ids = [...new Set(courseIds)];
  const out = new Map<number, CourseSessions>();
  if (ids.length === 0) return out;
  const [timeZone, courses, holidays] = await Promise.all([
    schoolTimeZone(),
    db()
      .selectFrom("courses")
      .select(["id", "schedule_days", "start_date", "end_date", "start_time", "end_time"])
      .where("id", "in", ids)
      .execute(),
    holidaysOfCourses(ids),
  ]);
  for (const course of courses) out.set(course.id, courseSessions(course, holidays, timeZone, now));
  return out;
}

/** The school-wide holidays and those of these courses, by start date. */
function holidaysOfCourses(ids: readonly number[]) {
  return db()
    .selectFrom("holidays")
    .select(["name", "start_date", "end_date", "course_id"])
    .where((eb) => eb.or([eb("course_id", "is", null), eb("course_id", "in", ids)]))
    .orderBy("start_date")
    .execute();
}

function courseSessions(
  course: CourseSchedule & { id: number },
  holidays: readonly (HolidayRange & { course_id: number | null })[],
  timeZone: string,
  now: Date,
): CourseSessions {
  const own = holidays.filter((h) => h.course_id === null || h.course_id === course.id);
  return { course, sessions: courseSessionsAt(course, own, timeZone, now) };
}

/** One course's sessions, or undefined when there is no such course. */
export async function sessionsOfCourse(courseId: number, now: Date = new Date()): Promise<CourseSessions | undefined> {
  // The course's row from the request's own read of it (courseRecord), not a second query.
  const [timeZone, record, holidays] = await Promise.all([
    schoolTimeZone(),
    courseRecord(courseId),
    holidaysOfCourses([courseId]),
  ]);
  if (!record) return undefined;
  const { id, schedule_days, start_date, end_date, start_time, end_time } = record;
  return courseSessions({ id, schedule_days, start_date, end_date, start_time, end_time }, holidays, timeZone, now);
}
