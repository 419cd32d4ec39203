import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type KyselyConfig, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { logSafe } from "~/modules/shared/log.server";
import { type Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

/**
 * `DATABASE_URL`: unset → data/school.db; `file:/path.db`; `postgres://…`.
 * `log` is Kysely's (scripts/bench/explain.ts times each query with it).
 */
export function connect(url = process.env.DATABASE_URL, { log }: Pick<KyselyConfig, "log"> = {}): DatabaseHandle {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // COUNT(*) and friends come back as bigint strings; our counts fit a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    // An idle connection the server closes (restart, failover) must not crash
    // the process; the pool replaces it on the next query.
    pool.on("error", (error) => console.warn(logSafe(`PostgreSQL connection lost: ${error.message}`)));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log }), dialect: "postgres" };
  }
  const file = url ? url.replace(/^file:(\/\/)?/, "") : path.resolve("data/school.db");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: a committed transaction survives a power cut, not only a crash.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // SQLite's lower() only folds ASCII; searches use this one so "Ángel" matches "ángel".
  sqlite.function("ulower", { deterministic: true }, (v: unknown) => (typeof v === "string" ? v.toLowerCase() : v));
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log }), dialect: "sqlite" };
}

let handle: DatabaseHandle | undefined;

/** The app's one database connection (pool), opened on first use. */
export function database(): DatabaseHandle {
  handle ??= connect();
  return handle;
}

/** Makes `handle` the app's connection (a script's own, e.g. one that logs); the one before is not closed. */
export function useDatabase(next: DatabaseHandle) {
  handle = next;
}

export function db(): Kysely<Database> {
  return database().db;
}

export async function closeDatabase() {
  if (handle) {
    const h = handle;
    handle = undefined;
    await h.db.destroy();
  }
}

export { sql };
