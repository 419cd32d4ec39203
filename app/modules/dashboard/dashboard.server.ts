import { db } from "~/db/kysely.server";
import { enrolledOn } from "~/modules/courses/enrollment";
import { countUpTo } from "~/modules/shared/sql.server";
import { ABSENCE_WARNING } from "~/modules/students/absence";

/** The staff dashboard's counts: five queries, run together. */
export async function schoolCounts(today: string) {
  const [students, registrations, transfers, courses, professors] = await Promise.all([
    // Kept by triggers (migration 0014): two rows, whatever the school's size.
    db().selectFrom("student_counts").select(["status", "n"]).execute(),
    db()
      .selectFrom("registrations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("transfers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
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

/**
 * How many students over the absence threshold the dashboard counts (ADR
 * 052): past it, "more than". Counting them all grew with the school (3,080
 * counts over the threshold on the x10 school); the panel lists the ten
 * highest either way.
 */
export const ALERT_COUNT_CAP = 200;

/**
 * Active students whose absence count (absent + 0.5·late, PRODUCT 6) in
 * their current course is at least the warning threshold, highest first,
 * with how many there are (up to ALERT_COUNT_CAP). The current course is the latest
 * enrollment still open today. The counts come from absence_counts (kept by
 * triggers, ADR 012), so this reads the few students over the threshold, not
 * the whole school's attendance.
 */
export async function absenceAlerts(today: string, limit = 10) {
  // CROSS JOIN: SQLite keeps this join order (PostgreSQL plans it as inner
  // joins), so the few counts over the threshold lead, read from
  // absence_counts_half_idx, instead of every active student (ADR 012).
  const alerting = () =>
    db()
      .selectFrom("absence_counts as ac")
      .crossJoin("students as s")
      .whereRef("s.id", "=", "ac.student_id")
      .where("ac.half_absences", ">=", ABSENCE_WARNING * 2)
      .where("s.status", "=", "active")
      // The count's course is the student's current one: their latest enrollment still open today.
      .where((eb) =>
        eb(
          "ac.course_id",
          "=",
          eb
            .selectFrom("enrollments")
            .select("enrollments.course_id")
            .whereRef("enrollments.student_id", "=", "ac.student_id")
            .where((eb2) => enrolledOn(eb2, today))
            .orderBy("enrollments.id", "desc")
            .limit(1),
        ),
      );
  const [rows, counted] = await Promise.all([
    alerting()
      .select((eb) => [
        "s.id",
        "s.first_name",
        "s.last_name",
        "s.second_last_name",
        "ac.course_id",
        // By its key: joined, PostgreSQL expected one row over the threshold and read every course for each.
        eb.selectFrom("courses as c").select("c.course_id").whereRef("c.id", "=", "ac.course_id").as("course_code"),
        "ac.half_absences as half",
      ])
      .orderBy("ac.half_absences", "desc")
      .orderBy("s.last_name")
      .orderBy("s.id")
      .limit(limit)
      .execute(),
    // Counted up to ALERT_COUNT_CAP (ADR 052): past it, "more than".
    countUpTo(alerting().select("ac.student_id"), ALERT_COUNT_CAP),
  ]);
  return {
    total: counted.total,
    more: counted.more,
    // The course exists (a foreign key): its code is never missing.
    rows: rows.map(({ half, course_code, ...r }) => ({
      ...r,
      course_code: course_code ?? "",
      absences: Number(half) / 2,
    })),
  };
}
