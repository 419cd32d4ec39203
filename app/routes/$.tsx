import { type LoaderFunctionArgs, json, redirect } from "@remix-run/node";
import { NotFound } from "~/components/error-view";
import { requireProfessor, requireStaff, requireStudentRole } from "~/http/guards.server";

// Unknown paths are 404, after the area's redirect rules so nobody learns
// more about an area than its sign-in rules allow.
export async function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  if (/^\/(dashboard|admin|coordinator)(\/|$)/.test(path)) {
    await requireStaff(request);
    // The admin area has no page of its own: its home is the dashboard.
    if (/^\/admin\/?$/.test(path)) throw redirect("/dashboard");
  } else if (/^\/(teachers|course)\//.test(path)) await requireProfessor(request);
  else if (/^\/student(\/|$)/.test(path)) await requireStudentRole(request);
  return json(null, { status: 404 });
}

export async function action() {
  return json(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
