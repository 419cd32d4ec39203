import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireCourseReportViewer } from "~/http/course-access.server";
import { coursePdfLoader } from "~/http/course-pdf.server";

/** GET /admin/courses/{id}/report.pdf?student=ID or ?all=1: admin staff and coordinators. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, courseId } = await requireCourseReportViewer(request, params);
  return coursePdfLoader(request, "report", courseId, user.id, `/admin/courses/${courseId}`);
}
