import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { connect, sql } from "~/db/kysely.server";

// Several server workers write one SQLite file (ADR 038). Each writer process
// below runs read-then-write transactions on one counter at the same time as
// the others: with Kysely's deferred BEGIN some fail at once with SQLITE_BUSY
// (a read lock cannot be upgraded after another process committed); with
// BEGIN IMMEDIATE (app/db/kysely.server.ts) every one waits its turn within
// busy_timeout, and none is lost.

const WRITERS = 4;
const EACH = 60;

function runWriter(url: string, name: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      path.resolve("node_modules/.bin/vite-node"),
      ["--config", "scripts/vite-node.config.ts", "tests/helpers/sqlite-writer.ts", url, String(EACH), name],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    child.on("exit", (code) => resolve({ code, out, err }));
  });
}

describe.skipIf(process.env.TEST_DB === "postgres")("SQLite with several writer processes", () => {
  it("loses no write of concurrent read-then-write transactions", { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "writers-"));
    const url = `file:${path.join(dir, "w.db")}`;
    const { db } = connect(url);
    await sql`create table writers_counter (id integer primary key, n integer not null)`.execute(db);
    await sql`create table writers_rows (id integer primary key, writer text not null, i integer not null)`.execute(db);
    await sql`insert into writers_counter (id, n) values (1, 0)`.execute(db);
    try {
      const results = await Promise.all(Array.from({ length: WRITERS }, (_, k) => runWriter(url, `w${k}`)));
      for (const r of results) {
        expect(r.err).toBe("");
        expect(r.code).toBe(0);
        expect(JSON.parse(r.out.trim().split("\n").at(-1)!).failures).toBe(0);
      }
      const counter = await sql<{ n: number }>`select n from writers_counter where id = 1`.execute(db);
      const rows = await sql<{ c: number }>`select count(*) as c from writers_rows`.execute(db);
      expect(Number(counter.rows[0].n)).toBe(WRITERS * EACH);
      expect(Number(rows.rows[0].c)).toBe(WRITERS * EACH);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
