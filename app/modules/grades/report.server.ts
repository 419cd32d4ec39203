import { db } from "~/db/kysely.server";
import { type AttendanceValue } from "~/db/schema";
import { type AttendanceSummary, fromCounts } from "~/modules/attendance/attendance";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { certificateEligibility, courseHasEnded } from "~/modules/certificates/eligibility";
import { examModules, examType, levelById, nextLevelId } from "~/modules/levels/levels";
import { listBands } from "./bands.server";
import { studentResult } from "./gradebook";
import { gradeKey, loadCourseSheet, loadSheetCourse } from "./gradebook.server";
import { CATEGORIES, bandFor } from "./grading";
import { sortFrom, sortRows } from "./report-sort";

export type ReportRow = Awaited<ReturnType<typeof loadCourseReport>>["rows"][number];

/**
 * The student report of a course (PRODUCT 7): per current student (for an
 * ended course, per student enrolled on its last day: a certificate must stay
 * reachable after the enrollments are closed as completed), the
 * attendance summary, the category averages, final grade, PASS/FAIL and band,
 * the exam of the course's level with its modules, the next level (none for a
 * FAIL) and whether a certificate can be issued (eligibility.ts). The
 * numbers are the gradebook's (same sheet, same studentResult). Used by the
 * professor's page, the admin's read-only view and the PDFs.
 */
export async function loadCourseReport(courseId: number, today?: string) {
  const day = today ?? (await schoolToday());
  const course = await loadSheetCourse(courseId);
  const rosterDay = courseHasEnded(course.end_date, day) ? course.end_date : day;
  const [sheet, attendance, bands] = await Promise.all([
    loadCourseSheet(courseId, rosterDay),
    db()
      .selectFrom("attendance")
      .select((eb) => ["student_id", "status", eb.fn.countAll<number>().as("n")])
      .where("course_id", "=", courseId)
      .groupBy(["student_id", "status"])
      .execute(),
    listBands(),
  ]);

  const counts = new Map<number, Record<AttendanceValue, number>>();
  for (const a of attendance) {
    const id = Number(a.student_id);
    const c = counts.get(id) ?? { present: 0, recovered: 0, late: 0, absent: 0 };
    if (a.status in c) c[a.status as AttendanceValue] += Number(a.n);
    counts.set(id, c);
  }

  const exam = examType(course.level_id, course.age_category);
  const modules = examModules(exam);
  const level = levelById(course.level_id);
  const next = levelById(nextLevelId(course.age_category, course.level_id));

  const rows = sheet.students.map((s) => {
    const grades = sheet.grades;
    const result = studentResult(sheet.items, (itemId) => grades.get(gradeKey(s.id, itemId)), course);
    const certificate = certificateEligibility({
      endDate: course.end_date,
      today: day,
      itemGrades: sheet.items.map((i) => grades.get(gradeKey(s.id, i.id))),
      final: result.final,
    });
    const summary: AttendanceSummary = fromCounts(counts.get(s.id) ?? { present: 0, recovered: 0, late: 0, absent: 0 });
    return {
      id: s.id,
      name: s.name,
      attendance: summary,
      ...result,
      band: bandFor(result.final, bands),
      exam,
      modules,
      // PRODUCT 7: a FAIL shows no next level (null; the page and the PDF say so).
      nextLevel: result.result === "PASS" ? (next?.name ?? level?.name ?? "") : null,
      certificate,
    };
  });

  return {
    course: { ...course, level: level?.name ?? "", ended: courseHasEnded(course.end_date, day) },
    exam,
    modules,
    /** The categories the course has items in (the others can have no average). */
    categories: CATEGORIES.filter((c) => sheet.items.some((i) => i.category === c)),
    bands,
    rows,
  };
}

/**
 * The professor's student report page (read model): the course, the exam,
 * the categories and the rows, sorted as the address asks (whitelisted
 * columns only, report-sort.ts).
 */
export async function studentReportPage(courseId: number, search: URLSearchParams) {
  const { sort, dir } = sortFrom(search);
  const report = await loadCourseReport(courseId);
  const { course } = report;
  return {
    course: { id: course.id, code: course.course_id, level: course.level, endDate: course.end_date },
    exam: report.exam,
    categories: report.categories,
    sort,
    dir,
    rows: sortRows(report.rows, sort, dir),
  };
}
