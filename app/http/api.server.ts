import { json } from "@remix-run/node";
import { BODY_LIMITS, type BodyKind, BodyTooLarge, readBodyForm, readBodyText } from "~/http/body.server";
import { containsNul } from "~/http/form.server";
import { ACCESS_DENIED, refuseCrossSite } from "~/http/guards.server";
import { type SessionUser, lookupSession } from "~/http/session.server";
import { englishText } from "~/i18n/i18n.server";
import { type Capability, can } from "~/modules/auth/permissions";

// The /v1/api JSON API (PRODUCT 9): bearer token, the pages' permission
// table, errors as {message} with 400 (plus errors per field), 401, 403, 404, 409.

/** The English text of a translation key ("ns:a.b"); other strings pass through. */
export function englishMessage(key: string): string {
  return englishText(key) ?? key;
}

export function apiError(
  status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429,
  message: string,
  errors?: Record<string, string[]>,
) {
  const english = errors
    ? Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map(englishMessage)]))
    : undefined;
  return json(english ? { message: englishMessage(message), errors: english } : { message: englishMessage(message) }, {
    status,
  });
}

/** The caller of an API request, holding the capability; otherwise throws 401/403 JSON. */
export async function apiUser(request: Request, capability?: Capability): Promise<SessionUser> {
  try {
    refuseCrossSite(request);
  } catch {
    throw apiError(403, "Cross-site request refused.");
  }
  const found = await lookupSession(request);
  if (found.state === "none") throw apiError(401, "Not authorized, token not sent");
  if (found.state === "expired") throw apiError(401, "Not authorized, token expired or invalid");
  if (capability && !can(found.user.role, capability)) throw apiError(403, ACCESS_DENIED);
  return found.user;
}

/**
 * 405 {message} for a method the endpoint does not take, with the Allow
 * header (GET answers HEAD too). Every /v1/api route answers this for the
 * methods it lacks, never Remix's "Unexpected Server Error".
 */
export function methodNotAllowed(...methods: ("GET" | "POST" | "PUT")[]) {
  const allow = methods.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]));
  const response = apiError(405, `Method not allowed. Use ${methods.join(" or ")}.`);
  response.headers.set("Allow", allow.join(", "));
  return response;
}

/** The action of a GET-only endpoint: a cross-site request is refused as everywhere (403), any other is 405. */
export function onlyGet(request: Request) {
  try {
    refuseCrossSite(request);
  } catch {
    return apiError(403, "Cross-site request refused.");
  }
  return methodNotAllowed("GET");
}

export function requireMethod(request: Request, ...methods: ("POST" | "PUT")[]) {
  if (!(methods as string[]).includes(request.method)) throw methodNotAllowed(...methods);
}

/**
 * A JSON or form body as a plain object; a body that is neither is a 400,
 * one over its kind's limit a 413 (refused unread when its length says so,
 * cut off at the limit otherwise; ADR 026).
 */
export async function readBody(request: Request, kind: BodyKind = "api"): Promise<Record<string, unknown>> {
  try {
    return await parseBody(request, kind);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      throw apiError(413, `The body is too large: at most ${Math.floor(BODY_LIMITS[kind] / 1024)} KiB.`);
    }
    // Our own answers go out as they are; a body that could not be read (a client gone) is a 400.
    if (error instanceof Response) throw error;
    throw apiError(400, "The body could not be read.");
  }
}

async function parseBody(request: Request, kind: BodyKind): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const text = await readBodyText(request, kind);
    if (!text.trim()) return {};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // reported below
    }
    if (!value || typeof value !== "object" || Array.isArray(value))
      throw apiError(400, "The body must be a JSON object.");
    // PostgreSQL cannot store NUL in text: refused here rather than failing a query.
    if (containsNul(value)) throw apiError(400, "Text may not hold the NUL character.");
    return value as Record<string, unknown>;
  }
  if (type.includes("form")) {
    let form: FormData;
    try {
      form = await readBodyForm(request, kind);
    } catch (error) {
      if (error instanceof BodyTooLarge) throw error;
      throw apiError(400, "The form could not be read.");
    }
    if (containsNul([...form.keys(), ...form.values()])) throw apiError(400, "Text may not hold the NUL character.");
    const out: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) {
      const all = form.getAll(key).filter((v): v is string => typeof v === "string");
      out[key] = all.length > 1 ? all : all[0];
    }
    return out;
  }
  const text = await readBodyText(request, kind);
  if (!text.trim()) return {};
  throw apiError(400, "Send the body as application/json.");
}
