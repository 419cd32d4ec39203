import { createHash } from "node:crypto";
import { isHttps } from "~/env.server";
import appCss from "~/tailwind.css?inline";

// The app's stylesheet (ADR 051): inside the page on a browser's first visit
// (ADR 020: no request for the first paint to wait for), and as a linked,
// immutably cached file on every page after it, once the browser holds it.
// The page that inlines it also asks the browser to prefetch the file; the
// file's answer sets the `css` cookie to this build's version, so a browser
// says it holds the file only after it has fetched it.

export const STYLESHEET = appCss;
export const STYLESHEET_VERSION = createHash("sha256").update(appCss).digest("base64url").slice(0, 16);
export const STYLESHEET_PATH = `/styles/${STYLESHEET_VERSION}.css`;

const COOKIE = "css";

/** Whether the browser says it holds this build's file (the `css` cookie its answer set). */
export function holdsStylesheet(request: Request): boolean {
  const cookies = request.headers.get("Cookie") ?? "";
  return cookies.split(";").some((c) => c.trim() === `${COOKIE}=${STYLESHEET_VERSION}`);
}

/** What the page's head carries: the stylesheet's text, or only its address (the browser holds the file). */
export function pageStyles(request: Request): { css: string; href: string } {
  return { css: holdsStylesheet(request) ? "" : STYLESHEET, href: STYLESHEET_PATH };
}

/** The cookie the file's answer sets: this build's version, for a year. */
export function stylesheetCookie(request: Request): string {
  return `${COOKIE}=${STYLESHEET_VERSION}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${isHttps(request) ? "; Secure" : ""}`;
}
