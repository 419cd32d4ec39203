import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, database } from "~/db/kysely.server";
import { prepareDatabase } from "~/db/prepare.server";

export const testDialect = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";

function adminUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).");
  return url;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Call at the top level of an integration test file: a fresh, migrated (not
 * seeded) database for this file — a temp SQLite file (see tests/setup), or a
 * new PostgreSQL database on TEST_DATABASE_URL's server, dropped afterwards.
 */
export function useTestDatabase() {
  let pgName: string | undefined;

  beforeAll(async () => {
    if (testDialect === "postgres") {
      pgName = `t_${crypto.randomBytes(8).toString("hex")}`;
      await admin((c) => c.query(`CREATE DATABASE ${pgName}`));
      const url = new URL(adminUrl());
      url.pathname = `/${pgName}`;
      await closeDatabase();
      process.env.DATABASE_URL = url.toString();
    }
    await prepareDatabase({ seed: false });
    if (database().dialect !== testDialect) throw new Error(`Expected a ${testDialect} test database.`);
  });

  afterAll(async () => {
    await closeDatabase();
    if (pgName) {
      const name = pgName;
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  });
}
