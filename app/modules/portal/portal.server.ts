import { db } from "~/db/kysely.server";
import { summarize } from "~/modules/attendance/attendance";
import { parseScheduleDays } from "~/modules/calendar/dates";
import { upcomingHolidays } from "~/modules/calendar/holidays.server";
import { schoolToday, sessionsOfCourse, sessionsOfCourses } from "~/modules/calendar/sessions.server";
import { issuedCertificates } from "~/modules/certificates/certificates.server";
import { courseHasEnded } from "~/modules/certificates/eligibility";
import { isEnrolledOn } from "~/modules/courses/enrollment";
import { gradeKey, loadCourseSheet } from "~/modules/grades/gradebook.server";
import { loadCourseReport } from "~/modules/grades/report.server";
import { levelById } from "~/modules/levels/levels";

// THE STUDENT PORTAL's read models (issue 21, ADR 047). Every function takes
// the student's id from the caller's session (app/http/portal-access.server.ts),
// never from the address, and reads only that student's rows. The numbers are
// the professor's: attendance is summarised by attendance.ts (the report's
// rule), grades come from the same report (loadCourseReport: one grading
// module), certificates from eligibility.ts.

/** How many of a course's next sessions the home lists. */
export const NEXT_SESSIONS = 5;

/** The student record linked to a user account (students.user_id), or null. */
export async function studentOfUser(userId: number): Promise<number | null> {
  const row = await db()
    .selectFrom("students")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("id")
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The student's enrollments with their courses and professors, oldest first. */
async function enrollmentsOf(studentId: number, courseId?: number) {
  let query = db()
    .selectFrom("enrollments as e")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .leftJoin("users as p", "p.id", "c.professor_id")
    .select([
      "e.start_date as enrolled_from",
      "e.end_date as enrolled_until",
      "c.id",
      "c.course_id as code",
      "c.level_id",
      "c.age_category",
      "c.schedule_days",
      "c.start_time",
      "c.end_time",
      "c.start_date",
      "c.end_date",
      "p.name as professor",
    ])
    .where("e.student_id", "=", studentId);
  if (courseId !== undefined) query = query.where("e.course_id", "=", courseId);
  const rows = await query.orderBy("c.start_date").orderBy("e.start_date").execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

type EnrollmentRow = Awaited<ReturnType<typeof enrollmentsOf>>[number];

/** A course as the portal's cards and headers show it. */
function courseCard(c: EnrollmentRow, today: string) {
  return {
    id: c.id,
    code: c.code,
    level: levelById(c.level_id)?.name ?? "",
    days: parseScheduleDays(c.schedule_days),
    start_time: c.start_time,
    end_time: c.end_time,
    start_date: c.start_date,
    end_date: c.end_date,
    professor: c.professor,
    ended: courseHasEnded(c.end_date, today),
  };
}

/** Whether the student has (or had) an enrollment in the course: the portal's one object-level rule. */
export async function isOwnCourse(studentId: number, courseId: number): Promise<boolean> {
  const row = await db()
    .selectFrom("enrollments")
    .select("id")
    .where("student_id", "=", studentId)
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * /student: the student's current courses (enrolled today, not ended) with
 * schedule, professor and next sessions; their other courses (ended, left, or
 * not started); the holidays ahead (the school's and their courses' own).
 * `studentId` null: an account no student record is linked to yet.
 */
export async function portalHomePage(studentId: number | null) {
  const today = await schoolToday();
  if (studentId === null) return { today, linked: false, current: [], other: [], holidays: [] };
  const enrollments = await enrollmentsOf(studentId);
  const currentRows = enrollments.filter(
    (e) =>
      isEnrolledOn({ start_date: e.enrolled_from, end_date: e.enrolled_until }, today) &&
      !courseHasEnded(e.end_date, today),
  );
  const currentIds = new Set(currentRows.map((e) => e.id));
  const [sessions, holidays] = await Promise.all([
    sessionsOfCourses([...currentIds]),
    upcomingHolidays(today, { limit: 5, courseIds: enrollments.map((e) => e.id) }),
  ]);
  const seen = new Set<number>();
  const other = enrollments.filter((e) => !currentIds.has(e.id) && !seen.has(e.id) && seen.add(e.id));
  return {
    today,
    linked: true,
    current: [...new Map(currentRows.map((e) => [e.id, e])).values()].map((e) => ({
      ...courseCard(e, today),
      next: (sessions.get(e.id)?.sessions ?? [])
        .filter((s) => s.status === "upcoming" && s.date >= e.enrolled_from)
        .slice(0, NEXT_SESSIONS)
        .map((s) => ({ date: s.date, start_time: s.start_time, end_time: s.end_time })),
    })),
    other: other.map((e) => courseCard(e, today)),
    holidays,
  };
}

/**
 * /student/courses/{id}/attendance: each held session of the student's time
 * in the course with its mark (null: not recorded), newest first, and the
 * summary (score, absence count and its 12 / 20 severity) by attendance.ts,
 * over the same rows the professor's report counts. Null: not their course.
 */
export async function portalAttendancePage(studentId: number, courseId: number) {
  const [enrollments, schedule, marks, today] = await Promise.all([
    enrollmentsOf(studentId, courseId),
    sessionsOfCourse(courseId),
    db()
      .selectFrom("attendance")
      .select(["session_date", "status"])
      .where("course_id", "=", courseId)
      .where("student_id", "=", studentId)
      .execute(),
    schoolToday(),
  ]);
  if (!enrollments.length) return null;
  const byDate = new Map(marks.map((m) => [m.session_date, m.status]));
  const enrolledThen = (date: string) =>
    enrollments.some((e) =>
      isEnrolledOn({ start_date: e.enrolled_from, end_date: e.enrolled_until }, date, { started: true }),
    );
  const dates = new Set(marks.map((m) => m.session_date));
  for (const s of schedule?.sessions ?? []) if (s.status === "held" && enrolledThen(s.date)) dates.add(s.date);
  const times = new Map((schedule?.sessions ?? []).map((s) => [s.date, s]));
  return {
    course: courseCard(enrollments[0], today),
    summary: summarize(marks.map((m) => m.status)),
    sessions: [...dates]
      .sort()
      .reverse()
      .map((date) => ({
        date,
        start_time: times.get(date)?.start_time ?? null,
        end_time: times.get(date)?.end_time ?? null,
        mark: byDate.get(date) ?? null,
      })),
  };
}

/**
 * /student/courses/{id}/grades: each grading item with the student's grade,
 * and the professor's report row for them (category averages, final grade,
 * PASS/FAIL, band, exam and modules, next level, certificate eligibility),
 * whether their certificate is issued. `result` null: the student is not on
 * the course's report (left it before its end). Null: not their course.
 */
export async function portalGradesPage(studentId: number, courseId: number) {
  const today = await schoolToday();
  const [enrollments, report, sheet, issued] = await Promise.all([
    enrollmentsOf(studentId, courseId),
    loadCourseReport(courseId, today),
    loadCourseSheet(courseId, today),
    issuedCertificates(courseId, [studentId]),
  ]);
  if (!enrollments.length) return null;
  const row = report.rows.find((r) => r.id === studentId) ?? null;
  return {
    course: courseCard(enrollments[0], today),
    exam: report.exam,
    modules: report.modules,
    categories: report.categories,
    items: sheet.items.map((i) => ({
      id: i.id,
      name: i.item_name,
      category: i.category,
      grade: sheet.grades.get(gradeKey(studentId, i.id)) ?? null,
    })),
    result: row && {
      averages: row.averages,
      final: row.final,
      result: row.result,
      band: row.band,
      nextLevel: row.nextLevel,
      attendance: row.attendance,
      certificate: row.certificate,
      issued: issued.has(studentId),
    },
  };
}
