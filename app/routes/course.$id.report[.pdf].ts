import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireCourseProfessor } from "~/http/course-access.server";
import { coursePdfLoader } from "~/http/course-pdf.server";

/** GET /course/{id}/report.pdf?student=ID (one student) or ?all=1 (the course): the course's professor only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, courseId } = await requireCourseProfessor(request, params);
  return coursePdfLoader(request, "report", courseId, user.id, `/course/${courseId}/student-report`);
}
