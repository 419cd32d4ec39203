import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { MENU_PREFERENCES_MAX, bookmarkTarget, menuFor, pageRules, reachable } from "~/modules/auth/menu";
import { ROLES } from "~/modules/auth/permissions";
import { bookmarkPath, pageReachable } from "~/modules/menu/paths";
import * as appRoute from "~/routes/_app";
import * as logoutRoute from "~/routes/logout";
import * as menuRoute from "~/routes/resources.menu";
import { useTestDatabase } from "../helpers/db";
import {
  callAction,
  callLoader,
  createRoleUsers,
  createUser,
  redirectedTo,
  request,
  signIn,
} from "../helpers/fixtures";
import { courseRow } from "../helpers/rows";

useTestDatabase();

// Issue 15: bookmarks and pinned menu entries, per user, in the database.

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
});

const post = (cookie: string | undefined, form: Record<string, string>) =>
  callAction(menuRoute, request("/resources/menu", { cookie, form }));
const bookmark = (cookie: string, path: string, state: "on" | "off" = "on", extra: Record<string, string> = {}) =>
  post(cookie, { intent: "bookmark", path, label: `Page ${path}`, state, redirectTo: path, ...extra });
const pin = (cookie: string, item: string, state: "on" | "off" = "on", extra: Record<string, string> = {}) =>
  post(cookie, { intent: "pin", item, state, redirectTo: "/dashboard", ...extra });

const bookmarksOf = (userId: number) =>
  db().selectFrom("menu_bookmarks").select(["path", "label"]).where("user_id", "=", userId).orderBy("id").execute();
const pinsOf = async (userId: number) =>
  (await db().selectFrom("menu_pins").select("item_id").where("user_id", "=", userId).orderBy("item_id").execute()).map(
    (r) => r.item_id,
  );

async function layoutData(cookie: string) {
  const response = await callLoader(appRoute, request("/dashboard", { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as {
    bookmarks: { path: string; label: string }[];
    pins: string[];
    menu: { id: string }[];
  };
}

describe("bookmarks", () => {
  it("a star stores the page for that user only; the layout lists it; un-starring removes it", async () => {
    const admin = users.admin_staff;
    const res = await bookmark(cookies.admin_staff, "/admin/students?status=active&menu_q=stu");
    expect(redirectedTo(res)).toBe("/admin/students?status=active&menu_q=stu");
    // The request's own parameters (the menu search) are not part of the page.
    expect(await bookmarksOf(admin.id)).toEqual([
      { path: "/admin/students?status=active", label: "Page /admin/students?status=active&menu_q=stu" },
    ]);
    expect((await layoutData(cookies.admin_staff)).bookmarks.map((b) => b.path)).toEqual([
      "/admin/students?status=active",
    ]);
    expect(await bookmarksOf(users.coordinator.id)).toEqual([]);
    expect((await layoutData(cookies.coordinator)).bookmarks).toEqual([]);

    // Starring again keeps one row (a double submit changes nothing).
    await bookmark(cookies.admin_staff, "/admin/students?status=active");
    expect(await bookmarksOf(admin.id)).toHaveLength(1);

    const off = await bookmark(cookies.admin_staff, "/admin/students?status=active", "off", { fetch: "1" });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ ok: true, error: null });
    expect(await bookmarksOf(admin.id)).toEqual([]);
  });

  it("un-starring touches only the user's own row, never another user's bookmark of the same page", async () => {
    await bookmark(cookies.coordinator, "/admin/courses");
    await bookmark(cookies.admin_staff, "/admin/courses");
    await bookmark(cookies.admin_staff, "/admin/courses", "off");
    expect(await bookmarksOf(users.admin_staff.id)).toEqual([]);
    expect((await bookmarksOf(users.coordinator.id)).map((b) => b.path)).toEqual(["/admin/courses"]);
    await bookmark(cookies.coordinator, "/admin/courses", "off");
  });

  it("refuses with 400 a path that is not a page of this app the role may open, and stores nothing", async () => {
    const bad = [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example",
      "dashboard",
      "/dashboard\n/x",
      "/dashboard#top",
      `/dashboard?${"x".repeat(400)}`,
      "/admin/users", // the coordinator may not manage users
      "/teachers/faq", // a professor's page
      "/no-such-page",
      "",
    ];
    for (const path of bad) {
      const res = await bookmark(cookies.coordinator, path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("common:menuTools.notBookmarkable");
    }
    expect(await bookmarksOf(users.coordinator.id)).toEqual([]);
    const missing = await post(cookies.coordinator, { intent: "bookmark", label: "x", state: "on" });
    expect(missing.status).toBe(400);
  });

  it("a professor bookmarks their own area; staff pages are refused", async () => {
    expect((await bookmark(cookies.professor, "/teachers/faq")).status).toBe(302);
    expect((await bookmark(cookies.professor, "/admin/students")).status).toBe(400);
    expect((await bookmarksOf(users.professor.id)).map((b) => b.path)).toEqual(["/teachers/faq"]);
    await bookmark(cookies.professor, "/teachers/faq", "off");
  });

  it("a professor's course page only for the course's own professor; a bookmark the role can no longer open can still be removed", async () => {
    const now = new Date().toISOString();
    const insert = (code: string, professor: number) =>
      db()
        .insertInto("courses")
        .values(courseRow({ course_id: code, professor_id: professor, created_at: now, updated_at: now }))
        .returning("id")
        .executeTakeFirstOrThrow();
    const mine = await insert("MENU-MINE", users.professor.id);
    const other = await createUser({ role: "professor", email: "other-professor@school.example.com" });
    const theirs = await insert("MENU-THEIRS", other.id);
    expect((await bookmark(cookies.professor, `/course/${mine.id}/gradebook`)).status).toBe(302);
    expect((await bookmark(cookies.professor, `/course/${theirs.id}/gradebook`)).status).toBe(400);
    expect((await bookmark(cookies.professor, "/course/99999999999/gradebook")).status).toBe(400);
    expect((await bookmarksOf(users.professor.id)).map((b) => b.path)).toEqual([`/course/${mine.id}/gradebook`]);

    // The course moves to another professor: the bookmark stays listed, and its remove button still works.
    await db().updateTable("courses").set({ professor_id: other.id }).where("id", "=", mine.id).execute();
    expect((await bookmark(cookies.professor, `/course/${mine.id}/gradebook`, "off")).status).toBe(302);
    expect(await bookmarksOf(users.professor.id)).toEqual([]);
    // Removing is still a path of this site, never anything else.
    expect((await bookmark(cookies.professor, "//evil.example/x", "off")).status).toBe(400);
  });

  it(`keeps at most ${MENU_PREFERENCES_MAX} per user, with a clear message, and the others untouched`, async () => {
    const user = await createUser({ role: "receptionist", email: "many-bookmarks@school.example.com" });
    const cookie = await signIn(user.email);
    for (let i = 0; i < MENU_PREFERENCES_MAX; i++)
      expect((await bookmark(cookie, `/admin/students/${i + 1}`)).status).toBe(302);
    const refused = await bookmark(cookie, "/admin/students/999", "on", { fetch: "1" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ ok: false, error: "common:menuTools.bookmarkLimit" });
    // Without JavaScript: back to the page, with the message as a toast.
    const plain = await bookmark(cookie, "/admin/students/999");
    expect(redirectedTo(plain)).toBe("/admin/students/999");
    expect(plain.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect(await bookmarksOf(user.id)).toHaveLength(MENU_PREFERENCES_MAX);
    // A page already kept can still be starred again (its label refreshed) at the limit.
    expect((await bookmark(cookie, "/admin/students/1", "on", { label: "Renamed" })).status).toBe(302);
    expect((await bookmarksOf(user.id)).find((b) => b.path === "/admin/students/1")?.label).toBe("Renamed");
  });
});

describe("pins", () => {
  it("pins and unpins an entry of the user's own menu; the layout lists the pins", async () => {
    expect((await pin(cookies.coordinator, "courses")).status).toBe(302);
    expect((await pin(cookies.coordinator, "holidays", "on", { fetch: "1" })).status).toBe(200);
    expect(await pinsOf(users.coordinator.id)).toEqual(["courses", "holidays"]);
    expect((await layoutData(cookies.coordinator)).pins).toEqual(["courses", "holidays"]);
    expect(await pinsOf(users.admin_staff.id)).toEqual([]);
    await pin(cookies.coordinator, "courses", "off");
    expect(await pinsOf(users.coordinator.id)).toEqual(["holidays"]);
    await pin(cookies.coordinator, "holidays", "off");
  });

  it("refuses with 400 an entry that is not in the user's menu, a bad state or intent", async () => {
    expect((await pin(cookies.financial, "users")).status).toBe(400); // not in the financial menu
    expect((await pin(cookies.financial, "nothing")).status).toBe(400);
    expect((await pin(cookies.financial, "students", "maybe" as "on")).status).toBe(400);
    expect((await post(cookies.financial, { intent: "other", state: "on" })).status).toBe(400);
    expect(await pinsOf(users.financial.id)).toEqual([]);
  });
});

describe("who may post", () => {
  it("anonymous is sent to sign in; nothing stored", async () => {
    const res = await post(undefined, { intent: "pin", item: "dashboard", state: "on" });
    expect(redirectedTo(res)).toMatch(/^\/authentication\/login/);
    expect(await db().selectFrom("menu_pins").select("user_id").execute()).toEqual([]);
  });

  it("a cross-site post is refused", async () => {
    const res = await callAction(
      menuRoute,
      request("/resources/menu", {
        cookie: cookies.admin_staff,
        form: { intent: "pin", item: "dashboard", state: "on" },
        headers: { Origin: "https://evil.example" },
      }),
    );
    expect(res.status).toBe(403);
  });
});

describe("sign-out", () => {
  it("keeps the bookmarks and pins; the next session shows them again; deleting the user removes them", async () => {
    const user = await createUser({ role: "admin_staff", email: "signs-out@school.example.com" });
    const cookie = await signIn(user.email);
    await bookmark(cookie, "/admin/holidays");
    await pin(cookie, "users");
    const out = await callAction(logoutRoute, request("/logout", { cookie, form: {} }));
    expect(redirectedTo(out)).toBe("/authentication/login");
    // The old session is gone…
    expect(redirectedTo(await callLoader(appRoute, request("/dashboard", { cookie })))).toMatch(
      /^\/authentication\/login/,
    );
    // …the rows are not, and the next session reads them.
    expect((await bookmarksOf(user.id)).map((b) => b.path)).toEqual(["/admin/holidays"]);
    const again = await layoutData(await signIn(user.email));
    expect(again.bookmarks.map((b) => b.path)).toEqual(["/admin/holidays"]);
    expect(again.pins).toEqual(["users"]);

    await db().deleteFrom("sessions").where("user_id", "=", user.id).execute();
    await db().deleteFrom("users").where("id", "=", user.id).execute();
    expect(await bookmarksOf(user.id)).toEqual([]);
    expect(await pinsOf(user.id)).toEqual([]);
  });
});

describe("reachable pages (pure)", () => {
  it("follows PRODUCT 2's table, deny by default", () => {
    expect(reachable("financial", "/admin/registered-students/3")).toBe(true);
    expect(reachable("financial", "/admin/courses")).toBe(false);
    expect(reachable("receptionist", "/coordinator/professors")).toBe(true);
    expect(reachable("receptionist", "/coordinator/faq")).toBe(false);
    expect(reachable("professor", "/course/4/gradebook")).toBe(true);
    expect(reachable("admin_staff", "/course/4/gradebook")).toBe(false);
    expect(reachable("student", "/profile")).toBe(true);
    expect(reachable("coordinator", "/teachers")).toBe(true); // staff and professors' /teachers (PRODUCT 2)
    // A student: the portal and the profile, nothing else (ADR 047).
    expect(reachable("student", "/student/courses/4/grades")).toBe(true);
    expect(reachable("student", "/teachers")).toBe(false);
    expect(reachable("student", "/dashboard")).toBe(false);
    expect(reachable("professor", "/student")).toBe(false);
    expect(reachable("coordinator", "/teachers/faq")).toBe(false);
    expect(reachable("professor", "/teachers/faq")).toBe(true);
    expect(reachable("admin_staff", "/resources/menu")).toBe(false);
    expect(bookmarkTarget("admin_staff", "/admin/../admin/users/")).toBe("/admin/users");
  });

  it("gives the browser's star (the role's rules the layout sends) the server's answer for every page", () => {
    const prefixes = [...new Set(ROLES.flatMap((role) => pageRules(role).map(([prefix]) => prefix)))];
    const paths = [
      "/",
      "/admin",
      "/resources/menu",
      "/unknown",
      "/teachersx",
      ...prefixes.flatMap((p) => [p, `${p}/4`, `${p}/4/edit`, `${p}x`]),
      ...ROLES.flatMap((role) => menuFor(role).map((i) => `${i.path}/1`)),
    ];
    for (const role of ROLES) {
      const rules = pageRules(role);
      expect(rules.length).toBeGreaterThan(0);
      for (const path of paths) {
        expect([role, path, pageReachable(rules, menuFor(role), path)]).toEqual([role, path, reachable(role, path)]);
        expect(bookmarkPath(`${path}?menu_q=x`, (p) => pageReachable(rules, menuFor(role), p))).toBe(
          bookmarkTarget(role, `${path}?menu_q=x`),
        );
      }
    }
    // The refusals no allowed page lies under are left out: a professor's rules are few.
    expect(pageRules("professor").length).toBeLessThan(pageRules("admin_staff").length);
  });
});
