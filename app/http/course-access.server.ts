import { forbidden, requirePermission } from "~/http/guards.server";
import { type SessionUser } from "~/http/session.server";
import { courseExists } from "~/modules/certificates/certificates.server";
import { courseProfessorId } from "~/modules/courses/courses.server";
import { requireId } from "./ids.server";
import { notFound } from "./not-found.server";

// A page of /course/{id} runs the frame's loader and the page's with the same
// request: the course's professor is read once per request, not once per loader.
const professors = new WeakMap<Request, Map<number, Promise<number | null | undefined>>>();

function professorOf(request: Request, courseId: number) {
  let known = professors.get(request);
  if (!known) professors.set(request, (known = new Map()));
  let professor = known.get(courseId);
  if (!professor) known.set(courseId, (professor = courseProfessorId(courseId)));
  return professor;
}

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
  const professorId = await professorOf(request, courseId);
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
