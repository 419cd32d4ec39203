import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { isHttps, sessionSecrets } from "~/env.server";
import { safeRedirect } from "~/http/redirect";
import { englishText } from "~/i18n/i18n.server";

// remix-toast with the app's own secret (never the library's default one).
// Messages are translation keys; the page translates them when it renders.
type ToastUtils = ReturnType<typeof createToastUtilsWithCustomSession>;
const utils = new Map<boolean, ToastUtils>();

/** The toast helpers for this request: its cookie is Secure when the request came over HTTPS. */
export function toasts(request: Request): ToastUtils {
  const secure = isHttps(request);
  let found = utils.get(secure);
  if (!found) {
    found = createToastUtilsWithCustomSession(
      createCookieSessionStorage({
        cookie: { name: "toast", secrets: sessionSecrets(), sameSite: "lax", httpOnly: true, path: "/", secure },
      }),
    );
    utils.set(secure, found);
  }
  return found;
}

/**
 * The toast this request carries, and the header that clears it (null when
 * there was none). A request without a toast cookie has none: remix-toast
 * would still parse, validate and sign an empty session for it (an HMAC on
 * every page, issue 18), whose cookie nobody sends.
 */
export async function readToast(request: Request): Promise<{ toast: ToastMessage | null; headers: Headers | null }> {
  if (!request.headers.get("Cookie")?.includes("toast=")) return { toast: null, headers: null };
  const { toast, headers } = await toasts(request).getToast(request);
  return toast ? { toast, headers } : { toast: null, headers: null };
}

type ToastMessage = NonNullable<Awaited<ReturnType<ToastUtils["getToast"]>>["toast"]>;

// ---------------------------------------------------------------------------
// Failed form posts (spec 8, PRODUCT 10): one answer, with and without JavaScript.

/**
 * Whether a message is one of the app's translation keys ("ns:a.b", or
 * "a.b" in common): only those reach a person; any other text (a module's
 * English, Remix's own) gives way to the catalogue's generic message.
 */
export function isMessageKey(key: unknown): key is string {
  return englishText(key) !== undefined;
}

/**
 * The toast a failed form post gets instead of an error page: the server's
 * message when it is one the reader can read, else "Oops! Something went
 * wrong!". Null when the catalogue answers with a page of its own: 401
 * (sign-in), 403 (the Access Denied / Account Locked dialogs), 404, 413 (a
 * body too large: the answer stays a 413, ADR 026).
 */
export function failedSubmissionToast(status: number, message: unknown): string | null {
  if (status === 401 || status === 403 || status === 404 || status === 413) return null;
  return isMessageKey(message) ? message : "errors.oops";
}

/**
 * The page the form was on: the Referer when it is this site, else the
 * posted address itself (without Remix's `_data` and `index`); either way
 * through safeRedirect ("http://school//evil.test/x" has the path
 * "//evil.test/x"), else the home page.
 */
export function pageOfSubmission(request: Request): string {
  const url = new URL(request.url);
  const ownHost = request.headers.get("X-Forwarded-Host") ?? url.host;
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.host === ownHost && /^https?:$/.test(from.protocol))
        return safeRedirect(`${from.pathname}${from.search}`, "/");
    } catch {
      // not a URL: the posted address below
    }
  }
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return safeRedirect(search ? `${url.pathname}?${search}` : url.pathname, "/");
}

/** Back to the page of the form, with the failure's toast. */
export function redirectWithFailure(request: Request, message: string) {
  return toasts(request).redirectWithError(pageOfSubmission(request), message);
}
