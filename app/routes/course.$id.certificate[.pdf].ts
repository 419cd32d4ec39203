import type { LoaderFunctionArgs } from "@remix-run/node";
import { coursePdfLoader } from "~/modules/certificates/certificates.server";
import { requireCourseProfessor } from "~/modules/courses/access.server";

/** GET /course/{id}/certificate.pdf?student=ID or ?all=1 (passing students only): the course's professor only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, courseId } = await requireCourseProfessor(request, params.id);
  return coursePdfLoader(request, "certificate", courseId, user.id, `/course/${courseId}/student-report`);
}
