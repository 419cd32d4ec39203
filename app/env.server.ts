import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
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
  const fromEnv = process.env.SESSION_SECRET?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
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
  const parts = request.headers
    .get("x-forwarded-proto")
    ?.split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
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
    const parts = request.headers
      .get("x-forwarded-for")
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts?.length) return addressKey(parts[parts.length - 1]);
  }
  return addressKey((context as ServerContext | undefined)?.clientAddress || "unknown");
}

/**
 * One key per client (ADR 028): an IPv4 address as it is (an IPv4-mapped
 * IPv6 address, `::ffff:a.b.c.d`, is that IPv4 address); an IPv6 address by
 * its /64, since whoever has one address of a /64 has all 2^64 of them (a
 * home, an office, a cloud machine) and would otherwise get a fresh bucket
 * per request. Anything else (no address) stays as it is, cut to 64 characters.
 */
export function addressKey(address: string): string {
  let a = address.trim().toLowerCase();
  // A proxy may add the port: "1.2.3.4:5678", "[2001:db8::1]:5678".
  const v4port = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(a);
  if (v4port) a = v4port[1];
  const v6port = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (v6port) a = v6port[1];
  a = a.replace(/%.*$/, ""); // a zone (fe80::1%eth0)
  if (net.isIPv4(a)) return a;
  if (!net.isIPv6(a)) return a.slice(0, 64);
  const groups = ipv6Groups(a);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and a trailing IPv4 part expanded). */
function ipv6Groups(address: string): number[] {
  let a = address;
  const v4 = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (v4) {
    const [b0, b1, b2, b3] = v4[2].split(".").map(Number);
    a = `${v4[1]}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = a.includes("::") ? a.split("::") : [a, undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill("0");
  return [...h, ...fill, ...t].map((g) => parseInt(g, 16));
}

/** Where uploaded user images live (UPLOAD_DIR, default data/uploads), as an absolute path. */
export function uploadDir(): string {
  return path.resolve(process.env.UPLOAD_DIR?.trim() || "data/uploads");
}

/**
 * The app's public address, for links that leave the app (the certificates'
 * QR codes, ADR 048): APP_URL when set (e.g. https://school.example), else
 * the origin of the request being answered.
 */
export function appBaseUrl(request: Request): string {
  const configured = process.env.APP_URL?.trim().replace(/\/+$/, "");
  return configured || new URL(request.url).origin;
}
