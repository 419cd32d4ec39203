import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { isHttps } from "~/env.server";
import { readForm } from "~/http/form.server";
import { requireUser } from "~/http/guards.server";
import { sidebarCookie } from "~/http/layout.server";
import { safeRedirect } from "~/http/session.server";

/**
 * Opens or closes the sidebar (the header's toggle), remembered in a cookie;
 * "auto" (the phone menu's backdrop, Escape, a navigation) closes it on a
 * phone while wide screens keep their open sidebar.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await readForm(request);
  const asked = form.get("sidebar");
  const sidebar = asked === "open" || asked === "auto" ? asked : "closed";
  const headers = { "Set-Cookie": await sidebarCookie.serialize(sidebar, { secure: isHttps(request) }) };
  if (form.get("fetch") === "1") return json({ sidebar }, { headers });
  return redirect(safeRedirect(form.get("redirectTo"), "/"), { headers });
}

export function loader() {
  throw redirect("/");
}
