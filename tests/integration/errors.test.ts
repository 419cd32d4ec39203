import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { failedSubmissionToast, pageOfSubmission, toasts } from "~/http/toast.server";
import { LANGUAGES } from "~/i18n/config";
import { englishText, resources } from "~/i18n/i18n.server";
import * as splatRoute from "~/routes/$";
import * as transferEditRoute from "~/routes/_app.admin.transfer-students.$id.edit";
import * as transfersRoute from "~/routes/_app.admin.transfer-students._index";
import * as profileRoute from "~/routes/_app.profile";
import * as loginRoute from "~/routes/authentication.login";
import * as logoutRoute from "~/routes/logout";
import * as localeRoute from "~/routes/resources.locale";
import * as registrationStep from "~/routes/students-registration.$step";
import * as apiLoginRoute from "~/routes/v1.api.auth.login";
import * as apiLogoutRoute from "~/routes/v1.api.auth.logout";
import * as apiImagesRoute from "~/routes/v1.api.images.$file";
import * as apiApproveRoute from "~/routes/v1.api.transfer-data.approve.$id";
import * as apiCreateRoute from "~/routes/v1.api.transfer-data.create";
import * as apiGetAllRoute from "~/routes/v1.api.transfer-data.get-all";
import * as apiGetApprovedRoute from "~/routes/v1.api.transfer-data.get-approved";
import * as apiGetPendingRoute from "~/routes/v1.api.transfer-data.get-pending";
import * as apiRejectRoute from "~/routes/v1.api.transfer-data.reject.$id";
import * as apiUpdateRoute from "~/routes/v1.api.transfer-data.update.$id";
import { useTestDatabase } from "../helpers/db";
import {
  ORIGIN,
  PASSWORD,
  callAction,
  callLoader,
  createRoleUsers,
  redirectedTo,
  request,
  setCookies,
  signIn,
} from "../helpers/fixtures";
import { courseRow, transferRow } from "../helpers/rows";

useTestDatabase();

// Issue 15: the error catalogue (spec 8, PRODUCT 10) and the sign-in's email rule.

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
let decided: number;
let pending: number;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ["admin_staff", "coordinator", "professor"] as const)
    cookies[role] = await signIn(users[role].email);
  const course = async (code: string) =>
    Number(
      (
        await db()
          .insertInto("courses")
          .values(courseRow({ course_id: code }))
          .returning(["id"])
          .executeTakeFirstOrThrow()
      ).id,
    );
  const [from, to] = [await course("ERR-A"), await course("ERR-B")];
  const transfer = async (status: "pending" | "approved") =>
    Number(
      (
        await db()
          .insertInto("transfers")
          .values(transferRow({ from_course_id: from, selected_course_id: to, status }))
          .returning(["id"])
          .executeTakeFirstOrThrow()
      ).id,
    );
  decided = await transfer("approved");
  pending = await transfer("pending");
});

const json = async (response: Response) =>
  (await response.json()) as { message?: string; errors?: Record<string, string[]> };

describe("bare /admin", () => {
  const admin = (cookie?: string) => callLoader(splatRoute, request("/admin", { cookie }), { "*": "admin" });

  it("goes to /dashboard for staff", async () => {
    expect(redirectedTo(await admin(cookies.admin_staff))).toBe("/dashboard");
    expect(redirectedTo(await admin(cookies.coordinator))).toBe("/dashboard");
    expect(
      redirectedTo(
        await callLoader(splatRoute, request("/admin/", { cookie: cookies.admin_staff }), { "*": "admin/" }),
      ),
    ).toBe("/dashboard");
  });

  it("keeps the area's rules: anonymous to sign in, a professor to /teachers", async () => {
    expect(redirectedTo(await admin())).toBe(`/authentication/login?redirectTo=${encodeURIComponent("/admin")}`);
    expect(redirectedTo(await admin(cookies.professor))).toBe("/teachers");
  });

  it("an unknown page under /admin is still a 404", async () => {
    const response = await callLoader(splatRoute, request("/admin/nothing", { cookie: cookies.admin_staff }), {
      "*": "admin/nothing",
    });
    expect(response.status).toBe(404);
  });
});

describe("405: a method a route does not take", () => {
  const API_GET_ONLY = [
    ["get-all", apiGetAllRoute],
    ["get-pending", apiGetPendingRoute],
    ["get-approved", apiGetApprovedRoute],
  ] as const;

  describe.each(API_GET_ONLY)("/v1/api/transfer-data/%s", (name, route) => {
    it.each(["POST", "PUT", "PATCH", "DELETE"])("%s answers 405 {message} with Allow: GET, HEAD", async (method) => {
      const response = await callAction(route, request(`/v1/api/transfer-data/${name}`, { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
      const body = await json(response);
      expect(body.message).toBe("Method not allowed. Use GET.");
      expect(JSON.stringify(body)).not.toMatch(/Unexpected Server Error/);
    });
  });

  it("an image: any method but GET is 405 {message}", async () => {
    const response = await callAction(apiImagesRoute, request("/v1/api/images/x.png", { method: "POST" }), {
      file: "x.png",
    });
    expect(response.status).toBe(405);
    expect((await json(response)).message).toBe("Method not allowed. Use GET.");
  });

  it.each([
    ["auth/login", apiLoginRoute, "POST", {}],
    ["auth/logout", apiLogoutRoute, "POST", {}],
    ["transfer-data/create", apiCreateRoute, "POST", {}],
    ["transfer-data/approve/1", apiApproveRoute, "PUT", { id: "1" }],
    ["transfer-data/reject/1", apiRejectRoute, "PUT", { id: "1" }],
    ["transfer-data/update/1", apiUpdateRoute, "PUT", { id: "1" }],
  ] as const)(
    "/v1/api/%s takes only %s: GET and the other methods answer 405 {message}",
    async (apiPath, route, allowed, params) => {
      const get = await callLoader(route, request(`/v1/api/${apiPath}`), params);
      expect(get.status).toBe(405);
      expect(get.headers.get("Allow")).toBe(allowed);
      expect((await json(get)).message).toBe(`Method not allowed. Use ${allowed}.`);
      for (const method of ["POST", "PUT", "PATCH", "DELETE"].filter((m) => m !== allowed)) {
        const response = await callAction(route, request(`/v1/api/${apiPath}`, { method }), params);
        expect(response.status, method).toBe(405);
        expect(response.headers.get("Allow")).toBe(allowed);
        expect((await json(response)).message).toBe(`Method not allowed. Use ${allowed}.`);
      }
    },
  );

  it.each(["PUT", "PATCH", "DELETE"])(
    "a %s to a page's action is a 405 (translated message, Allow header) and changes nothing",
    async (method) => {
      const response = await callAction(
        transfersRoute,
        request("/admin/transfer-students", {
          method,
          cookie: cookies.admin_staff,
          form: { intent: "approve", id: String(pending) },
        }),
      );
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
      expect((await json(response)).message).toBe("errors.methodNotAllowed");
      const row = await db()
        .selectFrom("transfers")
        .select("status")
        .where("id", "=", pending)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("pending");
    },
  );

  it("the public forms too: a PUT to sign-in, the language or logout is a 405, no cookie set", async () => {
    const form = { email: users.admin_staff.email, password: PASSWORD, lng: "fr", redirectTo: "/" };
    for (const [route, at] of [
      [loginRoute, "/authentication/login"],
      [localeRoute, "/resources/locale"],
      [logoutRoute, "/logout"],
    ] as const) {
      const response = await callAction(route, request(at, { method: "PUT", form, cookie: cookies.coordinator }));
      expect(response.status, at).toBe(405);
      expect(setCookies(response), at).toEqual([]);
    }
  });

  it("a profile PATCH (a signed-in page) is a 405 too", async () => {
    const response = await callAction(
      profileRoute,
      request("/profile", { method: "PATCH", form: { intent: "profile", name: "X" }, cookie: cookies.coordinator }),
    );
    expect(response.status).toBe(405);
    expect(
      await db().selectFrom("users").select("name").where("id", "=", users.coordinator.id).executeTakeFirstOrThrow(),
    ).toEqual({
      name: users.coordinator.name,
    });
  });

  it("the message is translated in every language", () => {
    for (const lng of LANGUAGES) {
      const errors = (resources[lng].common as { errors: Record<string, string> }).errors;
      expect(errors.methodNotAllowed, lng).toBeTruthy();
      expect(errors.methodNotAllowedTitle, lng).toBeTruthy();
      if (lng !== "en")
        expect(errors.methodNotAllowed, lng).not.toBe(
          (resources.en.common as { errors: Record<string, string> }).errors.methodNotAllowed,
        );
    }
  });
});

describe("sign-in email: the registration's rules (spec 5)", () => {
  const login = (email: string) =>
    callAction(loginRoute, request("/authentication/login", { form: { email, password: PASSWORD } }));

  it.each(["a@@@b.com", "a..b@c.com", "ana@school..test"])(
    "%s answers 400 'Invalid email format', no session",
    async (email) => {
      const response = await login(email);
      expect(response.status).toBe(400);
      const data = (await response.json()) as { result: { error?: Record<string, string[]> } };
      // The page shows a field's first message (FieldError), as on the registration form.
      expect(data.result.error?.email?.[0]).toBe("login.errors.emailFormat");
      expect(englishText("login.errors.emailFormat")).toBe("Invalid email format");
      expect(setCookies(response, "token")).toEqual([]);
    },
  );

  it("says it in every language as the registration does", () => {
    for (const lng of LANGUAGES) {
      const common = resources[lng].common as {
        login: { errors: Record<string, string> };
        registration: { errors: Record<string, string> };
      };
      expect(common.login.errors.emailFormat, lng).toBe(common.registration.errors.emailInvalid);
    }
  });

  it("the API's sign-in applies the same rule", async () => {
    const response = await callAction(
      apiLoginRoute,
      new Request(`${ORIGIN}/v1/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "a@@@b.com", password: PASSWORD }),
      }),
    );
    expect(response.status).toBe(400);
    expect((await json(response)).errors?.email?.[0]).toBe("Invalid email format");
  });

  it("a good address still signs in (upper case and spaces around it too)", async () => {
    const response = await login(`  ${users.admin_staff.email.toUpperCase()} `);
    expect(response.status).toBe(302);
  });
});

describe("error pages show translated messages", () => {
  const SOURCES = ["app/modules", "app/routes", "app/http"].flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
      .map((d) => path.join(d.parentPath, d.name)),
  );

  it("every message a page throws (but 403s and 404s, which have their own text) is a translation key", () => {
    const english: string[] = [];
    for (const file of SOURCES) {
      if (file.includes(`${path.sep}api${path.sep}`) || path.basename(file).startsWith("v1.api.")) continue; // the JSON API answers English
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/throw json\(\{ message: "([^"]+)" \}, \{ status: (\d+)/g)) {
        if (m[2] === "404" || m[2] === "403") continue;
        if (!englishText(m[1])) english.push(`${file}: ${m[1]}`);
      }
    }
    expect(SOURCES.length).toBeGreaterThan(50);
    expect(english).toEqual([]);
  });

  it("editing a transfer that is no longer pending: 409 with a key, translated in every language", async () => {
    const response = await callLoader(
      transferEditRoute,
      request(`/admin/transfer-students/${decided}/edit`, { cookie: cookies.admin_staff }),
      { id: String(decided) },
    );
    expect(response.status).toBe(409);
    const { message } = await json(response);
    expect(message).toBe("transfers:errors.notPending");
    const texts = LANGUAGES.map(
      (lng) => (resources[lng].transfers as { errors: Record<string, string> }).errors.notPending,
    );
    expect(new Set(texts).size).toBe(LANGUAGES.length);
  });

  it("a form that cannot be read: 400 with a key", async () => {
    const response = await callAction(
      transfersRoute,
      new Request(`${ORIGIN}/admin/transfer-students`, {
        method: "POST",
        headers: { Cookie: cookies.admin_staff, Origin: ORIGIN, "Content-Type": "multipart/form-data; boundary=x" },
        body: "not multipart",
      }),
    );
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("errors.formUnreadable");
  });
});

describe("a failed form post goes back to its page with a toast", () => {
  it("no readable message: 'Oops! Something went wrong!'; a key: that message; 401/403/404 keep their page", () => {
    expect(failedSubmissionToast(500, undefined)).toBe("errors.oops");
    expect(
      failedSubmissionToast(405, "Error: You made a POST request to /dashboard but did not provide an `action`"),
    ).toBe("errors.oops");
    expect(failedSubmissionToast(400, "The form could not be read.")).toBe("errors.oops");
    expect(failedSubmissionToast(409, "transfers:errors.notPending")).toBe("transfers:errors.notPending");
    expect(failedSubmissionToast(400, "errors.formUnreadable")).toBe("errors.formUnreadable");
    expect(failedSubmissionToast(403, "You don't have access to this section.")).toBeNull();
    expect(failedSubmissionToast(404, "Not found")).toBeNull();
    expect(failedSubmissionToast(401, undefined)).toBeNull();
    expect(englishText("errors.oops")).toBe("Oops! Something went wrong!");
  });

  it("a form no page sends (an unknown intent) is a 400 that says nothing: the Oops toast", async () => {
    const response = await callAction(
      profileRoute,
      request("/profile", { form: { intent: "nonsense" }, cookie: cookies.coordinator }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message?: unknown } | null;
    expect(failedSubmissionToast(response.status, body?.message)).toBe("errors.oops");
  });

  it("back to the form's page: the same-site Referer, else the posted address without _data and index", () => {
    const post = (url: string, headers: Record<string, string> = {}) =>
      new Request(`${ORIGIN}${url}`, { method: "POST", headers });
    expect(
      pageOfSubmission(
        post("/admin/transfer-students?index&_data=routes%2Fx", { Referer: `${ORIGIN}/admin/transfer-students?id=3` }),
      ),
    ).toBe("/admin/transfer-students?id=3");
    expect(pageOfSubmission(post("/admin/transfer-students?index&_data=routes%2Fx&id=3"))).toBe(
      "/admin/transfer-students?id=3",
    );
    expect(pageOfSubmission(post("/dashboard", { Referer: "https://evil.example/x" }))).toBe("/dashboard");
    expect(pageOfSubmission(post("/dashboard", { Referer: "not a url" }))).toBe("/dashboard");
  });

  describe("entry.server", () => {
    let entry: typeof import("~/entry.server");
    beforeAll(async () => {
      const saved = process.env.DEMO_DATA;
      process.env.DEMO_DATA = "off"; // entry.server prepares the database when imported
      try {
        entry = await import("~/entry.server");
      } finally {
        if (saved === undefined) delete process.env.DEMO_DATA;
        else process.env.DEMO_DATA = saved;
      }
    });

    async function toastOf(response: Response) {
      const cookie = setCookies(response, "toast")[0];
      expect(cookie).toBeTruthy();
      const { toast } = await toasts(request("/")).getToast(request("/", { cookie: cookie.split(";")[0] }));
      return toast;
    }

    const dataPost = (headers: Record<string, string> = {}) =>
      new Request(`${ORIGIN}/dashboard?_data=routes%2F_app.dashboard`, {
        method: "POST",
        headers: { Referer: `${ORIGIN}/dashboard?x=1`, ...headers },
      });

    it("JavaScript on: an action's 500 becomes a redirect to the page with the Oops toast", async () => {
      const failed = new Response(JSON.stringify({ message: "Unexpected Server Error" }), {
        status: 500,
        headers: { "Content-Type": "application/json", "X-Remix-Error": "yes" },
      });
      const response = await entry.handleDataRequest!(failed, { request: dataPost(), params: {}, context: {} });
      expect(redirectedTo(response)).toBe("/dashboard?x=1");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await toastOf(response)).toMatchObject({ type: "error", message: "errors.oops" });
    });

    it("JavaScript on: a thrown 409 with a key toasts that message; a thrown 403 keeps its dialog", async () => {
      const conflict = new Response(JSON.stringify({ message: "transfers:errors.notPending" }), {
        status: 409,
        headers: { "Content-Type": "application/json", "X-Remix-Catch": "yes" },
      });
      const response = await entry.handleDataRequest!(conflict, { request: dataPost(), params: {}, context: {} });
      expect(await toastOf(response)).toMatchObject({ type: "error", message: "transfers:errors.notPending" });

      const denied = new Response(JSON.stringify({ message: "You don't have access to this section." }), {
        status: 403,
        headers: { "Content-Type": "application/json", "X-Remix-Catch": "yes" },
      });
      const kept = await entry.handleDataRequest!(denied, { request: dataPost(), params: {}, context: {} });
      expect(kept.status).toBe(403);
    });

    it("JavaScript on: a returned 400 (a form's field errors) is left to the page", async () => {
      const reply = new Response(JSON.stringify({ result: { status: "error" } }), {
        status: 400,
        headers: { "X-Remix-Response": "yes" },
      });
      const response = await entry.handleDataRequest!(reply, { request: dataPost(), params: {}, context: {} });
      expect(response.status).toBe(400);
    });

    type Context = Parameters<typeof entry.default>[3];
    const documentContext = (errors: Record<string, unknown> | null, actionData: Record<string, unknown> | null) =>
      ({ staticHandlerContext: { errors, actionData, matches: [] }, manifest: { routes: {} } }) as unknown as Context;

    it("no JavaScript: an action that threw without a message redirects back with the Oops toast", async () => {
      const post = new Request(`${ORIGIN}/dashboard`, { method: "POST", headers: { Referer: `${ORIGIN}/dashboard` } });
      const internal = {
        status: 405,
        statusText: "Method Not Allowed",
        internal: true,
        data: 'Error: You made a POST request to "/dashboard"',
      };
      const response = await entry.default(
        post,
        405,
        new Headers(),
        documentContext({ "routes/_app.dashboard": internal }, null),
      );
      expect(redirectedTo(response)).toBe("/dashboard");
      expect(await toastOf(response)).toMatchObject({ type: "error", message: "errors.oops" });

      const crashed = await entry.default(post, 500, new Headers(), documentContext({ root: new Error("boom") }, null));
      expect(await toastOf(crashed)).toMatchObject({ message: "errors.oops" });
    });
  });
});

describe("the registration pages' tab title", () => {
  it.each(LANGUAGES)("is in the reader's language (%s)", async (lng) => {
    const response = await callLoader(
      registrationStep,
      request("/students-registration/personal", { headers: { "Accept-Language": lng } }),
      { step: "personal" },
    );
    const data = (await response.json()) as { title: string; frame: { schoolName: string } };
    const expected = (resources[lng].common as { registration: { title: string } }).registration.title;
    expect(data.title).toBe(expected);
    const meta = registrationStep.meta({ data } as Parameters<typeof registrationStep.meta>[0]) as {
      title: string;
    }[];
    expect(meta).toEqual([{ title: `${expected} · ${data.frame.schoolName}` }]);
  });
});
