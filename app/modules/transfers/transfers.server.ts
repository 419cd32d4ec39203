import { type Kysely } from "kysely";
import { z } from "zod";
import { db } from "~/db/kysely.server";
import { type ApprovalStatus, type Database } from "~/db/schema";
import { audit } from "~/modules/audit/audit.server";
import { schoolDayRange, schoolToday } from "~/modules/calendar/sessions.server";
import { enrolledOn } from "~/modules/courses/enrollment";
import { courseLabelOf, courseLabelOptions, coursesMatching } from "~/modules/courses/options.server";
import { levelById } from "~/modules/levels/levels";
import { MAX_ID } from "~/modules/shared/ids";
import { isIsoDate, parsePaging } from "~/modules/shared/listing";
import { type Outcome, type Refusal, refuse } from "~/modules/shared/outcome";
import { containsTextInAny } from "~/modules/shared/sql.server";
import { TRANSFER_SEARCH_LIMIT, TRANSFER_SEARCH_MAX } from "./limits";
import { type TransferInput } from "./schema";

export const TRANSFERS_PAGE_SIZE = 10;

const filterSchema = z.object({
  status_level_change: z.enum(["pending", "approved", "rejected"]).optional().catch(undefined),
  course: z.coerce.number().int().positive().max(MAX_ID).optional().catch(undefined),
  // A course search (issue 18): transfers from or to a course whose code or professor contains it.
  course_q: z.string().trim().max(100).optional().catch(undefined),
  level: z.coerce.number().int().positive().max(MAX_ID).optional().catch(undefined),
  kind: z.enum(["single", "group"]).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
});

export function parseTransferFilters(params: URLSearchParams) {
  const raw = filterSchema.parse(Object.fromEntries(params));
  return {
    ...raw,
    q: raw.q || undefined,
    course_q: raw.course_q || undefined,
    from: isIsoDate(raw.from) ? raw.from : undefined,
    to: isIsoDate(raw.to) ? raw.to : undefined,
    ...parsePaging(params, TRANSFERS_PAGE_SIZE),
  };
}

export type TransferFilters = ReturnType<typeof parseTransferFilters>;

export interface TransferStudent {
  transfer_id: number;
  id: number;
  first_name: string;
  last_name: string;
  second_last_name: string;
  id_number: string | null;
}

/** The students of these transfers, in one query. */
async function studentsOf(ids: number[]): Promise<Map<number, TransferStudent[]>> {
  const map = new Map<number, TransferStudent[]>();
  if (!ids.length) return map;
  const rows = await db()
    .selectFrom("transfer_students")
    .innerJoin("students", "students.id", "transfer_students.student_id")
    .select([
      "transfer_students.transfer_id",
      "students.id",
      "students.first_name",
      "students.last_name",
      "students.second_last_name",
      "students.id_number",
    ])
    .where("transfer_students.transfer_id", "in", ids)
    .orderBy("students.last_name")
    .execute();
  for (const r of rows) {
    const list = map.get(r.transfer_id) ?? [];
    list.push(r);
    map.set(r.transfer_id, list);
  }
  return map;
}

/**
 * A query of transfers with what a row shows: its two courses joined and the
 * names of their professors, its creator and its decider as subqueries. Not
 * four more joins: PostgreSQL spent 3.4 ms planning the seven-table join of
 * every list page against 0.2 ms for this (issue 18), for the same rows.
 */
function withListColumns(query: ReturnType<typeof filteredTransfers>) {
  return query
    .leftJoin("courses as from_course", "from_course.id", "transfers.from_course_id")
    .innerJoin("courses as to_course", "to_course.id", "transfers.selected_course_id")
    .select((eb) => {
      const nameOf = (
        id: "from_course.professor_id" | "to_course.professor_id" | "transfers.created_by" | "transfers.decided_by",
      ) => eb.selectFrom("users").select("users.name").whereRef("users.id", "=", id);
      return [
        "transfers.id",
        "transfers.is_group",
        "transfers.status",
        "transfers.selected_level_id",
        "transfers.selected_course_id",
        "transfers.from_course_id",
        "transfers.reason",
        "transfers.created_at",
        "transfers.decided_at",
        "from_course.course_id as from_course_code",
        "to_course.course_id as to_course_code",
        // What each course's readable label shows (issue 19).
        "from_course.level_id as from_level_id",
        "from_course.schedule_days as from_schedule_days",
        "from_course.start_time as from_start_time",
        "from_course.end_time as from_end_time",
        nameOf("from_course.professor_id").as("from_professor"),
        "to_course.level_id as to_level_id",
        "to_course.schedule_days as to_schedule_days",
        "to_course.start_time as to_start_time",
        "to_course.end_time as to_end_time",
        nameOf("to_course.professor_id").as("to_professor"),
        nameOf("transfers.created_by").as("created_by_name"),
        nameOf("transfers.decided_by").as("decided_by_name"),
      ];
    });
}

function filteredTransfers(f: TransferFilters, range: { from?: string; to?: string }) {
  let query = db().selectFrom("transfers");
  if (f.status_level_change) query = query.where("transfers.status", "=", f.status_level_change);
  if (f.course) {
    const course = f.course;
    query = query.where((eb) =>
      eb.or([eb("transfers.from_course_id", "=", course), eb("transfers.selected_course_id", "=", course)]),
    );
  }
  if (f.course_q) {
    const q = f.course_q;
    query = query.where((eb) =>
      eb.or([
        eb("transfers.from_course_id", "in", coursesMatching(q)),
        eb("transfers.selected_course_id", "in", coursesMatching(q)),
      ]),
    );
  }
  if (f.level) query = query.where("transfers.selected_level_id", "=", f.level);
  if (f.kind) query = query.where("transfers.is_group", "=", f.kind === "group" ? 1 : 0);
  if (range.from) query = query.where("transfers.created_at", ">=", range.from);
  if (range.to) query = query.where("transfers.created_at", "<", range.to);
  if (f.q) {
    const q = f.q;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("transfer_students as ts")
          .innerJoin("students as s", "s.id", "ts.student_id")
          .select("ts.student_id")
          .whereRef("ts.transfer_id", "=", "transfers.id")
          .where(() => containsTextInAny(["s.first_name", "s.last_name", "s.second_last_name", "s.id_number"], q)),
      ),
    );
  }
  return query;
}

/** One page of transfers, newest first (transfers_created_idx and friends, ADR 012); the count reads transfers alone. */
export async function listTransfers(f: TransferFilters) {
  const query = filteredTransfers(f, await schoolDayRange(f.from, f.to));
  const [rows, count] = await Promise.all([
    withListColumns(query)
      .orderBy("transfers.created_at", "desc")
      .orderBy("transfers.id", "desc")
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const students = await studentsOf(rows.map((r) => r.id));
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      ...withCourseLabels(r),
      level: levelById(r.selected_level_id)?.name ?? "",
      students: students.get(r.id) ?? [],
    })),
  };
}

/** A row with its two courses' readable labels (issue 19) instead of their parts. */
function withCourseLabels<R extends { from_course_code: string | null; to_course_code: string } & LabelColumns>(r: R) {
  const {
    from_level_id,
    from_schedule_days,
    from_start_time,
    from_end_time,
    from_professor,
    to_level_id,
    to_schedule_days,
    to_start_time,
    to_end_time,
    to_professor,
    ...rest
  } = r;
  return {
    ...rest,
    from_course: courseLabelOf({
      course_id: r.from_course_code,
      level_id: from_level_id,
      schedule_days: from_schedule_days,
      start_time: from_start_time,
      end_time: from_end_time,
      professor: from_professor,
    }),
    to_course: courseLabelOf({
      course_id: r.to_course_code,
      level_id: to_level_id,
      schedule_days: to_schedule_days,
      start_time: to_start_time,
      end_time: to_end_time,
      professor: to_professor,
    })!,
  };
}

interface LabelColumns {
  from_level_id: number | null;
  from_schedule_days: string | null;
  from_start_time: string | null;
  from_end_time: string | null;
  from_professor: string | null;
  to_level_id: number;
  to_schedule_days: string;
  to_start_time: string;
  to_end_time: string;
  to_professor: string | null;
}

export async function getTransfer(id: number) {
  const row = await withListColumns(db().selectFrom("transfers")).where("transfers.id", "=", id).executeTakeFirst();
  if (!row) return null;
  const students = await studentsOf([id]);
  return {
    ...withCourseLabels(row),
    level: levelById(row.selected_level_id)?.name ?? "",
    students: students.get(id) ?? [],
  };
}

/** Pending transfers for the bell and get-pending: newest first, with the count. */
export async function pendingTransfers(limit = 20) {
  const query = db().selectFrom("transfers").where("transfers.status", "=", "pending");
  const [rows, count] = await Promise.all([
    query
      .innerJoin("courses", "courses.id", "transfers.selected_course_id")
      .select([
        "transfers.id",
        "transfers.is_group",
        "transfers.selected_level_id",
        "transfers.created_at",
        "courses.course_id as course_name",
      ])
      .orderBy("transfers.created_at", "desc")
      .orderBy("transfers.id", "desc")
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const students = await studentsOf(rows.map((r) => r.id));
  return {
    count: Number(count.n),
    items: rows.map((r) => ({
      id: r.id,
      is_group: r.is_group === 1,
      course_name: r.course_name,
      full_level: levelById(r.selected_level_id)?.name ?? "",
      created_at: r.created_at,
      students: (students.get(r.id) ?? []).map((s) => ({
        name: `${s.first_name} ${s.last_name} ${s.second_last_name}`.trim(),
        cedula: s.id_number,
      })),
    })),
  };
}

export type PendingTransfers = Awaited<ReturnType<typeof pendingTransfers>>;

// ---------------------------------------------------------------- changes

export { type TransferInput, transferInput } from "./schema";

/**
 * Why a change is refused: the courses or level named are not usable, a
 * student is not in the course or already has a transfer pending, the
 * transfer is gone or already decided. What each one reads as, and its
 * status, is the edge's (TRANSFER_REFUSALS, app/http/outcome.server.ts).
 */
export type TransferRefusal =
  | "sameCourse"
  | "fromCourse"
  | "selectedCourse"
  | "level"
  | "notInCourse"
  | "alreadyPending"
  | "notFound"
  | "notPending";

export type ChangeOutcome = Outcome<{ id: number }, TransferRefusal>;

class ChangeError extends Error {
  constructor(readonly outcome: Refusal<TransferRefusal>) {
    super(outcome.reason);
  }
}

/** Checks shared by create and update; throws ChangeError. */
async function checkInput(trx: Kysely<Database>, input: TransferInput, exceptTransferId: number | null, today: string) {
  if (input.from_course_id === input.selected_course_id) {
    throw new ChangeError(refuse("sameCourse"));
  }
  const ids = [...new Set(input.student_ids)];
  const [courses, enrolled, pending] = await Promise.all([
    trx
      .selectFrom("courses")
      .select(["id", "status", "age_category"])
      .where("id", "in", [input.from_course_id, input.selected_course_id])
      .execute(),
    trx
      .selectFrom("enrollments")
      .select("student_id")
      .where("course_id", "=", input.from_course_id)
      .where("student_id", "in", ids)
      .where((eb) => enrolledOn(eb, today))
      .execute(),
    trx
      .selectFrom("transfer_students")
      .innerJoin("transfers", "transfers.id", "transfer_students.transfer_id")
      .select("transfer_students.student_id")
      .where("transfers.status", "=", "pending")
      .where("transfer_students.student_id", "in", ids)
      .$if(exceptTransferId !== null, (q) => q.where("transfers.id", "!=", exceptTransferId as number))
      .execute(),
  ]);
  const from = courses.find((c) => c.id === input.from_course_id);
  const to = courses.find((c) => c.id === input.selected_course_id);
  if (!from) throw new ChangeError(refuse("fromCourse"));
  if (!to || to.status !== "active") throw new ChangeError(refuse("selectedCourse"));
  if (!levelById(input.selected_level_id)) throw new ChangeError(refuse("level"));
  if (enrolled.length !== ids.length) {
    throw new ChangeError(refuse("notInCourse"));
  }
  if (pending.length) {
    throw new ChangeError(refuse("alreadyPending"));
  }
  return ids;
}

export async function createTransfer(input: TransferInput, userId: number): Promise<ChangeOutcome> {
  const today = await schoolToday();
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const ids = await checkInput(trx, input, null, today);
        const now = new Date().toISOString();
        const row = await trx
          .insertInto("transfers")
          .values({
            is_group: ids.length > 1 ? 1 : 0,
            from_course_id: input.from_course_id,
            selected_course_id: input.selected_course_id,
            selected_level_id: input.selected_level_id,
            reason: input.reason || null,
            status: "pending",
            created_by: userId,
            created_at: now,
            updated_at: now,
            decided_by: null,
            decided_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("transfer_students")
          .values(ids.map((student_id) => ({ transfer_id: row.id, student_id })))
          .execute();
        await audit(
          userId,
          "transfer.created",
          "transfer",
          row.id,
          { students: ids, to: input.selected_course_id, level: input.selected_level_id },
          trx,
        );
        return { ok: true, id: row.id } as const;
      });
  } catch (error) {
    if (error instanceof ChangeError) return error.outcome;
    throw error;
  }
}

export async function updateTransfer(id: number, input: TransferInput, userId: number): Promise<ChangeOutcome> {
  const today = await schoolToday();
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const current = await trx.selectFrom("transfers").select(["status"]).where("id", "=", id).executeTakeFirst();
        if (!current) throw new ChangeError(refuse("notFound"));
        if (current.status !== "pending") throw new ChangeError(refuse("notPending"));
        const ids = await checkInput(trx, input, id, today);
        const updated = await trx
          .updateTable("transfers")
          .set({
            is_group: ids.length > 1 ? 1 : 0,
            from_course_id: input.from_course_id,
            selected_course_id: input.selected_course_id,
            selected_level_id: input.selected_level_id,
            reason: input.reason || null,
            updated_at: new Date().toISOString(),
          })
          .where("id", "=", id)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new ChangeError(refuse("notPending"));
        await trx.deleteFrom("transfer_students").where("transfer_id", "=", id).execute();
        await trx
          .insertInto("transfer_students")
          .values(ids.map((student_id) => ({ transfer_id: id, student_id })))
          .execute();
        await audit(
          userId,
          "transfer.updated",
          "transfer",
          id,
          { students: ids, to: input.selected_course_id, level: input.selected_level_id },
          trx,
        );
        return { ok: true, id } as const;
      });
  } catch (error) {
    if (error instanceof ChangeError) return error.outcome;
    throw error;
  }
}

export type Decision = "approve" | "reject";

/**
 * Approves or rejects a pending transfer. The status change is the claim:
 * of two people deciding at once exactly one updates the row, the other gets
 * 409. Approving ends each student's enrollment in the old course today,
 * opens one in the selected course and sets the level, all in one transaction;
 * past attendance and grades stay with the old course.
 */
export async function decideTransfer(id: number, userId: number, decision: Decision): Promise<ChangeOutcome> {
  // The school's today, read before the transaction (see schoolToday): the
  // moved students are in the new course's attendance sheet that same evening.
  const day = await schoolToday();
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const now = new Date().toISOString();
        const status: ApprovalStatus = decision === "approve" ? "approved" : "rejected";
        const claimed = await trx
          .updateTable("transfers")
          .set({ status, decided_by: userId, decided_at: now, updated_at: now })
          .where("id", "=", id)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) {
          const exists = await trx.selectFrom("transfers").select("id").where("id", "=", id).executeTakeFirst();
          throw new ChangeError(exists ? refuse("notPending") : refuse("notFound"));
        }
        if (decision === "approve") {
          const t = await trx
            .selectFrom("transfers")
            .select(["from_course_id", "selected_course_id", "selected_level_id"])
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          const ids = (
            await trx.selectFrom("transfer_students").select("student_id").where("transfer_id", "=", id).execute()
          ).map((r) => r.student_id);
          if (t.from_course_id !== null) {
            await trx
              .updateTable("enrollments")
              .set({ end_date: day, end_reason: "transfer" })
              .where("course_id", "=", t.from_course_id)
              .where("student_id", "in", ids)
              .where((eb) => enrolledOn(eb, day))
              .execute();
          }
          await trx
            .insertInto("enrollments")
            .values(
              ids.map((student_id) => ({
                student_id,
                course_id: t.selected_course_id,
                start_date: day,
                end_date: null,
                end_reason: null,
              })),
            )
            .execute();
          await trx
            .updateTable("students")
            .set({ level_id: t.selected_level_id, updated_at: now })
            .where("id", "in", ids)
            .execute();
        }
        await audit(userId, `transfer.${status}`, "transfer", id, undefined, trx);
        return { ok: true, id } as const;
      });
  } catch (error) {
    if (error instanceof ChangeError) return error.outcome;
    throw error;
  }
}

// ---------------------------------------------------------------- form data

/** Active courses for the pickers (code, level, age, and what a course's label shows), by code. */
export async function courseChoices() {
  return courseLabelOptions({ activeOnly: true });
}

/** Students enrolled in a course today, with whether a transfer of theirs is pending. */
export async function studentsInCourse(courseId: number, exceptTransferId: number | null = null) {
  const day = await schoolToday();
  return db()
    .selectFrom("enrollments")
    .innerJoin("students", "students.id", "enrollments.student_id")
    .select((eb) => [
      "students.id",
      "students.first_name",
      "students.last_name",
      "students.second_last_name",
      "students.id_number",
      eb
        .exists(
          eb
            .selectFrom("transfer_students as ts")
            .innerJoin("transfers as t", "t.id", "ts.transfer_id")
            .select("ts.student_id")
            .whereRef("ts.student_id", "=", "students.id")
            .where("t.status", "=", "pending")
            .$if(exceptTransferId !== null, (q) => q.where("t.id", "!=", exceptTransferId as number)),
        )
        .as("has_pending"),
    ])
    .where("enrollments.course_id", "=", courseId)
    .where((eb) => enrolledOn(eb, day))
    .orderBy("students.last_name")
    .orderBy("students.first_name")
    .execute();
}

/**
 * New transfer from a student (issue 19): the students whose name, e-mail or
 * id number holds every word of `q`, each with the course they are enrolled
 * in today (null: none, so no transfer to start), by name.
 */
export async function searchStudentsForTransfer(q: string) {
  const day = await schoolToday();
  const words = q.trim().slice(0, TRANSFER_SEARCH_MAX).split(/\s+/).filter(Boolean).slice(0, 6);
  if (words.length === 0) return [];
  let query = db()
    .selectFrom("students as s")
    .leftJoin("enrollments", (j) => j.onRef("enrollments.student_id", "=", "s.id").on((eb) => enrolledOn(eb, day)))
    .leftJoin("courses", "courses.id", "enrollments.course_id")
    .leftJoin("users as prof", "prof.id", "courses.professor_id")
    .select([
      "s.id",
      "s.first_name",
      "s.last_name",
      "s.second_last_name",
      "s.email",
      "courses.id as course_id",
      "courses.course_id as course_code",
      // What the course's readable label shows (issue 19).
      "courses.level_id",
      "courses.schedule_days",
      "courses.start_time",
      "courses.end_time",
      "prof.name as professor",
    ])
    .where("s.status", "=", "active");
  for (const word of words)
    query = query.where(() =>
      containsTextInAny(
        ["s.first_name", "s.middle_name", "s.last_name", "s.second_last_name", "s.email", "s.id_number"],
        word,
      ),
    );
  const rows = await query
    .orderBy("s.last_name")
    .orderBy("s.first_name")
    .orderBy("s.id")
    .limit(TRANSFER_SEARCH_LIMIT)
    .execute();
  return rows.map(({ course_code, level_id, schedule_days, start_time, end_time, professor, ...s }) => ({
    ...s,
    course: courseLabelOf({ course_id: course_code, level_id, schedule_days, start_time, end_time, professor }),
  }));
}

/** The course a student is enrolled in today, or null (none, or no such student). */
export async function currentCourseOf(studentId: number): Promise<number | null> {
  const day = await schoolToday();
  const row = await db()
    .selectFrom("enrollments")
    .select("course_id")
    .where("student_id", "=", studentId)
    .where((eb) => enrolledOn(eb, day))
    .orderBy("start_date", "desc")
    .executeTakeFirst();
  return row?.course_id ?? null;
}
