import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  type KyselyConfig,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
} from "kysely";
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
    if (process.env.DB_PREPARED_STATEMENTS !== "off") pool.on("connect", preparingStatements);
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
  const statements = withStatementCache(sqlite);
  const dialect = new SqliteDialect({ database: statements });
  dialect.createDriver = () => new ImmediateSqliteDriver({ database: statements });
  return { db: new Kysely<Database>({ dialect, log }), dialect: "sqlite" };
}

/** Distinct statements one PostgreSQL connection keeps prepared; the ones past it run unnamed. */
export const PREPARED_PER_CONNECTION = 300;
const STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const statementNames = new Map<string, string>();

/**
 * Each PostgreSQL connection prepares the statements it runs, by name (ADR
 * 053): pg sends a statement's text to be parsed once per connection, and the
 * server keeps its plan, so a page's ten to fifteen queries skip parsing and,
 * once PostgreSQL settles on a generic plan, planning. Only SELECT, INSERT,
 * UPDATE, DELETE and WITH; a connection prepares at most
 * PREPARED_PER_CONNECTION texts (the pages' few dozen, not every length of an
 * IN list); DB_PREPARED_STATEMENTS=off turns it off (a pooler in transaction
 * mode, which cannot keep them).
 */
export function preparingStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === "string" && (values === undefined || Array.isArray(values)) && STATEMENT.test(text)) {
      let name = statementNames.get(text);
      if (name === undefined && statementNames.size < 10_000) {
        name = `s${statementNames.size}`;
        statementNames.set(text, name);
      }
      if (name !== undefined && (prepared.has(name) || prepared.size < PREPARED_PER_CONNECTION)) {
        prepared.add(name);
        return query({ name, text, values }, callback);
      }
    }
    return query(text, values, callback);
  }) as typeof client.query;
}

/**
 * Kysely's SQLite driver, but a transaction starts with `BEGIN IMMEDIATE`
 * (ADR 038). Kysely's own `BEGIN` is deferred: a transaction that reads and
 * then writes must upgrade its read lock to a write lock, and when another
 * process (a worker of the same server) wrote in between, SQLite fails that
 * upgrade at once with SQLITE_BUSY, whatever busy_timeout says (waiting could
 * not help: the snapshot it read is stale). IMMEDIATE takes the write lock
 * first, where busy_timeout waits its turn; writers queue instead of failing.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** How many prepared statements a SQLite connection keeps (the app's queries are a few hundred texts). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's SQLite driver sees it (`prepare`, `close`), with
 * each SQL text prepared once and its statement kept (issue 18). Kysely
 * prepares every query it runs anew, and SQLite's compiling it again was
 * 0.1 ms of /status and about 1 ms of the dashboard's CPU per request. A
 * statement is only ever used whole within one synchronous call (`all`,
 * `run`), so sharing it is safe; one still being iterated (`busy`, Kysely's
 * streamQuery) is not handed out again: that caller gets a new one. The
 * least recently used text goes beyond STATEMENT_CACHE_SIZE. SQLite itself
 * compiles a kept statement again when the schema changed (migrations).
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare(text: string): SQLite.Statement {
      const found = kept.get(text);
      if (found && !found.busy) {
        // Most recently used last.
        kept.delete(text);
        kept.set(text, found);
        return found;
      }
      const statement = sqlite.prepare(text);
      if (!found) {
        kept.set(text, statement);
        if (kept.size > size) kept.delete(kept.keys().next().value!);
      }
      return statement;
    },
  };
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
