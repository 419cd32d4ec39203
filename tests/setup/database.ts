import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Runs before every test file, in the file's own worker, before the file
// imports any app module. The app opens its database lazily on the first
// db() call, so pointing DATABASE_URL somewhere here is enough; nothing is
// created until a test file calls useTestDatabase() (tests/helpers/db.ts).

// Never the developer's data/.session-secret: a fixed secret for signed cookies.
process.env.SESSION_SECRET ??= "test-session-secret-not-for-production";

const sqliteFile = path.join(os.tmpdir(), `school-test-${process.pid}-${crypto.randomBytes(6).toString("hex")}.db`);

if (process.env.TEST_DB === "postgres") {
  // useTestDatabase() creates the real database; until then any db() call fails loudly
  // instead of silently using SQLite or the development database.
  process.env.DATABASE_URL = "postgres://test-database-not-created.invalid:1/none";
} else {
  process.env.DATABASE_URL = `file:${sqliteFile}`;
}

afterAll(async () => {
  const { closeDatabase } = await import("~/db/kysely.server");
  await closeDatabase();
  for (const file of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`, `${sqliteFile}-journal`]) {
    fs.rmSync(file, { force: true });
  }
});
