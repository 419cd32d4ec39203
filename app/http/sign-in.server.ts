import { isHttps } from "~/env.server";
import { LANGUAGES } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18n.server";
import { type LoginFailure, authenticate, savedLocale } from "~/modules/auth/login.server";
import { homeFor } from "~/modules/auth/permissions";
import { createSession, safeRedirect } from "./session.server";

// The sign-in's cookies (the session's and the language's): the edge's part
// of signing in; the check itself is the auth module's (authenticate).

/** The answer's headers that keep `lng` as this browser's language (none for a value that is no language of the app). */
export async function keepLanguage(request: Request, lng: string): Promise<ResponseInit> {
  const cookie = await localeCookieFor(request, lng);
  return cookie ? { headers: { "Set-Cookie": cookie } } : {};
}

/** The cookie that keeps a language in this browser, or null for a value that is none of the app's languages. */
export async function localeCookieFor(request: Request, lng: unknown): Promise<string | null> {
  if (typeof lng !== "string" || !(LANGUAGES as readonly string[]).includes(lng)) return null;
  return localeCookie.serialize(lng, { secure: isHttps(request) });
}

/** A sign-in done: the page to go to and the cookies that go with it. */
export type SignedIn = { ok: true; to: string; cookies: string[] };

/**
 * The sign-in page's check (authenticate) and, when it passes, the new
 * session: the page to go to (`redirectTo` when it is one of ours, else the
 * user's home) and its cookies, the session's and the language saved on the
 * profile (it follows the user to this browser).
 */
export async function signIn(
  form: FormData,
  redirectTo: string | undefined,
  request: Request,
  context: unknown,
): Promise<SignedIn | { ok: false; reason: LoginFailure }> {
  const outcome = await authenticate(form, request, context);
  if (!outcome.ok) return { ok: false, reason: outcome.code };
  const { id, role } = outcome.user;
  const to = safeRedirect(redirectTo, homeFor(role));
  const cookies = [await createSession(request, id)];
  const locale = await localeCookieFor(request, await savedLocale(id));
  if (locale) cookies.push(locale);
  return { ok: true, to, cookies };
}
