import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { readForm, unknownForm } from "~/http/form.server";
import { forbidden, requireUser } from "~/http/guards.server";
import { safeRedirect } from "~/http/session.server";
import { toasts } from "~/http/toast.server";
import { menuFor } from "~/modules/auth/menu";
import { homeFor } from "~/modules/auth/permissions";
import { changeMenu, menuChangeOf } from "~/modules/menu/change.server";

/**
 * Stars or un-stars a page (intent "bookmark") and pins or unpins a menu entry
 * (intent "pin") for the signed-in user. With JavaScript (`fetch=1`) the
 * answer is JSON; without it, back to the page with a toast. A page or entry
 * the user may not star or pin is a 400 error page; a full list, the limit's
 * message.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (!menuFor(user.role).length) forbidden();
  const form = await readForm(request);
  const change = menuChangeOf(form);
  if (!change) unknownForm();
  const outcome = await changeMenu(user, change);
  const fetching = form.get("fetch") === "1";
  const back = safeRedirect(form.get("redirectTo"), homeFor(user.role));
  if (outcome.ok) {
    if (fetching) return json({ ok: true as const, error: null });
    return toasts(request).redirectWithSuccess(back, `common:menuTools.${outcome.done}`);
  }
  const error = `common:menuTools.${outcome.reason}`;
  if (outcome.reason === "notBookmarkable" || outcome.reason === "notPinnable") {
    throw json({ message: error }, { status: 400 });
  }
  if (fetching) return json({ ok: false as const, error }, { status: 409 });
  return toasts(request).redirectWithError(back, error);
}

export function loader() {
  throw redirect("/");
}
