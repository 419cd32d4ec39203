import crypto from "node:crypto";
import { type EntryContext, type HandleDataRequestFunction, createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { prepareDatabase } from "~/db/prepare.server";
import { sessionSecrets } from "~/env.server";
import { i18nConfig } from "~/i18n/config";
import { NAMESPACES, i18next, resources } from "~/i18n/i18n.server";
import { CssContext } from "~/components/inline-css";
import { NonceContext } from "~/components/nonce";
import appCss from "~/tailwind.css?inline";
import { withoutNulBytes } from "~/modules/html-stream.server";
import { securityHeaders } from "~/modules/security/headers.server";

// A production server without SESSION_SECRET refuses to start, not to serve.
sessionSecrets();
// Migrations (and the demo school, when wanted) run once when the server starts.
await prepareDatabase();

const ABORT_DELAY = 5_000;

// Every page is rendered with a clone of this one (all languages and namespaces, loaded once).
const rendering = createInstance();
const renderingReady = rendering.use(initReactI18next).init({ ...i18nConfig, resources, ns: [...NAMESPACES] });

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Remix refuses a cross-site document POST itself (before our own Origin
  // check in the guards); that is an expected refusal, not a crash.
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    console.warn(`Refused cross-site ${request.method} ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  securityHeaders(response.headers, null);
  return response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = crypto.randomBytes(16).toString("base64");
  const [lng] = await Promise.all([i18next.getLocale(request), renderingReady]);
  // A clone shares the store and services, with its own language: a full
  // init per request was most of a small page's translation cost (issue 9).
  const instance = rendering.cloneInstance({ lng, ns: i18next.getRouteNamespaces(remixContext) });

  const callback = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <CssContext.Provider value={appCss}>
          <I18nextProvider i18n={instance}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </I18nextProvider>
        </CssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [callback]: () => {
          shellRendered = true;
          const body = withoutNulBytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          securityHeaders(responseHeaders, nonce);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
