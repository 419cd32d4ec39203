import { type Transaction } from "kysely";
import { z } from "zod";
import { database, db, sql } from "~/db/kysely.server";
import { type Database } from "~/db/schema";
import { audit } from "~/modules/audit/audit.server";
import { bySyllabusOrder } from "~/modules/grades/syllabus";
import { copySyllabusToCourse } from "~/modules/grades/syllabus.server";
import { MAX_ID } from "~/modules/shared/ids";
import { parsePaging } from "~/modules/shared/listing";
import { oncePerRequest } from "~/modules/shared/request-scope.server";
import { containsText } from "~/modules/shared/sql.server";
import { COURSE_TYPES, STANDARD_SCHEDULES, findSchedule } from "../calendar/schedules";
import { enrolledOn, isEnrolledOn } from "./enrollment";
import { CUSTOM_SCHEDULE, type CourseInput, PHASES } from "./schema";

export const COURSES_PAGE_SIZE = 25;

// ---------------------------------------------------------------------------
// Shared bits

/**
 * A course's row, read once per request scope (a course page's access check,
 * frame and page share it: one query instead of three); undefined when there
 * is no such course.
 */
export function courseRecord(courseId: number) {
  return oncePerRequest(`course:${courseId}`, () =>
    db().selectFrom("courses").selectAll().where("id", "=", courseId).executeTakeFirst(),
  );
}

/** The professor of a course (null: none yet), or undefined when there is no such course. */
export async function courseProfessorId(courseId: number): Promise<number | null | undefined> {
  return (await courseRecord(courseId))?.professor_id;
}

function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string } | null;
  return (
    e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "")
  );
}

// ---------------------------------------------------------------------------
// The list

const filterSchema = z.object({
  level: z.coerce.number().int().positive().max(1_000_000).optional().catch(undefined),
  age: z.enum(["kids", "adults"]).optional().catch(undefined),
  type: z.enum(COURSE_TYPES).optional().catch(undefined),
  schedule: z.string().max(40).optional().catch(undefined),
  professor: z.coerce.number().int().positive().max(MAX_ID).optional().catch(undefined),
  status: z.enum(["active", "inactive"]).optional().catch(undefined),
  phase: z.enum(PHASES).optional().catch(undefined),
});

export type CourseFilters = ReturnType<typeof parseCourseFilters>;

/** The list's filters from the query string; anything unknown is no filter. */
export function parseCourseFilters(params: URLSearchParams) {
  const raw = filterSchema.parse({
    level: params.get("level") || undefined,
    age: params.get("age") || undefined,
    type: params.get("type") || undefined,
    schedule: params.get("schedule") || undefined,
    professor: params.get("professor") || undefined,
    status: params.get("status") || undefined,
    phase: params.get("phase") || undefined,
  });
  const schedule =
    raw.schedule === CUSTOM_SCHEDULE || findSchedule(raw.schedule)?.id === raw.schedule ? raw.schedule : undefined;
  return { ...raw, schedule, ...parsePaging(params, COURSES_PAGE_SIZE) };
}

/** Current enrollments per course, as a joinable subquery. */
function enrolledCounts(today: string) {
  return db()
    .selectFrom("enrollments")
    .select((eb) => ["enrollments.course_id", eb.fn.countAll<number>().as("enrolled")])
    .where((eb) => enrolledOn(eb, today))
    .groupBy("enrollments.course_id")
    .as("cnt");
}

/** One page of courses with the listed columns only, newest term first. */
export async function listCourses(f: CourseFilters, today: string) {
  let query = db().selectFrom("courses as c");
  if (f.level) query = query.where("c.level_id", "=", f.level);
  if (f.age) query = query.where("c.age_category", "=", f.age);
  if (f.type) query = query.where("c.type", "=", f.type);
  if (f.professor) query = query.where("c.professor_id", "=", f.professor);
  if (f.status) query = query.where("c.status", "=", f.status);
  if (f.phase === "running") query = query.where("c.start_date", "<=", today).where("c.end_date", ">=", today);
  if (f.phase === "upcoming") query = query.where("c.start_date", ">", today);
  if (f.phase === "finished") query = query.where("c.end_date", "<", today);
  if (f.schedule === CUSTOM_SCHEDULE) {
    // Custom: matches none of the standard schedules.
    query = query.where((eb) =>
      eb.not(
        eb.or(
          STANDARD_SCHEDULES.map((s) =>
            eb.and([
              eb("c.schedule_days", "=", s.days),
              eb("c.start_time", "=", s.start_time),
              eb("c.end_time", "=", s.end_time),
            ]),
          ),
        ),
      ),
    );
  } else if (f.schedule) {
    const s = findSchedule(f.schedule)!;
    query = query
      .where("c.schedule_days", "=", s.days)
      .where("c.start_time", "=", s.start_time)
      .where("c.end_time", "=", s.end_time);
  }
  const [rows, count] = await Promise.all([
    query
      .leftJoin("users as p", "p.id", "c.professor_id")
      .leftJoin(enrolledCounts(today), "cnt.course_id", "c.id")
      .select([
        "c.id",
        "c.course_id",
        "c.course_number",
        "c.level_id",
        "c.age_category",
        "c.type",
        "c.schedule_days",
        "c.start_time",
        "c.end_time",
        "c.start_date",
        "c.end_date",
        "c.capacity",
        "c.status",
        "p.name as professor_name",
        "cnt.enrolled",
      ])
      .orderBy("c.start_date", "desc")
      .orderBy("c.course_id")
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, enrolled: Number(r.enrolled ?? 0) })), total: Number(count.n) };
}

/** Users with the professor role (active ones, plus `includeId` whatever its state), by name. */
export async function professorOptions(includeId?: number | null) {
  return db()
    .selectFrom("users")
    .select(["id", "name"])
    .where("role", "=", "professor")
    .where((eb) =>
      includeId ? eb.or([eb("status", "=", "active"), eb("id", "=", includeId)]) : eb("status", "=", "active"),
    )
    .orderBy("name")
    .orderBy("id")
    .execute();
}

// ---------------------------------------------------------------------------
// One course

const COURSE_COLUMNS = [
  "c.id",
  "c.course_number",
  "c.course_id",
  "c.level_id",
  "c.age_category",
  "c.type",
  "c.schedule_days",
  "c.start_time",
  "c.end_time",
  "c.start_date",
  "c.end_date",
  "c.professor_id",
  "c.assig_percentage",
  "c.test_percentage",
  "c.exam_percentage",
  "c.capacity",
  "c.status",
] as const;

export async function getCourse(id: number) {
  return db()
    .selectFrom("courses as c")
    .leftJoin("users as p", "p.id", "c.professor_id")
    .select([...COURSE_COLUMNS, "p.name as professor_name", "p.email as professor_email"])
    .where("c.id", "=", id)
    .executeTakeFirst();
}

export type CourseRow = NonNullable<Awaited<ReturnType<typeof getCourse>>>;

/** The course's enrollments: current ones (with the students' names) and the ended ones. */
export async function courseEnrollments(courseId: number, today: string) {
  const rows = await db()
    .selectFrom("enrollments")
    .innerJoin("students as s", "s.id", "enrollments.student_id")
    .select([
      "enrollments.id",
      "enrollments.student_id",
      "enrollments.start_date",
      "enrollments.end_date",
      "enrollments.end_reason",
      "s.first_name",
      "s.middle_name",
      "s.last_name",
      "s.second_last_name",
      "s.id_number",
    ])
    .where("enrollments.course_id", "=", courseId)
    .orderBy("s.last_name")
    .orderBy("s.second_last_name")
    .orderBy("s.first_name")
    .orderBy("enrollments.id")
    .execute();
  const current = rows.filter((r) => isEnrolledOn(r, today));
  const ended = rows
    .filter((r) => !isEnrolledOn(r, today))
    .sort((a, b) => (b.end_date ?? "").localeCompare(a.end_date ?? ""));
  return { current, ended };
}

export async function gradingItemsOf(courseId: number) {
  const rows = await db()
    .selectFrom("grading_items")
    .select(["id", "item_name", "category", "position"])
    .where("course_id", "=", courseId)
    .execute();
  return bySyllabusOrder(rows);
}

// ---------------------------------------------------------------------------
// Create and edit

export type SaveOutcome =
  | { ok: true; id: number }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "codeTaken" }
  | { ok: false; reason: "professorInvalid" }
  | { ok: false; reason: "capacityBelowEnrolled"; enrolled: number };

class Refusal extends Error {
  constructor(readonly outcome: Exclude<SaveOutcome, { ok: true }>) {
    super(outcome.reason);
  }
}

type Trx = Transaction<Database>;

async function checkCommon(trx: Trx, input: CourseInput, selfId: number | null) {
  let codeQuery = trx
    .selectFrom("courses")
    .select("id")
    .where(sql`lower(course_id)`, "=", input.course_id.toLowerCase());
  if (selfId !== null) codeQuery = codeQuery.where("id", "<>", selfId);
  if (await codeQuery.executeTakeFirst()) throw new Refusal({ ok: false, reason: "codeTaken" });
  if (input.professor_id !== null) {
    const prof = await trx
      .selectFrom("users")
      .select(["role", "status"])
      .where("id", "=", input.professor_id)
      .executeTakeFirst();
    if (!prof || prof.role !== "professor") throw new Refusal({ ok: false, reason: "professorInvalid" });
  }
}

async function settle(run: () => Promise<SaveOutcome>): Promise<SaveOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    if (isUniqueViolation(error)) return { ok: false, reason: "codeTaken" };
    throw error;
  }
}

/** A new course and, in the same transaction, its level's syllabus copied as its grading items. */
export async function createCourse(input: CourseInput, userId: number): Promise<SaveOutcome> {
  return settle(() =>
    db()
      .transaction()
      .execute(async (trx) => {
        await checkCommon(trx, input, null);
        const now = new Date().toISOString();
        const row = await trx
          .insertInto("courses")
          .values({ ...input, created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow();
        const items = await copySyllabusToCourse(trx, input.level_id, row.id);
        await audit(
          userId,
          "course.created",
          "course",
          row.id,
          { course_id: input.course_id, grading_items: items },
          trx,
        );
        return { ok: true, id: row.id } as const;
      }),
  );
}

/** Saves a course's data; its grading items (and so its gradebook) stay as they are. */
export async function updateCourse(
  id: number,
  input: CourseInput,
  userId: number,
  today: string,
): Promise<SaveOutcome> {
  return settle(() =>
    db()
      .transaction()
      .execute(async (trx) => {
        const before = await lockCourse(trx, id);
        if (!before) return { ok: false, reason: "notFound" } as const;
        await checkCommon(trx, input, id);
        const enrolled = await currentCount(trx, id, today);
        if (input.capacity < enrolled) throw new Refusal({ ok: false, reason: "capacityBelowEnrolled", enrolled });
        await trx
          .updateTable("courses")
          .set({ ...input, updated_at: new Date().toISOString() })
          .where("id", "=", id)
          .execute();
        const changed = Object.fromEntries(
          Object.entries(input).filter(([k, v]) => (before as Record<string, unknown>)[k] !== v),
        );
        await audit(userId, "course.updated", "course", id, changed, trx);
        return { ok: true, id } as const;
      }),
  );
}

/** The course row, locked against concurrent writers on PostgreSQL (SQLite writes one at a time anyway). */
async function lockCourse(trx: Trx, id: number) {
  let q = trx.selectFrom("courses").selectAll().where("id", "=", id);
  if (database().dialect === "postgres") q = q.forUpdate();
  return q.executeTakeFirst();
}

async function currentCount(trx: Trx, courseId: number, today: string) {
  const row = await trx
    .selectFrom("enrollments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("enrollments.course_id", "=", courseId)
    .where((eb) => enrolledOn(eb, today))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------
// Enroll and unenroll

export const SEARCH_LIMIT = 25;

/**
 * Active students of the course's age category matching every word of `q`
 * (name, ID number, email), at most SEARCH_LIMIT (+1 to tell there are more),
 * each flagged when already enrolled in this course.
 */
export async function searchStudentsForCourse(course: { id: number; age_category: string }, q: string, today: string) {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 6);
  let query = db()
    .selectFrom("students as s")
    .select((eb) => [
      "s.id",
      "s.first_name",
      "s.middle_name",
      "s.last_name",
      "s.second_last_name",
      "s.id_number",
      "s.level_id",
      eb
        .exists(
          eb
            .selectFrom("enrollments")
            .select("enrollments.id")
            .whereRef("enrollments.student_id", "=", "s.id")
            .where("enrollments.course_id", "=", course.id)
            .where((e2) => enrolledOn(e2, today)),
        )
        .as("enrolled"),
    ])
    .where("s.status", "=", "active")
    .where("s.age_category", "=", course.age_category as "kids" | "adults");
  for (const word of words) {
    query = query.where((eb) =>
      eb.or(
        (["s.first_name", "s.middle_name", "s.last_name", "s.second_last_name", "s.id_number", "s.email"] as const).map(
          (col) => containsText(eb.ref(col), word),
        ),
      ),
    );
  }
  const rows = await query
    .orderBy("s.last_name")
    .orderBy("s.second_last_name")
    .orderBy("s.first_name")
    .orderBy("s.id")
    .limit(SEARCH_LIMIT + 1)
    .execute();
  return {
    rows: rows.slice(0, SEARCH_LIMIT).map((r) => ({ ...r, enrolled: Boolean(Number(r.enrolled)) })),
    more: rows.length > SEARCH_LIMIT,
  };
}

export type EnrollOutcome =
  | { ok: true; enrolled: number; skipped: string[] }
  | { ok: false; reason: "notFound" | "finished" | "inactive" | "studentsInvalid" }
  | { ok: false; reason: "overCapacity"; free: number; skipped: string[] };

/**
 * Enrolls several students in one transaction, from today (or the course's
 * start when it has not started). Students already enrolled are skipped and
 * named; if the rest do not fit the free places nothing is written.
 */
export async function enrollStudents(
  courseId: number,
  studentIds: readonly number[],
  userId: number,
  today: string,
): Promise<EnrollOutcome> {
  const ids = [...new Set(studentIds)];
  return db()
    .transaction()
    .execute(async (trx) => {
      const course = await lockCourse(trx, courseId);
      if (!course) return { ok: false, reason: "notFound" } as const;
      if (course.end_date < today) return { ok: false, reason: "finished" } as const;
      if (course.status !== "active") return { ok: false, reason: "inactive" } as const;
      const students = await trx
        .selectFrom("students as s")
        .select((eb) => [
          "s.id",
          "s.first_name",
          "s.last_name",
          "s.status",
          "s.age_category",
          eb
            .exists(
              eb
                .selectFrom("enrollments")
                .select("enrollments.id")
                .whereRef("enrollments.student_id", "=", "s.id")
                .where("enrollments.course_id", "=", courseId)
                .where((e2) => enrolledOn(e2, today)),
            )
            .as("enrolled"),
        ])
        .where("s.id", "in", ids)
        .execute();
      if (
        students.length !== ids.length ||
        students.some((s) => s.status !== "active" || s.age_category !== course.age_category)
      ) {
        return { ok: false, reason: "studentsInvalid" } as const;
      }
      const skipped = students.filter((s) => Number(s.enrolled)).map((s) => `${s.first_name} ${s.last_name}`);
      const fresh = students.filter((s) => !Number(s.enrolled));
      const free = Math.max(0, course.capacity - (await currentCount(trx, courseId, today)));
      if (fresh.length > free) return { ok: false, reason: "overCapacity", free, skipped } as const;
      if (fresh.length) {
        const start = today > course.start_date ? today : course.start_date;
        await trx
          .insertInto("enrollments")
          .values(
            fresh.map((s) => ({
              student_id: s.id,
              course_id: courseId,
              start_date: start,
              end_date: null,
              end_reason: null,
            })),
          )
          .execute();
        await audit(
          userId,
          "course.enrolled",
          "course",
          courseId,
          { student_ids: fresh.map((s) => s.id), start_date: start },
          trx,
        );
      }
      return { ok: true, enrolled: fresh.length, skipped } as const;
    });
}

/** Ends a current enrollment today ("unenrolled"); the row and its history stay. Refused when it is not current (or of another course). */
export async function unenrollStudent(courseId: number, enrollmentId: number, userId: number, today: string) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const done = await trx
        .updateTable("enrollments")
        .set({ end_date: today, end_reason: "unenrolled" })
        .where("id", "=", enrollmentId)
        .where("course_id", "=", courseId)
        .where((eb) => enrolledOn(eb, today))
        .returning("student_id")
        .executeTakeFirst();
      if (!done) return { ok: false, reason: "notCurrent" } as const;
      await audit(
        userId,
        "course.unenrolled",
        "course",
        courseId,
        { student_id: done.student_id, enrollment_id: enrollmentId, end_date: today },
        trx,
      );
      return { ok: true } as const;
    });
}
