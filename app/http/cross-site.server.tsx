import { renderToStaticMarkup } from "react-dom/server";
import { apiError } from "~/http/api.server";
import { dirOf } from "~/i18n/config";
import { i18next, translator } from "~/i18n/i18n.server";
import { logSafe } from "../modules/shared/log.server";
import { securityHeaders } from "./headers.server";
import { STYLESHEET } from "./stylesheet.server";

// Issue 16 L4, ADR 027. Remix's server runtime (2.17, throwIfPotentialCSRFAttack
// in handleDocumentRequest) refuses a document form post whose Origin does not
// name this host before any action runs, but answers an empty 500, and logs an
// error; an `Origin: null` or an Origin that is no URL takes the same path
// (new URL() throws). Our server (server/index.js) asks this module first, and
// the same requests get a 403: a translated page, or the API's JSON.

const FORM_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

/** The host Remix compares the Origin with: X-Forwarded-Host's first entry, else Host. */
function ownHost(headers: Headers): string | null {
  const forwarded = headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  return forwarded || headers.get("Host");
}

/**
 * Whether Remix would refuse this request itself, with its empty 500: a
 * document request (no `?_data`: JavaScript's data requests reach our own
 * check, assertSameOrigin) with a form method and an Origin header that is
 * "null", no URL, or another host than X-Forwarded-Host / Host. The same
 * condition as the runtime's, so that none of its 500s is left.
 */
export function refusedByRemix(request: Request): boolean {
  if (!FORM_METHODS.includes(request.method)) return false;
  if (new URL(request.url).searchParams.has("_data")) return false;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  let originHost: string;
  if (origin === "null") originHost = origin;
  else {
    try {
      originHost = new URL(origin).host;
    } catch {
      return true;
    }
  }
  const host = ownHost(request.headers);
  return !!originHost && (!host || originHost !== host);
}

/**
 * The 403 for a request Remix would refuse itself, or null to let it through.
 * The API answers JSON as it does for its own cross-site refusal; a page
 * answers a page in the reader's language, without scripts (nothing to
 * hydrate) and with the pages' security headers.
 */
export async function refuseForeignDocumentPost(request: Request): Promise<Response | null> {
  if (!refusedByRemix(request)) return null;
  const path = new URL(request.url).pathname;
  console.warn(logSafe(`Refused cross-site ${request.method} ${path}`));
  if (path === "/v1/api" || path.startsWith("/v1/api/")) {
    const answer = apiError(403, "Cross-site request refused.");
    answer.headers.set("Cache-Control", "no-store");
    return answer;
  }
  const [lng, t] = await Promise.all([i18next.getLocale(request), translator(request)]);
  const title = t("redirects.crossSiteTitle");
  const page = renderToStaticMarkup(
    <html lang={lng} dir={dirOf(lng)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {/* Inline, with no file to prefetch: this page's CSP allows inline styles only. */}
        <style dangerouslySetInnerHTML={{ __html: STYLESHEET }} />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <main id="main" className="p-4">
          <div className="card mx-auto mt-16 max-w-lg text-center">
            <p className="text-5xl font-bold text-primary-dark" aria-hidden="true">
              403
            </p>
            <h1 className="mt-4 text-xl font-semibold">{title}</h1>
            <p className="mt-2 text-slate-700">{t("redirects.crossSite")}</p>
            <a href="/" className="btn-primary mt-6">
              {t("errors.backHome")}
            </a>
          </div>
        </main>
      </body>
    </html>,
  );
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  securityHeaders(headers, null);
  return new Response(`<!DOCTYPE html>${page}`, { status: 403, headers });
}
