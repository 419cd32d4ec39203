import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { isHttps } from "~/env.server";
import { requireUser } from "~/modules/auth/guards.server";
import { safeRedirect } from "~/modules/auth/session.server";
import { sidebarCookie } from "~/modules/layout.server";
import { readForm } from "~/modules/shared/form.server";

/** Opens or closes the sidebar (the header's toggle), remembered in a cookie. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await readForm(request);
  const sidebar = form.get("sidebar") === "open" ? "open" : "closed";
  const headers = { "Set-Cookie": await sidebarCookie.serialize(sidebar, { secure: isHttps(request) }) };
  if (form.get("fetch") === "1") return json({ sidebar }, { headers });
  return redirect(safeRedirect(form.get("redirectTo"), "/"), { headers });
}

export function loader() {
  throw redirect("/");
}
