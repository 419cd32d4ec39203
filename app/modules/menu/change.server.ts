import { db } from "~/db/kysely.server";
import { type Role } from "~/db/schema";
import { bookmarkTarget, menuFor } from "~/modules/auth/menu";
import { rowId } from "~/modules/shared/ids";
import { refuse } from "~/modules/shared/outcome";
import { setBookmark, setPin } from "./preferences.server";

// The menu tools' posts (issue 15): star or un-star a page, pin or unpin a
// menu entry. `on` says which, so a repeated post changes nothing.

export type MenuChange =
  { intent: "bookmark"; on: boolean; path: unknown; label: unknown } | { intent: "pin"; on: boolean; item: unknown };

/** The change a menu tool's form asks for, or null for a form no tool sends. */
export function menuChangeOf(form: FormData): MenuChange | null {
  const state = form.get("state");
  if (state !== "on" && state !== "off") return null;
  const on = state === "on";
  const intent = form.get("intent");
  if (intent === "bookmark") return { intent, on, path: form.get("path"), label: form.get("label") };
  if (intent === "pin") return { intent, on, item: form.get("item") };
  return null;
}

export type MenuChangeOutcome =
  | { ok: true; done: "bookmarked" | "unbookmarked" | "pinned" | "unpinned" }
  | { ok: false; reason: "notBookmarkable" | "notPinnable" | "bookmarkLimit" | "pinLimit" };

/** Makes the change for the signed-in user: a page they may not open or an entry not in their menu is refused. */
export async function changeMenu(user: { id: number; role: Role }, change: MenuChange): Promise<MenuChangeOutcome> {
  const { on } = change;
  if (change.intent === "bookmark") {
    // Removing takes any page's path: only the user's own row of it goes.
    const path = bookmarkTarget(user.role, change.path, { anyPage: !on });
    if (!path || (on && !(await ownsCoursePage(user.id, path)))) return refuse("notBookmarkable");
    const label = typeof change.label === "string" ? change.label : "";
    if (!(await setBookmark(user.id, path, label, on)).ok) return refuse("bookmarkLimit");
    return { ok: true, done: on ? "bookmarked" : "unbookmarked" };
  }
  const item = menuFor(user.role).find((i) => i.id === change.item);
  if (!item) return refuse("notPinnable");
  if (!(await setPin(user.id, item.id, on)).ok) return refuse("pinLimit");
  return { ok: true, done: on ? "pinned" : "unpinned" };
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
