import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/kysely.server";
import { type NewUser, type Role, type User } from "~/db/schema";
import { createSession } from "~/http/session.server";
import { hashPassword } from "~/modules/auth/password.server";
import { ROLES } from "~/modules/auth/permissions";

export const ORIGIN = "http://localhost";
export const PASSWORD = "correct-horse-battery-staple";

// argon2 costs ~50 ms: one hash per test file, shared by every fixture user.
let hashed: Promise<string> | undefined;
export function passwordHash() {
  hashed ??= hashPassword(PASSWORD);
  return hashed;
}

export const emailFor = (role: Role) => `${role.replace(/_/g, "-")}@school.example.com`;

/** One user row with the fixture password; every field can be overridden. */
export async function createUser(fields: Partial<NewUser> & { role: Role }): Promise<User> {
  const now = new Date().toISOString();
  return db()
    .insertInto("users")
    .values({
      name: `Test ${fields.role}`,
      email: emailFor(fields.role),
      password_hash: await passwordHash(),
      status: "active",
      image: null,
      locale: null,
      locked_at: null,
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One user per role of ROLES, so a new role gets a user (and its tests) automatically. */
export async function createRoleUsers(): Promise<Record<Role, User>> {
  const users = {} as Record<Role, User>;
  for (const role of ROLES) users[role] = await createUser({ role });
  return users;
}

/** A real session for the user with that email; returns the Cookie header value (`token=...`). */
export async function signIn(email: string): Promise<string> {
  const user = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return cookiePair(await createSession(request("/"), user.id), "token");
}

/** `name=value` of a Set-Cookie header line. */
export function cookiePair(setCookie: string, name?: string) {
  const pair = setCookie.split(";")[0].trim();
  if (name && !pair.startsWith(`${name}=`)) throw new Error(`Expected cookie ${name}, got ${pair}`);
  return pair;
}

/** Every Set-Cookie line of a response whose cookie has that name. */
export function setCookies(response: Response, name?: string) {
  return response.headers.getSetCookie().filter((c) => !name || c.startsWith(`${name}=`));
}

export interface RequestOptions {
  method?: string;
  cookie?: string;
  form?: Record<string, string> | URLSearchParams;
  headers?: Record<string, string>;
}

/** A real Request to http://localhost<path>; POST forms are same-origin by default. */
export function request(path: string, { method, cookie, form, headers = {} }: RequestOptions = {}) {
  const h = new Headers();
  const verb = (method ?? (form ? "POST" : "GET")).toUpperCase();
  if (verb !== "GET" && verb !== "HEAD") h.set("Origin", ORIGIN);
  if (form) h.set("Content-Type", "application/x-www-form-urlencoded");
  if (cookie) h.set("Cookie", cookie);
  for (const [k, v] of Object.entries(headers)) h.set(k, v);
  const url = /^https?:\/\//.test(path) ? path : `${ORIGIN}${path}`;
  return new Request(url, {
    method: verb,
    headers: h,
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
}

type Params = Record<string, string | undefined>;

/** Returned or thrown, a route's answer as a Response (a plain value becomes 200 JSON). */
async function settle(run: () => unknown): Promise<Response> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  if (result instanceof Response) return result;
  return new Response(JSON.stringify(result ?? null), { status: 200, headers: { "Content-Type": "application/json" } });
}

/** The address the server would give a test's requests (its socket's). */
export const TEST_CLIENT = "127.0.0.1";

export function callLoader(
  route: { loader?: (args: LoaderFunctionArgs) => unknown },
  req: Request,
  params: Params = {},
) {
  if (!route.loader) throw new Error("This route module has no loader.");
  const loader = route.loader;
  return settle(() => loader({ request: req, params, context: { clientAddress: TEST_CLIENT } }));
}

/** `clientAddress`: the socket address the server would give (default TEST_CLIENT), for per-client limits. */
export function callAction(
  route: { action?: (args: ActionFunctionArgs) => unknown },
  req: Request,
  params: Params = {},
  { clientAddress = TEST_CLIENT }: { clientAddress?: string } = {},
) {
  if (!route.action) throw new Error("This route module has no action.");
  const action = route.action;
  return settle(() => action({ request: req, params, context: { clientAddress } }));
}

/** The Location of a redirect, or null when the response is not one. */
export function redirectedTo(response: Response) {
  return response.status >= 300 && response.status < 400 ? response.headers.get("Location") : null;
}
