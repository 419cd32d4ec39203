import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

// THE way the scripts and the tests start the BUILT app (ADR 032): the way
// production does (`npm start`: node server/index.js ./build/server/index.js),
// as a direct child process so that its pid is the server itself: SIGKILL
// reaches it, and /proc/<pid>/status is its memory. Used by the crash and
// soak scripts, the bench (server and browser side), Lighthouse, the HTML
// check, the e2e tests' own server (tests/e2e/global-setup.ts) and the specs
// that start servers of their own.

export const SERVER_BUILD = path.resolve("build/server/index.js");
/** The production server (`npm start`). */
export const SERVER_ENTRY = path.resolve("server/index.js");

export function assertBuilt() {
  if (!fs.existsSync(SERVER_BUILD)) {
    console.error(`No server build at ${SERVER_BUILD}: run \`npm run build\` first.`);
    process.exit(2);
  }
}

/** `npm run build` (its output kept, printed only when it fails); throws when it fails. */
export function buildApp() {
  console.log("Building the app (npm run build)…");
  // vite-node, which runs these scripts, sets NODE_ENV=development; a build
  // that inherits it ships React's development bundles (twice the JavaScript).
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync("npm", ["run", "build"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
}

// A server started here never outlives this process: killed on exit, and on
// Ctrl-C or SIGTERM unless the process handles those itself (the Playwright
// runner does, and stops its global setup's server in its teardown).
const live = new Set<ChildProcess>();
let guarded = false;
function guardExit() {
  if (guarded) return;
  guarded = true;
  process.on("exit", () => {
    for (const child of live) child.kill("SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    if (process.listenerCount(signal) > 0) continue;
    process.once(signal, () => {
      for (const child of live) child.kill("SIGKILL");
      process.exit(130);
    });
  }
}

export interface RunningServer {
  pid: number;
  /** e.g. http://127.0.0.1:3110 (no trailing slash) */
  base: string;
  child: ChildProcess;
  /** Resolves when the process has ended (with its signal or exit code). */
  exited: Promise<string>;
  /** The last lines it printed (the streams kept, see ServerOptions), for a report when something goes wrong. */
  output(): string;
}

export interface ServerOptions {
  databaseUrl: string;
  port: number;
  /**
   * More environment for the server (DEMO_DATA, RATE_LIMIT_FACTOR, SESSION_SECRET, UPLOAD_DIR…), over this process's.
   * WEB_CONCURRENCY is "1" unless given here: one process, whose pid is the server; with more, `pid` is the
   * cluster's primary and serverPids() lists its workers.
   */
  env?: Record<string, string>;
  /** The address it listens on: 127.0.0.1 by default; null for every interface (as `npm start` without HOST). */
  host?: string | null;
  /** A memory cap: V8's --max-old-space-size in MiB (docs/security.md recommends 192). */
  heapMiB?: number;
  /** Its standard output (the access log): "keep" its last lines for output() (default), or "ignore" it. */
  stdout?: "keep" | "ignore";
  /** Its standard error: "keep" its last lines for output() (default), or "inherit" (printed as it comes). */
  stderr?: "keep" | "inherit";
  /** How long it may take to answer the sign-in page (migrations and demo data run at start); 90 s by default. */
  readyTimeoutMs?: number;
  /** Another app's folder and its server command (node's arguments): the bench's baseline, an older commit's build. */
  app?: { cwd: string; args: string[] };
}

export async function startServer({
  databaseUrl,
  port,
  env = {},
  host = "127.0.0.1",
  heapMiB,
  stdout = "keep",
  stderr = "keep",
  readyTimeoutMs = 90_000,
  app,
}: ServerOptions): Promise<RunningServer> {
  const base = `http://127.0.0.1:${port}`;
  if ((await probe(`${base}/`)) !== 0) throw new Error(`Port ${port} is already in use: choose another one.`);
  guardExit();
  const args = [
    ...(heapMiB ? [`--max-old-space-size=${heapMiB}`] : []),
    ...(app?.args ?? [SERVER_ENTRY, SERVER_BUILD]),
  ];
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    // One process unless asked (ADR 038): its pid is the server (SIGKILL, memory, CPU).
    WEB_CONCURRENCY: "1",
    ...env,
  };
  if (host) serverEnv.HOST = host;
  else delete serverEnv.HOST;
  const child = spawn(process.execPath, args, {
    cwd: app?.cwd,
    env: serverEnv,
    stdio: ["ignore", stdout === "keep" ? "pipe" : "ignore", stderr === "keep" ? "pipe" : "inherit"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  live.add(child);
  const exited = new Promise<string>((resolve) =>
    child.on("exit", (code, signal) => {
      live.delete(child);
      resolve(signal ?? `exit ${code}`);
    }),
  );
  const server: RunningServer = { pid: child.pid!, base, child, exited, output: () => lines.join("\n") };
  await waitReady(server, readyTimeoutMs);
  return server;
}

function probe(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 2_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
  });
}

/** Until the sign-in page answers 200 (migrations and demo data run at start). */
async function waitReady(server: RunningServer, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let ended: string | null = null;
  void server.exited.then((how) => (ended = how));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`The server ended (${ended}) before it was ready:\n${server.output()}`);
    if ((await probe(`${server.base}/authentication/login`)) === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  server.child.kill("SIGKILL");
  throw new Error(`The server was not ready after ${timeoutMs / 1000} s:\n${server.output()}`);
}

/** SIGKILL: no shutdown handler, no flush; the way a power cut or the OOM killer ends it. */
export async function killServer(server: RunningServer) {
  server.child.kill("SIGKILL");
  return server.exited;
}

/** SIGTERM, then SIGKILL if it lingers. */
export async function stopServer(server: RunningServer) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 5_000);
  await server.exited;
  clearTimeout(timer);
}

/** The processes of a server: the pid itself and, for a cluster's primary, its workers (Linux /proc). */
export function serverPids(pid: number): number[] {
  const pids = [pid];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    }
  } catch {
    // not Linux, or the process is gone
  }
  return pids;
}

/** Resident memory of a process in MiB (Linux /proc), or null when unknown. */
export function rssMiB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export interface RunningApp {
  /** e.g. http://127.0.0.1:3150 (no trailing slash) */
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * The built app on a fresh SQLite file in a temporary folder with the demo
 * school (DEMO_DATA=on), like the e2e tests' server: Lighthouse, the HTML
 * check and the browser bench on its own. The folder goes when it stops.
 */
export async function startDemoApp(port: number, options: Pick<ServerOptions, "stderr"> = {}): Promise<RunningApp> {
  if (!fs.existsSync(SERVER_BUILD)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "school-app-"));
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const server = await startServer({
    databaseUrl: `file:${path.join(dir, "app.db")}`,
    port,
    env: { UPLOAD_DIR: path.join(dir, "uploads"), DEMO_DATA: "on", RATE_LIMIT_FACTOR: "100" },
    ...options,
  });
  return {
    baseURL: server.base,
    stop: async () => {
      await stopServer(server);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
