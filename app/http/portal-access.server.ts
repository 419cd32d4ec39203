import { redirect } from "@remix-run/node";
import { i18next } from "~/i18n/i18n.server";
import { type PdfKind, coursePdf } from "~/modules/certificates/certificates.server";
import { isOwnCourse, studentOfUser } from "~/modules/portal/portal.server";
import { pdfResponse } from "./course-pdf.server";
import { requirePermission } from "./guards.server";
import { requireId } from "./ids.server";
import { notFound } from "./not-found.server";
import { type SessionUser } from "./session.server";

// THE STUDENT PORTAL's guards (issue 21, ADR 047). Who the student is comes
// from the session (students.user_id), never from the address; a course is
// theirs when they have (or had) an enrollment in it. Anything else, an id of
// a course that does not exist included, is the same 404: a student learns
// nothing about the school's other courses.

/** /student*: the student role only (anyone else goes home), and their student record (null: none linked yet). */
export async function requirePortalStudent(request: Request): Promise<{ user: SessionUser; studentId: number | null }> {
  const user = await requirePermission(request, "portal:use");
  return { user, studentId: await studentOfUser(user.id) };
}

/** /student/courses/{id}/*: one of the student's own courses, else 404. */
export async function requirePortalCourse(
  request: Request,
  params: Readonly<Record<string, string | undefined>>,
): Promise<{ user: SessionUser; studentId: number; courseId: number }> {
  const { user, studentId } = await requirePortalStudent(request);
  const courseId = requireId(params);
  if (studentId === null || !(await isOwnCourse(studentId, courseId))) notFound();
  return { user, studentId, courseId };
}

/** The student's own report or certificate PDF of the course (a GET only prints an issued certificate). */
export async function portalPdf(
  request: Request,
  kind: PdfKind,
  access: { user: SessionUser; studentId: number; courseId: number },
  mode: "read" | "issue" = "read",
) {
  const { user, studentId, courseId } = access;
  const back = `/student/courses/${courseId}/grades`;
  const outcome = await coursePdf(await i18next.getLocale(request), kind, courseId, { studentId }, user.id, mode);
  if (mode === "issue" && outcome.ok) return redirect(`/student/courses/${courseId}/certificate.pdf`, 303);
  return pdfResponse(request, outcome, back);
}
