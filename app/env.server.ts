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

export function isHttps(request: Request) {
  return (
    new URL(request.url).protocol === "https:" ||
    request.headers.get("x-forwarded-proto")?.split(",")[0].trim() === "https"
  );
}

/**
 * The client's address for per-client limits. remix-serve gives the app no
 * socket address, so behind a proxy (TRUST_PROXY=1) we take the address the
 * proxy appended; without one every direct client shares one bucket (ADR 004).
 */
export function clientKey(request: Request): string {
  if (process.env.TRUST_PROXY === "1") {
    const parts = request.headers.get("x-forwarded-for")?.split(",").map((s) => s.trim()).filter(Boolean);
    if (parts?.length) return parts[parts.length - 1];
  }
  return "direct";
}

/** Where uploaded user images live (UPLOAD_DIR, default data/uploads), as an absolute path. */
export function uploadDir(): string {
  return path.resolve(process.env.UPLOAD_DIR?.trim() || "data/uploads");
}
