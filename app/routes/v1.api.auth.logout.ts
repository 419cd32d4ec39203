import { type ActionFunctionArgs, json } from "@remix-run/node";
import { apiUser, methodNotAllowed, requireMethod } from "~/http/api.server";
import { destroySession } from "~/http/session.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await apiUser(request);
  await destroySession(request);
  return json({ data: { ok: true } });
}

export function loader() {
  return methodNotAllowed("POST");
}
