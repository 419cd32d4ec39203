import { database, db, sql } from "~/db/kysely.server";
import { type AttendanceValue } from "~/db/schema";
import { audit } from "~/modules/audit/audit.server";
import { enrolledOn, isEnrolledOn } from "~/modules/courses/enrollment";
import { queueAbsenceWarnings } from "~/modules/mail/absence-warnings.server";
import { type AttendanceSummary, fromCounts } from "./attendance";

// Attendance queries (PRODUCT 6). Every list here is one query, whatever the
// class size; a session is saved in one transaction.

const count = (value: AttendanceValue) =>
  sql<number>`sum(case when ${sql.ref("attendance.status")} = ${sql.lit(value)} then 1 else 0 end)`;

/** Each student's counts in one course: ONE grouped query, used as a derived table. */
function countsByStudent(courseId: number) {
  return db()
    .selectFrom("attendance")
    .select([
      "attendance.student_id",
      count("present").as("present"),
      count("recovered").as("recovered"),
      count("late").as("late"),
      count("absent").as("absent"),
    ])
    .where("attendance.course_id", "=", courseId)
    .groupBy("attendance.student_id");
}

interface CountColumns {
  present: number | string | null;
  recovered: number | string | null;
  late: number | string | null;
  absent: number | string | null;
}

function summaryOf(row: CountColumns): AttendanceSummary {
  return fromCounts({
    present: Number(row.present ?? 0),
    recovered: Number(row.recovered ?? 0),
    late: Number(row.late ?? 0),
    absent: Number(row.absent ?? 0),
  });
}

export interface StudentName {
  id: number;
  first_name: string;
  last_name: string;
  second_last_name: string;
}

const byName = <T extends StudentName>(a: T, b: T) =>
  a.last_name.localeCompare(b.last_name) ||
  a.second_last_name.localeCompare(b.second_last_name) ||
  a.first_name.localeCompare(b.first_name) ||
  a.id - b.id;

/** Keeps the first row of each student (a student enrolled twice in a course is listed once). */
function oncePerStudent<T extends { id: number }>(rows: readonly T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
}

/** The course's current students with their attendance summary: one query. */
export async function currentStudentsAttendance(courseId: number, today: string) {
  const rows = await db()
    .selectFrom("enrollments")
    .innerJoin("students as s", "s.id", "enrollments.student_id")
    .leftJoin(countsByStudent(courseId).as("a"), "a.student_id", "enrollments.student_id")
    .select([
      "s.id",
      "s.first_name",
      "s.last_name",
      "s.second_last_name",
      "a.present",
      "a.recovered",
      "a.late",
      "a.absent",
    ])
    .where("enrollments.course_id", "=", courseId)
    .where((eb) => enrolledOn(eb, today))
    .execute();
  return oncePerStudent(rows)
    .map(({ present, recovered, late, absent, ...student }) => ({
      ...student,
      summary: summaryOf({ present, recovered, late, absent }),
    }))
    .sort(byName);
}

/**
 * Every student ever enrolled in the course, with their enrollment periods
 * and attendance summary: one query. `current` says whether one of the
 * periods is still open on `today`.
 */
export async function courseAttendanceSummary(courseId: number, today: string) {
  const rows = await db()
    .selectFrom("enrollments")
    .innerJoin("students as s", "s.id", "enrollments.student_id")
    .leftJoin(countsByStudent(courseId).as("a"), "a.student_id", "enrollments.student_id")
    .select([
      "s.id",
      "s.first_name",
      "s.last_name",
      "s.second_last_name",
      "enrollments.start_date",
      "enrollments.end_date",
      "a.present",
      "a.recovered",
      "a.late",
      "a.absent",
    ])
    .where("enrollments.course_id", "=", courseId)
    .execute();
  const enrollments = rows.map((r) => ({ start_date: r.start_date, end_date: r.end_date }));
  const current = new Set(rows.filter((r) => isEnrolledOn(r, today)).map((r) => r.id));
  const students = oncePerStudent(rows)
    .map((r) => ({
      id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      second_last_name: r.second_last_name,
      current: current.has(r.id),
      summary: summaryOf(r),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || byName(a, b));
  return { students, enrollments };
}

/** The dates of the course that have attendance, with when they were last saved: one grouped query. */
export async function recordedSessions(courseId: number) {
  const rows = await db()
    .selectFrom("attendance")
    .select(["attendance.session_date", (eb) => eb.fn.max("attendance.recorded_at").as("saved_at")])
    .where("attendance.course_id", "=", courseId)
    .groupBy("attendance.session_date")
    .execute();
  return new Map(rows.map((r) => [r.session_date, String(r.saved_at)]));
}

/** The class list of one session (students enrolled on that date) with the values saved for it: one query. */
export async function sessionRoster(courseId: number, date: string) {
  const rows = await db()
    .selectFrom("enrollments")
    .innerJoin("students as s", "s.id", "enrollments.student_id")
    .leftJoin("attendance", (join) =>
      join
        .onRef("attendance.student_id", "=", "enrollments.student_id")
        .on("attendance.course_id", "=", courseId)
        .on("attendance.session_date", "=", date),
    )
    .select(["s.id", "s.first_name", "s.last_name", "s.second_last_name", "attendance.status"])
    .where("enrollments.course_id", "=", courseId)
    .where((eb) => enrolledOn(eb, date, { started: true }))
    .execute();
  return oncePerStudent(rows).sort(byName);
}

export type SaveAttendanceOutcome =
  { ok: true; saved: number; changed: number } | { ok: false; reason: "notEnrolled"; studentIds: number[] };

/**
 * Saves one session's attendance in ONE transaction: every student of the
 * post must be enrolled on that date (else nothing is written); each value is
 * an upsert on the (course, date, student) unique key, so saving again, or
 * two saves at once, update the same rows and never duplicate them.
 */
export async function saveSessionAttendance(
  courseId: number,
  date: string,
  marks: ReadonlyMap<number, AttendanceValue>,
  userId: number,
): Promise<SaveAttendanceOutcome> {
  // Rows are written in one order (student id), whatever the order of the
  // form's fields: two saves writing the same rows in different orders
  // deadlocked on PostgreSQL (one teacher got a 500).
  const ids = [...marks.keys()].sort((a, b) => a - b);
  const postgres = database().dialect === "postgres";
  return db()
    .transaction()
    .execute(async (trx) => {
      // Saves of one course run one after the other, as the gradebook's do, so
      // the values read below as "before" are the ones this save replaces and
      // the audit log's changes chain up (SQLite has one writer anyway).
      if (postgres)
        await trx.selectFrom("courses").select("id").where("id", "=", courseId).forUpdate().executeTakeFirst();
      const enrolled = await trx
        .selectFrom("enrollments")
        .leftJoin("attendance", (join) =>
          join
            .onRef("attendance.student_id", "=", "enrollments.student_id")
            .on("attendance.course_id", "=", courseId)
            .on("attendance.session_date", "=", date),
        )
        .select(["enrollments.student_id", "attendance.status"])
        .where("enrollments.course_id", "=", courseId)
        .where("enrollments.student_id", "in", ids)
        .where((eb) => enrolledOn(eb, date, { started: true }))
        .execute();
      const before = new Map(enrolled.map((r) => [r.student_id, r.status]));
      const outside = ids.filter((id) => !before.has(id));
      if (outside.length) return { ok: false, reason: "notEnrolled", studentIds: outside } as const;

      const now = new Date().toISOString();
      await trx
        .insertInto("attendance")
        .values(
          ids.map((student_id) => ({
            course_id: courseId,
            session_date: date,
            student_id,
            status: marks.get(student_id)!,
            recorded_by: userId,
            recorded_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["course_id", "session_date", "student_id"]).doUpdateSet((eb) => ({
            status: eb.ref("excluded.status"),
            recorded_by: eb.ref("excluded.recorded_by"),
            recorded_at: eb.ref("excluded.recorded_at"),
          })),
        )
        .execute();
      // Issue 21: a count that reached 12 or 20 absences queues its e-mail, in this transaction.
      await queueAbsenceWarnings(trx, courseId, ids);
      // Changes to values saved earlier are kept in the audit log; first records are not changes.
      const changes = ids
        .filter((id) => before.get(id) != null && before.get(id) !== marks.get(id))
        .map((id) => ({ student_id: id, from: before.get(id), to: marks.get(id) }));
      await audit(
        userId,
        "attendance.saved",
        "course",
        courseId,
        { session_date: date, students: ids.length, changes },
        trx,
      );
      return { ok: true, saved: ids.length, changed: changes.length } as const;
    });
}
