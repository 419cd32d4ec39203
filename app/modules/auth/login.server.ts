import { type AppLoadContext, createCookieSessionStorage } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db, sql } from "~/db/kysely.server";
import { type Role } from "~/db/schema";
import { clientKey, rateLimitFactor } from "~/env.server";
import { audit } from "~/modules/audit/audit.server";
import { pruneLoginAttempts } from "~/modules/shared/prune.server";
import { loginSchema } from "./login-schema";
import { spendVerifyTime, verifyPassword } from "./password.server";

export const LOCK_AFTER_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const ACCOUNT_LIMIT = 10;
const CLIENT_LIMIT = 50;

export type LoginFailure = "invalid" | "locked" | "inactive" | "rateLimited";

export class LoginError extends Error {
  constructor(readonly code: LoginFailure) {
    super(code);
  }
}

interface LoginUser {
  id: number;
  role: Role;
}

/** `login_attempts.success`: 0 a failed check (or one not finished), 1 a success, 2 refused unchecked (a rate limit, or an unknown email already locked). */
const FAILED = 0;
const REFUSED = 2;

/** Attempts of that email or client in the window that did not succeed (failed or refused). */
async function recentFailures(column: "email" | "client", value: string) {
  const since = new Date(Date.now() - WINDOW_MS).toISOString();
  const row = await db()
    .selectFrom("login_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(column, "=", value)
    .where("success", "!=", 1)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records an attempt as failed (until it succeeds); returns its id. */
async function recordAttempt(email: string, client: string): Promise<number> {
  // Attempts past every limit's window go as new ones come (issue 16 M3).
  await pruneLoginAttempts();
  const row = await db()
    .insertInto("login_attempts")
    .values({ email, client, success: FAILED, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Records the attempt, then refuses it when its account (email) or its
 * client has too many failures in the window. Checked before any hashing,
 * so a flood costs us a count, not argon2. There is no global limit: every
 * count is of one email or of one client (clientKey, ADR 028), so no client
 * can use these limits to refuse anyone else's sign-in.
 */
async function claimAttempt(email: string, client: string): Promise<number> {
  const attemptId = await recordAttempt(email, client);
  const factor = rateLimitFactor();
  if (
    (await recentFailures("email", email)) > ACCOUNT_LIMIT * factor ||
    (await recentFailures("client", client)) > CLIENT_LIMIT * factor
  ) {
    // Still counted by the limits, but not a wrong password: it is no step towards a lock.
    await db().updateTable("login_attempts").set({ success: REFUSED }).where("id", "=", attemptId).execute();
    throw new LoginError("rateLimited");
  }
  return attemptId;
}

/** Locks the account (once: parallel callers write one lock and one audit line) and ends its sessions. */
async function lockAccount(userId: number) {
  const now = new Date().toISOString();
  const locked = await db()
    .updateTable("users")
    .set({ locked_at: now, updated_at: now })
    .where("id", "=", userId)
    .where("locked_at", "is", null)
    .executeTakeFirst();
  await db().deleteFrom("sessions").where("user_id", "=", userId).execute();
  if (Number(locked.numUpdatedRows) === 1)
    await audit(null, "user.locked", "user", userId, { reason: "failed sign-ins" });
}

/**
 * An email with no account (or an account with no password yet) answers as
 * an account would (L1, ADR 028): "invalid" for its first four failures,
 * "locked" from the fifth on, and the same password hashing cost. Its
 * failures in a row are its checked attempts so far (it never succeeds).
 */
async function refuseUnknown(email: string, attemptId: number, password: string): Promise<never> {
  const row = await db()
    .selectFrom("login_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("email", "=", email)
    .where("success", "=", FAILED)
    .where("id", "<", attemptId)
    .executeTakeFirstOrThrow();
  const before = Number(row.n);
  if (before >= LOCK_AFTER_FAILURES) {
    // Locked: this try is not a failure of its own (an unknown email keeps
    // only the failures that locked it; pruning keeps those, as an account's
    // lock is kept: prune.server.ts).
    await db().updateTable("login_attempts").set({ success: REFUSED }).where("id", "=", attemptId).execute();
    throw new LoginError("locked");
  }
  // One row written, as an account's claim of a try writes one: the same cost of a commit.
  await db().updateTable("login_attempts").set({ success: FAILED }).where("id", "=", attemptId).execute();
  await spendVerifyTime(password);
  throw new LoginError(before + 1 >= LOCK_AFTER_FAILURES ? "locked" : "invalid");
}

/**
 * The password check of an account, for sign-in and for the profile's
 * password change alike. Built to hold under parallel attempts (issue 10):
 * each check first claims one of the LOCK_AFTER_FAILURES tries with a
 * conditional increment, so 20 guesses at once check at most 5 passwords;
 * the right password gives the try back (the count starts again, PRODUCT 2).
 * A locked account answers "locked" to its right password only: a wrong one
 * counts as on an open account (so an account locked by hand answers like
 * any other, L1), and once five tries are taken no password is checked.
 */
async function checkPassword(user: { id: number; password_hash: string; locked_at: string | null }, password: string) {
  const claimed = await db()
    .updateTable("users")
    .set({ failed_logins: sql`failed_logins + 1` })
    .where("id", "=", user.id)
    .where("failed_logins", "<", LOCK_AFTER_FAILURES)
    .returning("failed_logins")
    .executeTakeFirst();
  if (!claimed) {
    // Every try is taken: by failures in a row, or by attempts still being
    // checked right now. Either way this is the attempt after the fifth.
    await lockAccount(user.id);
    throw new LoginError("locked");
  }

  if (!(await verifyPassword(user.password_hash, password))) {
    if (claimed.failed_logins >= LOCK_AFTER_FAILURES) {
      await lockAccount(user.id);
      throw new LoginError("locked");
    }
    throw new LoginError("invalid");
  }

  if (user.locked_at) {
    // The owner, who knows the password, is told the account is locked; the try goes back.
    await db()
      .updateTable("users")
      .set({ failed_logins: sql`failed_logins - 1` })
      .where("id", "=", user.id)
      .where("failed_logins", ">", 0)
      .execute();
    throw new LoginError("locked");
  }
  // The right password ends the run of failures, unless the account was locked meanwhile.
  const reset = await db()
    .updateTable("users")
    .set({ failed_logins: 0 })
    .where("id", "=", user.id)
    .where("locked_at", "is", null)
    .executeTakeFirst();
  if (Number(reset.numUpdatedRows) !== 1) throw new LoginError("locked");
}

async function markSucceeded(attemptId: number) {
  await db().updateTable("login_attempts").set({ success: 1 }).where("id", "=", attemptId).execute();
}

/**
 * The sign-in check: the attempt is recorded BEFORE the limits are counted,
 * so of N attempts at once the one that sees more than the limit is refused
 * (checking first and recording after let every parallel attempt through).
 */
async function verifyLogin(email: string, password: string, client: string): Promise<LoginUser> {
  const attemptId = await claimAttempt(email, client);
  const user = await db()
    .selectFrom("users")
    .select(["id", "role", "password_hash", "status", "locked_at"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (!user || !user.password_hash) return refuseUnknown(email, attemptId, password);

  await checkPassword({ ...user, password_hash: user.password_hash }, password);
  await markSucceeded(attemptId);
  if (user.status !== "active") throw new LoginError("inactive");
  return { id: user.id, role: user.role };
}

/**
 * A signed-in user's current password, checked as a sign-in is (L2): the
 * same per-account and per-client limits, the same count of failures in a
 * row, and the fifth wrong one locks the account and ends its sessions.
 */
export async function checkOwnPassword(
  userId: number,
  password: string,
  client: string,
): Promise<"ok" | "invalid" | "locked" | "rateLimited"> {
  const user = await db()
    .selectFrom("users")
    .select(["id", "email", "password_hash", "locked_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.password_hash) return "invalid";
  try {
    const attemptId = await claimAttempt(user.email, client);
    await checkPassword({ ...user, password_hash: user.password_hash }, password);
    await markSucceeded(attemptId);
    return "ok";
  } catch (error) {
    if (
      error instanceof LoginError &&
      (error.code === "invalid" || error.code === "locked" || error.code === "rateLimited")
    )
      return error.code;
    throw error;
  }
}

// remix-auth asks for a session storage; ours lives in the database
// (session.server.ts), so this one is only read, never committed.
const unusedStorage = createCookieSessionStorage({
  cookie: { name: "__auth", secrets: ["unused"], sameSite: "lax", httpOnly: true },
});

let authenticator: Authenticator<LoginUser> | undefined;

function getAuthenticator() {
  if (authenticator) return authenticator;
  authenticator = new Authenticator<LoginUser>(unusedStorage, { throwOnError: true });
  authenticator.use(
    new FormStrategy(async ({ form, request, context }) => {
      const parsed = loginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new LoginError("invalid");
      return verifyLogin(parsed.data.email, parsed.data.password, clientKey(request, context));
    }),
    "form",
  );
  return authenticator;
}

/**
 * Signs in with the form's email and password, or tells why not. The form is
 * the one the action read (readForm, kind "login"): the body is read once,
 * through the limited reader (ADR 026). `context` is the loader context the
 * server gave (the client's address).
 */
export async function authenticate(
  form: FormData | Record<string, unknown>,
  request: Request,
  context: unknown,
): Promise<{ ok: true; user: LoginUser } | { ok: false; code: LoginFailure }> {
  // remix-auth's FormStrategy reads the form from a request: it gets one made
  // here from the form already read (in memory, within the login limit), with
  // the original headers for the client's address.
  const fields = new URLSearchParams();
  const entries = form instanceof FormData ? [...form.entries()] : Object.entries(form);
  for (const [name, value] of entries) if (typeof value === "string") fields.append(name, value);
  const headers = new Headers(request.headers);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  headers.delete("Content-Length");
  const formRequest = new Request(request.url, { method: "POST", headers, body: fields });
  try {
    const user = await getAuthenticator().authenticate("form", formRequest, {
      throwOnError: true,
      context: context as AppLoadContext,
    });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof LoginError) {
      return { ok: false, code: error.cause.code };
    }
    if (error instanceof LoginError) return { ok: false, code: error.code };
    throw error;
  }
}

/** The language saved on a user's profile (it follows them to a new browser at sign-in). */
export async function savedLocale(userId: number) {
  const saved = await db().selectFrom("users").select("locale").where("id", "=", userId).executeTakeFirst();
  return saved?.locale ?? null;
}

/** What the API's sign-in answers about its user. */
export async function signedInUser(userId: number) {
  return db()
    .selectFrom("users")
    .select(["id", "name", "email", "role", "image"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}
