import { json, redirect } from "@remix-run/node";
import { type Role } from "~/db/schema";
import { CAPABILITIES, type Capability, can, homeFor, isStaff } from "../modules/auth/permissions";
import { type SessionUser, clearSessionCookie, lookupSession, loginPath } from "./session.server";

export const ACCESS_DENIED = "You don't have access to this section.";

/** The shared 403: root's error boundary shows it as the Access Denied dialog. */
export function forbidden(message = ACCESS_DENIED): never {
  throw json({ message }, { status: 403 });
}

/** The methods an HTML form (and a link) can send: all a page answers. */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;

/**
 * A page's refusal of any other method (PUT, PATCH, DELETE...): the shared
 * error page shows it translated, never Remix's own text (issue 15).
 */
export function methodNotAllowed(): never {
  throw json({ message: "errors.methodNotAllowed" }, { status: 405, headers: { Allow: PAGE_METHODS.join(", ") } });
}

/**
 * Every request a page's action takes: only the methods of a form (so a PUT
 * or DELETE to a page is a 405 before its action does anything), from this
 * site. Runs inside `requireUser` and first in the public actions; the JSON
 * API, which takes PUT, checks the origin alone (`refuseCrossSite`).
 */
export function assertSameOrigin(request: Request) {
  if (!(PAGE_METHODS as readonly string[]).includes(request.method)) methodNotAllowed();
  refuseCrossSite(request);
}

/**
 * Cross-site request check for every non-GET request: the browser's
 * Sec-Fetch-Site, else Origin, must say this site. Requests with neither
 * (curl, API clients) carry no ambient credentials worth forging.
 */
export function refuseCrossSite(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") forbidden("Cross-site request refused.");
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      forbidden("Cross-site request refused.");
    }
    const ownHost = request.headers.get("X-Forwarded-Host") ?? new URL(request.url).host;
    if (host !== ownHost) forbidden("Cross-site request refused.");
  } else if (origin === "null") {
    forbidden("Cross-site request refused.");
  }
}

/** The signed-in user, or a redirect to sign-in (a dead session is cleared: 401 ends it). */
export async function requireUser(request: Request): Promise<SessionUser> {
  assertSameOrigin(request);
  const found = await lookupSession(request);
  if (found.state === "valid") return found.user;
  const headers = new Headers();
  if (found.state === "expired") headers.append("Set-Cookie", await clearSessionCookie(request));
  throw redirect(loginPath(request), { headers });
}

export async function optionalUser(request: Request): Promise<SessionUser | null> {
  const found = await lookupSession(request);
  return found.state === "valid" ? found.user : null;
}

/** /dashboard, /admin*, /coordinator*: staff only; a student goes to /student, anyone else to /teachers. */
export async function requireStaff(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role === "student") throw redirect("/student");
  if (!isStaff(user.role)) throw redirect("/teachers");
  return user;
}

/** Teacher-area routes other than /teachers itself: a student goes to /student, any other non-professor to /dashboard. */
export async function requireProfessor(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role === "student") throw redirect("/student");
  if (user.role !== "professor") throw redirect("/dashboard");
  return user;
}

/**
 * Pages every signed-in role may open that are not a student's (/teachers
 * itself): a student goes to /student (PRODUCT 2: a student reaches only
 * /student*, their own PDFs and their profile).
 */
export async function requireNonStudent(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role === "student") throw redirect("/student");
  return user;
}

/** The student portal (/student*): students only; anyone else goes to their own home. */
export async function requireStudentRole(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "student") throw redirect(homeFor(user.role));
  return user;
}

/**
 * One capability of the permission table, after the area's redirect rule:
 * staff capabilities send non-staff to /teachers (a student to /student), the
 * professors' ones send non-professors to /dashboard (a student to /student),
 * the portal's send everyone but a student home; a role of the right area
 * without the capability gets Access Denied (403).
 */
export async function requirePermission(request: Request, capability: Capability): Promise<SessionUser> {
  const roles = CAPABILITIES[capability] as readonly Role[];
  const user = roles.includes("student")
    ? await requireStudentRole(request)
    : roles.includes("professor")
      ? await requireProfessor(request)
      : await requireStaff(request);
  if (!can(user.role, capability)) forbidden();
  return user;
}

export function hasRole(user: { role: Role }, ...roles: Role[]) {
  return roles.includes(user.role);
}
