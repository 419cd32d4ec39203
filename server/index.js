// The production server: the parts remix-serve is made of (Express,
// @remix-run/express, compression, morgan, the static files), plus what
// remix-serve has no hook for (ADR 025): the socket's address for the
// per-client limits, an access log that escapes what it writes and never
// writes a one-time token, and an answer to methods no route takes.
//
//   node server/index.js [build/server/index.js]      (npm start)
//
// PORT (default 3000) and HOST (default: every interface) as remix-serve.
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { loggedPath } from "./logging.js";

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
  res.status(405).set({ Allow: "GET, HEAD, POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.end("Method Not Allowed\n");
});
app.use(afterUnreadBody);
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
app.use(accessLog);
app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    // The socket's address; behind TRUST_PROXY the app reads X-Forwarded-For (clientKey).
    getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress }),
  }),
);

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
