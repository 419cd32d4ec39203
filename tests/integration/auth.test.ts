import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import type { Role, User } from "~/db/schema";
import { sessionSecrets } from "~/env.server";
import * as dashboardRoute from "~/routes/_app.dashboard";
import * as teachersRoute from "~/routes/_app.teachers._index";
import * as loginRoute from "~/routes/authentication.login";
import * as logoutRoute from "~/routes/logout";
import { useTestDatabase } from "../helpers/db";
import {
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
} from "../helpers/fixtures";

useTestDatabase();

let users: Record<Role, User>;
let counter = 0;

beforeAll(async () => {
  users = await createRoleUsers();
});

// Every request of a test run comes from one client ("direct"): start each test
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
  return callAction(
    loginRoute,
    request(opts.url ?? "/authentication/login", { form, headers: opts.headers }),
  );
}

/** The raw token inside a signed `token` cookie. */
async function rawToken(setCookie: string): Promise<string> {
  const value = await createCookie("token", { secrets: sessionSecrets() }).parse(cookiePair(setCookie, "token"));
  expect(typeof value).toBe("string");
  return value as string;
}

const sessionsOf = (userId: number) =>
  db().selectFrom("sessions").selectAll().where("user_id", "=", userId).execute();

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
    ["an https:// URL", { url: "https://localhost/authentication/login" }],
    ["X-Forwarded-Proto: https", { headers: { "X-Forwarded-Proto": "https" } }],
  ])("marks the cookie Secure behind %s", async (_label, opts) => {
    const response = await login({ email: users.admin_staff.email, password: PASSWORD }, opts);
    expect(response.status).toBe(302);
    expect(setCookies(response, "token")[0]).toMatch(/;\s*Secure/i);
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
    const row = await db().selectFrom("users").select("failed_logins").where("id", "=", user.id).executeTakeFirstOrThrow();
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
    for (let i = 0; i < 4; i++) expect((await login({ email: user.email, password: "wrong-password-123" })).status).toBe(401);
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(302);
    const row = await db().selectFrom("users").select(["failed_logins", "locked_at"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_logins: 0, locked_at: null });
    // Four more wrong ones do not lock: the count started again.
    for (let i = 0; i < 4; i++) expect((await login({ email: user.email, password: "wrong-password-123" })).status).toBe(401);
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
    expect(redirectedTo(await callLoader(teachersRoute, request("/teachers", { cookie })))).toMatch(/^\/authentication\/login/);

    // The right password does not open a locked account.
    const again = await login({ email: user.email, password: PASSWORD });
    expect(again.status).toBe(403);
    const data = await body(again);
    expect(data.failure).toBe("locked");
    expect(data.result.error?.[""]).toEqual(["login.errors.locked"]);
    expect(setCookies(again, "token")).toEqual([]);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("a student account with the right password gets noAccess and no session", async () => {
    const response = await login({ email: users.student.email, password: PASSWORD });
    expect(response.status).toBe(403);
    expect((await body(response)).failure).toBe("noAccess");
    expect(setCookies(response, "token")).toEqual([]);
    expect(await sessionsOf(users.student.id)).toHaveLength(0);
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
    expect(await failures("ghost@school.example.com", 10)).toEqual(Array(10).fill(401));
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
      .values(Array.from({ length: 10 }, () => ({ email: user.email, client: "direct", success: 0, created_at: old })))
      .execute();
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(302);
  });

  it("50 failures from one client within 15 minutes limit that client for every email", async () => {
    delete process.env.RATE_LIMIT_FACTOR;
    const now = new Date().toISOString();
    await db()
      .insertInto("login_attempts")
      .values(Array.from({ length: 50 }, (_, i) => ({ email: `x${i}@school.example.com`, client: "direct", success: 0, created_at: now })))
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
    const ok = await callLoader(dashboardRoute, request("/dashboard", { headers: { Authorization: `Bearer ${token}` } }));
    expect(ok.status).toBe(200);
    expect((await ok.json()).role).toBe("coordinator");

    const bad = await callLoader(dashboardRoute, request("/dashboard", { headers: { Authorization: `Bearer ${token}x` } }));
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
