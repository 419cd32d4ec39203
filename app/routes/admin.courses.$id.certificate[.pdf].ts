import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireCourseReportViewer } from "~/http/course-access.server";
import { coursePdfLoader, issueCertificatesAction } from "~/http/course-pdf.server";

/** GET /admin/courses/{id}/certificate.pdf?student=ID or ?all=1 (passing students only): admin staff and coordinators. Prints issued certificates. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, courseId } = await requireCourseReportViewer(request, params);
  return coursePdfLoader(request, "certificate", courseId, user.id, `/admin/courses/${courseId}`);
}

/** POST: issues the certificates not issued yet (their numbers are recorded), then 303 to the GET. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, courseId } = await requireCourseReportViewer(request, params);
  return issueCertificatesAction(
    request,
    courseId,
    user.id,
    `/admin/courses/${courseId}/certificate.pdf`,
    `/admin/courses/${courseId}`,
  );
}
