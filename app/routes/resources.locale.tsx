import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { readForm } from "~/http/form.server";
import { assertSameOrigin } from "~/http/guards.server";
import { safeRedirect } from "~/http/session.server";
import { localeCookieFor } from "~/http/sign-in.server";

/** Remembers the chosen language in a cookie and goes back to the page (a language the app has not: no cookie). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const cookie = await localeCookieFor(request, form.get("lng"));
  const to = safeRedirect(form.get("redirectTo"), "/");
  return redirect(to, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

export function loader() {
  throw redirect("/");
}
