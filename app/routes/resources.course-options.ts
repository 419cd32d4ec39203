import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { forbidden, requireStaff } from "~/http/guards.server";
import { can } from "~/modules/auth/permissions";
import { courseSuggestions } from "~/modules/courses/options.server";

/**
 * What a list's course search suggests as the user types (?q=, 2 to 100
 * characters): the first courses whose code or professor contains it, with
 * what their labels show. For the roles that filter the students or the
 * transfers list by course.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  if (!can(user.role, "students:view") && !can(user.role, "transfers:view")) forbidden();
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim();
  const courses = q.length >= 2 && q.length <= 100 ? await courseSuggestions(q) : [];
  return json({ courses }, { headers: { "Cache-Control": "no-store" } });
}
