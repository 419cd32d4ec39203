// The production server: the parts remix-serve is made of (Express,
// @remix-run/express, compression, morgan, the static files), plus what
// remix-serve has no hook for (ADR 025): the socket's address for the
// per-client limits, an access log that escapes what it writes and never
// writes a one-time token, an answer to methods no route takes, and a 403
// page for cross-site form posts Remix would answer with an empty 500 (ADR 027).
//
//   node server/index.js [build/server/index.js]      (npm start)
//
// PORT (default 3000) and HOST (default: every interface) as remix-serve.
import path from "node:path";
import url from "node:url";
// The Express adapter's two halves (what @remix-run/express's
// createRequestHandler is made of, same package and version), so that every
// answer passes entry.server's finishResponse before it is sent.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { escapeControl, loggedPath, redactSecrets } from "./logging.js";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
const build = await import(url.pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future.v3_singleFetch });

// The access log: one line per request (server/logging.js).
const accessLog = morgan((tokens, req, res) =>
  [
    tokens.method(req, res),
    loggedPath(tokens.url(req, res)),
    tokens.status(req, res),
    tokens.res(req, res, "content-length") ?? "-",
    "-",
    tokens["response-time"](req, res),
    "ms",
  ].join(" "),
);

// Methods a route can take. Others (TRACE, CONNECT, PROPFIND…) get a 405
// here instead of reaching the router.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

// The answers the server writes itself (no page, nothing to sniff or frame).
const PLAIN_TEXT = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};
// Static files are served with the type of their extension, never sniffed.
const staticHeaders = (res) => res.setHeader("X-Content-Type-Options", "nosniff");

// A body the app did not read to its end (ADR 026): a 413 (refused unread,
// or cut off at its limit), or any answer given before reading (a sign-in
// redirect, a cross-site refusal). Closing at once would reset the
// connection while the client is still sending, and a client often loses
// the answer with it; Node's own way reads all the rest, for as long as the
// client sends (up to its 5-minute request timeout).
// Instead the server reads on and throws away what comes (never kept) for
// at most LINGER_MS and LINGER_BYTES, so that the client reads the answer
// and stops, then closes. A client that sends its body to its end within
// that keeps its connection.
const LINGER_MS = 2_000;
const LINGER_BYTES = 16 * 1024 * 1024;

function afterUnreadBody(req, res, next) {
  res.once("finish", () => {
    if (!req.complete) linger(req);
  });
  next();
}

function linger(req) {
  const socket = req.socket;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  req.once("end", () => clearTimeout(timer));
  // Nothing more for the app's stream of the body (a cut-off one was left paused at its limit).
  req.removeAllListeners("data");
  let thrownAway = 0;
  req.on("data", (chunk) => {
    thrownAway += chunk.length;
    if (thrownAway > LINGER_BYTES) close();
  });
  req.resume();
}

const app = express();
app.disable("x-powered-by");
app.use((req, res, next) => {
  if (METHODS.has(req.method)) return next();
  res.status(405).set({ Allow: "GET, HEAD, POST", ...PLAIN_TEXT });
  res.end("Method Not Allowed\n");
});
app.use(afterUnreadBody);
app.use(compression());
app.use(
  build.publicPath,
  express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", setHeaders: staticHeaders }),
);
app.use(express.static("public", { maxAge: "1h", setHeaders: staticHeaders }));
app.use(accessLog);
// A document form post from another site (or with an Origin of "null" or no
// URL): Remix refuses it itself with an empty 500 (ADR 004); the app answers
// it first with a translated 403 (ADR 027). It is asked without the body
// (which stays unread for Remix): method, address and headers say enough.
const FORM_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const refuseForeign = build.entry.module.refuseForeignDocumentPost;
app.use(async (req, res, next) => {
  if (!refuseForeign || !FORM_METHODS.has(req.method) || req.headers.origin === undefined) return next();
  let answer;
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      for (const one of [value ?? []].flat()) headers.append(name, one);
    const request = new Request(new URL(req.originalUrl, "http://localhost"), { method: req.method, headers });
    answer = await refuseForeign(request);
    if (answer) answer = build.entry.module.finishResponse(request, answer);
  } catch (error) {
    return next(error);
  }
  if (!answer) return next();
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.append(name, value);
  res.end(Buffer.from(await answer.arrayBuffer()));
});
// Remix answers everything else. The headers of every answer (pages, data,
// the JSON API, files) are decided in one place, headers.server.ts, which
// entry.server's finishResponse applies: resource routes reach no other hook.
const remix = createRequestHandler(build, process.env.NODE_ENV);
const { finishResponse } = build.entry.module;
if (typeof finishResponse !== "function")
  throw new Error("The build's entry.server exports no finishResponse (issue 16 L6).");
app.all("*", async (req, res, next) => {
  try {
    const request = createRemixRequest(req, res);
    // The socket's address; behind TRUST_PROXY the app reads X-Forwarded-For (clientKey).
    const response = await remix(request, { clientAddress: req.socket.remoteAddress });
    await sendRemixResponse(res, finishResponse(request, response));
  } catch (error) {
    next(error);
  }
});

// What the adapter itself could not handle: a Host header no URL can hold
// (the client's mistake, 400) or a failure while sending (500). Logged on
// one line without secrets.
app.use((error, req, res, _next) => {
  const badUrl = error?.code === "ERR_INVALID_URL";
  console.error(
    `[server] ${req.method} ${loggedPath(req.originalUrl)}: ${escapeControl(redactSecrets(badUrl ? error.message : (error?.stack ?? error)))}`,
  );
  if (res.headersSent) return void req.socket.destroy();
  res
    .status(badUrl ? 400 : 500)
    .set(PLAIN_TEXT)
    .end(badUrl ? "Bad Request\n" : "Internal Server Error\n");
});

const port = Number(process.env.PORT) || 3000;
const onListen = () => console.log(`[server] http://localhost:${port}`);
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);

// Graceful stop: no new connections, finish what is in flight, then exit.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections?.();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
