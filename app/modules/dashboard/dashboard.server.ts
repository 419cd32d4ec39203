import { sql } from "kysely";
import { db } from "~/db/kysely.server";
import { isCurrentEnrollment } from "~/modules/courses/courses.server";
import { ABSENCE_WARNING, HALF_ABSENCES } from "~/modules/students/absence";

/** The staff dashboard's counts: five queries, run together. */
export async function schoolCounts(today: string) {
  const [students, registrations, transfers, courses, professors] = await Promise.all([
    db().selectFrom("students").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute(),
    db().selectFrom("registrations").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow(),
    db().selectFrom("transfers").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow(),
    db()
      .selectFrom("courses")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "active")
      .where("start_date", "<=", today)
      .where("end_date", ">=", today)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("role", "=", "professor")
      .where("status", "=", "active")
      .executeTakeFirstOrThrow(),
  ]);
  const ofStatus = (s: string) => Number(students.find((r) => r.status === s)?.n ?? 0);
  return {
    activeStudents: ofStatus("active"),
    inactiveStudents: ofStatus("inactive"),
    pendingRegistrations: Number(registrations.n),
    pendingTransfers: Number(transfers.n),
    runningCourses: Number(courses.n),
    professors: Number(professors.n),
  };
}

const halfAbsences = sql<number>`sum(case a.status when 'absent' then ${sql.lit(HALF_ABSENCES.absent)} when 'late' then ${sql.lit(HALF_ABSENCES.late)} else 0 end)`;

/**
 * Active students whose absence count (absent + 0.5·late, PRODUCT 6) in
 * their current course is at least the warning threshold, highest first:
 * one query. The current course is the latest enrollment still open today.
 */
export async function absenceAlerts(today: string, limit = 10) {
  const current = db()
    .selectFrom("enrollments")
    .select((eb) => ["enrollments.student_id", eb.fn.max("enrollments.id").as("enrollment_id")])
    .where((eb) => isCurrentEnrollment(eb, today))
    .groupBy("enrollments.student_id")
    .as("cur");
  const base = db()
    .selectFrom("students as s")
    .innerJoin(current, "cur.student_id", "s.id")
    .innerJoin("enrollments as e", "e.id", "cur.enrollment_id")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .innerJoin("attendance as a", (j) => j.onRef("a.student_id", "=", "s.id").onRef("a.course_id", "=", "e.course_id"))
    .where("s.status", "=", "active")
    .groupBy(["s.id", "s.first_name", "s.last_name", "s.second_last_name", "c.id", "c.course_id"])
    .having(halfAbsences, ">=", ABSENCE_WARNING * 2);
  const [rows, count] = await Promise.all([
    base
      .select(["s.id", "s.first_name", "s.last_name", "s.second_last_name", "c.id as course_id", "c.course_id as course_code", halfAbsences.as("half")])
      .orderBy(halfAbsences, "desc")
      .orderBy("s.last_name")
      .orderBy("s.id")
      .limit(limit)
      .execute(),
    db()
      .selectFrom(base.select("s.id").as("alerts"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map(({ half, ...r }) => ({ ...r, absences: Number(half) / 2 })),
  };
}
