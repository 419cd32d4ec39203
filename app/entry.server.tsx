import crypto from "node:crypto";
import { type EntryContext, type HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { CssContext } from "~/components/inline-css";
import { IntlWarmUpContext } from "~/components/intl-warm-up";
import { intlWarmUpCode } from "~/components/intl-warm-up.server";
import { NonceContext } from "~/components/nonce";
import { prepareDatabase } from "~/db/prepare.server";
import { sessionSecrets } from "~/env.server";
import { finishHeaders, secureResponse } from "~/http/headers.server";
import { pageStyles } from "~/http/stylesheet.server";
import { failedSubmissionToast, redirectWithFailure } from "~/http/toast.server";
import { i18next, resources } from "~/i18n/i18n.server";
import { TranslationsProvider } from "~/i18n/react";
import { Translations } from "~/i18n/translate";
import { startMailSender } from "~/modules/mail/sender.server";
import { logSafe } from "~/modules/shared/log.server";
import { installZodMessages } from "~/modules/shared/zod-messages";

// A production server without SESSION_SECRET refuses to start, not to serve.
sessionSecrets();
// Migrations (and the demo school, when wanted) run once when the server starts;
// a cluster's primary has them run before it forks its workers (server/primary.js, ADR 038).
if (process.env.APP_DATABASE_PREPARED !== "1") await prepareDatabase();
// The outbox's sender (ADR 046), when SMTP_URL is set: in every serving process
// (each claims a message with one UPDATE), never in the one that only prepares.
if (process.env.SERVER_ROLE !== "prepare") startMailSender();

// zod's own messages as translation keys (a tampered choice, a missing field).
installZodMessages();

// Every page is rendered with the app's own t() over every language's files,
// loaded into the build (ADR 055): one Translations per language, shared by
// concurrent renders (a render only reads it). In development the files may
// change under a running server, so each request gets its own.
const renderings = new Map<string, Translations>();

function renderingFor(lng: string) {
  if (process.env.NODE_ENV !== "production") return new Translations(lng, resources);
  let rendering = renderings.get(lng);
  if (!rendering) renderings.set(lng, (rendering = new Translations(lng, resources)));
  return rendering;
}

/**
 * What the app logs about a failed request. Every value goes through logSafe
 * (issue 16 L5): Remix's messages hold the URL and the `?_data=` route id a
 * client chose, and the set-password page's URL holds a one-time token.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Remix refuses a cross-site document POST itself (before our own Origin
  // check in the guards); that is an expected refusal, not a crash.
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    console.warn(logSafe(`Refused cross-site ${request.method} ${new URL(request.url).pathname}`));
    return;
  }
  // A method a route has no action for (a PUT to a page, a POST to a GET-only
  // path): the client's mistake, answered 405; nothing to investigate.
  if (isRouteErrorResponse(error) && error.status === 405) {
    console.warn(logSafe(`Refused ${request.method} ${new URL(request.url).pathname}: no action takes it`));
    return;
  }
  // Remix's other refusals of a client's mistake (a `?_data=` naming a route
  // the URL does not match, 403; an unknown path): one line, no stack.
  if (isRouteErrorResponse(error) && error.status < 500) {
    const inner = (error as unknown as { error?: unknown }).error;
    const reason = inner instanceof Error ? inner.message : error.statusText;
    console.warn(logSafe(`Refused ${request.method} ${new URL(request.url).pathname}: ${error.status} ${reason}`));
    return;
  }
  console.error(logSafe(error));
}

/**
 * A form post (JavaScript on: a data request) whose action failed goes back
 * to its page with the catalogue's toast, as the same post does without
 * JavaScript (see handleRequest). Refusals with a page of their own (403
 * dialogs, 404) keep it.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  const failed =
    request.method === "POST" &&
    response.status >= 400 &&
    (response.headers.has("X-Remix-Error") || response.headers.has("X-Remix-Catch"));
  if (!failed) return secureResponse(request, response);
  return (async () => {
    let body: unknown = null;
    try {
      body = await response.clone().json();
    } catch {
      // no JSON body: no message
    }
    const message = body && typeof body === "object" && "message" in body ? body.message : undefined;
    const toast = failedSubmissionToast(response.status, message);
    return secureResponse(request, toast ? await redirectWithFailure(request, toast) : response);
  })();
};

/**
 * Every answer Remix gives, as server/index.js sends it: the headers its kind
 * of answer needs (headers.server.ts finishHeaders). Resource routes (the
 * API, the bell, the menu, PDF, CSV, images) reach no other hook; pages and
 * data have had them already, and get nothing twice.
 */
export function finishResponse(request: Request, response: Response): Response {
  return secureResponse(request, response);
}

const HANDOFF_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * Remix refuses a method a page has no action for with its own English
 * ("You made a PUT request to ... but did not provide an `action`"), in the
 * page and in the state it hands the browser; both get the translated 405.
 */
function withoutRemixRefusalText(context: EntryContext) {
  const errors = context.staticHandlerContext.errors;
  if (!errors) return;
  const clean = {
    status: 405,
    statusText: "Method Not Allowed",
    internal: false,
    data: { message: "errors.methodNotAllowed" },
  };
  const ids = Object.keys(errors).filter((id) => {
    const error = errors[id];
    return isRouteErrorResponse(error) && error.status === 405 && typeof error.data === "string";
  });
  if (!ids.length) return;
  for (const id of ids) errors[id] = clean;
  if (!context.serverHandoffString) return;
  // The handoff is JSON with <, >, & and line separators escaped, which JSON.parse reads back.
  const handoff = JSON.parse(context.serverHandoffString) as { state?: { errors?: Record<string, unknown> } };
  for (const id of ids)
    if (handoff.state?.errors?.[id]) handoff.state.errors[id] = { ...clean, __type: "RouteErrorResponse" };
  context.serverHandoffString = JSON.stringify(handoff).replace(/[&><\u2028\u2029]/g, (c) => HANDOFF_ESCAPES[c]);
}

/** The toast for a document form post whose action threw, or null when the action did not (or the error has its page). */
function failedPostToast(request: Request, context: EntryContext["staticHandlerContext"]): string | null {
  if (request.method !== "POST" || !context.errors || context.actionData) return null;
  const error = Object.values(context.errors)[0];
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    return failedSubmissionToast(
      error.status,
      data && typeof data === "object" && "message" in data ? data.message : undefined,
    );
  }
  return failedSubmissionToast(500, undefined);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Without JavaScript a failed form post is not an error page: back to the
  // form's page with the toast ("Oops! Something went wrong!" when the server
  // said nothing a person can read).
  const toast = failedPostToast(request, remixContext.staticHandlerContext);
  if (toast) {
    return secureResponse(request, await redirectWithFailure(request, toast));
  }
  // A page refuses a method it does not take (PUT, DELETE...) with 405: say which it takes.
  if (responseStatusCode === 405) {
    const leaf = remixContext.staticHandlerContext.matches.at(-1)?.route.id;
    const hasAction = leaf ? remixContext.manifest.routes[leaf]?.hasAction : false;
    responseHeaders.set("Allow", hasAction ? "GET, HEAD, POST" : "GET, HEAD");
    withoutRemixRefusalText(remixContext);
  }

  const nonce = crypto.randomBytes(16).toString("base64");
  const lng = await i18next.getLocale(request);
  const translations = renderingFor(lng);
  const timeZone = (remixContext.staticHandlerContext.loaderData.root as { timeZone?: string } | undefined)?.timeZone;
  const warmUp = timeZone ? intlWarmUpCode(lng, timeZone) : "";

  // The whole page as one string (ADR 062): nothing on the server suspends
  // (no deferred data; the lazy dialogs are imported at once there), so a
  // stream would only cut it into 2 KB buffers. renderToString builds it from
  // strings and encodes it once: less CPU a page than renderToPipeableStream,
  // which encodes every piece of every tag on its own (ADR 062 has the
  // figures) and pads its buffers with NUL bytes (React 18's bug #24985).
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <CssContext.Provider value={pageStyles(request)}>
        <IntlWarmUpContext.Provider value={warmUp}>
          <TranslationsProvider value={translations}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </TranslationsProvider>
        </IntlWarmUpContext.Provider>
      </CssContext.Provider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  finishHeaders(request, responseHeaders, nonce);
  // renderToPipeableStream writes the doctype before an <html> root; renderToString does not.
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

// Asked by our server (server/index.js) before Remix: a cross-site document
// form post gets a translated 403 instead of Remix's empty 500 (ADR 027).
export { refuseForeignDocumentPost } from "~/http/cross-site.server";
// server/serve.js runs each request's handling in it (a GET's loaders share their reads).
export { inRequestScope } from "~/modules/shared/request-scope.server";
// The locale files' version, for server/serve.js: a versioned address of a translation file is kept a year.
export { LOCALES_VERSION } from "~/i18n/i18n.server";
