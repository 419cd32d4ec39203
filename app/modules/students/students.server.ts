import { type ExpressionBuilder, type Kysely, type Transaction, sql } from "kysely";
import { z } from "zod";
import { db } from "~/db/kysely.server";
import { type Database, type RecordStatus, type StudentsTable } from "~/db/schema";
import { audit } from "~/modules/audit/audit.server";
import { PROMOTIONS, findSchedule } from "~/modules/calendar/schedules";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { enrolledOn, isEnrolledOn } from "~/modules/courses/enrollment";
import { coursesMatching } from "~/modules/courses/options.server";
import { MAX_ID } from "~/modules/shared/ids";
import { parsePaging } from "~/modules/shared/listing";
import { containsTextInJoined, countUpTo } from "~/modules/shared/sql.server";
import { ADULT_LEVELS, KIDS_LEVELS, cefrBand, levelById } from "../levels/levels";
import { type StudentInput } from "./schema";

export const STUDENTS_PAGE_SIZE = 25;
export const SORTS = ["name", "level", "created"] as const;
export type StudentSort = (typeof SORTS)[number];
export type SortDirection = "asc" | "desc";

const filterSchema = z.object({
  status: z.enum(["active", "inactive"]).optional().catch(undefined),
  age: z.enum(["kids", "adults"]).optional().catch(undefined),
  level: z.coerce.number().int().positive().max(1_000_000).optional().catch(undefined),
  course: z.coerce.number().int().positive().max(MAX_ID).optional().catch(undefined),
  // A course search (issue 18): the courses whose code or professor contains it.
  course_q: z.string().trim().max(100).optional().catch(undefined),
  schedule: z.string().optional().catch(undefined),
  promotion: z.enum(PROMOTIONS).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  // Whitelisted: anything else is the default order, never SQL.
  sort: z.enum(SORTS).catch("name"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
});

export type StudentFilters = ReturnType<typeof parseStudentFilters>;

export function parseStudentFilters(params: URLSearchParams) {
  const raw = filterSchema.parse({
    ...Object.fromEntries(params),
    sort: params.get("sort") ?? undefined,
    dir: params.get("dir") ?? undefined,
  });
  return {
    ...raw,
    schedule: findSchedule(raw.schedule)?.id === raw.schedule ? raw.schedule : undefined,
    q: raw.q || undefined,
    course_q: raw.course_q || undefined,
    ...parsePaging(params, STUDENTS_PAGE_SIZE),
  };
}

// ---------------------------------------------------------------------------
// The list

/**
 * Levels ordered by CEFR band, then by their place in their age's list
 * (Pre-A1, A1/A1.1, A1.2, A2, A2.1 …, B2 Upper Intermediate, Private Classes).
 * Built from constants only; inlined as literals so both databases sort numbers.
 */
const LEVEL_RANK = (() => {
  const bands = ["Pre-A1", "A1", "A2", "B1", "B2"];
  const rank = new Map<number, number>();
  for (const list of [ADULT_LEVELS, KIDS_LEVELS]) {
    list.forEach((l, i) => {
      const band = cefrBand(l.id);
      rank.set(l.id, band ? bands.indexOf(band) * 100 + i : 999);
    });
  }
  return [...rank.entries()];
})();

function levelRank(eb: ExpressionBuilder<Database & { s: StudentsTable }, "s">) {
  const whens = LEVEL_RANK.map(([id, r]) => sql`when ${sql.lit(id)} then ${sql.lit(r)}`);
  return sql<number>`case ${eb.ref("s.level_id")} ${sql.join(whens, sql` `)} else 999 end`;
}

const SEARCHED_COLUMNS = [
  "s.first_name",
  "s.middle_name",
  "s.last_name",
  "s.second_last_name",
  "s.id_number",
  "s.email",
  "s.phone_number",
] as const;

/** The students matching the filters (students' columns only: the page's courses are joined for its rows alone). */
function filteredStudents(f: StudentFilters, today: string) {
  let query = db().selectFrom("students as s");
  if (f.status) query = query.where("s.status", "=", f.status);
  if (f.age) query = query.where("s.age_category", "=", f.age);
  if (f.level) query = query.where("s.level_id", "=", f.level);
  if (f.schedule) query = query.where("s.schedule", "=", f.schedule);
  if (f.promotion) query = query.where("s.promotion", "=", f.promotion);
  if (f.course) {
    const course = f.course;
    // Read from the course's enrollments (enrollments_course_idx), not probed per student.
    query = query.where("s.id", "in", (eb) =>
      eb
        .selectFrom("enrollments")
        .select("enrollments.student_id")
        .where("enrollments.course_id", "=", course)
        .where((eb2) => enrolledOn(eb2, today)),
    );
  }
  if (f.course_q) {
    const courses = coursesMatching(f.course_q);
    query = query.where("s.id", "in", (eb) =>
      eb
        .selectFrom("enrollments")
        .select("enrollments.student_id")
        .where("enrollments.course_id", "in", courses)
        .where((eb2) => enrolledOn(eb2, today)),
    );
  }
  if (f.q) {
    // Every word must match one of the columns: "ana perez" finds Ana María Pérez.
    const words = f.q.split(/\s+/).filter(Boolean).slice(0, 6);
    // SQLite reads them joined from students_list_idx (migration 0012).
    for (const word of words) query = query.where(() => containsTextInJoined("s.search_text", SEARCHED_COLUMNS, word));
  }
  return query;
}

function ordered<Q extends ReturnType<typeof filteredStudents>>(query: Q, f: StudentFilters) {
  const dir = f.dir;
  let q = query;
  if (f.sort === "level") q = q.orderBy((eb) => levelRank(eb), dir) as Q;
  if (f.sort === "created") q = q.orderBy("s.created_at", dir) as Q;
  return q
    .orderBy("s.last_name", dir)
    .orderBy("s.second_last_name", dir)
    .orderBy("s.first_name", dir)
    .orderBy("s.middle_name", dir)
    .orderBy("s.id", dir) as Q;
}

/** Adds each student's current enrollment (at most one: the latest) and its course; `ids` narrows the enrollments read. */
function withCurrentCourse<Q extends ReturnType<typeof filteredStudents>>(query: Q, today: string, ids?: number[]) {
  let current = db()
    .selectFrom("enrollments")
    .select((eb) => ["enrollments.student_id", eb.fn.max("enrollments.id").as("enrollment_id")])
    .where((eb) => enrolledOn(eb, today));
  if (ids) current = current.where("enrollments.student_id", "in", ids);
  return query
    .leftJoin(current.groupBy("enrollments.student_id").as("cur"), "cur.student_id", "s.id")
    .leftJoin("enrollments as e", "e.id", "cur.enrollment_id")
    .leftJoin("courses as c", "c.id", "e.course_id")
    .leftJoin("users as cp", "cp.id", "c.professor_id");
}

const LIST_COLUMNS = [
  "s.id",
  "s.first_name",
  "s.middle_name",
  "s.last_name",
  "s.second_last_name",
  "s.id_number",
  "s.level_id",
  "s.status",
  "s.created_at",
  "cur.enrollment_id",
  "c.id as course_id",
  "c.course_id as course_code",
  // What the course's readable label shows (issue 19).
  "c.level_id as course_level_id",
  "c.schedule_days",
  "c.start_time",
  "c.end_time",
  "cp.name as professor",
] as const;

/** Absence count (absent + 0.5·late) in each given enrollment's course, in one query (absence_counts, ADR 012). */
async function absencesFor(enrollmentIds: number[]) {
  const result = new Map<number, number>();
  if (enrollmentIds.length === 0) return result;
  const rows = await db()
    .selectFrom("enrollments as e")
    .innerJoin("absence_counts as ac", (j) =>
      j.onRef("ac.student_id", "=", "e.student_id").onRef("ac.course_id", "=", "e.course_id"),
    )
    .where("e.id", "in", enrollmentIds)
    .select(["e.student_id", "ac.half_absences"])
    .execute();
  for (const r of rows) result.set(r.student_id, Number(r.half_absences) / 2);
  return result;
}

async function withAbsences<R extends { id: number; enrollment_id: number | null }>(rows: R[]) {
  const absences = await absencesFor(rows.flatMap((r) => (r.enrollment_id ? [Number(r.enrollment_id)] : [])));
  return rows.map(({ enrollment_id, ...r }) => ({
    ...r,
    absences: enrollment_id ? (absences.get(r.id) ?? 0) : null,
  }));
}

/**
 * How many matches of a search the students list counts (ADR 052): past it,
 * the list says "more than" and keeps its next page. Counting every match of a
 * short search grows with the school (14,450 of the x10 school's students for
 * "ez"); a person refines such a search rather than pages through it.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * One page of students with the listed columns, their current course and
 * absence count. The page's ids in order and how many match are two reads
 * of students_list_idx (migration 0012) for the common filters: in the
 * index's order, without sorting the matches (a window count over the
 * page's query made SQLite sort them all: 5 to 8 ms on the bench school,
 * against about 1 ms for both); only the page's rows get their course and
 * absences.
 */
export async function listStudents(f: StudentFilters) {
  const today = await schoolToday();
  // A search counts its matches up to SEARCH_COUNT_CAP (or up to the page asked
  // for, past it): beyond, "more than" (ADR 052).
  const cap = f.q ? Math.max(SEARCH_COUNT_CAP, f.offset + f.limit) : null;
  const [page, { total, more }] = await Promise.all([
    ordered(filteredStudents(f, today), f).select("s.id").limit(f.limit).offset(f.offset).execute(),
    cap === null
      ? filteredStudents(f, today)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
          .then((count) => ({ total: Number(count.n), more: false }))
      : countUpTo(filteredStudents(f, today).select("s.id"), cap),
  ]);
  if (page.length === 0) return { rows: [], total, more };
  const ids = page.map((r) => r.id);
  const found = await withCurrentCourse(db().selectFrom("students as s"), today, ids)
    .select(LIST_COLUMNS)
    .where("s.id", "in", ids)
    .execute();
  const byId = new Map(found.map((r) => [r.id, r]));
  return { rows: await withAbsences(ids.map((id) => byId.get(id)!)), total, more };
}

const EXPORT_BATCH = 500;

/** Every student matching the filters, in the list's order, a batch at a time (two queries per batch). */
export async function* exportStudents(f: StudentFilters) {
  const today = await schoolToday();
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await withCurrentCourse(ordered(filteredStudents(f, today), f), today)
      .select([...LIST_COLUMNS, "s.email", "s.phone_number", "s.age_category", "s.schedule", "s.promotion"])
      .limit(EXPORT_BATCH)
      .offset(offset)
      .execute();
    if (rows.length === 0) return;
    yield await withAbsences(rows);
    if (rows.length < EXPORT_BATCH) return;
  }
}

// ---------------------------------------------------------------------------
// One student

const DETAIL_COLUMNS = [
  "id",
  "first_name",
  "middle_name",
  "last_name",
  "second_last_name",
  "id_number",
  "birthday",
  "phone_number",
  "email",
  "address",
  "age_category",
  "emergency_contact_name",
  "emergency_contact_phone",
  "emergency_contact_relationship",
  "level_id",
  "schedule",
  "same_billing",
  "billing_address",
  "where_hear_about_us",
  "promotion",
  "registration_id",
  "status",
  "notes",
  "created_at",
  "updated_at",
] as const;

export async function getStudent(id: number) {
  return db().selectFrom("students").select(DETAIL_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export type StudentRecord = NonNullable<Awaited<ReturnType<typeof getStudent>>>;

/**
 * Every enrollment of the student with its course code and the student's
 * absence count in that course, newest first: one query.
 */
export async function enrollmentHistory(studentId: number) {
  const rows = await db()
    .selectFrom("enrollments as e")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .leftJoin("users as u", "u.id", "c.professor_id")
    .leftJoin("absence_counts as ac", (j) =>
      j.onRef("ac.student_id", "=", "e.student_id").onRef("ac.course_id", "=", "e.course_id"),
    )
    .select([
      "e.id",
      "e.course_id",
      "e.start_date",
      "e.end_date",
      "e.end_reason",
      "c.course_id as course_code",
      // What the course's readable label shows (issue 19).
      "c.level_id",
      "c.schedule_days",
      "c.start_time",
      "c.end_time",
      "u.name as professor",
      "ac.half_absences as half",
    ])
    .where("e.student_id", "=", studentId)
    .orderBy("e.start_date", "desc")
    .orderBy("e.id", "desc")
    .execute();
  const today = await schoolToday();
  return rows.map(({ half, level_id, ...r }) => ({
    ...r,
    level: levelById(level_id)?.name ?? "",
    current: isEnrolledOn(r, today),
    absences: Number(half ?? 0) / 2,
  }));
}

// ---------------------------------------------------------------------------
// Changes: one transaction each, with its audit line.

type Trx = Kysely<Database> | Transaction<Database>;
type EditableColumns = Omit<
  StudentsTable,
  "id" | "user_id" | "registration_id" | "status" | "created_at" | "updated_at"
>;

/** The form's values as columns (empty optional text becomes null). */
function columnsOf(v: StudentInput): EditableColumns {
  return {
    first_name: v.first_name,
    middle_name: v.middle_name ?? "",
    last_name: v.last_name,
    second_last_name: v.second_last_name,
    id_number: v.id_number,
    birthday: v.birthday,
    phone_number: v.phone_number,
    email: v.email,
    address: v.address,
    age_category: v.age_category,
    emergency_contact_name: v.emergency_contact_name ?? null,
    emergency_contact_phone: v.emergency_contact_phone || null,
    emergency_contact_relationship: v.emergency_contact_relationship ?? null,
    level_id: v.level_id,
    schedule: v.schedule,
    same_billing: v.same_billing === "yes" ? 1 : 0,
    billing_address: v.billing_address ?? null,
    where_hear_about_us: v.where_hear_about_us ?? null,
    promotion: v.promotion ?? null,
    notes: v.notes ?? null,
  };
}

export type SaveOutcome = { ok: true; id: number } | { ok: false; reason: "notFound" | "idNumberTaken" };

class SaveError extends Error {
  constructor(readonly reason: "notFound" | "idNumberTaken") {
    super(reason);
  }
}

/** SQLite's and PostgreSQL's "unique constraint" errors: the only unique column of students is id_number. */
function isUniqueViolation(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

async function idNumberUsed(trx: Trx, idNumber: string, exceptId?: number) {
  let q = trx.selectFrom("students").select("id").where("id_number", "=", idNumber);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return !!(await q.executeTakeFirst());
}

async function settle(run: () => Promise<SaveOutcome>): Promise<SaveOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SaveError) return { ok: false, reason: error.reason };
    // Two saves of the same id_number at once: the pre-check passed for both, the constraint did not.
    if (isUniqueViolation(error)) return { ok: false, reason: "idNumberTaken" };
    throw error;
  }
}

export function createStudent(input: StudentInput, userId: number): Promise<SaveOutcome> {
  return settle(() =>
    db()
      .transaction()
      .execute(async (trx) => {
        const values = columnsOf(input);
        if (await idNumberUsed(trx, values.id_number)) throw new SaveError("idNumberTaken");
        const now = new Date().toISOString();
        const row = await trx
          .insertInto("students")
          .values({
            ...values,
            user_id: null,
            registration_id: null,
            status: "active",
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const changes: Record<string, { from: null; to: unknown }> = {};
        for (const [k, v] of Object.entries(values)) if (v !== null && v !== "") changes[k] = { from: null, to: v };
        await audit(userId, "student.created", "student", row.id, { changes }, trx);
        return { ok: true, id: row.id } as const;
      }),
  );
}

export function updateStudent(id: number, input: StudentInput, userId: number): Promise<SaveOutcome> {
  return settle(() =>
    db()
      .transaction()
      .execute(async (trx) => {
        const values = columnsOf(input);
        const before = await trx
          .selectFrom("students")
          .select(Object.keys(values) as (keyof EditableColumns)[])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!before) throw new SaveError("notFound");
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        const patch: Partial<EditableColumns> = {};
        for (const key of Object.keys(values) as (keyof EditableColumns)[]) {
          const from = before[key] ?? null;
          const to = values[key] ?? null;
          if (from !== to) {
            changes[key] = { from, to };
            (patch as Record<string, unknown>)[key] = to;
          }
        }
        if (Object.keys(changes).length === 0) return { ok: true, id } as const;
        if (patch.id_number !== undefined && (await idNumberUsed(trx, patch.id_number, id)))
          throw new SaveError("idNumberTaken");
        await trx
          .updateTable("students")
          .set({ ...patch, updated_at: new Date().toISOString() })
          .where("id", "=", id)
          .execute();
        await audit(userId, "student.updated", "student", id, { changes }, trx);
        return { ok: true, id } as const;
      }),
  );
}

export type StatusOutcome = { ok: true } | { ok: false; reason: "notFound" | "alreadyActive" | "alreadyInactive" };

/** Activates or deactivates; a student already in that state is left as is (and says so). */
export async function setStudentStatus(id: number, status: RecordStatus, userId: number): Promise<StatusOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const from: RecordStatus = status === "active" ? "inactive" : "active";
      const done = await trx
        .updateTable("students")
        .set({ status, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .where("status", "=", from)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) {
        const exists = await trx.selectFrom("students").select("id").where("id", "=", id).executeTakeFirst();
        if (!exists) return { ok: false, reason: "notFound" } as const;
        return { ok: false, reason: status === "active" ? "alreadyActive" : "alreadyInactive" } as const;
      }
      await audit(
        userId,
        status === "active" ? "student.activated" : "student.deactivated",
        "student",
        id,
        { changes: { status: { from, to: status } } },
        trx,
      );
      return { ok: true } as const;
    });
}
