import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { readForm } from "~/http/form.server";
import { assertSameOrigin, optionalUser } from "~/http/guards.server";
import { safeRedirect } from "~/http/session.server";
import { localeCookieFor } from "~/http/sign-in.server";
import { updateOwnLocale } from "~/modules/users/users.server";

/**
 * Remembers the chosen language in a cookie and goes back to the page (a
 * language the app has not: no cookie). A signed-in user's choice is also
 * saved on their profile, so the next sign-in (this or another browser) keeps it.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const lng = form.get("lng");
  const cookie = await localeCookieFor(request, lng);
  if (cookie && typeof lng === "string") {
    const user = await optionalUser(request);
    if (user) await updateOwnLocale(user.id, lng);
  }
  const to = safeRedirect(form.get("redirectTo"), "/");
  return redirect(to, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

export function loader() {
  throw redirect("/");
}
