import { db } from "~/db/kysely.server";
import { expandSessions } from "../calendar/calendar";

// Reads for the professor's course pages (/course/{id}/home, holidays, faq).
// Access is checked by the routes (requireCourseProfessor) before these run.
// A course that is gone reads as null (the route's 404).

/** The course data the home page shows: one query; null when there is no such course. */
export async function courseOverview(courseId: number) {
  const course = await db()
    .selectFrom("courses")
    .select([
      "id",
      "course_id",
      "course_number",
      "level_id",
      "age_category",
      "type",
      "schedule_days",
      "start_time",
      "end_time",
      "start_date",
      "end_date",
      "assig_percentage",
      "test_percentage",
      "exam_percentage",
      "status",
    ])
    .where("id", "=", courseId)
    .executeTakeFirst();
  return course ?? null;
}

/** What the FAQ page says about this course: its code and weights; null when there is no such course. */
export async function courseWeights(courseId: number) {
  const course = await db()
    .selectFrom("courses")
    .select(["course_id", "assig_percentage", "test_percentage", "exam_percentage"])
    .where("id", "=", courseId)
    .executeTakeFirst();
  return course ?? null;
}

/**
 * The holidays (school-wide and the course's own) that overlap the course's
 * dates, each with the class sessions it cancels: two queries, whatever the
 * number of holidays; the course is expanded once (PRODUCT 5). Null when
 * there is no such course.
 */
export async function courseHolidays(courseId: number) {
  const course = await db()
    .selectFrom("courses")
    .select(["id", "schedule_days", "start_date", "end_date", "start_time", "end_time"])
    .where("id", "=", courseId)
    .executeTakeFirst();
  if (!course) return null;
  const holidays = await db()
    .selectFrom("holidays")
    .select(["id", "name", "start_date", "end_date", "course_id"])
    .where((eb) => eb.or([eb("course_id", "is", null), eb("course_id", "=", courseId)]))
    .where("start_date", "<=", course.end_date)
    .where("end_date", ">=", course.start_date)
    .orderBy("start_date")
    .orderBy("id")
    .execute();
  // Every date the schedule has, holidays or not: each holiday takes those inside it.
  const sessions = expandSessions(course);
  return {
    course: { start_date: course.start_date, end_date: course.end_date },
    holidays: holidays.map((h) => ({
      id: h.id,
      name: h.name,
      start_date: h.start_date,
      end_date: h.end_date,
      wholeSchool: h.course_id === null,
      cancels: sessions
        .filter((s) => h.start_date <= s.date && s.date <= h.end_date)
        .map((s) => ({ date: s.date, start_time: s.start_time, end_time: s.end_time })),
    })),
  };
}
