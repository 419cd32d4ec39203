import { countByStatus } from "~/modules/calendar/session-counts";
import { schoolToday, sessionsOfCourse } from "~/modules/calendar/sessions.server";
import { courseOverview } from "~/modules/courses/course-pages.server";
import { courseRecord } from "~/modules/courses/courses.server";
import { levelById } from "~/modules/levels/levels";
import { currentStudentsAttendance } from "./attendance.server";

// Read models of the professor's course frame and home page (/course/{id},
// /course/{id}/home). Access is checked by the routes first; a course that
// is gone reads as null (the route's 404).

/** How many of the next sessions the home page lists. */
const NEXT_SESSIONS = 5;

/** The frame of the course pages: the course's code, number and level name. */
export async function courseFrame(courseId: number) {
  const course = await courseRecord(courseId);
  return course
    ? {
        id: course.id,
        course_id: course.course_id,
        course_number: course.course_number,
        level_id: course.level_id,
        level: levelById(course.level_id)?.name ?? "",
      }
    : null;
}

/**
 * The home page: the course's data with its level's name, its sessions
 * counted by status, the next sessions (from today) and the current students
 * with their attendance summary.
 */
export async function courseHomePage(courseId: number) {
  const today = await schoolToday();
  const [course, dated, students] = await Promise.all([
    courseOverview(courseId),
    sessionsOfCourse(courseId),
    currentStudentsAttendance(courseId, today),
  ]);
  if (!course) return null;
  const sessions = dated?.sessions ?? [];
  return {
    course: { ...course, level: levelById(course.level_id)?.name ?? "" },
    counts: countByStatus(sessions),
    next: sessions
      .filter((s) => s.date >= today)
      .slice(0, NEXT_SESSIONS)
      .map(({ date, start_time, end_time, holiday, status }) => ({ date, start_time, end_time, holiday, status })),
    students,
  };
}
