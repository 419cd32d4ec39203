import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { demoDataWanted } from "~/db/prepare.server";

let cached: string[] | undefined;

/**
 * SESSION_SECRET (comma-separated for rotation) signs the session, language and
 * toast cookies. Required in production; a demo or development run without one
 * gets a random secret kept in data/.session-secret so restarts keep sessions.
 */
export function sessionSecrets(): string[] {
  if (cached) return cached;
  const fromEnv = process.env.SESSION_SECRET?.split(",").map((s) => s.trim()).filter(Boolean);
  if (fromEnv?.length) return (cached = fromEnv);
  if (process.env.NODE_ENV === "production" && !demoDataWanted()) {
    throw new Error("SESSION_SECRET must be set in production.");
  }
  const file = path.resolve("data/.session-secret");
  try {
    cached = [fs.readFileSync(file, "utf8").trim()];
  } catch {
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    cached = [secret];
  }
  return cached;
}

/** Every rate limit is multiplied by this, so test and load runs can raise them. */
export function rateLimitFactor(): number {
  const f = Number(process.env.RATE_LIMIT_FACTOR ?? 1);
  return Number.isFinite(f) && f > 0 ? f : 1;
}

/**
 * Whether the client reached us over HTTPS: the request's own URL, or with
 * TRUST_PROXY=1 the X-Forwarded-Proto of the proxy that terminates TLS (its
 * last entry: the one the proxy wrote). Without TRUST_PROXY that header is
 * whatever a client sent, so it decides nothing (Secure cookies, HSTS).
 */
export function isHttps(request: Request) {
  if (new URL(request.url).protocol === "https:") return true;
  if (process.env.TRUST_PROXY !== "1") return false;
  const parts = request.headers.get("x-forwarded-proto")?.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  return parts?.at(-1) === "https";
}

/** What the server (server/index.js) hands every loader and action. */
export interface ServerContext {
  /** The socket's address, or behind TRUST_PROXY the one the proxy appended. */
  clientAddress?: string;
}

/**
 * The client's address for per-client limits: the socket's, as the server
 * read it, or with TRUST_PROXY=1 the last X-Forwarded-For entry (the proxy
 * appends the address it saw; what a client sends itself comes first).
 * Only a development server has no address to give (ADR 025).
 */
export function clientKey(request: Request, context: unknown): string {
  if (process.env.TRUST_PROXY === "1") {
    const parts = request.headers.get("x-forwarded-for")?.split(",").map((s) => s.trim()).filter(Boolean);
    if (parts?.length) return parts[parts.length - 1];
  }
  return (context as ServerContext | undefined)?.clientAddress || "unknown";
}

/** Where uploaded user images live (UPLOAD_DIR, default data/uploads), as an absolute path. */
export function uploadDir(): string {
  return path.resolve(process.env.UPLOAD_DIR?.trim() || "data/uploads");
}
