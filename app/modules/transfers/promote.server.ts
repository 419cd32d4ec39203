import { db } from "~/db/kysely.server";
import { loadCourseReport } from "~/modules/grades/report.server";
import { levelById, nextLevelId } from "~/modules/levels/levels";
import { type Outcome, refuse } from "~/modules/shared/outcome";
import { type TransferRefusal, createTransfer } from "./transfers.server";

/**
 * Who a course's "promote" would move (issue 7: the passing students of its
 * report, less those with a transfer already pending), to which level, and
 * the open courses of that level.
 */
export interface PromoteCandidates {
  students: { id: number; name: string }[];
  skipped: boolean;
  nextLevel: string;
  nextLevelId: number | null;
  courses: { id: number; course_id: string }[];
}

export async function promoteCandidates(courseId: number, today: string): Promise<PromoteCandidates> {
  const course = await db()
    .selectFrom("courses")
    .select(["level_id", "age_category"])
    .where("id", "=", courseId)
    .executeTakeFirst();
  if (!course) return { students: [], skipped: false, nextLevel: "", nextLevelId: null, courses: [] };
  const next = nextLevelId(course.age_category, course.level_id);
  const [report, pending, courses] = await Promise.all([
    loadCourseReport(courseId, today),
    db()
      .selectFrom("transfer_students")
      .innerJoin("transfers", "transfers.id", "transfer_students.transfer_id")
      .select("transfer_students.student_id")
      .where("transfers.status", "=", "pending")
      .execute(),
    db()
      .selectFrom("courses")
      .select(["id", "course_id"])
      .where("level_id", "=", next)
      .where("age_category", "=", course.age_category)
      .where("status", "=", "active")
      .where("end_date", ">=", today)
      .where("id", "!=", courseId)
      .orderBy("course_id")
      .execute(),
  ]);
  const busy = new Set(pending.map((p) => Number(p.student_id)));
  const passing = report.rows.filter((r) => r.result === "PASS");
  const students = passing.filter((r) => !busy.has(r.id)).map((r) => ({ id: r.id, name: r.name }));
  return {
    students,
    skipped: students.length < passing.length,
    nextLevel: levelById(next)?.name ?? "",
    nextLevelId: next,
    courses,
  };
}

export type PromoteOutcome = Outcome<{ id: number }, TransferRefusal | "nobodyToPromote">;

/** One pending group transfer of the passing students to the chosen course at the next level. */
export async function promotePassing(
  courseId: number,
  selectedCourseId: number,
  userId: number,
  today: string,
): Promise<PromoteOutcome> {
  const c = await promoteCandidates(courseId, today);
  if (!c.students.length || c.nextLevelId === null) return refuse("nobodyToPromote");
  if (!c.courses.some((course) => course.id === selectedCourseId)) return refuse("selectedCourse");
  return createTransfer(
    {
      student_ids: c.students.map((s) => s.id),
      from_course_id: courseId,
      selected_course_id: selectedCourseId,
      selected_level_id: c.nextLevelId,
      reason: undefined,
    },
    userId,
  );
}
