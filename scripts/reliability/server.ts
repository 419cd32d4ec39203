import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

// Runs the BUILT app the way production does (node server/index.js ./build/server/index.js,
// as playwright.config.ts does), as a direct child process so that its pid is
// the server itself: SIGKILL reaches it, and /proc/<pid>/status is its memory.

export const SERVER_BUILD = path.resolve("build/server/index.js");
/** The production server (`npm start`). */
export const SERVER_ENTRY = path.resolve("server/index.js");

export function assertBuilt() {
  if (!fs.existsSync(SERVER_BUILD)) {
    console.error(`No server build at ${SERVER_BUILD}: run \`npm run build\` first.`);
    process.exit(2);
  }
}

// A server this script started never outlives it (an error, Ctrl-C).
const live = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of live) child.kill("SIGKILL");
    process.exit(130);
  });
}

export interface RunningServer {
  pid: number;
  base: string;
  child: ChildProcess;
  /** Resolves when the process has ended (with its signal or exit code). */
  exited: Promise<string>;
  /** The last lines it printed, for a report when something goes wrong. */
  output(): string;
}

export interface ServerOptions {
  databaseUrl: string;
  port: number;
  env?: Record<string, string>;
}

export async function startServer({ databaseUrl, port, env = {} }: ServerOptions): Promise<RunningServer> {
  if ((await probe(`http://127.0.0.1:${port}/`)) !== 0) throw new Error(`Port ${port} is already in use: choose another one.`);
  const child = spawn(process.execPath, [SERVER_ENTRY, SERVER_BUILD], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  live.add(child);
  const exited = new Promise<string>((resolve) =>
    child.on("exit", (code, signal) => {
      live.delete(child);
      resolve(signal ?? `exit ${code}`);
    }),
  );
  const server: RunningServer = {
    pid: child.pid!,
    base: `http://127.0.0.1:${port}`,
    child,
    exited,
    output: () => lines.join("\n"),
  };
  await waitReady(server);
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
async function waitReady(server: RunningServer, timeoutMs = 90_000) {
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

/** A SQLite file and its companions (WAL, shared memory, journal), deleted. */
export function removeSqlite(file: string) {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(f, { force: true });
}

export const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** The file of a `file:` DATABASE_URL (as kysely.server's connect() reads it). */
export const sqliteFileOf = (url: string) => url.replace(/^file:(\/\/)?/, "");

/** A database URL fit to print (no password). */
export const printable = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
