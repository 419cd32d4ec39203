import crypto from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { db } from "~/db/kysely.server";
import { type Role } from "~/db/schema";
import { isHttps, sessionSecrets } from "~/env.server";
import { hashToken } from "~/modules/auth/tokens.server";

export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
// last_seen_at is written at most this often, so reading a page is not a write.
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  image: string | null;
  sessionId: number;
}

// The two cookies a server can need (Secure over HTTPS or not), made once
// each rather than on every read (issue 18). The secrets are the process's,
// read once at start (sessionSecrets refuses to start without them).
const tokenCookies = new Map<boolean, ReturnType<typeof createCookie>>();

function tokenCookie(request: Request) {
  const secure = isHttps(request);
  let cookie = tokenCookies.get(secure);
  if (!cookie) {
    cookie = createCookie("token", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: sessionSecrets(),
      maxAge: SESSION_LIFETIME_MS / 1000,
    });
    tokenCookies.set(secure, cookie);
  }
  return cookie;
}

/** A new session with a fresh 256-bit token; the raw token is never stored. */
export async function issueSession(request: Request, userId: number): Promise<{ token: string; cookie: string }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  await db()
    .insertInto("sessions")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
  return { token, cookie: await tokenCookie(request).serialize(token) };
}

/**
 * Sign-in: a new session for the user, and the session this browser came
 * with (someone else's, or one planted on it) ends, so the token always
 * changes at sign-in. Returns the Set-Cookie header.
 */
export async function createSession(request: Request, userId: number): Promise<string> {
  const previous = await readToken(request);
  if (previous) await db().deleteFrom("sessions").where("token_hash", "=", hashToken(previous)).execute();
  return (await issueSession(request, userId)).cookie;
}

async function readToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("token=")) return null;
  const value = await tokenCookie(request).parse(header);
  return typeof value === "string" && value.length >= 32 ? value : null;
}

export type SessionLookup = { state: "none" } | { state: "expired" } | { state: "valid"; user: SessionUser };

/**
 * One lookup per page request (issue 18): a course page's layout, course
 * frame and page each ask for the user of the same Request, which Remix
 * hands to all three loaders. Only GET and HEAD are remembered: they change
 * no session (an action that signs in or out, changes a password or locks
 * an account runs on a POST, and the loaders after it get a new Request).
 */
const lookups = new WeakMap<Request, Promise<SessionLookup>>();

/** The signed-in user of a cookie or bearer token, read fresh from the database (once per GET request). */
export function lookupSession(request: Request): Promise<SessionLookup> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookupFresh(request);
  let found = lookups.get(request);
  if (!found) {
    found = lookupFresh(request);
    lookups.set(request, found);
    // A failed lookup (the database down) is not remembered: the next asker tries again.
    found.catch(() => lookups.delete(request));
  }
  return found;
}

async function lookupFresh(request: Request): Promise<SessionLookup> {
  const auth = request.headers.get("Authorization");
  const token = auth?.startsWith("Bearer ") ? auth.slice(7).trim() : await readToken(request);
  if (!token) return { state: "none" };
  const row = await db()
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id as sessionId",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "users.id",
      "users.name",
      "users.email",
      "users.role",
      "users.image",
      "users.status",
      "users.locked_at",
    ])
    .where("sessions.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return { state: "expired" };
  const now = Date.now();
  if (Date.parse(row.expires_at) <= now || row.status !== "active" || row.locked_at) {
    await db().deleteFrom("sessions").where("id", "=", row.sessionId).execute();
    return { state: "expired" };
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
    await db()
      .updateTable("sessions")
      .set({ last_seen_at: new Date(now).toISOString() })
      .where("id", "=", row.sessionId)
      .execute();
  }
  return {
    state: "valid",
    user: { id: row.id, name: row.name, email: row.email, role: row.role, image: row.image, sessionId: row.sessionId },
  };
}

/** Ends the session of this request (if any) and returns the cookie that clears it. */
export async function destroySession(request: Request): Promise<string> {
  const auth = request.headers.get("Authorization");
  const token = auth?.startsWith("Bearer ") ? auth.slice(7).trim() : await readToken(request);
  if (token) await db().deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
  return tokenCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}

export async function clearSessionCookie(request: Request) {
  return tokenCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The 403 page of an account locked while signed in (the fifth wrong password in a row): its session cookie goes. */
export async function lockedOut(request: Request) {
  return { page: 403, message: "login.errors.locked", headers: { "Set-Cookie": await clearSessionCookie(request) } };
}

export function loginPath(request: Request) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return back === "/" ? "/authentication/login" : `/authentication/login?redirectTo=${encodeURIComponent(back)}`;
}

/**
 * Only a page of this site, judged on the location the browser will receive
 * (issue 16 M1): one rule for every redirectTo, in ~/http/redirect.
 */
export { safeRedirect } from "~/http/redirect";

export async function logoutRedirect(request: Request, to = "/authentication/login") {
  return redirect(to, { headers: { "Set-Cookie": await destroySession(request) } });
}
