import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { sessionSecrets } from "~/env.server";
import { issueSession, safeRedirect } from "~/http/session.server";
import * as userRoute from "~/routes/_app.admin.users.$id";
import * as dashboardRoute from "~/routes/_app.dashboard";
import * as teachersRoute from "~/routes/_app.teachers._index";
import * as loginRoute from "~/routes/authentication.login";
import * as setPasswordRoute from "~/routes/authentication.set-password.$token";
import * as logoutRoute from "~/routes/logout";
import * as layoutRoute from "~/routes/resources.layout";
import * as localeRoute from "~/routes/resources.locale";
import * as apiLogoutRoute from "~/routes/v1.api.auth.logout";
import * as apiPendingRoute from "~/routes/v1.api.transfer-data.get-pending";
import { useTestDatabase } from "../helpers/db";
import {
  ORIGIN,
  PASSWORD,
  callAction,
  callLoader,
  cookiePair,
  createRoleUsers,
  createUser,
  redirectedTo,
  request,
  setCookies,
  signIn,
  TEST_CLIENT,
} from "../helpers/fixtures";

useTestDatabase();

// Every password actually checked against a hash (not the dummy check an
// unknown email costs): how the parallel tests count guesses.
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/modules/auth/password.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/modules/auth/password.server")>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      passwordChecks.count += 1;
      return real.verifyPassword(hash, password);
    },
  };
});

let users: Record<Role, User>;
let counter = 0;

beforeAll(async () => {
  users = await createRoleUsers();
});

// Every request of a test run comes from one client (TEST_CLIENT): start each test
// with no failed attempts on record, so the per-client limit stays out of the way.
beforeEach(async () => {
  await db().deleteFrom("login_attempts").execute();
});

/** A fresh professor, for tests that lock or change their user. */
function freshUser(fields: Partial<User> = {}) {
  counter += 1;
  return createUser({ role: "professor", email: `teacher${counter}@school.example.com`, ...fields });
}

function login(form: Record<string, string>, opts: { url?: string; headers?: Record<string, string> } = {}) {
  return callAction(loginRoute, request(opts.url ?? "/authentication/login", { form, headers: opts.headers }));
}

/** The raw token inside a signed `token` cookie. */
async function rawToken(setCookie: string): Promise<string> {
  const value = await createCookie("token", { secrets: sessionSecrets() }).parse(cookiePair(setCookie, "token"));
  expect(typeof value).toBe("string");
  return value as string;
}

const sessionsOf = (userId: number) => db().selectFrom("sessions").selectAll().where("user_id", "=", userId).execute();

async function body(response: Response) {
  return (await response.json()) as { result: { error?: Record<string, string[]> }; failure: string | null };
}

describe("sign-in", () => {
  it.each([
    ["admin_staff", "/dashboard"],
    ["coordinator", "/dashboard"],
    ["receptionist", "/dashboard"],
    ["financial", "/dashboard"],
    ["professor", "/teachers"],
    ["student", "/student"],
  ] as const)("%s with the right password goes home (%s) with a session cookie", async (role, home) => {
    const response = await login({ email: users[role].email, password: PASSWORD });
    expect(response.status).toBe(302);
    expect(redirectedTo(response)).toBe(home);
    const [cookie] = setCookies(response, "token");
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it("takes the email case-insensitively and trimmed", async () => {
    const response = await login({ email: `  ${users.coordinator.email.toUpperCase()} `, password: PASSWORD });
    expect(redirectedTo(response)).toBe("/dashboard");
  });

  it.each([
    ["an https:// URL", { url: "https://localhost/authentication/login" }, false],
    ["X-Forwarded-Proto: https with TRUST_PROXY=1", { headers: { "X-Forwarded-Proto": "https" } }, true],
  ])("marks the cookie Secure behind %s", async (_label, opts, trust) => {
    if (trust) process.env.TRUST_PROXY = "1";
    try {
      const response = await login({ email: users.admin_staff.email, password: PASSWORD }, opts);
      expect(response.status).toBe(302);
      expect(setCookies(response, "token")[0]).toMatch(/;\s*Secure/i);
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });

  it("a client's own X-Forwarded-Proto: https (no TRUST_PROXY) does not make it Secure", async () => {
    const response = await login(
      { email: users.admin_staff.email, password: PASSWORD },
      { headers: { "X-Forwarded-Proto": "https" } },
    );
    expect(response.status).toBe(302);
    expect(setCookies(response, "token")[0]).not.toMatch(/;\s*Secure/i);
  });

  it("stores only the SHA-256 of a random token of at least 128 bits", async () => {
    const user = await freshUser();
    const response = await login({ email: user.email, password: PASSWORD });
    const token = await rawToken(setCookies(response, "token")[0]);
    expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    const rows = await sessionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(rows[0].token_hash).not.toContain(token);
    expect(Date.parse(rows[0].expires_at)).toBeGreaterThan(Date.now());
    // The cookie is signed: the raw token is not what the browser holds.
    expect(cookiePair(setCookies(response, "token")[0])).not.toBe(`token=${token}`);
  });

  it("gives a new token on every sign-in", async () => {
    const user = await freshUser();
    const first = await rawToken(setCookies(await login({ email: user.email, password: PASSWORD }), "token")[0]);
    const second = await rawToken(setCookies(await login({ email: user.email, password: PASSWORD }), "token")[0]);
    expect(first).not.toBe(second);
    expect(await sessionsOf(user.id)).toHaveLength(2);
  });

  it.each([
    ["/admin/students", "/admin/students"],
    ["/admin/students?page=2", "/admin/students?page=2"],
    ["//evil.com", "/dashboard"],
    ["https://evil.com", "/dashboard"],
    ["/\\evil.com", "/dashboard"],
    ["evil.com", "/dashboard"],
    ["", "/dashboard"],
  ])("redirectTo %j leads to %s", async (redirectTo, expected) => {
    const response = await login({ email: users.admin_staff.email, password: PASSWORD, redirectTo });
    expect(redirectedTo(response)).toBe(expected);
  });

  it("a wrong password answers 401 with a form error and no session", async () => {
    const user = await freshUser();
    const response = await login({ email: user.email, password: "wrong-password-123" });
    expect(response.status).toBe(401);
    const data = await body(response);
    expect(data.failure).toBe("invalid");
    expect(data.result.error?.[""]).toEqual(["login.errors.invalid"]);
    expect(setCookies(response, "token")).toEqual([]);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    const row = await db()
      .selectFrom("users")
      .select("failed_logins")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.failed_logins).toBe(1);
  });

  it("an unknown email answers like a wrong password", async () => {
    const response = await login({ email: "nobody@school.example.com", password: PASSWORD });
    expect(response.status).toBe(401);
    expect((await body(response)).failure).toBe("invalid");
  });

  it.each([
    ["missing", { password: PASSWORD }, "login.errors.emailRequired"],
    ["empty", { email: "", password: PASSWORD }, "login.errors.emailRequired"],
    ["invalid", { email: "not-an-email", password: PASSWORD }, "login.errors.emailInvalid"],
  ])("a %s email answers 400 with a field error", async (_label, form, message) => {
    const response = await login(form as Record<string, string>);
    expect(response.status).toBe(400);
    const data = await body(response);
    expect(data.result.error?.email).toEqual([message]);
    expect(setCookies(response, "token")).toEqual([]);
  });

  it("a missing password answers 400 with a field error", async () => {
    const response = await login({ email: users.admin_staff.email });
    expect(response.status).toBe(400);
    expect((await body(response)).result.error?.password).toEqual(["login.errors.passwordRequired"]);
  });

  it("a successful sign-in resets the failed attempts", async () => {
    const user = await freshUser();
    for (let i = 0; i < 4; i++)
      expect((await login({ email: user.email, password: "wrong-password-123" })).status).toBe(401);
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(302);
    const row = await db()
      .selectFrom("users")
      .select(["failed_logins", "locked_at"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_logins: 0, locked_at: null });
    // Four more wrong ones do not lock: the count started again.
    for (let i = 0; i < 4; i++)
      expect((await login({ email: user.email, password: "wrong-password-123" })).status).toBe(401);
  });

  it("5 wrong passwords in a row lock the account and end its sessions", async () => {
    const user = await freshUser();
    const cookie = await signIn(user.email);
    expect(await sessionsOf(user.id)).toHaveLength(1);

    const answers: [number, string | null][] = [];
    for (let i = 0; i < 5; i++) {
      const response = await login({ email: user.email, password: "wrong-password-123" });
      answers.push([response.status, (await body(response)).failure]);
    }
    expect(answers).toEqual([
      [401, "invalid"],
      [401, "invalid"],
      [401, "invalid"],
      [401, "invalid"],
      [403, "locked"],
    ]);
    const row = await db().selectFrom("users").select("locked_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.locked_at).not.toBeNull();
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect(redirectedTo(await callLoader(teachersRoute, request("/teachers", { cookie })))).toMatch(
      /^\/authentication\/login/,
    );

    // The right password does not open a locked account.
    const again = await login({ email: user.email, password: PASSWORD });
    expect(again.status).toBe(403);
    const data = await body(again);
    expect(data.failure).toBe("locked");
    expect(data.result.error?.[""]).toEqual(["login.errors.locked"]);
    expect(setCookies(again, "token")).toEqual([]);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("a student account signs in to the portal, even when asked for a staff page (which then sends it to /student)", async () => {
    const response = await login({ email: users.student.email, password: PASSWORD });
    expect(redirectedTo(response)).toBe("/student");
    expect(setCookies(response, "token")).toHaveLength(1);
    const cookie = setCookies(response, "token")[0].split(";")[0];
    expect(redirectedTo(await callLoader(dashboardRoute, request("/dashboard", { cookie })))).toBe("/student");
    expect(redirectedTo(await callLoader(teachersRoute, request("/teachers", { cookie })))).toBe("/student");
  });

  it("an inactive user with the right password gets inactive and no session", async () => {
    const user = await freshUser({ status: "inactive" });
    const response = await login({ email: user.email, password: PASSWORD });
    expect(response.status).toBe(403);
    expect((await body(response)).failure).toBe("inactive");
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });
});

describe("rate limit", () => {
  const saved = process.env.RATE_LIMIT_FACTOR;
  afterEach(() => {
    if (saved === undefined) delete process.env.RATE_LIMIT_FACTOR;
    else process.env.RATE_LIMIT_FACTOR = saved;
  });

  async function failures(email: string, n: number) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await login({ email, password: "wrong-password-123" })).status);
    return statuses;
  }

  it("the 11th failed attempt for one email in 15 minutes answers 429, even with the right password", async () => {
    delete process.env.RATE_LIMIT_FACTOR;
    const user = await freshUser();
    // 4 wrong, the 5th locks, then 5 more refused as locked: 10 failures on record.
    expect(await failures(user.email, 10)).toEqual([401, 401, 401, 401, 403, 403, 403, 403, 403, 403]);
    const response = await login({ email: user.email, password: PASSWORD });
    expect(response.status).toBe(429);
    expect((await body(response)).failure).toBe("rateLimited");
    // Another email is not limited.
    expect((await login({ email: users.financial.email, password: PASSWORD })).status).toBe(302);
  });

  it("counts unknown emails too", async () => {
    delete process.env.RATE_LIMIT_FACTOR;
    // An unknown email answers as an account does: locked from the fifth failure (L1).
    expect(await failures("ghost@school.example.com", 10)).toEqual([401, 401, 401, 401, 403, 403, 403, 403, 403, 403]);
    expect((await login({ email: "ghost@school.example.com", password: PASSWORD })).status).toBe(429);
  });

  it("RATE_LIMIT_FACTOR=2 doubles the limit", async () => {
    process.env.RATE_LIMIT_FACTOR = "2";
    const user = await freshUser();
    const statuses = await failures(user.email, 20);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(429);
  });

  it("failures older than 15 minutes no longer count", async () => {
    delete process.env.RATE_LIMIT_FACTOR;
    const user = await freshUser();
    const old = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    await db()
      .insertInto("login_attempts")
      .values(
        Array.from({ length: 10 }, () => ({ email: user.email, client: TEST_CLIENT, success: 0, created_at: old })),
      )
      .execute();
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(302);
  });

  it("50 failures from one client within 15 minutes limit that client for every email", async () => {
    delete process.env.RATE_LIMIT_FACTOR;
    const now = new Date().toISOString();
    await db()
      .insertInto("login_attempts")
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          email: `x${i}@school.example.com`,
          client: TEST_CLIENT,
          success: 0,
          created_at: now,
        })),
      )
      .execute();
    expect((await login({ email: users.admin_staff.email, password: PASSWORD })).status).toBe(429);
  });
});

describe("sessions", () => {
  it("logout deletes the session, clears the cookie, and the old token stops working", async () => {
    const user = await freshUser();
    const cookie = await signIn(user.email);
    expect((await callLoader(teachersRoute, request("/teachers", { cookie }))).status).toBe(200);

    const response = await callAction(logoutRoute, request("/logout", { method: "POST", cookie }));
    expect(redirectedTo(response)).toBe("/authentication/login");
    const [cleared] = setCookies(response, "token");
    expect(cleared).toMatch(/^token=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await sessionsOf(user.id)).toHaveLength(0);

    const after = await callLoader(teachersRoute, request("/teachers", { cookie }));
    expect(redirectedTo(after)).toBe("/authentication/login?redirectTo=%2Fteachers");
  });

  it("logout ends only the session it was sent with", async () => {
    const user = await freshUser();
    const one = await signIn(user.email);
    const two = await signIn(user.email);
    await callAction(logoutRoute, request("/logout", { method: "POST", cookie: one }));
    expect(await sessionsOf(user.id)).toHaveLength(1);
    expect((await callLoader(teachersRoute, request("/teachers", { cookie: two }))).status).toBe(200);
  });

  it("an expired session redirects to sign in and clears the cookie", async () => {
    const user = await freshUser();
    const cookie = await signIn(user.email);
    await db()
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    const response = await callLoader(teachersRoute, request("/teachers", { cookie }));
    expect(redirectedTo(response)).toBe("/authentication/login?redirectTo=%2Fteachers");
    const [cleared] = setCookies(response, "token");
    expect(cleared).toMatch(/^token=;/);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it.each([
    ["locked", { locked_at: new Date().toISOString() }],
    ["deactivated", { status: "inactive" as const }],
  ])("a %s user's session no longer works", async (_label, change) => {
    const user = await freshUser();
    const cookie = await signIn(user.email);
    await db().updateTable("users").set(change).where("id", "=", user.id).execute();
    const response = await callLoader(teachersRoute, request("/teachers", { cookie }));
    expect(redirectedTo(response)).toBe("/authentication/login?redirectTo=%2Fteachers");
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("a role change takes effect on the next request", async () => {
    const user = await createUser({ role: "admin_staff", email: "promoted@school.example.com" });
    const cookie = await signIn(user.email);
    expect((await callLoader(dashboardRoute, request("/dashboard", { cookie }))).status).toBe(200);
    await db().updateTable("users").set({ role: "professor" }).where("id", "=", user.id).execute();
    expect(redirectedTo(await callLoader(dashboardRoute, request("/dashboard", { cookie })))).toBe("/teachers");
  });

  it("accepts the raw token as a Bearer token", async () => {
    const user = await createUser({ role: "coordinator", email: "api@school.example.com" });
    const response = await login({ email: user.email, password: PASSWORD });
    const token = await rawToken(setCookies(response, "token")[0]);
    const ok = await callLoader(
      dashboardRoute,
      request("/dashboard", { headers: { Authorization: `Bearer ${token}` } }),
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()).role).toBe("coordinator");

    const bad = await callLoader(
      dashboardRoute,
      request("/dashboard", { headers: { Authorization: `Bearer ${token}x` } }),
    );
    expect(redirectedTo(bad)).toMatch(/^\/authentication\/login/);
  });

  it("refuses an unsigned or tampered cookie", async () => {
    const user = await freshUser();
    const response = await login({ email: user.email, password: PASSWORD });
    const setCookie = setCookies(response, "token")[0];
    const token = await rawToken(setCookie);
    const unsigned = cookiePair(await createCookie("token").serialize(token));
    const tampered = cookiePair(setCookie).replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    for (const cookie of [unsigned, tampered, `token=${token}`]) {
      const answer = await callLoader(teachersRoute, request("/teachers", { cookie }));
      expect(redirectedTo(answer)).toBe("/authentication/login?redirectTo=%2Fteachers");
    }
    // The signed original still works.
    expect((await callLoader(teachersRoute, request("/teachers", { cookie: cookiePair(setCookie) }))).status).toBe(200);
  });
});

describe("sessions end when access ends", () => {
  const admin = () => signIn(users.admin_staff.email);

  /** A fresh coordinator signed in from two browsers and the API. */
  async function coordinatorEverywhere() {
    counter += 1;
    const user = await createUser({
      role: "coordinator",
      email: `coord${counter}@school.example.com`,
      name: `Coord ${counter}`,
    });
    const browsers = [await signIn(user.email), await signIn(user.email)];
    const bearer = (await issueSession(request("/"), user.id)).token;
    return { user, browsers, bearer };
  }

  const page = (cookie: string) => callLoader(dashboardRoute, request("/dashboard", { cookie }));
  const api = (bearer: string) =>
    callLoader(
      apiPendingRoute,
      request("/v1/api/transfer-data/get-pending", { headers: { Authorization: `Bearer ${bearer}` } }),
    );

  async function expectEnded(browsers: string[], bearer: string) {
    for (const cookie of browsers)
      expect(redirectedTo(await page(cookie))).toBe("/authentication/login?redirectTo=%2Fdashboard");
    const answer = await api(bearer);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ message: "Not authorized, token expired or invalid" });
  }

  it.each([
    ["lock", { intent: "lock" }],
    ["deactivate", { intent: "deactivate" }],
    ["role change", { intent: "update", role: "receptionist" }],
    ["password reset (typed)", { intent: "reset", method: "password", password: "admin-chosen-pass-1" }],
    ["password reset (one-time link)", { intent: "reset", method: "link" }],
  ])(
    "%s on the admin page: every browser and API token of the user is refused on its next request",
    async (_label, form) => {
      const { user, browsers, bearer } = await coordinatorEverywhere();
      for (const cookie of browsers) expect((await page(cookie)).status).toBe(200);
      expect((await api(bearer)).status).toBe(200);
      const fields = { name: user.name, email: user.email, ...form } as Record<string, string>;
      const response = await callAction(
        userRoute,
        request(`/admin/users/${user.id}`, { cookie: await admin(), form: fields }),
        { id: String(user.id) },
      );
      expect(response.status).toBeLessThan(400);
      await expectEnded(browsers, bearer);
      expect(await sessionsOf(user.id)).toHaveLength(0);
    },
  );

  it("using a set-password link ends the sessions still open", async () => {
    const { user, browsers, bearer } = await coordinatorEverywhere();
    // A link made while sessions exist (an invitation re-sent), then used.
    const token = crypto.randomBytes(32).toString("base64url");
    const at = new Date();
    await db()
      .insertInto("password_tokens")
      .values({
        token_hash: crypto.createHash("sha256").update(token).digest("hex"),
        user_id: user.id,
        purpose: "reset",
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + 3600_000).toISOString(),
        used_at: null,
      })
      .execute();
    const used = await callAction(
      setPasswordRoute,
      request(`/authentication/set-password/${token}`, {
        form: { password: "a-new-password-1", confirm: "a-new-password-1" },
      }),
      { token },
    );
    expect(redirectedTo(used)).toBe("/authentication/login");
    await expectEnded(browsers, bearer);
  });

  it("the API's logout ends that token only; the browsers stay signed in", async () => {
    const { browsers, bearer } = await coordinatorEverywhere();
    const out = await callAction(
      apiLogoutRoute,
      new Request(`${ORIGIN}/v1/api/auth/logout`, { method: "POST", headers: { Authorization: `Bearer ${bearer}` } }),
    );
    expect(out.status).toBe(200);
    expect((await api(bearer)).status).toBe(401);
    for (const cookie of browsers) expect((await page(cookie)).status).toBe(200);
  });
});

describe("session rotation and expiry", () => {
  it("sign-in ends the session the browser came with and sets a new token", async () => {
    const user = await freshUser();
    const old = await signIn(user.email);
    const response = await callAction(
      loginRoute,
      request("/authentication/login", { cookie: old, form: { email: user.email, password: PASSWORD } }),
    );
    expect(redirectedTo(response)).toBe("/teachers");
    const fresh = cookiePair(setCookies(response, "token")[0]);
    expect(fresh).not.toBe(old);
    expect(redirectedTo(await callLoader(teachersRoute, request("/teachers", { cookie: old })))).toMatch(
      /^\/authentication\/login/,
    );
    expect((await callLoader(teachersRoute, request("/teachers", { cookie: fresh }))).status).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it("a session planted on the browser (another account's) ends when the victim signs in", async () => {
    const attacker = await freshUser();
    const victim = await freshUser();
    const planted = await signIn(attacker.email);
    const response = await callAction(
      loginRoute,
      request("/authentication/login", { cookie: planted, form: { email: victim.email, password: PASSWORD } }),
    );
    const fresh = cookiePair(setCookies(response, "token")[0]);
    expect(fresh).not.toBe(planted);
    expect(await sessionsOf(attacker.id)).toHaveLength(0);
    const victimRows = await sessionsOf(victim.id);
    expect(victimRows).toHaveLength(1);
    expect(victimRows[0].token_hash).toBe(
      crypto
        .createHash("sha256")
        .update(await rawToken(setCookies(response, "token")[0]))
        .digest("hex"),
    );
  });

  it("a session lasts 12 hours from sign-in: the cookie's Max-Age and the row's expiry say so", async () => {
    const user = await freshUser();
    const response = await login({ email: user.email, password: PASSWORD });
    expect(setCookies(response, "token")[0]).toMatch(/;\s*Max-Age=43200(;|$)/i);
    const [row] = await sessionsOf(user.id);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(12 * 60 * 60 * 1000);
  });

  it("an expired session is refused however recently it was used, on the pages and on the API", async () => {
    const user = await createUser({ role: "coordinator", email: "expiring@school.example.com" });
    const cookie = await signIn(user.email);
    const bearer = (await issueSession(request("/"), user.id)).token;
    await db()
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1).toISOString(), last_seen_at: new Date().toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(redirectedTo(await callLoader(dashboardRoute, request("/dashboard", { cookie })))).toBe(
      "/authentication/login?redirectTo=%2Fdashboard",
    );
    const answer = await callLoader(
      apiPendingRoute,
      request("/v1/api/transfer-data/get-pending", { headers: { Authorization: `Bearer ${bearer}` } }),
    );
    expect(answer.status).toBe(401);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });
});

describe("sign-in under parallel attempts", () => {
  const saved = process.env.RATE_LIMIT_FACTOR;
  afterEach(() => {
    if (saved === undefined) delete process.env.RATE_LIMIT_FACTOR;
    else process.env.RATE_LIMIT_FACTOR = saved;
  });

  const burst = (forms: Record<string, string>[]) => Promise.all(forms.map((form) => login(form)));

  it("20 wrong passwords at once: exactly 5 are checked, 4 answer 'invalid', the rest 'locked'; one lock, one audit line, no session", async () => {
    process.env.RATE_LIMIT_FACTOR = "100"; // the lockout alone, not the rate limit
    const user = await freshUser();
    passwordChecks.count = 0;
    const responses = await burst(
      Array.from({ length: 20 }, (_, i) => ({ email: user.email, password: `wrong-password-${i}` })),
    );
    const failures = await Promise.all(responses.map(async (r) => `${r.status} ${(await body(r)).failure}`));
    expect(failures.filter((f) => f === "401 invalid")).toHaveLength(4);
    expect(failures.filter((f) => f === "403 locked")).toHaveLength(16);
    expect(passwordChecks.count).toBe(5);
    const row = await db()
      .selectFrom("users")
      .select(["failed_logins", "locked_at"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.failed_logins).toBe(5);
    expect(row.locked_at).not.toBeNull();
    const locks = await db()
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "user.locked")
      .where("entity_id", "=", user.id)
      .execute();
    expect(locks).toHaveLength(1);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    // And the right password afterwards does not open it.
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(403);
  });

  it("once five tries are taken (still being checked, not yet locked), even the right password is not checked: the account locks", async () => {
    process.env.RATE_LIMIT_FACTOR = "100";
    const user = await freshUser();
    // The state in the middle of a burst: five wrong guesses claimed their tries, none has finished.
    await db().updateTable("users").set({ failed_logins: 5 }).where("id", "=", user.id).execute();
    passwordChecks.count = 0;
    const response = await login({ email: user.email, password: PASSWORD });
    expect([response.status, (await body(response)).failure]).toEqual([403, "locked"]);
    expect(passwordChecks.count).toBe(0);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect(
      (await db().selectFrom("users").select("locked_at").where("id", "=", user.id).executeTakeFirstOrThrow())
        .locked_at,
    ).not.toBeNull();
  });

  it.each([
    ["one email (limit 10)", (_i: number) => "ghost-burst@school.example.com", 10],
    ["one client, many emails (limit 50)", (i: number) => `ghost${i}@school.example.com`, 50],
  ])("the rate limit for %s holds when the attempts come at once", async (_label, emailFor, limit) => {
    delete process.env.RATE_LIMIT_FACTOR;
    // Close to the limit already: a burst of 12 may add at most 3 more failures.
    const now = new Date().toISOString();
    await db()
      .insertInto("login_attempts")
      .values(
        Array.from({ length: limit - 3 }, (_, i) => ({
          email: emailFor(1000 + i),
          client: TEST_CLIENT,
          success: 0,
          created_at: now,
        })),
      )
      .execute();
    const responses = await burst(
      Array.from({ length: 12 }, (_, i) => ({ email: emailFor(i), password: "wrong-password-123" })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(3);
    // (One unknown email with 7 failures on record answers "locked", as an account would.)
    expect(statuses.filter((s) => s !== 429 && s !== 401 && s !== 403)).toEqual([]);
    expect((await login({ email: emailFor(0), password: "wrong-password-123" })).status).toBe(429);
  });
});

describe("redirectTo never leaves the site", () => {
  // As they arrive in the query string (?redirectTo=...), decoded once the way
  // the login page's loader reads them into the form.
  const OFF_SITE = [
    "//evil.com",
    "///evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "/\\/evil.com",
    "\\/evil.com",
    "https://evil.com",
    "http:evil.com",
    "https:/evil.com",
    "HTTPS://evil.com/x",
    "//evil.com@school.test",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "%6Aavascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.com",
    " //evil.com",
    "%20//evil.com",
    "%2F%2Fevil.com",
    "%2F%5Cevil.com",
    "%2F%2F%65vil.com",
    "%5C%5Cevil.com",
    "/%09/evil.com",
    "/%0A/evil.com",
    "/%0D%0A/evil.com",
    "%09//evil.com",
    "/%09%5Cevil.com",
    "/%00/evil.com",
    "/%E2%80%A8/evil.com",
    "/\t/evil.com",
  ];
  const decoded = (raw: string) =>
    new URLSearchParams(`redirectTo=${raw.replace(/&/g, "%26").replace(/\+/g, "%2B")}`).get("redirectTo") ?? "";
  const SITE = "https://school.test";

  function stays(location: string | null) {
    expect(location).not.toBeNull();
    expect(location).not.toMatch(/[\u0000-\u001f\u007f\u2028\u2029]/);
    expect(new URL(location!, `${SITE}/authentication/login`).origin).toBe(SITE);
  }

  it("safeRedirect, which every redirectTo goes through, answers the fallback for each of them", () => {
    for (const raw of OFF_SITE) expect([raw, safeRedirect(decoded(raw), "/home")]).toEqual([raw, "/home"]);
  });

  // Signing in costs an argon2 check, so the sign-in form gets a few of them.
  it.each(["/%09/evil.com", "%2F%2Fevil.com", "/%5C/evil.com", "javascript:alert(1)"])(
    "sign-in with redirectTo=%s goes home",
    async (raw) => {
      const response = await login({ email: users.admin_staff.email, password: PASSWORD, redirectTo: decoded(raw) });
      expect(redirectedTo(response)).toBe("/dashboard");
    },
  );

  // A form that carries a NUL character is refused whole (readForm): a 400
  // that goes nowhere, before any password is checked.
  it("sign-in with a NUL in redirectTo is refused with a 400 and no redirect", async () => {
    const response = await login({
      email: users.admin_staff.email,
      password: PASSWORD,
      redirectTo: decoded("/%00/evil.com"),
    });
    expect(response.status).toBe(400);
    expect(redirectedTo(response)).toBeNull();
  });

  it("a path of this site that only mentions another host stays on this site", () => {
    for (const to of ["/admin/students?next=//evil.com", "/admin/students#//evil.com"]) {
      expect(safeRedirect(to, "/home")).toBe(to);
      stays(to);
    }
    // Dot segments and encoded slashes are refused: the router resolves
    // "/.//evil.com" to "//evil.com", and a proxy may decode "%2F" (issue 16 M1;
    // tests/unit/redirect.test.ts has the full list).
    for (const to of ["/%2F%2Fevil.com", "/.//evil.com", "/admin%2F..%2F..%2F%2Fevil.com"])
      expect(safeRedirect(to, "/home")).toBe("/home");
  });

  it("the language and sidebar switches go back only to pages of this site", async () => {
    const cookie = await signIn(users.admin_staff.email);
    for (const raw of OFF_SITE) {
      // A NUL anywhere in the form is refused with a 400 that goes nowhere.
      const expected = decoded(raw).includes("\u0000") ? [raw, 400, null] : [raw, 302, "/"];
      const lng = await callAction(
        localeRoute,
        request("/resources/locale", { form: { lng: "fr", redirectTo: decoded(raw) } }),
      );
      expect([raw, lng.status, redirectedTo(lng)]).toEqual(expected);
      const sidebar = await callAction(
        layoutRoute,
        request("/resources/layout", { cookie, form: { sidebar: "open", redirectTo: decoded(raw) } }),
      );
      expect([raw, sidebar.status, redirectedTo(sidebar)]).toEqual(expected);
    }
  });
});
