import { beforeAll, describe, expect, it } from "vitest";
import { type Role, type User } from "~/db/schema";
import { ROLES } from "~/modules/auth/permissions";
import * as splatRoute from "~/routes/$";
import * as notFoundRoute from "~/routes/404";
import * as appLayout from "~/routes/_app";
import * as dashboardRoute from "~/routes/_app.dashboard";
import * as teachersRoute from "~/routes/_app.teachers._index";
import * as teachersFaqRoute from "~/routes/_app.teachers.faq";
import * as indexRoute from "~/routes/_index";
import * as authLayout from "~/routes/authentication";
import * as authIndex from "~/routes/authentication._index";
import * as loginRoute from "~/routes/authentication.login";
import { useTestDatabase } from "../helpers/db";
import { callLoader, createRoleUsers, redirectedTo, request, signIn } from "../helpers/fixtures";

useTestDatabase();

// PRODUCT 2, written out here rather than read from the app, so the app can disagree.
const STAFF: readonly Role[] = ["admin_staff", "coordinator", "receptionist", "financial"];
const HOME: Record<Role, "/dashboard" | "/teachers" | "/student"> = {
  admin_staff: "/dashboard",
  coordinator: "/dashboard",
  receptionist: "/dashboard",
  financial: "/dashboard",
  professor: "/teachers",
  student: "/student", // the student portal (ADR 047)
};

type Who = Role | "anonymous";
type Outcome = { redirect: string } | { status: number };
type LoaderModule = Parameters<typeof callLoader>[0];

const login = (path: string) => ({ redirect: `/authentication/login?redirectTo=${encodeURIComponent(path)}` });

interface Case {
  path: string;
  /** The route module Remix matches for the path (the leaf, plus layouts below). */
  route: LoaderModule;
  params?: Record<string, string>;
  expected: (who: Who) => Outcome;
}

/** Staff area (/dashboard, /admin*, /coordinator*): `ok` for staff, /teachers for any other role. */
const staffArea = (path: string, route: LoaderModule, okStatus: number, params?: Record<string, string>): Case => ({
  path,
  route,
  params,
  expected: (who) =>
    who === "anonymous"
      ? login(path)
      : STAFF.includes(who)
        ? { status: okStatus }
        : { redirect: who === "student" ? "/student" : "/teachers" },
});

/** Teacher area other than /teachers itself: `ok` for professors, /dashboard for any other role. */
const teacherArea = (path: string, route: LoaderModule, okStatus: number, params?: Record<string, string>): Case => ({
  path,
  route,
  params,
  expected: (who) =>
    who === "anonymous"
      ? login(path)
      : who === "professor"
        ? { status: okStatus }
        : { redirect: who === "student" ? "/student" : "/dashboard" },
});

const CASES: Case[] = [
  staffArea("/dashboard", dashboardRoute, 200),
  // Unknown paths inside an area answer 404, but only after the area's rule.
  staffArea("/admin/x", splatRoute, 404, { "*": "admin/x" }),
  staffArea("/admin/students?page=2", splatRoute, 404, { "*": "admin/students" }),
  staffArea("/coordinator/x", splatRoute, 404, { "*": "coordinator/x" }),
  staffArea("/dashboard/x", splatRoute, 404, { "*": "dashboard/x" }),
  teacherArea("/teachers/faq", teachersFaqRoute, 200),
  teacherArea("/course/1/home", splatRoute, 404, { "*": "course/1/home" }),
  {
    path: "/teachers",
    route: teachersRoute,
    // Every signed-in role but a student, who reaches only the portal and the profile.
    expected: (who) =>
      who === "anonymous" ? login("/teachers") : who === "student" ? { redirect: "/student" } : { status: 200 },
  },
  {
    path: "/authentication/login",
    route: authLayout,
    expected: (who) => {
      if (who === "anonymous") return { status: 200 };
      return { redirect: HOME[who] };
    },
  },
  {
    path: "/",
    route: indexRoute,
    expected: (who) => ({
      redirect: who === "anonymous" ? "/authentication/login" : HOME[who],
    }),
  },
  { path: "/404", route: notFoundRoute, expected: () => ({ status: 404 }) },
  {
    path: "/students-registration/no-such-step",
    route: splatRoute,
    params: { "*": "students-registration/no-such-step" },
    expected: () => ({ status: 404 }),
  },
  { path: "/no-such-page", route: splatRoute, params: { "*": "no-such-page" }, expected: () => ({ status: 404 }) },
];

const WHO: Who[] = ["anonymous", ...ROLES];

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
});

async function outcome(response: Response): Promise<Outcome> {
  const to = redirectedTo(response);
  return to ? { redirect: to } : { status: response.status };
}

it("the expectations cover every role of the app", () => {
  expect(Object.keys(HOME).sort()).toEqual([...ROLES].sort());
});

describe.each(WHO)("%s", (who) => {
  it.each(CASES.map((c) => [c.path, c] as const))("visiting %s", async (_path, c) => {
    const cookie = who === "anonymous" ? undefined : cookies[who];
    const response = await callLoader(c.route, request(c.path, { cookie }), c.params);
    expect(await outcome(response)).toEqual(c.expected(who));
  });

  it("the signed-in layout (_app) sends only anonymous visitors to sign in", async () => {
    const cookie = who === "anonymous" ? undefined : cookies[who];
    const response = await callLoader(appLayout, request("/teachers", { cookie }));
    if (who === "anonymous") {
      expect(redirectedTo(response)).toBe(login("/teachers").redirect);
    } else {
      expect(response.status).toBe(200);
      const data = await response.json();
      expect(data.user.role).toBe(who);
      // The logo's link: the role's home (a role without one still gets a page that exists).
      expect(data.home).toBe(HOME[who]);
    }
  });
});

it("/authentication goes to the login page, whose loader answers anonymous visitors", async () => {
  expect(redirectedTo(await callLoader(authIndex, request("/authentication")))).toBe("/authentication/login");
  const response = await callLoader(loginRoute, request("/authentication/login"));
  expect(response.status).toBe(200);
  expect((await response.json()).schoolName).toBeTruthy();
});
