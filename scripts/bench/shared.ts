import { type Kysely, sql } from "kysely";
import { type Database } from "~/db/schema";

// What scripts/bench/data.ts and scripts/bench/run.ts agree on.

/** Where the bench school lives on SQLite unless DATABASE_URL says otherwise. */
export const BENCH_SQLITE_URL = "file:./data/bench.db";

/**
 * The bench's known course: adults B1 of the running term, Mon-Wed 09-11,
 * exactly 30 current students and 15 grading items (the gradebook case),
 * taught by the demo professor. Every one of its students passes. No
 * transfer touches it, so its roster stays 30. Its term is running, so the
 * certificate case is a first-term course's (certifiable()).
 */
export const BENCH_COURSE_CODE = "T2-ADU-B1-MW0911-001";
export const BENCH_COURSE_STUDENTS = 30;
export const BENCH_COURSE_ITEMS = 15;

export const BENCH_PROFESSOR = "professor@school.test";
export const BENCH_STAFF = "admin@school.test";
export { DEMO_PASSWORD as BENCH_PASSWORD } from "~/db/seed/demo.server";

/**
 * The certificate case (PRODUCT 7: PASS in a course that has ended, every
 * grading item graded): a student of an ended course, enrolled on its last
 * day, with every item graded above 75 (a PASS whatever the weights). Printed
 * through the staff's route: the course's professor is not the bench's.
 */
export async function certifiable(
  db: Kysely<Database>,
  today: string,
): Promise<{ courseId: number; studentId: number } | null> {
  const row = await db
    .selectFrom("enrollments as e")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .innerJoin("grading_items as gi", "gi.course_id", "c.id")
    .leftJoin("grades as g", (j) =>
      j.onRef("g.grading_item_id", "=", "gi.id").onRef("g.student_id", "=", "e.student_id"),
    )
    .select(["c.id as course_id", "e.student_id"])
    .where("c.end_date", "<", today)
    .where((eb) => eb.or([eb("e.end_date", "is", null), eb("e.end_date", ">", eb.ref("c.end_date"))]))
    .groupBy(["c.id", "e.student_id"])
    .having(sql<number>`count(gi.id)`, "=", sql<number>`count(g.grade)`)
    .having(sql<number>`min(g.grade)`, ">", 75)
    .orderBy("c.id")
    .orderBy("e.student_id")
    .limit(1)
    .executeTakeFirst();
  return row ? { courseId: Number(row.course_id), studentId: Number(row.student_id) } : null;
}
