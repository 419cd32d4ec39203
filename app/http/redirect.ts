// PURE (client and server): where a redirect that names a page from input
// (`redirectTo` of the sign-in form, the language and layout switches, the
// menu; the page of a failed form post) may go. Issue 16 M1.

const BASE = "http://same-origin.invalid";
const MAX_LENGTH = 2048;
// Control characters (C0, DEL, C1), the line and paragraph separators, and
// the backslash, which browsers read as a slash ("/\evil.test" is "//evil.test").
const REFUSED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;
// A path of this origin in the form a Location header carries it: one leading
// slash, then printable ASCII only (everything else percent-encoded).
const ANSWER = /^\/(?![/\\])[\x21-\x7e]*$/;

/**
 * The same-origin path `to` names, normalised the way the browser and the
 * Remix router will read it, or null when it is not one.
 *
 * The check is made on what the browser will receive, not on what was sent:
 * "/./\evil.test" starts with one slash, but the router drops the dot segment
 * and the browser reads the rest as "//evil.test". So it refuses, in the raw
 * text and in the path decoded once (for a proxy or server that decodes):
 * anything not starting with a single "/", backslashes, control characters,
 * empty segments ("//") and dot segments ("." "..", also as %2e). What is
 * left is parsed as a URL of this origin and answered serialised
 * (non-ASCII percent-encoded: a Location header takes Latin-1 only, and
 * "/é" would otherwise make the response itself fail with a 500).
 */
export function sameOriginPath(to: unknown): string | null {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) return null;
  if (!to.startsWith("/") || REFUSED.test(to)) return null;
  const end = to.search(/[?#]/);
  const rawPath = end === -1 ? to : to.slice(0, end);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null; // a broken escape ("%E0", "%zz")
  }
  if (REFUSED.test(path) || path.includes("//")) return null;
  if (path.split("/").some((segment) => segment === "." || segment === "..")) return null;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const answer = url.pathname + url.search + url.hash;
  return ANSWER.test(answer) ? answer : null;
}

/** `to` when it is a page of this site (normalised, see sameOriginPath), else `fallback`. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  return sameOriginPath(to) ?? fallback;
}
