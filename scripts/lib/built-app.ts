/**
 * Starts the BUILT app (build/server/index.js under server/index.js, through
 * scripts/reliability/server.ts) on a fresh SQLite file with the demo school,
 * like playwright.config.ts's webServer,
 * and signs demo users in over plain HTTP. Used by scripts/lighthouse.ts and
 * scripts/html-check.ts.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_BUILD, startServer, stopServer } from "../reliability/server";

export const DEMO_PASSWORD = "demo-pass-2026";

export interface RunningApp {
  /** e.g. http://127.0.0.1:3150 (no trailing slash) */
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

/** Starts the server on `port` with a fresh SQLite database and DEMO_DATA=on. */
export async function startBuiltApp(port: number): Promise<RunningApp> {
  if (!fs.existsSync(SERVER_BUILD)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "school-app-"));
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const server = await startServer({
    databaseUrl: `file:${path.join(dir, "app.db")}`,
    port,
    env: { UPLOAD_DIR: path.join(dir, "uploads"), DEMO_DATA: "on", RATE_LIMIT_FACTOR: "100" },
  });
  return {
    baseURL: server.base,
    stop: async () => {
      await stopServer(server);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
