// What the browser needs of the menu (issues 15 and 18): the entries' shape,
// their links, order and search, and which pages a bookmark may name. The
// roles' tables (the menus, the page rules, the capabilities) stay on the
// server (modules/auth/menu.ts): the layout's loader sends a user the rules of
// their role (`pages`), so no page ships every role's tables in its script.

export interface MenuItem {
  id: string;
  /** Translation key of the title. */
  title: string;
  path: string;
  icon: IconName;
}

export type IconName =
  | "home"
  | "users"
  | "students"
  | "transfer"
  | "registered"
  | "book"
  | "course"
  | "teacher"
  | "user"
  | "calendar"
  | "faq"
  | "settings"
  | "bands"
  | "audit"
  | "outbox";

/** Menu links can carry the layout name (spec: layout query parameter). */
export function menuHref(path: string, layout?: string | null) {
  return layout ? `${path}?layout=${encodeURIComponent(layout)}` : path;
}

/**
 * One role's rule for the pages of an area, most specific first: the path
 * prefix, whether the role may open it (1) or not (0), and whether the rule
 * is for that path alone (1), not the paths under it (0).
 */
export type PageRule = [prefix: string, allowed: 0 | 1, exact: 0 | 1];

export const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * Whether a role with these rules and menu may open a page (a pathname): the
 * first rule that matches decides, else the menu's entries; deny by default.
 */
export function pageReachable(rules: readonly PageRule[], items: readonly MenuItem[], pathname: string): boolean {
  const rule = rules.find(([prefix, , exact]) => (exact ? pathname === prefix : under(pathname, prefix)));
  if (rule) return rule[1] === 1;
  return items.some((i) => under(pathname, i.path));
}

export const BOOKMARK_PATH_MAX = 300;

// Query parameters that belong to the request, not to the page.
const TRANSIENT_PARAMS = ["menu_q", "_data", "index"];

/**
 * The path (with its query) a bookmark keeps, or null: a relative path of this
 * site ("/x", never "//host", a backslash, a control character or a scheme),
 * bounded, that `reachable` accepts (null: any page).
 */
export function bookmarkPath(raw: unknown, reachable: ((pathname: string) => boolean) | null): string | null {
  if (typeof raw !== "string" || raw.length > BOOKMARK_PATH_MAX) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return null;
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, "http://app.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://app.invalid" || url.hash) return null;
  for (const p of TRANSIENT_PARAMS) url.searchParams.delete(p);
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  if (reachable && !reachable(pathname)) return null;
  return pathname + url.search;
}

/** The menu entries in the user's order: pinned ones first (in menu order), then the others. */
export function orderMenu(items: readonly MenuItem[], pins: readonly string[]): { item: MenuItem; pinned: boolean }[] {
  const pinned = new Set(pins);
  return [...items.filter((i) => pinned.has(i.id)), ...items.filter((i) => !pinned.has(i.id))].map((item) => ({
    item,
    pinned: pinned.has(item.id),
  }));
}

/** Text as a menu search compares it: lower case, without accents. */
export function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}
