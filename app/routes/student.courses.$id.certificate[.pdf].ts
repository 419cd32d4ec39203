import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { portalPdf, requirePortalCourse } from "~/http/portal-access.server";

/** GET /student/courses/{id}/certificate.pdf: the signed-in student's own issued certificate (ADR 047). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return portalPdf(request, "certificate", await requirePortalCourse(request, params));
}

/**
 * POST: issues the student's own certificate when the certificate rules allow
 * it (eligibility.ts: the same rules as the professor's button), then 303 to
 * the GET; a refusal is the same page as the GET's.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return portalPdf(request, "certificate", await requirePortalCourse(request, params), "issue");
}
