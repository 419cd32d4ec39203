import { type LoaderFunctionArgs } from "@remix-run/node";
import { portalPdf, requirePortalCourse } from "~/http/portal-access.server";

/** GET /student/courses/{id}/report.pdf: the signed-in student's own report of one of their courses (ADR 047). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return portalPdf(request, "report", await requirePortalCourse(request, params));
}
