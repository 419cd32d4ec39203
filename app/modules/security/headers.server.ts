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
