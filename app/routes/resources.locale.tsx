import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { assertSameOrigin } from "~/modules/auth/guards.server";
import { localeCookieFor } from "~/modules/auth/locale-cookie.server";
import { safeRedirect } from "~/modules/auth/session.server";
import { readForm } from "~/modules/shared/form.server";

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
