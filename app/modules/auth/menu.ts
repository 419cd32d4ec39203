import { type Role } from "~/db/schema";
import {
  BOOKMARK_PATH_MAX,
  type IconName,
  type MenuItem,
  type PageRule,
  bookmarkPath,
  menuHref,
  pageReachable,
  under,
} from "~/modules/menu/paths";
import { type Capability, ROLES, can } from "./permissions";

export { BOOKMARK_PATH_MAX, type IconName, type MenuItem, menuHref };

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

// ---------------------------------------------------------------------------
// Bookmarks and pins (issue 15). PURE: the header's star and the action share it.

/** How many bookmarks, and how many pins, one user may keep. */
export const MENU_PREFERENCES_MAX = 20;
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

/** Each rule's answer for a role, in the rules' order. */
function answersFor(role: Role): PageRule[] {
  return PAGE_RULES.map(([prefix, may, exact]): PageRule => [prefix, may(role) ? 1 : 0, exact ? 1 : 0]);
}

const ANSWERS = Object.fromEntries(ROLES.map((role) => [role, answersFor(role)])) as Record<Role, PageRule[]>;

/** Whether a page of the app (a pathname) is one the role may open: deny by default. */
export function reachable(role: Role, pathname: string): boolean {
  return pageReachable(ANSWERS[role], MENUS[role], pathname);
}

const overlap = (a: string, b: string) => under(a, b) || under(b, a);

/**
 * A role's page rules as the layout sends them to the browser, for the
 * header's star (pageReachable with the role's menu answers as `reachable`
 * does): without the refusals that no later rule nor menu entry could reach
 * under, since a page no rule names is refused anyway.
 */
const RULES = Object.fromEntries(
  ROLES.map((role) => {
    const rules = ANSWERS[role];
    const kept = rules.filter(
      ([prefix, allowed], i) =>
        allowed === 1 ||
        rules.slice(i + 1).some(([later, ok]) => ok === 1 && overlap(later, prefix)) ||
        MENUS[role].some((entry) => overlap(entry.path, prefix)),
    );
    return [role, kept];
  }),
) as Record<Role, PageRule[]>;

export function pageRules(role: Role): readonly PageRule[] {
  return RULES[role];
}

/**
 * The path (with its query) a bookmark keeps, or null: a relative path of this
 * site ("/x", never "//host", a backslash, a control character or a scheme),
 * bounded, that the role may open (`anyPage`: whoever may open it, to remove
 * a bookmark the role can no longer use).
 */
export function bookmarkTarget(role: Role, raw: unknown, { anyPage = false } = {}): string | null {
  return bookmarkPath(raw, anyPage ? null : (pathname) => reachable(role, pathname));
}
