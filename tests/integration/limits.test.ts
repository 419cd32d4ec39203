import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { SUBMISSIONS_PER_HOUR } from "~/modules/registrations/wizard.server";
import * as profileRoute from "~/routes/_app.profile";
import * as loginRoute from "~/routes/authentication.login";
import * as apiLoginRoute from "~/routes/v1.api.auth.login";
import { useTestDatabase } from "../helpers/db";
import {
  ORIGIN,
  PASSWORD,
  callAction,
  createRoleUsers,
  createUser,
  redirectedTo,
  request,
  setCookies,
  signIn,
} from "../helpers/fixtures";
import { Wizard, adultPersonal, messageValues } from "../helpers/registration";

// Issue 16: M2 (no limit may let one client deny service to all), L1 (an
// unknown email and a locked account answer the same), L2 (the profile's
// current-password check is limited and locks like sign-in). ADR 028.

useTestDatabase();

// How much password hashing each answer cost: real checks and the dummy
// check an unknown email gets (L1: the same number for both).
const hashing = vi.hoisted(() => ({ real: 0, dummy: 0 }));
vi.mock("~/modules/auth/password.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/modules/auth/password.server")>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      hashing.real += 1;
      return real.verifyPassword(hash, password);
    },
    spendVerifyTime: (password: string) => {
      hashing.dummy += 1;
      return real.spendVerifyTime(password);
    },
  };
});

delete process.env.RATE_LIMIT_FACTOR;
delete process.env.TRUST_PROXY;

const FLOODER = "127.0.0.2";
const NEIGHBOUR = "127.0.0.3";

let users: Record<Role, User>;
let counter = 0;
beforeAll(async () => {
  users = await createRoleUsers();
});
beforeEach(async () => {
  await db().deleteFrom("login_attempts").execute();
});

function freshUser(fields: Partial<User> = {}) {
  counter += 1;
  return createUser({ role: "receptionist", email: `limits${counter}@school.example.com`, ...fields });
}

function login(email: string, password: string, clientAddress = NEIGHBOUR) {
  return callAction(loginRoute, request("/authentication/login", { form: { email, password } }), {}, { clientAddress });
}

function apiLogin(email: string, password: string, clientAddress = NEIGHBOUR) {
  const req = new Request(`${ORIGIN}/v1/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return callAction(apiLoginRoute, req, {}, { clientAddress });
}

/** Status and the form's failure and message: everything of the answer that does not echo the email. */
async function formAnswer(response: Response) {
  const body = (await response.json()) as { result: { error?: Record<string, string[]> }; failure: string | null };
  return `${response.status} ${body.failure} ${body.result.error?.[""]?.join()}`;
}

async function apiAnswer(response: Response) {
  return `${response.status} ${JSON.stringify(await response.json())}`;
}

const userRow = (id: number) =>
  db()
    .selectFrom("users")
    .select(["failed_logins", "locked_at", "password_hash"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

/** 60 wrong sign-ins from one address over six unknown emails and four real accounts (none of them the admin). */
async function floodSignIns(clientAddress: string | ((i: number) => string)) {
  const victims = await Promise.all(Array.from({ length: 4 }, () => freshUser()));
  const emails = [
    ...victims.map((v) => v.email),
    ...Array.from({ length: 6 }, (_, i) => `nobody${i}@school.example.com`),
  ];
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) {
    const address = typeof clientAddress === "string" ? clientAddress : clientAddress(i);
    statuses.push((await login(emails[i % emails.length], "wrong-password-123", address)).status);
  }
  return statuses;
}

describe("M2: one client cannot lock everyone out", () => {
  it("60 bad sign-ins from 127.0.0.2 limit that address only: from 127.0.0.3 an untouched account and the admin sign in", async () => {
    const bystander = await freshUser();
    const statuses = await floodSignIns(FLOODER);
    expect(statuses.slice(50)).toEqual(Array(10).fill(429));
    // The flooder is refused even with a right password.
    expect((await login(bystander.email, PASSWORD, FLOODER)).status).toBe(429);

    const neighbour = await login(bystander.email, PASSWORD, NEIGHBOUR);
    expect(neighbour.status).toBe(302);
    expect(setCookies(neighbour, "token")).toHaveLength(1);
    expect(redirectedTo(await login(users.admin_staff.email, PASSWORD, NEIGHBOUR))).toBe("/dashboard");
    expect((await apiLogin(users.coordinator.email, PASSWORD, NEIGHBOUR)).status).toBe(200);
  });

  it("an IPv6 client is its /64: rotating addresses inside it does not escape the limit; the next /64 is another client", async () => {
    const statuses = await floodSignIns((i) => `2001:db8:aa:1::${(i + 1).toString(16)}`);
    expect(statuses.slice(50)).toEqual(Array(10).fill(429));
    expect((await login(users.admin_staff.email, PASSWORD, "2001:db8:aa:1:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await login(users.admin_staff.email, PASSWORD, "2001:db8:aa:2::1")).status).toBe(302);
  });

  it("an IPv4 client written as IPv4-mapped IPv6 (a dual-stack socket) is the same client", async () => {
    const statuses = await floodSignIns((i) => (i % 2 ? FLOODER : `::ffff:${FLOODER}`));
    expect(statuses.slice(50)).toEqual(Array(10).fill(429));
    expect((await login(users.admin_staff.email, PASSWORD, FLOODER)).status).toBe(429);
    expect((await login(users.admin_staff.email, PASSWORD, NEIGHBOUR)).status).toBe(302);
  });

  async function register(clientAddress: string) {
    const wizard = new Wizard({}, clientAddress);
    await wizard.upToMessage(adultPersonal());
    return wizard.post("message", messageValues());
  }

  it(`${SUBMISSIONS_PER_HOUR} registrations from 127.0.0.2 close registration for that address only`, async () => {
    for (let i = 0; i < SUBMISSIONS_PER_HOUR; i++)
      expect(redirectedTo(await register(FLOODER))).toBe("/students-registration/done");
    expect((await register(FLOODER)).status).toBe(429);
    expect(redirectedTo(await register(NEIGHBOUR))).toBe("/students-registration/done");
  });

  it("registrations count per IPv6 /64 too", async () => {
    for (let i = 0; i < SUBMISSIONS_PER_HOUR; i++)
      expect(redirectedTo(await register(`2001:db8:bb:1::${i + 1}`))).toBe("/students-registration/done");
    expect((await register("2001:db8:bb:1::ff")).status).toBe(429);
    expect(redirectedTo(await register("2001:db8:bb:2::1"))).toBe("/students-registration/done");
  });
});

describe("L1: an unknown email and a locked account answer the same", () => {
  it("attempt by attempt, on the form: the same status, failure and message, and the same hashing", async () => {
    const real = await freshUser();
    const run = async (email: string) => {
      hashing.real = 0;
      hashing.dummy = 0;
      const answers: string[] = [];
      for (let i = 0; i < 8; i++) answers.push(await formAnswer(await login(email, `wrong-password-${i}`)));
      return { answers, hashed: hashing.real + hashing.dummy };
    };
    const known = await run(real.email);
    const unknown = await run("no-such-person@school.example.com");
    expect(unknown).toEqual(known);
    expect(known.answers).toEqual([
      ...Array(4).fill("401 invalid login.errors.invalid"),
      ...Array(4).fill("403 locked login.errors.locked"),
    ]);
    // Five passwords hashed each time: none once the tries are used up.
    expect(known.hashed).toBe(5);
    // The real account is locked (the admin sees it in admin/users), the owner's right password gets the dialog.
    expect((await userRow(real.id)).locked_at).not.toBeNull();
    expect(await formAnswer(await login(real.email, PASSWORD))).toBe("403 locked login.errors.locked");
  });

  it("and on the API", async () => {
    const real = await freshUser();
    const run = async (email: string) => {
      const answers: string[] = [];
      for (let i = 0; i < 7; i++) answers.push(await apiAnswer(await apiLogin(email, `wrong-password-${i}`)));
      return answers;
    };
    const known = await run(real.email);
    expect(await run("no-such-person-api@school.example.com")).toEqual(known);
    expect(known[4]).toBe(
      `403 ${JSON.stringify({ message: "Account has been locked. Please contact the school administration." })}`,
    );
  });

  it("an account locked by hand answers wrong passwords as an open one (locked at the fifth), its right password with the lock", async () => {
    const real = await freshUser({ locked_at: new Date().toISOString() });
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(await formAnswer(await login(real.email, `wrong-password-${i}`)));
    const unknown: string[] = [];
    for (let i = 0; i < 6; i++)
      unknown.push(await formAnswer(await login("no-such-person-2@school.example.com", `wrong-password-${i}`)));
    expect(answers).toEqual(unknown);
    expect(await formAnswer(await login(real.email, PASSWORD))).toBe("403 locked login.errors.locked");
  });

  it("the owner of an account locked by hand is told so at once with the right password", async () => {
    const real = await freshUser({ locked_at: new Date().toISOString() });
    expect(await formAnswer(await login(real.email, PASSWORD))).toBe("403 locked login.errors.locked");
    expect(await formAnswer(await login(real.email, PASSWORD))).toBe("403 locked login.errors.locked");
    expect((await userRow(real.id)).failed_logins).toBe(0);
  });

  it("attempts refused by a rate limit are no step towards a lock, for an unknown email as for an account", async () => {
    const real = await freshUser();
    // The flooder is over its limit; its attempts at both emails are refused unchecked.
    const now = new Date().toISOString();
    await db()
      .insertInto("login_attempts")
      .values(
        Array.from({ length: 51 }, (_, i) => ({
          email: `x${i}@school.example.com`,
          client: FLOODER,
          success: 0,
          created_at: now,
        })),
      )
      .execute();
    for (const email of [real.email, "no-such-person-3@school.example.com"]) {
      for (let i = 0; i < 5; i++) expect((await login(email, "wrong-password-123", FLOODER)).status).toBe(429);
    }
    // From another client both are at their first failure.
    expect(await formAnswer(await login(real.email, "wrong-password-123"))).toBe("401 invalid login.errors.invalid");
    expect(await formAnswer(await login("no-such-person-3@school.example.com", "wrong-password-123"))).toBe(
      "401 invalid login.errors.invalid",
    );
  });
});

describe("L2: the profile's current password is checked as a sign-in is", () => {
  const change = (cookie: string, current: string, clientAddress = NEIGHBOUR) =>
    callAction(
      profileRoute,
      request("/profile", {
        cookie,
        form: {
          intent: "password",
          current_password: current,
          password: "brand-new-pass-1",
          confirm: "brand-new-pass-1",
        },
      }),
      {},
      { clientAddress },
    );
  const fieldError = async (response: Response) =>
    ((await response.json()) as { result: { error?: Record<string, string[]> } }).result.error?.current_password;

  it("the fifth wrong current password locks the account and ends its sessions", async () => {
    const user = await freshUser();
    const cookie = await signIn(user.email);
    const other = await signIn(user.email);
    for (let i = 0; i < 4; i++) {
      const wrong = await change(cookie, `not-my-password-${i}`);
      expect(wrong.status).toBe(400);
      expect(await fieldError(wrong)).toEqual(["users:errors.currentPasswordWrong"]);
    }
    const fifth = await change(cookie, "not-my-password-5");
    expect(fifth.status).toBe(403);
    expect(await fifth.json()).toEqual({ message: "login.errors.locked" });
    expect(setCookies(fifth, "token")[0]).toMatch(/Max-Age=0/i);
    const row = await userRow(user.id);
    expect(row.locked_at).not.toBeNull();
    expect(row.failed_logins).toBe(5);
    expect(await db().selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(
      await db()
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "user.locked")
        .where("entity_id", "=", user.id)
        .execute(),
    ).toHaveLength(1);
    // Both browsers are out; the password did not change.
    for (const c of [cookie, other])
      expect(redirectedTo(await change(c, PASSWORD))).toMatch(/^\/authentication\/login/);
    expect(await formAnswer(await login(user.email, PASSWORD))).toBe("403 locked login.errors.locked");
  });

  it("failures on the profile and at sign-in are one run; the right password ends it", async () => {
    const user = await freshUser();
    const cookie = await signIn(user.email);
    for (let i = 0; i < 3; i++) expect((await login(user.email, "wrong-password-123")).status).toBe(401);
    expect((await change(cookie, "not-my-password")).status).toBe(400);
    expect((await userRow(user.id)).failed_logins).toBe(4);
    expect(redirectedTo(await change(cookie, PASSWORD))).toBe("/profile");
    const row = await userRow(user.id);
    expect(row.failed_logins).toBe(0);
    expect(row.locked_at).toBeNull();
  });

  it("a client over the sign-in limit cannot guess on the profile either (429), and nothing changes", async () => {
    const user = await freshUser();
    const cookie = await signIn(user.email);
    const before = (await userRow(user.id)).password_hash;
    const now = new Date().toISOString();
    await db()
      .insertInto("login_attempts")
      .values(
        Array.from({ length: 51 }, (_, i) => ({
          email: `x${i}@school.example.com`,
          client: FLOODER,
          success: 0,
          created_at: now,
        })),
      )
      .execute();
    const refused = await change(cookie, PASSWORD, FLOODER);
    expect(refused.status).toBe(429);
    expect(await fieldError(refused)).toEqual(["users:limits.tooManyAttempts"]);
    expect((await userRow(user.id)).password_hash).toBe(before);
    // From its own address the owner changes it.
    expect(redirectedTo(await change(cookie, PASSWORD, NEIGHBOUR))).toBe("/profile");
  });

  it("an account with more than 10 failures in 15 minutes is refused on the profile too (429)", async () => {
    const user = await freshUser();
    const cookie = await signIn(user.email);
    const now = new Date().toISOString();
    await db()
      .insertInto("login_attempts")
      .values(Array.from({ length: 10 }, () => ({ email: user.email, client: FLOODER, success: 0, created_at: now })))
      .execute();
    expect((await change(cookie, PASSWORD)).status).toBe(429);
  });
});
