import { type ActionFunctionArgs, json } from "@remix-run/node";
import { apiError, methodNotAllowed, readBody, requireMethod } from "~/http/api.server";
import { refuseCrossSite } from "~/http/guards.server";
import { issueSession } from "~/http/session.server";
import { loginSchema } from "~/modules/auth/login-schema";
import { authenticate, signedInUser } from "~/modules/auth/login.server";
import { canUseApi } from "~/modules/auth/permissions";

const MESSAGES = {
  invalid: [401, "The email or password is incorrect."],
  inactive: [403, "This account has been deactivated. Please contact the school administration."],
  locked: [403, "Account has been locked. Please contact the school administration."],
  rateLimited: [429, "Too many sign-in attempts. Please wait a few minutes and try again."],
} as const;

/** POST {email, password} → {data: {token, user}} (the token goes in Authorization: Bearer). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  try {
    refuseCrossSite(request);
  } catch {
    return apiError(403, "Cross-site request refused.");
  }
  const body = await readBody(request, "login");
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) {
    return apiError(400, "Check the fields.", parsed.error.flatten().fieldErrors as Record<string, string[]>);
  }
  // The same sign-in as the form: rate limits, lockout, argon2id.
  const outcome = await authenticate(parsed.data, request, context);
  if (!outcome.ok) {
    const [status, message] = MESSAGES[outcome.code];
    return apiError(status, message);
  }
  // The API is the staff's (transfer data): a student signs in to the portal only (ADR 047).
  if (!canUseApi(outcome.user.role)) return apiError(403, "This account has no access to the API.");
  const { token } = await issueSession(request, outcome.user.id);
  return json({ data: { token, user: await signedInUser(outcome.user.id) } });
}

export function loader() {
  return methodNotAllowed("POST");
}
