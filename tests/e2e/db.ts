import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import Database from "better-sqlite3";
import { PASSWORD } from "./helpers";

// The e2e server's database (tests/e2e/global-setup.ts: data/e2e.db
// beside the config file), created and migrated before any test runs. Specs
// read it to assert what a flow wrote, in both projects (js and nojs).
export const E2E_DB_FILE = fileURLToPath(new URL("../../data/e2e.db", import.meta.url));

/** Runs `fn` with a short-lived connection to the e2e database (busy-waits while the server writes). */
export function withE2eDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(E2E_DB_FILE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    return fn(db);
  } finally {
    db.close();
  }
}

/** The first row of a query, or undefined. */
export function dbRow<T = Record<string, unknown>>(query: string, ...params: unknown[]): T | undefined {
  return withE2eDb((db) => db.prepare(query).get(...params) as T | undefined);
}

/** Every row of a query. */
export function dbRows<T = Record<string, unknown>>(query: string, ...params: unknown[]): T[] {
  return withE2eDb((db) => db.prepare(query).all(...params) as T[]);
}

/** The school's date now, as the server reads it: the settings row's time zone (YYYY-MM-DD). */
export function schoolToday(now = new Date()): string {
  const zone =
    dbRow<{ value: string }>("SELECT value FROM settings WHERE key = 'time_zone'")?.value ?? "America/Guayaquil";
  // en-CA writes YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    now,
  );
}

/** A staff user of the test's own (the demo password; a receptionist unless told), so that no demo account gets locked or changed. */
export async function createStaffUser(name: string, email: string, role = "receptionist") {
  const passwordHash = await hash(PASSWORD);
  const now = new Date().toISOString();
  withE2eDb((db) =>
    db
      .prepare(
        `INSERT INTO users (name, email, password_hash, role, status, image, locale, failed_logins, locked_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'active', NULL, NULL, 0, NULL, ?, ?)`,
      )
      .run(name, email, passwordHash, role, now, now),
  );
}
