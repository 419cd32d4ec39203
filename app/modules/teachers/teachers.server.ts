import { type ExpressionBuilder, sql } from "kysely";
import { z } from "zod";
import { db } from "~/db/kysely.server";
import { type Database } from "~/db/schema";
import { sessionsOfCourses } from "~/modules/calendar/sessions.server";
import { weeklyHours } from "~/modules/calendar/week";
import { enrolledOn } from "~/modules/courses/enrollment";
import { levelById } from "~/modules/levels/levels";
import { parsePaging } from "~/modules/shared/listing";
import { containsText } from "~/modules/shared/sql.server";
import { createUser } from "~/modules/users/users.server";
import { TERMS } from "./terms";

// Professors are users with the role professor; what they teach comes from
// courses.professor_id. Every list here is a page of professors plus a fixed
// number of grouped queries for that page, never one query per professor.

export const TEACHERS_PAGE_SIZE = 20;

const idList = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

function professorsPage(q: string | undefined) {
  let query = db().selectFrom("users").where("role", "=", "professor");
  if (q) query = query.where((eb) => eb.or([containsText("name", q), containsText("email", q)]));
  return query;
}

// ---------------------------------------------------------------------------
// admin/teachers

const teacherFilterSchema = z.object({ q: z.string().trim().max(100).optional().catch(undefined) });

export function parseTeacherFilters(params: URLSearchParams) {
  const raw = teacherFilterSchema.parse({ q: params.get("q") ?? undefined });
  return { q: raw.q || undefined, ...parsePaging(params, TEACHERS_PAGE_SIZE) };
}

/**
 * One page of professors with their contact data, the active courses they
 * teach that are not over (codes) and their weekly hours (running courses
 * only): three queries.
 */
export async function listTeachers(f: ReturnType<typeof parseTeacherFilters>, today: string) {
  const query = professorsPage(f.q);
  const [rows, count] = await Promise.all([
    query
      .select(["id", "name", "email", "status"])
      .orderBy("name")
      .orderBy("id")
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const courses = rows.length
    ? await db()
        .selectFrom("courses")
        .select([
          "id",
          "course_id",
          "level_id",
          "professor_id",
          "schedule_days",
          "start_time",
          "end_time",
          "start_date",
        ])
        .where("professor_id", "in", idList(rows))
        .where("status", "=", "active")
        .where("end_date", ">=", today)
        .orderBy("course_id")
        .execute()
    : [];
  return {
    total: Number(count.n),
    rows: rows.map((p) => {
      const mine = courses.filter((c) => c.professor_id === p.id);
      const running = mine.filter((c) => c.start_date <= today);
      return {
        ...p,
        // Each course by its readable label, the professor implied (issue 19): code, level, schedule.
        courses: mine.map((c) => ({
          id: c.id,
          course_id: c.course_id,
          level: levelById(c.level_id)?.name ?? "",
          schedule_days: c.schedule_days,
          start_time: c.start_time,
          end_time: c.end_time,
          running: c.start_date <= today,
        })),
        weeklyHours: running.reduce((sum, c) => sum + weeklyHours(c), 0),
      };
    }),
  };
}

/** A new professor with an initial password (hashed; audited; one transaction). */
export async function createProfessor(input: { name: string; email: string; password: string }, actorId: number) {
  return createUser({ ...input, role: "professor", method: "password" }, actorId);
}

// ---------------------------------------------------------------------------
// coordinator/professors

const overviewFilterSchema = z.object({ term: z.enum(TERMS).catch("running") });

export function parseOverviewFilters(params: URLSearchParams) {
  return {
    ...overviewFilterSchema.parse({ term: params.get("term") ?? undefined }),
    ...parsePaging(params, TEACHERS_PAGE_SIZE),
  };
}

/** Enrollments that count for a course's gradebook: open today, or open until the course ended. */
function countsForCourse(eb: ExpressionBuilder<Database, "enrollments" | "courses">, today: string) {
  return eb.or([enrolledOn(eb, today), eb("enrollments.end_date", ">=", eb.ref("courses.end_date"))]);
}

/**
 * One page of professors, each with the courses of the term asked for
 * (running today, finished, or both) and per course: sessions held so far,
 * sessions whose attendance was taken, and the share of grades entered
 * (grades of the enrolled students ÷ enrolled × grading items).
 */
export async function professorsOverview(f: ReturnType<typeof parseOverviewFilters>, today: string) {
  const query = professorsPage(undefined);
  const [professors, count] = await Promise.all([
    query.select(["id", "name"]).orderBy("name").orderBy("id").limit(f.limit).offset(f.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  if (professors.length === 0) return { rows: [], total: Number(count.n) };

  let courseQuery = db()
    .selectFrom("courses")
    .select([
      "id",
      "course_id",
      "level_id",
      "professor_id",
      "start_date",
      "end_date",
      // What the course's readable label shows besides its code and level (issue 19).
      "schedule_days",
      "start_time",
      "end_time",
    ])
    .where("professor_id", "in", idList(professors))
    .where("status", "=", "active")
    .where("start_date", "<=", today);
  if (f.term === "running") courseQuery = courseQuery.where("end_date", ">=", today);
  if (f.term === "finished") courseQuery = courseQuery.where("end_date", "<", today);
  const courses = await courseQuery.orderBy("start_date", "desc").orderBy("course_id").execute();
  const ids = idList(courses);
  if (ids.length === 0) return { rows: professors.map((p) => ({ ...p, courses: [] })), total: Number(count.n) };

  const [sessions, attendance, enrolled, items, grades] = await Promise.all([
    sessionsOfCourses(ids),
    db()
      .selectFrom("attendance")
      .select(["course_id", sql<number>`count(distinct session_date)`.as("n")])
      .where("course_id", "in", ids)
      .groupBy("course_id")
      .execute(),
    db()
      .selectFrom("enrollments")
      .innerJoin("courses", "courses.id", "enrollments.course_id")
      .select(["enrollments.course_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("enrollments.course_id", "in", ids)
      .where((eb) => countsForCourse(eb, today))
      .groupBy("enrollments.course_id")
      .execute(),
    db()
      .selectFrom("grading_items")
      .select(["course_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("course_id", "in", ids)
      .groupBy("course_id")
      .execute(),
    db()
      .selectFrom("grades")
      .innerJoin("grading_items", "grading_items.id", "grades.grading_item_id")
      .select(["grading_items.course_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("grading_items.course_id", "in", ids)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("enrollments")
            .innerJoin("courses", "courses.id", "enrollments.course_id")
            .select("enrollments.id")
            .whereRef("enrollments.student_id", "=", "grades.student_id")
            .whereRef("enrollments.course_id", "=", "grading_items.course_id")
            .where((eb2) => countsForCourse(eb2, today)),
        ),
      )
      .groupBy("grading_items.course_id")
      .execute(),
  ]);

  const byCourse = (list: readonly { course_id: number; n: number | string }[]) =>
    new Map(list.map((r) => [r.course_id, Number(r.n)]));
  const taken = byCourse(attendance);
  const students = byCourse(enrolled);
  const itemCount = byCourse(items);
  const gradeCount = byCourse(grades);

  const rows = professors.map((p) => ({
    ...p,
    courses: courses
      .filter((c) => c.professor_id === p.id)
      .map((c) => {
        const held = (sessions.get(c.id)?.sessions ?? []).filter((s) => s.status === "held").length;
        const expected = (students.get(c.id) ?? 0) * (itemCount.get(c.id) ?? 0);
        return {
          id: c.id,
          code: c.course_id,
          levelId: c.level_id,
          schedule_days: c.schedule_days,
          start_time: c.start_time,
          end_time: c.end_time,
          start_date: c.start_date,
          end_date: c.end_date,
          held,
          attendanceTaken: taken.get(c.id) ?? 0,
          enrolled: students.get(c.id) ?? 0,
          gradesEntered: gradeCount.get(c.id) ?? 0,
          gradesExpected: expected,
          gradesPercent:
            expected > 0 ? Math.min(100, Math.round(((gradeCount.get(c.id) ?? 0) / expected) * 100)) : null,
        };
      }),
  }));
  return { rows, total: Number(count.n) };
}

// ---------------------------------------------------------------------------
// /teachers

/** A professor's active courses that are not over, with their enrolled count today: one query. */
export async function coursesOfProfessor(professorId: number, today: string) {
  const rows = await db()
    .selectFrom("courses as c")
    .select((eb) => [
      "c.id",
      "c.course_id",
      "c.level_id",
      "c.schedule_days",
      "c.start_time",
      "c.end_time",
      "c.start_date",
      "c.end_date",
      // Counted per course from its own enrollments (enrollments_course_idx): a
      // count of the whole school's, grouped and then joined, grew with the
      // school (issue 18: 3 ms on the bench school, 34 ms on one ten times larger).
      eb
        .selectFrom("enrollments")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("enrollments.course_id", "=", "c.id")
        .where((e) => enrolledOn(e, today))
        .as("enrolled"),
    ])
    .where("c.professor_id", "=", professorId)
    .where("c.status", "=", "active")
    .where("c.end_date", ">=", today)
    .orderBy("c.start_date")
    .orderBy("c.course_id")
    .execute();
  return rows.map((r) => ({ ...r, enrolled: Number(r.enrolled ?? 0) }));
}
