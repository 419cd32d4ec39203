import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { coursePdfLoader, issueCertificatesAction, requireCourseExists } from "~/http/course-pdf.server";
import { requireId } from "~/http/ids.server";
import { requirePermission } from "~/modules/auth/guards.server";

/** GET /admin/courses/{id}/certificate.pdf?student=ID or ?all=1 (passing students only): admin staff and coordinators. Prints issued certificates. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "course-reports:view");
  const courseId = requireId(params);
  await requireCourseExists(courseId);
  return coursePdfLoader(request, "certificate", courseId, user.id, `/admin/courses/${courseId}`);
}

/** POST: issues the certificates not issued yet (their numbers are recorded), then 303 to the GET. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "course-reports:view");
  const courseId = requireId(params);
  await requireCourseExists(courseId);
  return issueCertificatesAction(
    request,
    courseId,
    user.id,
    `/admin/courses/${courseId}/certificate.pdf`,
    `/admin/courses/${courseId}`,
  );
}
