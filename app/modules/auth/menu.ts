import { type Role } from "~/db/schema";
import { type Capability, can } from "./permissions";

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

const item = (id: string, path: string, icon: IconName): MenuItem => ({ id, title: `menu.${id}`, path, icon });

const dashboard = item("dashboard", "/dashboard", "home");
const professors = item("professors", "/coordinator/professors", "teacher");
const students = item("students", "/admin/students", "students");
const transfers = item("transferStudents", "/admin/transfer-students", "transfer");
const registered = item("registeredStudents", "/admin/registered-students", "registered");
const syllabus = item("syllabus", "/admin/syllabus", "book");
const courses = item("courses", "/admin/courses", "course");
const teachers = item("teachers", "/admin/teachers", "teacher");
const users = item("users", "/admin/users", "user");
const holidays = item("holidays", "/admin/holidays", "calendar");
const settings = item("settings", "/admin/settings", "settings");
const coordinatorFaq = item("coordinatorFaq", "/coordinator/faq", "faq");
const teachersHome = item("teachersHome", "/teachers", "home");
const teachersFaq = item("teachersFaq", "/teachers/faq", "faq");

const portalHome = item("studentHome", "/student", "home");

const gradeBands = item("gradeBands", "/admin/grade-bands", "bands");
const audit = item("audit", "/admin/audit", "audit");
const outbox = item("outbox", "/admin/outbox", "outbox");

// One order for every staff role (issue 19): each entry shown to the roles
// whose capability opens its page (PRODUCT 2, deny by default). The spec's
// per-role sets are kept (its destinations per role), plus the pages the role
// may use that the spec's sidebar left unreachable (Grade bands, Audit log,
// Professors for admin); the financial role keeps its PRODUCT 2 set.
const STAFF_ORDER: ReadonlyArray<readonly [MenuItem, Capability]> = [
  [dashboard, "dashboard:view"],
  [students, "students:view"],
  [registered, "registrations:view"],
  [transfers, "transfers:view"],
  [courses, "courses:manage"],
  [professors, "professors:overview"],
  [teachers, "teachers:view"],
  [syllabus, "syllabus:manage"],
  [gradeBands, "gradebands:manage"],
  [holidays, "holidays:manage"],
  [users, "users:manage"],
  [audit, "audit:view"],
  [outbox, "outbox:view"],
  [coordinatorFaq, "coordinator-faq:view"],
  [settings, "settings:manage"],
];

// The financial role's menu is not in the spec: PRODUCT 2 gives it these.
const FINANCIAL = new Set([dashboard, students, registered, transfers]);

function staffMenu(role: Role): MenuItem[] {
  return STAFF_ORDER.filter(([entry, capability]) =>
    role === "financial" ? FINANCIAL.has(entry) : can(role, capability),
  ).map(([entry]) => entry);
}

const MENUS: Record<Role, MenuItem[]> = {
  admin_staff: staffMenu("admin_staff"),
  coordinator: staffMenu("coordinator"),
  receptionist: staffMenu("receptionist"),
  financial: staffMenu("financial"),
  professor: [teachersHome, teachersFaq],
  // The portal's pages only (ADR 047): its home links to each course's attendance and grades.
  student: [portalHome],
};

export function menuFor(role: Role): MenuItem[] {
  return MENUS[role];
}

/** Menu links can carry the layout name (spec: layout query parameter). */
export function menuHref(path: string, layout?: string | null) {
  return layout ? `${path}?layout=${encodeURIComponent(layout)}` : path;
}

// ---------------------------------------------------------------------------
// Bookmarks and pins (issue 15). PURE: the header's star and the action share it.

/** How many bookmarks, and how many pins, one user may keep. */
export const MENU_PREFERENCES_MAX = 20;
export const BOOKMARK_PATH_MAX = 300;
export const BOOKMARK_LABEL_MAX = 120;

// The pages of each area and who may open them (PRODUCT 2), most specific first.
// An "exact" rule is for that path alone, not the paths under it.
const PAGE_RULES: ReadonlyArray<readonly [string, (role: Role) => boolean, "exact"?]> = [
  ["/dashboard", (r) => can(r, "dashboard:view")],
  ["/admin/students", (r) => can(r, "students:view")],
  ["/admin/transfer-students", (r) => can(r, "transfers:view")],
  ["/admin/registered-students", (r) => can(r, "registrations:view")],
  ["/admin/syllabus", (r) => can(r, "syllabus:manage")],
  ["/admin/grade-bands", (r) => can(r, "gradebands:manage")],
  ["/admin/courses", (r) => can(r, "courses:manage")],
  ["/admin/teachers", (r) => can(r, "teachers:view")],
  ["/admin/users", (r) => can(r, "users:manage")],
  ["/admin/holidays", (r) => can(r, "holidays:manage")],
  ["/admin/audit", (r) => can(r, "audit:view")],
  ["/admin/outbox", (r) => can(r, "outbox:view")],
  ["/coordinator/professors", (r) => can(r, "professors:overview")],
  ["/coordinator/faq", (r) => can(r, "coordinator-faq:view")],
  ["/teachers/faq", (r) => can(r, "teachers-faq:view")],
  ["/teachers", (r) => r !== "student", "exact"], // staff and professors: the professors' home, the others' shortcuts
  ["/teachers", (r) => r === "professor"],
  ["/course", (r) => can(r, "course-pages:use")],
  ["/student", (r) => can(r, "portal:use")],
  ["/profile", () => true],
];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Whether a page of the app (a pathname) is one the role may open: deny by default. */
export function reachable(role: Role, pathname: string): boolean {
  const rule = PAGE_RULES.find(([prefix, , exact]) => (exact ? pathname === prefix : under(pathname, prefix)));
  if (rule) return rule[1](role);
  return menuFor(role).some((i) => under(pathname, i.path));
}

// Query parameters that belong to the request, not to the page.
const TRANSIENT_PARAMS = ["menu_q", "_data", "index"];

/**
 * The path (with its query) a bookmark keeps, or null: a relative path of this
 * site ("/x", never "//host", a backslash, a control character or a scheme),
 * bounded, that the role may open (`anyPage`: whoever may open it, to remove
 * a bookmark the role can no longer use).
 */
export function bookmarkTarget(role: Role, raw: unknown, { anyPage = false } = {}): string | null {
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
  if (!anyPage && !reachable(role, pathname)) return null;
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
