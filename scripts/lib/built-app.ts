/**
 * Starts the BUILT app (build/server/index.js under remix-serve) on a fresh
 * SQLite file with the demo school, like playwright.config.ts's webServer,
 * and signs demo users in over plain HTTP. Used by scripts/lighthouse.ts and
 * scripts/html-check.ts.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

export const DEMO_PASSWORD = "demo-pass-2026";

export interface RunningApp {
  /** e.g. http://localhost:3150 (no trailing slash) */
  baseURL: string;
  stop(): Promise<void>;
}

/** `npm run build` (inherits the terminal); throws when it fails. */
export function buildApp() {
  console.log("Building the app (npm run build)…");
  // vite-node, which runs these scripts, sets NODE_ENV=development; a build
  // that inherits it ships React's development bundles (twice the JavaScript).
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync("npm", ["run", "build"], { env, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
}

/** Starts remix-serve on `port` with a fresh SQLite database and DEMO_DATA=on. */
export async function startBuiltApp(port: number): Promise<RunningApp> {
  const serverEntry = path.resolve("build/server/index.js");
  if (!fs.existsSync(serverEntry)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "school-app-"));
  const require = createRequire(import.meta.url);
  const cli = require.resolve("@remix-run/serve/dist/cli.js");
  const child: ChildProcess = spawn(process.execPath, [cli, serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: `file:${path.join(dir, "app.db")}`,
      UPLOAD_DIR: path.join(dir, "uploads"),
      DEMO_DATA: "on",
      RATE_LIMIT_FACTOR: "100",
      PORT: String(port),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseURL = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Stop the server with the script, whatever ends it.
  const onSignal = () => {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  process.once("exit", () => child.kill("SIGTERM"));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited on start:\n${stderr}`);
    try {
      const res = await fetch(`${baseURL}/authentication/login`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The app did not answer on ${baseURL} within 120 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseURL, stop };
}

/** Posts the login form like a browser without JavaScript; returns the `name=value` session cookie. */
export async function signIn(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseURL}/authentication/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    body: new URLSearchParams({ email, password, redirectTo: "" }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.find((c) => c.startsWith("token="));
  if (res.status !== 302 || !session) throw new Error(`Sign-in as ${email} failed (HTTP ${res.status}).`);
  // The language cookie (when the profile has one) is dropped: the caller picks the language.
  return session;
}

/** The ids of the courses on a professor's /teachers page, in page order. */
export async function professorCourseIds(baseURL: string, cookie: string): Promise<number[]> {
  const res = await fetch(`${baseURL}/teachers`, { headers: { Cookie: cookie }, redirect: "manual" });
  if (!res.ok) throw new Error(`/teachers answered HTTP ${res.status}`);
  const html = await res.text();
  const ids = [...html.matchAll(/href="\/course\/(\d+)\//g)].map((m) => Number(m[1]));
  return [...new Set(ids)];
}
