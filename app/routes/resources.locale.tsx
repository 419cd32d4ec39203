import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { isHttps } from "~/env.server";
import { LANGUAGES } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18n.server";
import { assertSameOrigin } from "~/modules/auth/guards.server";
import { safeRedirect } from "~/modules/auth/session.server";
import { readForm } from "~/modules/shared/form.server";

/** Remembers the chosen language in a cookie and goes back to the page. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const lng = String(form.get("lng") ?? "");
  const to = safeRedirect(form.get("redirectTo"), "/");
  if (!(LANGUAGES as readonly string[]).includes(lng)) return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": await localeCookie.serialize(lng, { secure: isHttps(request) }) } });
}

export function loader() {
  throw redirect("/");
}
