import { isHttps } from "~/env.server";

const isDev = process.env.NODE_ENV === "development";

/** Security headers for every page and data response (nonce: pages only). */
export function securityHeaders(headers: Headers, nonce: string | null) {
  const scriptSrc = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc}${isDev ? " 'unsafe-inline'" : ""}`,
    // Server-rendered style attributes (Radix, progress bars) need this; no script runs from it.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // root.tsx's IntlWarmUp: a throwaway worker that loads ICU's data off the main thread.
    "worker-src data:",
    "font-src 'self'",
    `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  headers.set("Content-Security-Policy", csp);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  // Pages carry personal data and per-user menus: never kept by a cache.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}

/**
 * An HTML page the app writes without React (the PDF routes' error page):
 * no script at all, its own inline style, never in a frame.
 */
const STATIC_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/** JSON and text (the API, the bell, the menu's answers, Remix's errors): nothing runs, nothing frames it. */
const NO_CONTENT_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** One year; no includeSubDomains (other hosts of the school's domain may still be plain HTTP). */
export const HSTS = "max-age=31536000";

/** Strict-Transport-Security only in production, and only over HTTPS (as isHttps decides: TRUST_PROXY for X-Forwarded-Proto). */
export function wantsHsts(request: Request): boolean {
  return process.env.NODE_ENV === "production" && isHttps(request);
}

/**
 * THE rule for the headers of every answer the app gives (issue 16 L6), by
 * what it is: a page (HTML from React, with its nonce, or the PDF error
 * page), data or JSON (pages' `?_data=` requests, /v1/api, the bell, the
 * menu), a file (PDF, CSV, images) or text (Remix's last-resort 500).
 * Every one: nosniff, same-origin referrer, HSTS where it applies, and
 * no-store unless the route chose its own caching (images); every page,
 * JSON or text answer also a CSP and X-Frame-Options: DENY (never framed).
 * Headers a route set itself are kept, except nosniff and frame protection. Called by entry.server for pages and data, and by server/index.js
 * (through entry.server's finishResponse) for everything Remix answers.
 */
export function finishHeaders(request: Request, headers: Headers, nonce: string | null = null) {
  const type = (headers.get("Content-Type") ?? "").toLowerCase();
  // A file (PDF, image, CSV) is shown or saved by the browser itself; a
  // frame or CSP rule on it would only get in the way of its PDF viewer.
  const file = !!type && !type.startsWith("text/html") && !type.includes("json") && !type.startsWith("text/plain");
  if (type.startsWith("text/html")) {
    if (nonce) securityHeaders(headers, nonce);
    else if (!headers.has("Content-Security-Policy")) {
      securityHeaders(headers, null);
      headers.set("Content-Security-Policy", STATIC_PAGE_CSP);
    }
  } else if (!file && !headers.has("Content-Security-Policy")) {
    // JSON, text and redirects: a policy that allows nothing.
    headers.set("Content-Security-Policy", NO_CONTENT_CSP);
  }
  headers.set("X-Content-Type-Options", "nosniff");
  if (!file) headers.set("X-Frame-Options", "DENY");
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "same-origin");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  if (wantsHsts(request)) headers.set("Strict-Transport-Security", HSTS);
  else headers.delete("Strict-Transport-Security");
}

/** `response` with finishHeaders applied (a copy when its headers cannot change). */
export function secureResponse(request: Request, response: Response, nonce: string | null = null): Response {
  try {
    finishHeaders(request, response.headers, nonce);
    return response;
  } catch {
    // Immutable headers (Response.redirect, a fetched response): the same answer with a copy of them.
    const copy = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    finishHeaders(request, copy.headers, nonce);
    return copy;
  }
}
