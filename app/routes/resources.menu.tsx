import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { db } from "~/db/kysely.server";
import { forbidden, requireUser } from "~/modules/auth/guards.server";
import { bookmarkTarget, menuFor } from "~/modules/auth/menu";
import { homeFor } from "~/modules/auth/permissions";
import { safeRedirect } from "~/modules/auth/session.server";
import { setBookmark, setPin } from "~/modules/menu/preferences.server";
import { readForm, unknownForm } from "~/modules/shared/form.server";
import { rowId } from "~/modules/shared/ids";
import { toasts } from "~/modules/toast.server";

/**
 * Stars or un-stars a page (intent "bookmark") and pins or unpins a menu entry
 * (intent "pin") for the signed-in user. `state` says which ("on"/"off"), so a
 * repeated post changes nothing. With JavaScript (`fetch=1`) the answer is
 * JSON; without it, back to the page with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const menu = menuFor(user.role);
  if (!menu.length) forbidden();
  const form = await readForm(request);
  const fetching = form.get("fetch") === "1";
  const back = safeRedirect(form.get("redirectTo"), homeFor(user.role) ?? "/");
  const state = form.get("state");
  if (state !== "on" && state !== "off") unknownForm();
  const on = state === "on";

  let outcome;
  let done: string;
  switch (form.get("intent")) {
    case "bookmark": {
      // Removing takes any page's path: only the user's own row of it goes.
      const path = bookmarkTarget(user.role, form.get("path"), { anyPage: !on });
      if (!path || (on && !(await ownsCoursePage(user.id, path))))
        throw json({ message: "common:menuTools.notBookmarkable" }, { status: 400 });
      const label = form.get("label");
      outcome = await setBookmark(user.id, path, typeof label === "string" ? label : "", on);
      done = on ? "common:menuTools.bookmarked" : "common:menuTools.unbookmarked";
      break;
    }
    case "pin": {
      const item = menu.find((i) => i.id === form.get("item"));
      if (!item) throw json({ message: "common:menuTools.notPinnable" }, { status: 400 });
      outcome = await setPin(user.id, item.id, on);
      done = on ? "common:menuTools.pinned" : "common:menuTools.unpinned";
      break;
    }
    default:
      unknownForm();
  }

  if (!outcome.ok) {
    const error = form.get("intent") === "pin" ? "common:menuTools.pinLimit" : "common:menuTools.bookmarkLimit";
    if (fetching) return json({ ok: false as const, error }, { status: 409 });
    return toasts(request).redirectWithError(back, error);
  }
  if (fetching) return json({ ok: true as const, error: null });
  return toasts(request).redirectWithSuccess(back, done);
}

/** A course page (/course/{id}/…) opens only for the course's own professor (PRODUCT 2); any other path passes. */
async function ownsCoursePage(userId: number, path: string): Promise<boolean> {
  const match = /^\/course\/([^/?]+)/.exec(path);
  if (!match) return true;
  const id = rowId(match[1]);
  if (id === null) return false;
  const course = await db().selectFrom("courses").select("professor_id").where("id", "=", id).executeTakeFirst();
  return course?.professor_id === userId;
}

export function loader() {
  throw redirect("/");
}
