import { json } from "@remix-run/node";
import { db } from "~/db/kysely.server";
import { forbidden, requirePermission } from "~/modules/auth/guards.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { rowId } from "~/modules/shared/ids";

export function courseIdParam(raw: string | undefined): number {
  const id = rowId(raw);
  if (id === null) throw json({ message: "Not found" }, { status: 404 });
  return id;
}

/**
 * /course/{id}/*: professors only (others go to /dashboard), and only the
 * course's own professor — anyone else gets Access Denied (403). Checked in
 * every loader and action of the course pages.
 */
export async function requireCourseProfessor(request: Request, rawId: string | undefined): Promise<{ user: SessionUser; courseId: number }> {
  const user = await requirePermission(request, "course-pages:use");
  const courseId = courseIdParam(rawId);
  const course = await db().selectFrom("courses").select("professor_id").where("id", "=", courseId).executeTakeFirst();
  if (!course) throw json({ message: "Not found" }, { status: 404 });
  if (course.professor_id !== user.id) forbidden();
  return { user, courseId };
}
