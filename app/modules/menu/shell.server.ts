import { type Role } from "~/db/schema";
import { menuFor, pageRules } from "~/modules/auth/menu";
import { can, homeFor } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { schoolBrand } from "~/modules/settings/settings.server";
import { pendingTransfers } from "~/modules/transfers/transfers.server";
import { menuPreferences } from "./preferences.server";

export type SidebarState = "auto" | "open" | "closed";

/**
 * The standard layout of every signed-in page, for `user`: the menu (and
 * the rules of the pages the role may open, for the header's star) with
 * their bookmarks and pins, the sidebar as they left it (`sidebar`, from its
 * cookie), the school's name, logo and year, and the bell's transfers for the
 * roles that have it. `layout` is the page's `?layout=` (a name of letters,
 * digits, `_` and `-`, else none).
 */
export async function appShell(
  user: { id: number; name: string; role: Role; image: string | null },
  { sidebar, layout }: { sidebar: SidebarState; layout: string | null },
) {
  const [school, preferences, today, pending] = await Promise.all([
    schoolBrand(),
    menuPreferences(user.id),
    schoolToday(),
    // Only the roles of the bell get it (PRODUCT 2): not receptionist nor professor.
    can(user.role, "transfers:bell") ? pendingTransfers() : null,
  ]);
  return {
    user: { name: user.name, role: user.role, image: user.image },
    home: homeFor(user.role),
    menu: menuFor(user.role),
    // For the header's star: which pages the role may bookmark (the action checks again).
    pages: pageRules(user.role),
    ...preferences,
    sidebar,
    layout: layout && /^[\w-]{1,40}$/.test(layout) ? layout : null,
    schoolName: school.name,
    schoolLogo: school.logo,
    year: today.slice(0, 4),
    pending,
  };
}
