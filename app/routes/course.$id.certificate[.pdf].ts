import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireCourseProfessor } from "~/http/course-access.server";
import { coursePdfLoader, issueCertificatesAction } from "~/http/course-pdf.server";

/** GET /course/{id}/certificate.pdf?student=ID or ?all=1 (passing students only): the course's professor only. Prints issued certificates. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, courseId } = await requireCourseProfessor(request, params);
  return coursePdfLoader(request, "certificate", courseId, user.id, `/course/${courseId}/student-report`);
}

/** POST: issues the certificates not issued yet (their numbers are recorded), then 303 to the GET. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, courseId } = await requireCourseProfessor(request, params);
  return issueCertificatesAction(
    request,
    courseId,
    user.id,
    `/course/${courseId}/certificate.pdf`,
    `/course/${courseId}/student-report`,
  );
}
