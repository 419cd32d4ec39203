import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { sessionSecrets } from "~/env.server";
import { type AuditLine } from "~/modules/audit/audit-details";
import { verifyPassword } from "~/modules/auth/password.server";
import { ROLES } from "~/modules/auth/permissions";
import * as auditRoute from "~/routes/_app.admin.audit";
import * as userRoute from "~/routes/_app.admin.users.$id";
import * as listRoute from "~/routes/_app.admin.users._index";
import * as newRoute from "~/routes/_app.admin.users.new";
import * as profileRoute from "~/routes/_app.profile";
import * as loginRoute from "~/routes/authentication.login";
import * as setPasswordRoute from "~/routes/authentication.set-password.$token";
import * as imageRoute from "~/routes/v1.api.images.$file";
import { schoolDay } from "../helpers/clock";
import { throughGate } from "../helpers/concurrency";
import { testDialect, useTestDatabase } from "../helpers/db";
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
} from "../helpers/fixtures";
import { storedImageBytes, storedImages } from "../helpers/stored-images";

useTestDatabase();

const UPLOADS = fs.mkdtempSync(path.join(os.tmpdir(), "school-uploads-"));
process.env.UPLOAD_DIR = UPLOADS;
afterAll(() => fs.rmSync(UPLOADS, { recursive: true, force: true }));

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
let admin: string;
let counter = 0;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
  admin = cookies.admin_staff;
});

beforeEach(async () => {
  await db().deleteFrom("login_attempts").execute();
});

/** A fresh user to change, signed in once (its Cookie header). */
async function target(fields: Partial<User> = {}) {
  counter += 1;
  const user = await createUser({
    role: "professor",
    email: `target${counter}@school.example.com`,
    name: `Target ${counter}`,
    ...fields,
  });
  return { user, cookie: await signIn(user.email) };
}

const userRow = (id: number) => db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const sessionsOf = async (userId: number) =>
  (await db().selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;
const auditOf = (entityId: number, action?: string) => {
  let q = db().selectFrom("audit_log").selectAll().where("entity", "=", "user").where("entity_id", "=", entityId);
  if (action) q = q.where("action", "=", action);
  return q.orderBy("id").execute();
};
const countUsers = async () =>
  Number(
    (
      await db()
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const countAudit = async () =>
  Number(
    (
      await db()
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

type Result = {
  intent?: string;
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  link?: string | null;
  created?: { id: number; link: string } | null;
};

const post = (
  route: Parameters<typeof callAction>[0],
  url: string,
  cookie: string | undefined,
  form: Record<string, string>,
  params = {},
) => callAction(route, request(url, { cookie, form }), params);
const postUser = (id: number, form: Record<string, string>, cookie = admin) =>
  post(userRoute, `/admin/users/${id}`, cookie, form, { id: String(id) });

function multipart(
  url: string,
  cookie: string | undefined,
  fields: Record<string, string>,
  file?: { bytes: Buffer | string; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      "avatar",
      new Blob([typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes)], { type: file.type }),
      file.name,
    );
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}${url}`, { method: "POST", body: form, headers });
}

// A real 1x1 PNG, and look-alikes.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from("WEBPVP8L"),
  Buffer.alloc(14),
]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const BIG_PNG = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);

// ------------------------------------------------------------------ permissions

describe("who may use these pages", () => {
  const OTHER_STAFF = ["coordinator", "receptionist", "financial"] as const;
  const NON_STAFF = [
    ["professor", "/teachers"],
    ["student", "/student"],
  ] as const;

  const pages: {
    name: string;
    route: Parameters<typeof callLoader>[0];
    url: string;
    params: Record<string, string>;
  }[] = [
    { name: "users list", route: listRoute, url: "/admin/users", params: {} },
    { name: "new user", route: newRoute, url: "/admin/users/new", params: {} },
    { name: "user detail", route: userRoute, url: "/admin/users/ID", params: { id: "ID" } },
    { name: "audit log", route: auditRoute, url: "/admin/audit", params: {} },
  ];
  const fill = (s: string) => s.replace("ID", String(users.professor.id));
  const paramsOf = (p: Record<string, string>) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, fill(v)]));

  describe.each(pages)("$name loader", ({ route, url, params }) => {
    it("admin: 200", async () => {
      const res = await callLoader(route, request(fill(url), { cookie: admin }), paramsOf(params));
      expect(res.status).toBe(200);
    });
    it.each(OTHER_STAFF)("%s: 403 Access Denied", async (role) => {
      const res = await callLoader(route, request(fill(url), { cookie: cookies[role] }), paramsOf(params));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "You don't have access to this section." });
    });
    it.each(NON_STAFF)("%s: sent to %s", async (role, home) => {
      const res = await callLoader(route, request(fill(url), { cookie: cookies[role] }), paramsOf(params));
      expect(redirectedTo(res)).toBe(home);
    });
    it("anonymous: sent to sign in", async () => {
      const res = await callLoader(route, request(fill(url)), paramsOf(params));
      expect(redirectedTo(res)).toMatch(/^\/authentication\/login\?redirectTo=/);
    });
  });

  describe.each([
    {
      name: "new user",
      route: newRoute,
      url: "/admin/users/new",
      form: () => ({
        method: "password",
        name: "X",
        email: `x${Date.now()}@school.example.com`,
        role: "admin_staff",
        password: "long-enough-password",
      }),
    },
    { name: "user detail (lock)", route: userRoute, url: "/admin/users/ID", form: () => ({ intent: "lock" }) },
    {
      name: "user detail (role)",
      route: userRoute,
      url: "/admin/users/ID",
      form: () => ({ intent: "update", name: "Hacked", email: users.professor.email, role: "admin_staff" }),
    },
  ])("$name action", ({ route, url, form }) => {
    it.each([...OTHER_STAFF, ...NON_STAFF.map(([role]) => role)])("%s: refused, nothing written", async (role) => {
      const before = { users: await countUsers(), audit: await countAudit() };
      const res = await callAction(route, request(fill(url), { cookie: cookies[role], form: form() }), {
        id: String(users.professor.id),
      });
      if ((OTHER_STAFF as readonly string[]).includes(role)) expect(res.status).toBe(403);
      else expect(redirectedTo(res)).toBe(role === "student" ? "/student" : "/teachers");
      expect({ users: await countUsers(), audit: await countAudit() }).toEqual(before);
      const professor = await userRow(users.professor.id);
      expect(professor.role).toBe("professor");
      expect(professor.locked_at).toBeNull();
    });
    it("anonymous: sent to sign in", async () => {
      const res = await callAction(route, request(fill(url), { form: form() }), { id: String(users.professor.id) });
      expect(redirectedTo(res)).toMatch(/^\/authentication\/login/);
    });
  });

  it("an avatar upload to another user's admin page is refused for non-admins", async () => {
    const res = await callAction(
      userRoute,
      multipart(
        `/admin/users/${users.professor.id}`,
        cookies.receptionist,
        { intent: "avatar" },
        { bytes: PNG, name: "a.png", type: "image/png" },
      ),
      { id: String(users.professor.id) },
    );
    expect(res.status).toBe(403);
    expect((await userRow(users.professor.id)).image).toBeNull();
  });

  it.each(ROLES)("profile: %s may open their own profile", async (role) => {
    const res = await callLoader(profileRoute, request("/profile", { cookie: cookies[role] }));
    expect(res.status).toBe(200);
    const data = (await res.json()) as { profile: { email: string; role: string } };
    expect(data.profile).toMatchObject({ email: users[role].email, role });
  });

  it("profile: anonymous is sent to sign in (loader and action)", async () => {
    expect(redirectedTo(await callLoader(profileRoute, request("/profile")))).toBe(
      "/authentication/login?redirectTo=%2Fprofile",
    );
    expect(redirectedTo(await post(profileRoute, "/profile", undefined, { intent: "profile", name: "X" }))).toMatch(
      /^\/authentication\/login/,
    );
  });
});

// ------------------------------------------------------------------ list

describe("users list", () => {
  it("searches name and email, filters by role and status, pages", async () => {
    await createUser({ role: "financial", email: "zed.search@school.example.com", name: "Zed Searchable" });
    let res = await callLoader(listRoute, request("/admin/users?q=SEARCHABLE", { cookie: admin }));
    let data = (await res.json()) as { rows: { email: string; locked: boolean }[]; total: number };
    expect(data.rows.map((r) => r.email)).toEqual(["zed.search@school.example.com"]);
    res = await callLoader(listRoute, request("/admin/users?q=zed.search@", { cookie: admin }));
    expect(((await res.json()) as typeof data).total).toBe(1);
    res = await callLoader(listRoute, request("/admin/users?role=financial", { cookie: admin }));
    data = (await res.json()) as typeof data;
    expect(data.rows.length).toBeGreaterThanOrEqual(2);
    res = await callLoader(listRoute, request("/admin/users?limit=2&page=1", { cookie: admin }));
    data = (await res.json()) as typeof data;
    expect(data.rows).toHaveLength(2);
    expect(data.total).toBeGreaterThan(2);
    // Only the shown columns leave the server: never a password hash.
    expect(JSON.stringify(data)).not.toContain("$argon2");
  });

  it("a LIKE wildcard in the search is taken literally", async () => {
    const res = await callLoader(listRoute, request("/admin/users?q=%25", { cookie: admin }));
    expect(((await res.json()) as { total: number }).total).toBe(0);
  });
});

// ------------------------------------------------------------------ create

describe("creating a user", () => {
  const create = (form: Record<string, string>) => post(newRoute, "/admin/users/new", admin, form);

  it.each([
    [
      "no name",
      { method: "password", email: "a1@school.example.com", role: "coordinator", password: "long-enough-pass" },
      "name",
      "users:errors.nameRequired",
    ],
    [
      "a bad email",
      { method: "password", name: "A", email: "not-an-email", role: "coordinator", password: "long-enough-pass" },
      "email",
      "login.errors.emailInvalid",
    ],
    [
      "an unknown role",
      {
        method: "password",
        name: "A",
        email: "a2@school.example.com",
        role: "superuser",
        password: "long-enough-pass",
      },
      "role",
      "users:errors.roleRequired",
    ],
    [
      "a 9-character password",
      { method: "password", name: "A", email: "a3@school.example.com", role: "coordinator", password: "123456789" },
      "password",
      "users:errors.passwordTooShort",
    ],
    [
      "no password method",
      { name: "A", email: "a4@school.example.com", role: "coordinator" },
      "method",
      "users:errors.methodRequired",
    ],
  ] as [string, Record<string, string>, string, string][])(
    "with %s: 400, a message by the field, nothing written",
    async (_label, form, field, message) => {
      const before = { users: await countUsers(), audit: await countAudit() };
      const res = await create(form);
      expect(res.status).toBe(400);
      const data = (await res.json()) as Result;
      expect(data.result.error?.[field]).toEqual([message]);
      // Typed values come back, the password never does.
      expect(data.result.initialValue?.password).toBeUndefined();
      if (form.name) expect(data.result.initialValue?.name).toBe(form.name);
      expect({ users: await countUsers(), audit: await countAudit() }).toEqual(before);
    },
  );

  it("refuses a duplicate email (whatever its case) with a message by the email", async () => {
    const before = await countUsers();
    const res = await create({
      method: "password",
      name: "Twin",
      email: ` ${users.coordinator.email.toUpperCase()} `,
      role: "coordinator",
      password: "long-enough-pass",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Result).result.error?.email).toEqual(["users:errors.emailTaken"]);
    expect(await countUsers()).toBe(before);
  });

  it("with an initial password: the user exists, is audited and can sign in", async () => {
    const email = "new.teacher@school.example.com";
    const res = await create({
      method: "password",
      name: "New Teacher",
      email,
      role: "professor",
      password: "initial-pass-123",
    });
    const created = await db().selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(redirectedTo(res)).toBe(`/admin/users/${created.id}`);
    expect(created).toMatchObject({ name: "New Teacher", role: "professor", status: "active", locked_at: null });
    expect(created.password_hash).toMatch(/^\$argon2id\$/);
    const [row] = await auditOf(created.id, "user.created");
    expect(row.user_id).toBe(users.admin_staff.id);
    expect(JSON.parse(row.details ?? "{}")).toMatchObject({ role: "professor", email, password: "password" });
    const login = await callAction(
      loginRoute,
      request("/authentication/login", { form: { email, password: "initial-pass-123" } }),
    );
    expect(redirectedTo(login)).toBe("/teachers");
  });

  it("with a one-time link: shown once, stored only hashed, no password yet", async () => {
    const email = "linked@school.example.com";
    const res = await create({
      method: "link",
      name: "Linked User",
      email,
      role: "receptionist",
      password: "ignored-password",
    });
    expect(res.status).toBe(200);
    const data = (await res.json()) as Result;
    const link = data.created?.link ?? "";
    expect(link).toMatch(/^http:\/\/localhost\/authentication\/set-password\/[A-Za-z0-9_-]{43}$/);
    const token = link.split("/").pop() ?? "";
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const created = await db().selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(created.password_hash).toBeNull();
    const tokens = await db().selectFrom("password_tokens").selectAll().where("user_id", "=", created.id).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0].token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(tokens[0].purpose).toBe("invite");
    const hours = (Date.parse(tokens[0].expires_at) - Date.parse(tokens[0].created_at)) / 3_600_000;
    expect(hours).toBe(72);
    // Reloading the user page never shows it again.
    const page = await callLoader(userRoute, request(`/admin/users/${created.id}`, { cookie: admin }), {
      id: String(created.id),
    });
    expect(await page.text()).not.toContain(token);
  });
});

// ------------------------------------------------------------------ set-password links

describe("set-password link", () => {
  async function linkFor(userId: number) {
    const res = await postUser(userId, { intent: "reset", method: "link" });
    expect(res.status).toBe(200);
    return ((await res.json()) as Result).link?.split("/").pop() ?? "";
  }
  const open = (token: string) =>
    callLoader(setPasswordRoute, request(`/authentication/set-password/${token}`), { token });
  const submit = (token: string, form: Record<string, string>) =>
    callAction(setPasswordRoute, request(`/authentication/set-password/${token}`, { form }), { token });

  it("works once: sets the password, unlocks, ends sessions, then says it was used", async () => {
    const { user, cookie } = await target({ locked_at: new Date().toISOString(), failed_logins: 5 });
    expect(cookie).toBeTruthy();
    const token = await linkFor(user.id);
    expect(await sessionsOf(user.id)).toBe(0);
    expect((await open(token)).status).toBe(200);

    const mismatch = await submit(token, { password: "chosen-password-1", confirm: "chosen-password-2" });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as Result).result.error?.confirm).toEqual(["users:errors.passwordMismatch"]);

    const ok = await submit(token, { password: "chosen-password-1", confirm: "chosen-password-1" });
    expect(redirectedTo(ok)).toBe("/authentication/login");
    expect(setCookies(ok, "toast")).toHaveLength(1);
    const row = await userRow(user.id);
    expect(await verifyPassword(row.password_hash ?? "", "chosen-password-1")).toBe(true);
    expect(row.locked_at).toBeNull();
    expect(row.failed_logins).toBe(0);
    expect(await auditOf(user.id, "user.password_set")).toHaveLength(1);

    const again = await submit(token, { password: "another-password-9", confirm: "another-password-9" });
    expect(again.status).toBe(410);
    expect(((await again.json()) as Result).result.error?.[""]).toEqual(["users:setPassword.used"]);
    expect(await verifyPassword((await userRow(user.id)).password_hash ?? "", "chosen-password-1")).toBe(true);
    expect(((await (await open(token)).json()) as { state: string }).state).toBe("used");
  });

  it("used twice at the same moment: one sets the password, the other is told the link was used", async () => {
    const { user } = await target();
    const token = await linkFor(user.id);
    const passwords = ["first-choice-pass-1", "second-choice-pass-2"];
    const { result: answers, blockedTogether } = await throughGate(
      "select token_hash from password_tokens where user_id = $1 for update",
      [user.id],
      2,
      () => Promise.all(passwords.map((password) => submit(token, { password, confirm: password }))),
    );
    if (testDialect === "postgres") expect(blockedTogether).toBe(2);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 410]);
    const refused = answers.find((a) => a.status === 410)!;
    expect(((await refused.json()) as Result).result.error?.[""]).toEqual(["users:setPassword.used"]);
    const winner = passwords[answers.findIndex((a) => a.status === 302)];
    const loser = passwords.find((p) => p !== winner)!;
    const row = await userRow(user.id);
    expect(await verifyPassword(row.password_hash ?? "", winner)).toBe(true);
    expect(await verifyPassword(row.password_hash ?? "", loser)).toBe(false);
    expect(await auditOf(user.id, "user.password_set")).toHaveLength(1);
  });

  it("expires after 72 hours", async () => {
    const { user } = await target();
    const token = await linkFor(user.id);
    await db()
      .updateTable("password_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .where("used_at", "is", null)
      .execute();
    const page = await open(token);
    expect(page.status).toBe(410);
    expect(((await page.json()) as { state: string }).state).toBe("expired");
    const res = await submit(token, { password: "chosen-password-1", confirm: "chosen-password-1" });
    expect(res.status).toBe(410);
    expect((await userRow(user.id)).password_hash).toBeNull();
  });

  it("an unknown token is refused; a new link makes the previous one stop working", async () => {
    const unknown = crypto.randomBytes(32).toString("base64url");
    expect((await open(unknown)).status).toBe(404);
    expect((await open("../../etc/passwd")).status).toBe(404);
    const { user } = await target();
    const first = await linkFor(user.id);
    const second = await linkFor(user.id);
    expect(((await (await open(first)).json()) as { state: string }).state).toBe("used");
    expect((await open(second)).status).toBe(200);
  });
});

// ------------------------------------------------------------------ admin changes

describe("editing a user", () => {
  it("a role change ends the user's sessions and is audited with old and new role", async () => {
    const { user } = await target();
    expect(await sessionsOf(user.id)).toBe(1);
    const res = await postUser(user.id, { intent: "update", name: user.name, email: user.email, role: "coordinator" });
    expect(redirectedTo(res)).toBe(`/admin/users/${user.id}`);
    expect((await userRow(user.id)).role).toBe("coordinator");
    expect(await sessionsOf(user.id)).toBe(0);
    const [row] = await auditOf(user.id, "user.role_changed");
    expect(row.user_id).toBe(users.admin_staff.id);
    expect(JSON.parse(row.details ?? "{}")).toEqual({ from: "professor", to: "coordinator" });
  });

  it("a name change keeps the sessions and records old and new", async () => {
    const { user } = await target();
    await postUser(user.id, { intent: "update", name: "Renamed Person", email: user.email, role: user.role });
    expect(await sessionsOf(user.id)).toBe(1);
    const [row] = await auditOf(user.id, "user.updated");
    expect(JSON.parse(row.details ?? "{}")).toEqual({ name: { from: user.name, to: "Renamed Person" } });
  });

  it("taking another user's email is refused by the email field", async () => {
    const { user } = await target();
    const res = await postUser(user.id, {
      intent: "update",
      name: user.name,
      email: users.financial.email,
      role: user.role,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Result).result.error?.email).toEqual(["users:errors.emailTaken"]);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it("an admin cannot remove their own admin role: 400, nothing changed, sessions kept", async () => {
    const me = users.admin_staff;
    const before = await countAudit();
    const res = await postUser(me.id, { intent: "update", name: me.name, email: me.email, role: "coordinator" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Result).result.error?.role).toEqual(["users:errors.selfDemotion"]);
    expect((await userRow(me.id)).role).toBe("admin_staff");
    expect(await sessionsOf(me.id)).toBeGreaterThan(0);
    expect(await countAudit()).toBe(before);
  });

  it.each([
    ["lock", "users:errors.selfLock"],
    ["deactivate", "users:errors.selfDeactivation"],
  ])("an admin cannot %s themselves", async (intent, message) => {
    const me = users.admin_staff;
    const res = await postUser(me.id, { intent });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Result).result.error?.[""]).toEqual([message]);
    const row = await userRow(me.id);
    expect(row.locked_at).toBeNull();
    expect(row.status).toBe("active");
    expect(await sessionsOf(me.id)).toBeGreaterThan(0);
  });

  it("lock ends sessions and blocks sign-in; unlock clears the lock and the failed sign-ins", async () => {
    const { user } = await target({ failed_logins: 3 });
    expect(redirectedTo(await postUser(user.id, { intent: "lock" }))).toBe(`/admin/users/${user.id}`);
    expect((await userRow(user.id)).locked_at).not.toBeNull();
    expect(await sessionsOf(user.id)).toBe(0);
    const refused = await callAction(
      loginRoute,
      request("/authentication/login", { form: { email: user.email, password: PASSWORD } }),
    );
    expect(refused.status).toBe(403);

    await postUser(user.id, { intent: "unlock" });
    const row = await userRow(user.id);
    expect(row.locked_at).toBeNull();
    expect(row.failed_logins).toBe(0);
    expect((await auditOf(user.id)).map((r) => r.action)).toEqual(["user.locked", "user.unlocked"]);
    const login = await callAction(
      loginRoute,
      request("/authentication/login", { form: { email: user.email, password: PASSWORD } }),
    );
    expect(redirectedTo(login)).toBe("/teachers");
  });

  it("deactivate ends sessions; activate brings the account back", async () => {
    const { user } = await target();
    await postUser(user.id, { intent: "deactivate" });
    expect((await userRow(user.id)).status).toBe("inactive");
    expect(await sessionsOf(user.id)).toBe(0);
    await postUser(user.id, { intent: "activate" });
    expect((await userRow(user.id)).status).toBe("active");
    expect((await auditOf(user.id)).map((r) => r.action)).toEqual(["user.deactivated", "user.activated"]);
  });

  it("reset with a typed password: the old one stops working, sessions end, audited", async () => {
    const { user } = await target();
    const short = await postUser(user.id, { intent: "reset", method: "password", password: "short" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as Result).result.error?.password).toEqual(["users:errors.passwordTooShort"]);
    expect(await sessionsOf(user.id)).toBe(1);

    const res = await postUser(user.id, { intent: "reset", method: "password", password: "admin-chosen-pass" });
    expect(redirectedTo(res)).toBe(`/admin/users/${user.id}`);
    const row = await userRow(user.id);
    expect(await verifyPassword(row.password_hash ?? "", PASSWORD)).toBe(false);
    expect(await verifyPassword(row.password_hash ?? "", "admin-chosen-pass")).toBe(true);
    expect(await sessionsOf(user.id)).toBe(0);
    const [audit] = await auditOf(user.id, "user.password_reset");
    expect(JSON.parse(audit.details ?? "{}")).toEqual({ method: "password" });
    expect(audit.details).not.toContain("admin-chosen-pass");
  });

  it("an unknown user is 404", async () => {
    const res = await callLoader(userRoute, request("/admin/users/999999", { cookie: admin }), { id: "999999" });
    expect(res.status).toBe(404);
    expect((await postUser(999999, { intent: "lock" })).status).toBe(404);
  });
});

// ------------------------------------------------------------------ profile

describe("profile", () => {
  it("changes the name (audited) and the language (users.locale and the lng cookie)", async () => {
    const { user, cookie } = await target();
    expect(redirectedTo(await post(profileRoute, "/profile", cookie, { intent: "profile", name: "New Name" }))).toBe(
      "/profile",
    );
    expect((await userRow(user.id)).name).toBe("New Name");
    const empty = await post(profileRoute, "/profile", cookie, { intent: "profile", name: "  " });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Result).result.error?.name).toEqual(["users:errors.nameRequired"]);

    const res = await post(profileRoute, "/profile", cookie, { intent: "language", locale: "fr" });
    expect(redirectedTo(res)).toBe("/profile");
    expect(setCookies(res, "lng")[0]).toMatch(/^lng=/);
    expect((await userRow(user.id)).locale).toBe("fr");
    expect((await post(profileRoute, "/profile", cookie, { intent: "language", locale: "de" })).status).toBe(400);
  });

  it("the email cannot be changed from the profile", async () => {
    const { user, cookie } = await target();
    await post(profileRoute, "/profile", cookie, {
      intent: "profile",
      name: "Same",
      email: "hijack@school.example.com",
    });
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it("change password: needs the right current password; ends the other sessions, keeps this one", async () => {
    const { user, cookie } = await target();
    const other = await signIn(user.email);
    expect(other).not.toBe(cookie);
    expect(await sessionsOf(user.id)).toBe(2);

    const wrong = await post(profileRoute, "/profile", cookie, {
      intent: "password",
      current_password: "not-my-password",
      password: "brand-new-pass-1",
      confirm: "brand-new-pass-1",
    });
    expect(wrong.status).toBe(400);
    const data = (await wrong.json()) as Result;
    expect(data.result.error?.current_password).toEqual(["users:errors.currentPasswordWrong"]);
    expect(data.result.initialValue?.current_password).toBeUndefined();
    expect(await verifyPassword((await userRow(user.id)).password_hash ?? "", PASSWORD)).toBe(true);

    const mismatch = await post(profileRoute, "/profile", cookie, {
      intent: "password",
      current_password: PASSWORD,
      password: "brand-new-pass-1",
      confirm: "brand-new-pass-2",
    });
    expect(mismatch.status).toBe(400);

    const ok = await post(profileRoute, "/profile", cookie, {
      intent: "password",
      current_password: PASSWORD,
      password: "brand-new-pass-1",
      confirm: "brand-new-pass-1",
    });
    expect(redirectedTo(ok)).toBe("/profile");
    expect(await verifyPassword((await userRow(user.id)).password_hash ?? "", "brand-new-pass-1")).toBe(true);
    expect(await sessionsOf(user.id)).toBe(1);
    // This session still works, the other one is gone.
    expect((await callLoader(profileRoute, request("/profile", { cookie }))).status).toBe(200);
    expect(redirectedTo(await callLoader(profileRoute, request("/profile", { cookie: other })))).toMatch(
      /^\/authentication\/login/,
    );
    expect(await auditOf(user.id, "user.password_changed")).toHaveLength(1);
  });
});

// ------------------------------------------------------------------ avatars

describe("avatar upload and the image route", () => {
  const upload = (cookie: string, file: { bytes: Buffer | string; name: string; type: string }) =>
    callAction(profileRoute, multipart("/profile", cookie, { intent: "avatar" }, file));
  const image = (file: string, headers: Record<string, string> = {}) =>
    callLoader(imageRoute, request(`/v1/api/images/${encodeURIComponent(file)}`, { headers }), { file });

  it("a PNG is stored under a random name and served as image/png to a signed-in user", async () => {
    const { user, cookie } = await target();
    const res = await upload(cookie, { bytes: PNG, name: "me.txt", type: "text/plain" });
    expect(redirectedTo(res)).toBe("/profile");
    const name = (await userRow(user.id)).image ?? "";
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(await storedImageBytes(name)).toEqual(PNG);
    expect(await auditOf(user.id, "user.image_changed")).toHaveLength(1);

    const served = await image(name, { Cookie: cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Content-Disposition")).toBe("inline");
    expect(served.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const anonymous = await image(name);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Unauthorized" });
  });

  it("a bearer token works too", async () => {
    const { user, cookie } = await target();
    await upload(cookie, { bytes: JPEG, name: "me.jpg", type: "image/jpeg" });
    const name = (await userRow(user.id)).image ?? "";
    expect(name).toMatch(/\.jpg$/);
    const token = await createCookie("token", { secrets: sessionSecrets() }).parse(cookiePair(cookie));
    const served = await image(name, { Authorization: `Bearer ${token}` });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("replacing the picture removes the old file; removing it clears users.image", async () => {
    const { user, cookie } = await target();
    await upload(cookie, { bytes: PNG, name: "a.png", type: "image/png" });
    const first = (await userRow(user.id)).image ?? "";
    await upload(cookie, { bytes: WEBP, name: "b.webp", type: "image/webp" });
    const second = (await userRow(user.id)).image ?? "";
    expect(second).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(await storedImageBytes(first)).toBeNull();
    expect(await storedImageBytes(second)).not.toBeNull();
    expect((await image(second, { Cookie: cookie })).headers.get("Content-Type")).toBe("image/webp");

    expect(redirectedTo(await post(profileRoute, "/profile", cookie, { intent: "removeAvatar" }))).toBe("/profile");
    expect((await userRow(user.id)).image).toBeNull();
    expect(await storedImageBytes(second)).toBeNull();
    expect((await image(second, { Cookie: cookie })).status).toBe(404);
  });

  it.each([
    [
      "a text file renamed .png",
      { bytes: "just some text, not a picture", name: "photo.png", type: "image/png" },
      "users:errors.image.notAnImage",
    ],
    [
      "an SVG with a script",
      { bytes: SVG, name: "avatar.svg", type: "image/svg+xml" },
      "users:errors.image.notAnImage",
    ],
    ["an SVG renamed .png", { bytes: SVG, name: "avatar.png", type: "image/png" }, "users:errors.image.notAnImage"],
    ["a 3 MB PNG", { bytes: BIG_PNG, name: "big.png", type: "image/png" }, "users:errors.image.tooLarge"],
    ["no file", { bytes: "", name: "", type: "application/octet-stream" }, "users:errors.image.missing"],
  ])(
    "%s is refused with 400 (413 when too large) and a message by the field; nothing stored",
    async (_label, file, message) => {
      const { user, cookie } = await target();
      const filesBefore = (await storedImages()).length;
      const res = await upload(cookie, file);
      expect(res.status).toBe(message === "users:errors.image.tooLarge" ? 413 : 400);
      expect(((await res.json()) as Result).result.error?.avatar).toEqual([message]);
      expect((await userRow(user.id)).image).toBeNull();
      expect(await storedImages()).toHaveLength(filesBefore);
    },
  );

  it("an admin sets another user's picture from the user page", async () => {
    const { user, cookie } = await target();
    const res = await callAction(
      userRoute,
      multipart(
        `/admin/users/${user.id}`,
        admin,
        { intent: "avatar" },
        { bytes: PNG, name: "x.png", type: "image/png" },
      ),
      { id: String(user.id) },
    );
    expect(redirectedTo(res)).toBe(`/admin/users/${user.id}`);
    const name = (await userRow(user.id)).image ?? "";
    expect(name).toMatch(/\.png$/);
    const [row] = await auditOf(user.id, "user.image_changed");
    expect(row.user_id).toBe(users.admin_staff.id);
    expect((await image(name, { Cookie: cookie })).status).toBe(200);
    const bad = await callAction(
      userRoute,
      multipart(
        `/admin/users/${user.id}`,
        admin,
        { intent: "avatar" },
        { bytes: SVG, name: "x.svg", type: "image/svg+xml" },
      ),
      { id: String(user.id) },
    );
    expect(bad.status).toBe(400);
  });

  it.each([
    "../../etc/passwd",
    "..%2F..%2Fetc%2Fpasswd",
    "../school.db",
    "/etc/passwd",
    "a.png",
    "ABCDEF0123456789abcdef0123456789.png",
    `${"a".repeat(32)}.svg`,
    `${"a".repeat(32)}.png`,
  ])("%s is 404", async (file) => {
    const res = await image(file, { Cookie: admin });
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
  });
});

// ------------------------------------------------------------------ audit page

describe("audit log page", () => {
  type AuditData = {
    rows: {
      action: string;
      actor_name: string | null;
      entity: string;
      entity_id: number | null;
      target_name: string | null;
      details: AuditLine[];
      created_at: string;
    }[];
    total: number;
    options: { actors: { id: number; name: string }[]; entities: string[] };
  };
  const load = async (query = "") =>
    (await (await callLoader(auditRoute, request(`/admin/audit${query}`, { cookie: admin }))).json()) as AuditData;

  it("lists newest first with the actor's name and details as named fields (not raw keys), typed text as typed", async () => {
    const { user } = await target();
    await postUser(user.id, {
      intent: "update",
      name: "<img src=x onerror=alert(1)>",
      email: user.email,
      role: "financial",
    });
    const data = await load(`?actor=${users.admin_staff.id}&entity=user`);
    expect(data.rows[0]).toMatchObject({
      action: "user.role_changed",
      actor_name: users.admin_staff.name,
      entity: "user",
      entity_id: user.id,
    });
    expect(data.rows[0].target_name).toBe("<img src=x onerror=alert(1)>");
    expect(data.rows[0].details).toEqual([
      { label: "users:fields.role", from: { key: "common:roles.professor" }, to: { key: "common:roles.financial" } },
    ]);
    const updated = data.rows.find((r) => r.action === "user.updated" && r.entity_id === user.id);
    expect(updated?.details).toEqual([
      { label: "users:fields.name", from: { text: user.name }, to: { text: "<img src=x onerror=alert(1)>" } },
    ]);
    const times = data.rows.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(data.options.actors.map((a) => a.id)).toContain(users.admin_staff.id);
    expect(data.options.entities).toContain("user");
  });

  it("filters by actor, entity and date range", async () => {
    const { user, cookie } = await target();
    await post(profileRoute, "/profile", cookie, { intent: "profile", name: "Self Edited" });
    const mine = await load(`?actor=${user.id}`);
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.actor_name === "Self Edited")).toBe(true);
    expect((await load("?entity=nothing_here")).total).toBe(0);
    const tomorrow = await schoolDay(2);
    const yesterday = await schoolDay(-2);
    expect((await load(`?from=${tomorrow}`)).total).toBe(0);
    expect((await load(`?to=${yesterday}`)).total).toBe(0);
    const all = await load();
    expect((await load(`?from=${yesterday}&to=${tomorrow}`)).total).toBe(all.total);
    const paged = await load("?limit=2&page=2");
    expect(paged.rows).toHaveLength(2);
  });
});
