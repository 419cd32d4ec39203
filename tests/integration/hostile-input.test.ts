import { type ActionFunctionArgs } from "@remix-run/node";
import { createStaticHandler } from "@remix-run/router";
// The runtime's own check (an internal module of @remix-run/server-runtime 2.17).
import { throwIfPotentialCSRFAttack } from "@remix-run/server-runtime/dist/actions.js";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { refuseForeignDocumentPost, refusedByRemix } from "~/http/cross-site.server";
import { pageOfSubmission } from "~/http/toast.server";
import { localeCookie } from "~/i18n/i18n.server";
import * as auditRoute from "~/routes/_app.admin.audit";
import * as courseNewRoute from "~/routes/_app.admin.courses.new";
import * as holidaysRoute from "~/routes/_app.admin.holidays";
import * as registeredRoute from "~/routes/_app.admin.registered-students._index";
import * as transfersRoute from "~/routes/_app.admin.transfer-students._index";
import * as attendanceRoute from "~/routes/_app.course.$id.attendance";
import * as dashboardRoute from "~/routes/_app.dashboard";
import * as teachersRoute from "~/routes/_app.teachers._index";
import * as loginRoute from "~/routes/authentication.login";
import * as layoutRoute from "~/routes/resources.layout";
import * as localeRoute from "~/routes/resources.locale";
import * as menuRoute from "~/routes/resources.menu";
import { useTestDatabase } from "../helpers/db";
import {
  PASSWORD,
  TEST_CLIENT,
  callLoader,
  callAction,
  createRoleUsers,
  redirectedTo,
  request,
  signIn,
} from "../helpers/fixtures";
import { courseFormValues, courseRow } from "../helpers/rows";

useTestDatabase();

// Issue 16, M1 and L4: hostile redirectTo values, out-of-range dates and ids.

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ["admin_staff", "professor"] as const) cookies[role] = await signIn(users[role].email);
});

type Handler = (args: ActionFunctionArgs) => unknown;

/**
 * A route's action answered the way the server answers it: through the Remix
 * router (as the server runtime calls it), which normalises the Location of a
 * relative redirect (dot segments, double slashes) before it is sent.
 */
async function throughRouter(path: string, action: Handler, req: Request) {
  const handler = createStaticHandler([
    { id: "root", path: "/", children: [{ id: "leaf", path: path.slice(1), action: action as never }] },
  ]);
  const result = await handler.query(req, { requestContext: { clientAddress: TEST_CLIENT } });
  if (result instanceof Response) return result;
  const error = result.errors ? Object.values(result.errors)[0] : null;
  return { status: result.statusCode, error } as const;
}

/** The browser's reading of a Location: a page of this site. */
function expectOwnPage(location: string | null) {
  expect(location).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
  expect(new URL(location!, "http://localhost/authentication/login").origin).toBe("http://localhost");
}

const PAYLOADS = [
  "/./\\evil.test/phish",
  "/x/../\\evil.test",
  "/.//evil.test",
  "/x/..//evil.test",
  "/%2e/%5cevil.test",
  "/%2F%2Fevil.test",
  "/.\\evil.test",
  "/\t/evil.test",
];

describe("redirectTo through the router (M1)", () => {
  it.each(PAYLOADS)("signing in with redirectTo=%j lands on the user's home", async (redirectTo) => {
    const req = request("/authentication/login", {
      form: { email: users.admin_staff.email, password: PASSWORD, redirectTo },
    });
    const response = await throughRouter("/authentication/login", loginRoute.action as Handler, req);
    expect(response).toBeInstanceOf(Response);
    expect(redirectedTo(response as Response)).toBe("/dashboard");
  });

  it("signing in with a redirectTo outside Latin-1 goes there, percent-encoded (no 500)", async () => {
    const req = request("/authentication/login", {
      form: { email: users.admin_staff.email, password: PASSWORD, redirectTo: "/admin/students?q=\u5f20\u4f1f" },
    });
    const response = (await throughRouter("/authentication/login", loginRoute.action as Handler, req)) as Response;
    expect(redirectedTo(response)).toBe("/admin/students?q=%E5%BC%A0%E4%BC%9F");
  });

  it("the language, sidebar and menu switches go back only to pages of this site", async () => {
    const switches: {
      path: string;
      action: unknown;
      form: Record<string, string>;
      cookie: string | undefined;
      home: string;
    }[] = [
      { path: "/resources/locale", action: localeRoute.action, form: { lng: "fr" }, cookie: undefined, home: "/" },
      {
        path: "/resources/layout",
        action: layoutRoute.action,
        form: { sidebar: "open" },
        cookie: cookies.admin_staff,
        home: "/",
      },
      {
        path: "/resources/menu",
        action: menuRoute.action,
        form: { intent: "pin", item: "students", state: "on" },
        cookie: cookies.admin_staff,
        home: "/dashboard",
      },
    ];
    for (const s of switches) {
      for (const redirectTo of [...PAYLOADS, "/\u00e9l\u00e8ves"]) {
        const req = request(s.path, { cookie: s.cookie, form: { ...s.form, redirectTo } });
        const response = await throughRouter(s.path, s.action as Handler, req);
        expect(response).toBeInstanceOf(Response);
        const location = redirectedTo(response as Response);
        expect([s.path, redirectTo, location]).toEqual([
          s.path,
          redirectTo,
          redirectTo === "/\u00e9l\u00e8ves" ? "/%C3%A9l%C3%A8ves" : s.home,
        ]);
        expectOwnPage(location);
      }
    }
  });

  it("a failed post goes back to a page of this site even when its Referer's path is //host", () => {
    const post = (path: string, referer: string) =>
      new Request(`http://localhost${path}`, { method: "POST", headers: { Referer: referer } });
    expect(pageOfSubmission(post("/dashboard", "http://localhost//evil.test/x"))).toBe("/");
    expect(pageOfSubmission(post("/dashboard", "http://localhost/./%5cevil.test"))).toBe("/");
    expect(pageOfSubmission(post("/admin/students", "http://localhost/admin/students?q=%C3%A9"))).toBe(
      "/admin/students?q=%C3%A9",
    );
  });
});

// 9999-12-27 is a Monday: the week of each of these ends in the year 10000,
// which the page cannot show (it answered 500). Far dates that still fit, and
// years below 100 (not a date for parseDate: today's week), answer the page.
const OUT_OF_CALENDAR = ["9999-12-27", "9999-12-28", "9999-12-29", "9999-12-30", "9999-12-31"];
const FAR_DATES = [...OUT_OF_CALENDAR, "9999-12-20", "9999-12-26", "0001-01-01", "0100-01-04", "1900-01-01"];

describe("out-of-range dates (L4)", () => {
  it.each(FAR_DATES)(
    "the dashboard and the teachers' week answer ?week=%s with the page or a 400, not 500",
    async (week) => {
      const dashboard = await callLoader(
        dashboardRoute,
        request(`/dashboard?week=${week}`, { cookie: cookies.admin_staff }),
      );
      const teachers = await callLoader(
        teachersRoute,
        request(`/teachers?week=${week}`, { cookie: cookies.professor }),
      );
      const expected = OUT_OF_CALENDAR.includes(week) ? 400 : 200;
      expect([week, dashboard.status, teachers.status]).toEqual([week, expected, expected]);
      if (expected === 400) {
        for (const response of [dashboard, teachers])
          expect(((await response.json()) as { message: string }).message).toBe("redirects.dateOutOfRange");
      }
    },
  );

  it("list filters ignore out-of-range dates, as they ignore malformed ones", async () => {
    const lists = [
      ["/admin/audit", auditRoute],
      ["/admin/transfer-students", transfersRoute],
      ["/admin/registered-students", registeredRoute],
    ] as const;
    for (const [path, route] of lists) {
      for (const date of ["9999-12-31", "0001-01-01", "0100-01-04"]) {
        const response = await callLoader(
          route,
          request(`${path}?from=${date}&to=${date}`, { cookie: cookies.admin_staff }),
        );
        expect([path, date, response.status]).toEqual([path, date, 200]);
      }
    }
  });

  it("a course's attendance answers a far date with its refusal (400), not a 500", async () => {
    const course = await db()
      .insertInto("courses")
      .values(
        courseRow({ course_id: "FAR-DATES", professor_id: users.professor.id, schedule_days: "MO,TU,WE,TH,FR,SA,SU" }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const date of ["9999-12-31", "0001-01-01"]) {
      const response = await callLoader(
        attendanceRoute,
        request(`/course/${course.id}/attendance?date=${date}`, { cookie: cookies.professor }),
        { id: String(course.id) },
      );
      expect([date, response.status]).toEqual([date, 400]);
    }
  });
});

describe("ids beyond the database's integer (L4)", () => {
  it.each(["2147483648", "9999999999", "99999999999999999999", "2147483647"])(
    "/admin/holidays?edit=%s and ?delete= answer the list with 404, as an id of no holiday does",
    async (id) => {
      for (const key of ["edit", "delete"]) {
        const response = await callLoader(
          holidaysRoute,
          request(`/admin/holidays?${key}=${id}`, { cookie: cookies.admin_staff }),
        );
        expect([key, id, response.status]).toEqual([key, id, 404]);
        const data = (await response.json()) as { editing: unknown; deleting: unknown; missing: boolean };
        expect([data.editing, data.deleting, data.missing]).toEqual([null, null, true]);
      }
    },
  );

  it("a course form naming professor 9999999999 is a field error (400), and nothing is written", async () => {
    const before = await db().selectFrom("courses").select(db().fn.countAll().as("n")).executeTakeFirstOrThrow();
    const form = courseFormValues({ course_id: "BIG-PROF", professor_id: "9999999999" });
    const response = await callAction(
      courseNewRoute,
      request("/admin/courses/new", { cookie: cookies.admin_staff, form }),
    );
    expect(response.status).toBe(400);
    const after = await db().selectFrom("courses").select(db().fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("cross-site document posts (L4)", () => {
  // Remix's own check (the one that answers an empty 500), to compare with.
  const remixRefuses = (request: Request) => {
    try {
      throwIfPotentialCSRFAttack(request.headers);
      return false;
    } catch {
      return true;
    }
  };
  const post = (path: string, headers: Record<string, string>) =>
    new Request(`http://localhost${path}`, { method: "POST", headers });
  const ORIGINS = [
    "http://localhost",
    "https://evil.example",
    "http://localhost.evil.example",
    "http://localhost:3000",
    "null",
    "garbage",
    "",
    "file://",
    "http://LOCALHOST",
    "http://localhost/x",
  ];

  it("refuses exactly the document posts Remix's runtime refuses before any action", () => {
    for (const origin of ORIGINS) {
      const extras: Record<string, string>[] = [
        {},
        { Host: "localhost" },
        { Host: "localhost", "X-Forwarded-Host": "school.example, localhost" },
        { "X-Forwarded-Host": "localhost" },
      ];
      for (const extra of extras) {
        const req = post("/authentication/login", { Origin: origin, ...extra });
        expect([origin, extra, refusedByRemix(req)]).toEqual([origin, extra, remixRefuses(req)]);
      }
    }
    // Data requests (JavaScript on) and GETs reach the app's own check.
    expect(
      refusedByRemix(
        post("/authentication/login?_data=routes%2Fauthentication.login", { Origin: "null", Host: "localhost" }),
      ),
    ).toBe(false);
    expect(
      refusedByRemix(new Request("http://localhost/dashboard", { headers: { Origin: "null", Host: "localhost" } })),
    ).toBe(false);
  });

  it.each(["https://evil.example", "null", "garbage", ""])(
    "Origin %j: a 403 page in the reader's language, and nothing else",
    async (origin) => {
      const cookie = (await localeCookie.serialize("fr")).split(";")[0];
      const answer = await refuseForeignDocumentPost(
        post("/resources/locale", { Origin: origin, Host: "localhost", Cookie: cookie }),
      );
      expect(answer?.status).toBe(403);
      expect(answer?.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(answer?.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      const html = await answer!.text();
      expect(html).toContain('<html lang="fr" dir="ltr">');
      expect(html).toContain("Formulaire refusé");
      expect(html).not.toMatch(/<script/i);
      const arabic = await refuseForeignDocumentPost(
        post("/dashboard", { Origin: origin, Host: "localhost", "Accept-Language": "ar" }),
      );
      expect(await arabic!.text()).toContain('<html lang="ar" dir="rtl">');
    },
  );

  it("the API answers its JSON 403", async () => {
    const answer = await refuseForeignDocumentPost(
      post("/v1/api/transfer-data/approve/1", { Origin: "null", Host: "localhost" }),
    );
    expect(answer?.status).toBe(403);
    expect(await answer!.json()).toEqual({ message: "Cross-site request refused." });
  });

  it("a same-site post goes on to Remix", async () => {
    expect(
      await refuseForeignDocumentPost(post("/resources/locale", { Origin: "http://localhost", Host: "localhost" })),
    ).toBeNull();
  });
});
