import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { createCookieSessionStorage } from "@remix-run/node";
import { db, sql } from "~/db/kysely.server";
import { clientKey, rateLimitFactor } from "~/env.server";
import { audit } from "~/modules/audit/audit.server";
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

async function recordAttempt(email: string, client: string, success: boolean) {
  await db()
    .insertInto("login_attempts")
    .values({ email, client, success: success ? 1 : 0, created_at: new Date().toISOString() })
    .execute();
}

async function verifyLogin(email: string, password: string, client: string): Promise<LoginUser> {
  // Limits are checked before any hashing, so a flood costs us a count, not argon2.
  const factor = rateLimitFactor();
  if (
    (await recentFailures("email", email)) >= ACCOUNT_LIMIT * factor ||
    (await recentFailures("client", client)) >= CLIENT_LIMIT * factor
  ) {
    throw new LoginError("rateLimited");
  }

  const user = await db()
    .selectFrom("users")
    .select(["id", "role", "password_hash", "status", "locked_at", "failed_logins"])
    .where("email", "=", email)
    .executeTakeFirst();

  if (!user || !user.password_hash) {
    await spendVerifyTime(password);
    await recordAttempt(email, client, false);
    throw new LoginError("invalid");
  }
  if (user.locked_at) {
    await recordAttempt(email, client, false);
    throw new LoginError("locked");
  }

  if (!(await verifyPassword(user.password_hash, password))) {
    await recordAttempt(email, client, false);
    const updated = await db()
      .updateTable("users")
      .set({ failed_logins: sql`failed_logins + 1`, updated_at: new Date().toISOString() })
      .where("id", "=", user.id)
      .returning("failed_logins")
      .executeTakeFirstOrThrow();
    if (updated.failed_logins >= LOCK_AFTER_FAILURES) {
      const now = new Date().toISOString();
      await db().updateTable("users").set({ locked_at: now }).where("id", "=", user.id).where("locked_at", "is", null).execute();
      await db().deleteFrom("sessions").where("user_id", "=", user.id).execute();
      await audit(null, "user.locked", "user", user.id, { reason: "failed sign-ins" });
      throw new LoginError("locked");
    }
    throw new LoginError("invalid");
  }

  await recordAttempt(email, client, true);
  if (user.status !== "active") throw new LoginError("inactive");
  if (user.failed_logins !== 0) {
    await db().updateTable("users").set({ failed_logins: 0 }).where("id", "=", user.id).execute();
  }
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
    new FormStrategy(async ({ form, request }) => {
      const parsed = loginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new LoginError("invalid");
      return verifyLogin(parsed.data.email, parsed.data.password, clientKey(request));
    }),
    "form",
  );
  return authenticator;
}

/** Signs in with the form's email and password, or tells why not. */
export async function authenticate(
  request: Request,
): Promise<{ ok: true; user: LoginUser } | { ok: false; code: LoginFailure }> {
  try {
    const user = await getAuthenticator().authenticate("form", request, { throwOnError: true });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof LoginError) {
      return { ok: false, code: error.cause.code };
    }
    if (error instanceof LoginError) return { ok: false, code: error.code };
    throw error;
  }
}
