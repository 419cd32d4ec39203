import { courseWeights } from "~/modules/courses/course-pages.server";
import { ABSENCE_DANGER, ABSENCE_WARNING } from "~/modules/students/absence";
import { TEACHERS_FAQ } from "./faq";

/**
 * A course's FAQ page (/course/{id}/faq), display-ready: the teachers' FAQ
 * with the course's own numbers in front of it (its code, the weights of its
 * final grade, the absence thresholds). Null when there is no such course.
 */
export async function courseFaqPage(courseId: number) {
  const course = await courseWeights(courseId);
  if (!course) return null;
  return {
    code: course.course_id,
    weights: { assig: course.assig_percentage, test: course.test_percentage, exam: course.exam_percentage },
    thresholds: { warning: ABSENCE_WARNING, danger: ABSENCE_DANGER },
    questions: TEACHERS_FAQ,
  };
}
