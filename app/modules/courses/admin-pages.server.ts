import { loadGradebook } from "~/modules/grades/gradebook.server";
import { sortFrom, sortRows } from "~/modules/grades/report-sort";
import { loadCourseReport } from "~/modules/grades/report.server";
import { examType, levelById } from "~/modules/levels/levels";
import { promoteCandidates } from "~/modules/transfers/promote.server";
import { schoolToday, sessionsOfCourse } from "../calendar/sessions.server";
import {
  courseEnrollments,
  getCourse,
  gradingItemsOf,
  listCourses,
  parseCourseFilters,
  professorOptions,
  searchStudentsForCourse,
} from "./courses.server";
import { ENROLL_SEARCH_MAX, courseFormValues, phaseOf } from "./schema";

// The read models of the staff's course pages (/admin/courses/*, issue 17):
// one call per loader, returning what the page shows. The routes check the
// permission first; a course that does not exist reads as null (the route's
// 404).

/** The list: one page of courses by the query string's filters, and the professor filter's options. */
export async function courseListPage(params: URLSearchParams) {
  const filters = parseCourseFilters(params);
  const today = await schoolToday();
  const [{ rows, total }, professors] = await Promise.all([
    listCourses(filters, today),
    professorOptions(filters.professor),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, level: levelById(r.level_id)?.name ?? "" })),
    total,
    page: filters.page,
    limit: filters.limit,
    professors,
  };
}

/** The new course's form: the active professors. */
export async function newCoursePage() {
  return { professors: await professorOptions() };
}

/** The edit form: the course as the form's values, and the professors (its own one whatever its state). */
export async function courseEditPage(id: number) {
  const course = await getCourse(id);
  if (!course) return null;
  return {
    id,
    code: course.course_id,
    defaults: courseFormValues(course),
    professors: await professorOptions(course.professor_id),
  };
}

/**
 * The course page: its data, its students (current and former), its
 * sessions, its grading items, and the Enroll section's search (`q`: the
 * query string's, null when there is none).
 */
export async function coursePage(id: number, rawQ: string | null) {
  const q = rawQ === null ? null : rawQ.trim().slice(0, ENROLL_SEARCH_MAX);
  const today = await schoolToday();
  const [course, enrollments, sessions, items] = await Promise.all([
    getCourse(id),
    courseEnrollments(id, today),
    sessionsOfCourse(id),
    gradingItemsOf(id),
  ]);
  if (!course || !sessions) return null;
  const search = q !== null ? await searchStudentsForCourse(course, q, today) : null;
  return {
    course: {
      ...course,
      level: levelById(course.level_id)?.name ?? "",
      exam: examType(course.level_id, course.age_category),
    },
    phase: phaseOf(course, today),
    enrollments,
    sessions: sessions.sessions.map(({ date, start_time, end_time, holiday, status }) => ({
      date,
      start_time,
      end_time,
      holiday,
      status,
    })),
    items,
    q,
    search: search
      ? { more: search.more, rows: search.rows.map((s) => ({ ...s, level: levelById(s.level_id)?.name ?? "" })) }
      : null,
  };
}

/**
 * The staff's read-only report of a course (PRODUCT 2): the report sorted as
 * the query string asks, the grades of the gradebook, and the promotion's
 * candidates.
 */
export async function courseReportPage(courseId: number, params: URLSearchParams) {
  const { sort, dir } = sortFrom(params);
  const today = await schoolToday();
  const [report, candidates] = await Promise.all([
    loadCourseReport(courseId, today).catch(() => null),
    promoteCandidates(courseId, today),
  ]);
  if (!report) return null;
  // The same students as the report: an ended course's are those enrolled on its last day.
  const gradebook = await loadGradebook(courseId, report.course.ended ? report.course.end_date : today).catch(
    () => null,
  );
  if (!gradebook) return null;
  return {
    course: { id: report.course.id, code: report.course.course_id, endDate: report.course.end_date },
    exam: report.exam,
    categories: report.categories,
    sort,
    dir,
    rows: sortRows(report.rows, sort, dir),
    items: gradebook.items,
    grades: gradebook.rows.map((r) => ({ id: r.id, name: r.name, grades: r.grades })),
    promote: candidates,
  };
}
