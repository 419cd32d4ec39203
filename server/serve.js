// The production server: the parts remix-serve is made of (Express,
// @remix-run/express, compression, morgan, the static files), plus what
// remix-serve has no hook for (ADR 025): the socket's address for the
// per-client limits, an access log that escapes what it writes and never
// writes a one-time token, an answer to methods no route takes, and a 403
// page for cross-site form posts Remix would answer with an empty 500 (ADR 027).
//
// One server process: what `npm start` runs once per worker, or alone with
// WEB_CONCURRENCY=1 (server/index.js decides, ADR 038).
// PORT (default 3000) and HOST (default: every interface) as remix-serve.
import fs from "node:fs";
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
import { precompressed } from "./precompressed.js";

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

const CURRENT_REQUEST = Symbol("current request");

function afterUnreadBody(req, res, next) {
  res.once("finish", () => {
    if (!req.complete) linger(req);
  });
  // When the answer is the connection's last (the client sent "Connection:
  // close"), Node destroys the socket as soon as the answer is written: the
  // client, still sending, gets a reset that can drop the answer before it
  // was read (seen with 20 parallel uploads). With a body unread, only our
  // side is closed then (the client reads the answer, then the end of it),
  // and linger() decides when the rest is given up. Installed once per
  // socket; it looks at the socket's current request.
  const socket = req.socket;
  if (!socket[CURRENT_REQUEST]) {
    const destroySoon = socket.destroySoon;
    socket.destroySoon = function destroySoonUnlessUnread() {
      const current = socket[CURRENT_REQUEST];
      if (!current || current.complete || socket.destroyed) return destroySoon.call(socket);
      socket.end();
    };
  }
  socket[CURRENT_REQUEST] = req;
  next();
}

function linger(req) {
  const socket = req.socket;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  // A client that sent it all keeps its connection, unless ours is closed
  // (its last answer): then the timer still ends a client that never closes.
  req.once("end", () => {
    if (!socket.writableEnded) clearTimeout(timer);
  });
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
// Remix reads the URL itself; only the locale files' `?v=` below reads
// req.query. Node's querystring instead of qs (Express's default), which cost
// 2 % of the students list's CPU (issue 18).
app.set("query parser", "simple");
app.use((req, res, next) => {
  if (METHODS.has(req.method)) return next();
  res.status(405).set({ Allow: "GET, HEAD, POST", ...PLAIN_TEXT });
  res.end("Method Not Allowed\n");
});
app.use(afterUnreadBody);
// The build's assets as compressed once at build time (.br, .gz: scripts/build/compress-assets.js),
// when the client takes them; compression() below only compresses what is made per request.
app.use(build.publicPath, precompressed(build.assetsBuildDirectory, staticHeaders));
// Pages and data are compressed per request with gzip level 1, never brotli
// (ADR 038; measured on the demo dashboard, 84 KB of HTML: gzip 1 0.41 ms,
// 17.2 KB; gzip 6, compression()'s default, 1.00 ms, 14.7 KB; brotli 4, what
// compression() picks when the browser offers it, 0.96 ms, 14.7 KB): half the
// CPU for ~15 % more bytes. "br" is taken out of what compression() reads.
const compress = compression({ level: 1 });
app.use((req, res, next) => {
  const accepted = req.headers["accept-encoding"];
  if (accepted && /\bbr\b/i.test(accepted))
    req.headers["accept-encoding"] = accepted
      .split(",")
      .filter((part) => part.split(";")[0].trim().toLowerCase() !== "br")
      .join(",");
  compress(req, res, next);
});
// A static directory is asked only for paths under its own top-level entries
// (read once at start: assets, favicon.svg, images, locales): a page's path
// costs no file-system lookup (issue 18: a failed stat of build/client/<page>
// on every page was 0.1-0.2 ms of CPU).
function underEntries(dir, serve) {
  const entries = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  return (req, res, next) => {
    const first = req.path.split("/")[1];
    let entry = first;
    try {
      entry = decodeURIComponent(first);
    } catch {
      // not a name of the directory then
    }
    return entries.has(entry) ? serve(req, res, next) : next();
  };
}

// Translation files: asked for at /locales/<lng>/<ns>.json?v=<version>, the
// build's hash of their content (app/i18n/locale-url.ts). With this build's
// version the file never changes at that address: kept a year, immutable. Any
// other address (no version, an older build's) is checked again every time,
// so a deploy never shows stale text. The files are the build's copy of
// public/locales (build/client/locales), the content the version was
// computed from; before the build's static files, which would keep any
// address a year.
const localesVersion = build.entry.module.LOCALES_VERSION;
const localesForever = express.static(build.assetsBuildDirectory, {
  immutable: true,
  maxAge: "1y",
  setHeaders: staticHeaders,
});
const localesFresh = express.static(build.assetsBuildDirectory, {
  setHeaders: (res) => {
    staticHeaders(res);
    res.setHeader("Cache-Control", "no-cache");
  },
});
app.use((req, res, next) => {
  if (!req.path.startsWith("/locales/")) return next();
  const versioned = localesVersion && req.query.v === localesVersion;
  return (versioned ? localesForever : localesFresh)(req, res, next);
});
app.use(
  build.publicPath,
  underEntries(
    build.assetsBuildDirectory,
    express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", setHeaders: staticHeaders }),
  ),
);
app.use(underEntries("public", express.static("public", { maxAge: "1h", setHeaders: staticHeaders })));
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
const { finishResponse, inRequestScope } = build.entry.module;
if (typeof finishResponse !== "function")
  throw new Error("The build's entry.server exports no finishResponse (issue 16 L6).");
if (typeof inRequestScope !== "function") throw new Error("The build's entry.server exports no inRequestScope.");
app.all("*", async (req, res, next) => {
  try {
    const request = createRemixRequest(req, res);
    // The socket's address; behind TRUST_PROXY the app reads X-Forwarded-For (clientKey).
    // A GET's loaders share what they read once (request-scope.server.ts).
    const response = await inRequestScope(request, () => remix(request, { clientAddress: req.socket.remoteAddress }));
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

// Graceful stop: no new connections, finish what is in flight, then exit
// (within 10 s). Once: a worker gets SIGINT from the terminal's Ctrl-C and
// SIGTERM from the primary; the second changes nothing.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  server.closeIdleConnections?.();
  setTimeout(() => process.exit(0), 10_000).unref();
};
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, stop);
