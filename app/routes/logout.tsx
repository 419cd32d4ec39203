import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { assertSameOrigin } from "~/http/guards.server";
import { logoutRedirect } from "~/http/session.server";

// Logging out changes state, so it is a POST (from the profile menu); a GET does nothing.
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return logoutRedirect(request);
}

export function loader() {
  throw redirect("/");
}
