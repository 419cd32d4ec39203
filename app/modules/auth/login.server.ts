import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { type AppLoadContext, createCookieSessionStorage } from "@remix-run/node";
import { db, sql } from "~/db/kysely.server";
import { clientKey, rateLimitFactor } from "~/env.server";
import { audit } from "~/modules/audit/audit.server";
import { pruneLoginAttempts } from "~/modules/security/prune.server";
import { loginSchema } from "./login-schema";
import { homeFor } from "./permissions";
import { spendVerifyTime, verifyPassword } from "./password.server";

export const LOCK_AFTER_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const ACCOUNT_LIMIT = 10;
const CLIENT_LIMIT = 50;

export type LoginFailure = "invalid" | "locked" | "inactive" | "noAccess" | "rateLimited";

export class LoginError extends Error {
  constructor(readonly code: LoginFailure) {
    super(code);
  }
}

interface LoginUser {
  id: number;
  role: string;
}

async function recentFailures(column: "email" | "client", value: string) {
  const since = new Date(Date.now() - WINDOW_MS).toISOString();
  const row = await db()
    .selectFrom("login_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(column, "=", value)
    .where("success", "=", 0)
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
    .values({ email, client, success: 0, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Locks the account (once: parallel callers write one lock and one audit line) and ends its sessions. */
async function lockAccount(userId: number) {
  const now = new Date().toISOString();
  const locked = await db().updateTable("users").set({ locked_at: now, updated_at: now }).where("id", "=", userId).where("locked_at", "is", null).executeTakeFirst();
  await db().deleteFrom("sessions").where("user_id", "=", userId).execute();
  if (Number(locked.numUpdatedRows) === 1) await audit(null, "user.locked", "user", userId, { reason: "failed sign-ins" });
}

/**
 * The sign-in check. Built to hold under parallel attempts too (issue 10):
 * - the attempt is recorded BEFORE the limits are counted, so of N attempts
 *   at once the one that sees more than the limit is refused; checking first
 *   and recording after let every parallel attempt through;
 * - each password check first claims one of the LOCK_AFTER_FAILURES tries with
 *   a conditional increment, so 20 guesses at once check at most 5 passwords;
 *   a success gives the try back (the count starts again, as PRODUCT 2 says).
 */
async function verifyLogin(email: string, password: string, client: string): Promise<LoginUser> {
  // Limits are checked before any hashing, so a flood costs us a count, not argon2.
  const attemptId = await recordAttempt(email, client);
  const factor = rateLimitFactor();
  if (
    (await recentFailures("email", email)) > ACCOUNT_LIMIT * factor ||
    (await recentFailures("client", client)) > CLIENT_LIMIT * factor
  ) {
    throw new LoginError("rateLimited");
  }

  const user = await db()
    .selectFrom("users")
    .select(["id", "role", "password_hash", "status", "locked_at"])
    .where("email", "=", email)
    .executeTakeFirst();

  if (!user || !user.password_hash) {
    await spendVerifyTime(password);
    throw new LoginError("invalid");
  }
  if (user.locked_at) throw new LoginError("locked");

  const claimed = await db()
    .updateTable("users")
    .set({ failed_logins: sql`failed_logins + 1` })
    .where("id", "=", user.id)
    .where("locked_at", "is", null)
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

  // The right password ends the run of failures, unless the account was locked meanwhile.
  const reset = await db()
    .updateTable("users")
    .set({ failed_logins: 0 })
    .where("id", "=", user.id)
    .where("locked_at", "is", null)
    .executeTakeFirst();
  if (Number(reset.numUpdatedRows) !== 1) throw new LoginError("locked");
  await db().updateTable("login_attempts").set({ success: 1 }).where("id", "=", attemptId).execute();
  if (user.status !== "active") throw new LoginError("inactive");
  if (!homeFor(user.role)) throw new LoginError("noAccess");
  return { id: user.id, role: user.role };
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
 * Signs in with the form's email and password, or tells why not. `context`
 * is the loader context the server gave (the client's address).
 */
export async function authenticate(
  request: Request,
  context: unknown,
): Promise<{ ok: true; user: LoginUser } | { ok: false; code: LoginFailure }> {
  try {
    const user = await getAuthenticator().authenticate("form", request, { throwOnError: true, context: context as AppLoadContext });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof LoginError) {
      return { ok: false, code: error.cause.code };
    }
    if (error instanceof LoginError) return { ok: false, code: error.code };
    throw error;
  }
}
