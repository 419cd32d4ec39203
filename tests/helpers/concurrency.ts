import pg from "pg";
import { database } from "~/db/kysely.server";

// Truly concurrent requests on PostgreSQL (issue 10). Firing requests with
// Promise.all only proves they overlapped if they were in the database at the
// same moment; a gate makes sure of it: a separate connection holds a lock the
// requests need, we wait until PostgreSQL reports that many of the app's pool
// connections are blocked on it, then release the lock so they all race on.
// On SQLite the app has one connection and its transactions run one after
// another, so the requests are only interleaved: no gate is needed or possible.

/** How many app connections can be inside the database at once (kysely.server's pool size). */
export function poolSize() {
  return Number(process.env.DB_POOL_SIZE ?? 10);
}

async function blockedBackends(client: pg.Client) {
  // The gate's own transaction would otherwise see one frozen snapshot of pg_stat_activity.
  await client.query("select pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
  );
  return rows[0].n;
}

/**
 * Runs `race` while `lockSql` (run in an open transaction on a separate
 * connection) blocks what it does; lets go once `blocked` app connections
 * wait on that lock at the same time, and returns what `race` returned plus
 * the number of connections seen blocked together. SQLite: just runs `race`.
 */
export async function throughGate<T>(lockSql: string, params: unknown[], blocked: number, race: () => Promise<T>) {
  if (database().dialect !== "postgres") return { result: await race(), blockedTogether: 0 };
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(lockSql, params);
    const running = race();
    // Surface a failure of the race at once instead of waiting for the gate.
    let failed: unknown;
    running.catch((error) => (failed = error));
    let seen = 0;
    const giveUp = Date.now() + 20_000;
    while (seen < blocked && failed === undefined && Date.now() < giveUp) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = Math.max(seen, await blockedBackends(client));
    }
    await client.query("commit");
    return { result: await running, blockedTogether: seen };
  } finally {
    await client.end();
  }
}
