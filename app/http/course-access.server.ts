import { forbidden, requirePermission } from "~/http/guards.server";
import { type SessionUser } from "~/http/session.server";
import { courseExists } from "~/modules/certificates/certificates.server";
import { courseProfessorId } from "~/modules/courses/courses.server";
import { requireId } from "./ids.server";
import { notFound } from "./not-found.server";

/**
 * /course/{id}/*: professors only (others go to /dashboard), and only the
 * course's own professor — anyone else gets Access Denied (403); a course
 * that does not exist is a 404. Checked in every loader and action of the
 * course pages.
 */
export async function requireCourseProfessor(
  request: Request,
  params: Readonly<Record<string, string | undefined>>,
): Promise<{ user: SessionUser; courseId: number }> {
  const user = await requirePermission(request, "course-pages:use");
  const courseId = requireId(params);
  const professorId = await courseProfessorId(courseId);
  if (professorId === undefined) notFound();
  if (professorId !== user.id) forbidden();
  return { user, courseId };
}

/**
 * /admin/courses/{id}/report.pdf and certificate.pdf: the staff who may read
 * a course's report (admin staff, coordinators); a course that does not
 * exist is a 404, not a 500.
 */
export async function requireCourseReportViewer(
  request: Request,
  params: Readonly<Record<string, string | undefined>>,
): Promise<{ user: SessionUser; courseId: number }> {
  const user = await requirePermission(request, "course-reports:view");
  const courseId = requireId(params);
  if (!(await courseExists(courseId))) notFound();
  return { user, courseId };
}
