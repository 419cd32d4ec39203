import { type LoaderFunctionArgs } from "@remix-run/node";
import { coursePdfLoader, requireCourseExists } from "~/http/course-pdf.server";
import { requireId } from "~/http/ids.server";
import { requirePermission } from "~/modules/auth/guards.server";

/** GET /admin/courses/{id}/report.pdf?student=ID or ?all=1: admin staff and coordinators. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "course-reports:view");
  const courseId = requireId(params);
  await requireCourseExists(courseId);
  return coursePdfLoader(request, "report", courseId, user.id, `/admin/courses/${courseId}`);
}
