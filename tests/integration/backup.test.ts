import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BackupError,
  backupSqlite,
  inspectDatabase,
  postgresCommands,
  restoreSqlite,
  timestampedName,
} from "~/db/backup.server";
import { connect } from "~/db/kysely.server";
import { migrateToLatest } from "~/db/migrate.server";
import { testDialect } from "../helpers/db";
import { studentRow } from "../helpers/rows";

// Issue 10, part 8. The SQLite backup and restore work on files, not on the
// test database, so they run in the sqlite project only; the PostgreSQL
// commands are plain text and are checked in both.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "school-backup-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => path.join(dir, name);

/** A migrated app database at `file` with a few known rows; returns an open connection to it. */
async function appDatabase(file: string) {
  const handle = connect(`file:${file}`);
  await migrateToLatest(handle.db);
  await handle.db
    .insertInto("students")
    .values([
      studentRow({ first_name: "Ñandú", last_name: "Backup", id_number: "0911111111" }),
      studentRow({ first_name: "Zoë", last_name: "Backup", id_number: "0922222222" }),
    ])
    .execute();
  return handle;
}

const studentNames = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare("select first_name from students order by id").all() as { first_name: string }[]).map(
      (r) => r.first_name,
    );
  } finally {
    db.close();
  }
};

/**
 * Another process writing to the database, as the running app would: each
 * transaction adds one audit_log line and one login_attempts row with the
 * same number n, so a consistent copy has the same numbers 1..k in both.
 */
function startWriter(file: string) {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1]);
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 5000");
    const audit = db.prepare("insert into audit_log (user_id, action, entity, entity_id, details, created_at) values (null, 'backup.test', 'w', ?, null, ?)");
    const attempt = db.prepare("insert into login_attempts (email, client, success, created_at) values (?, 'writer', 0, ?)");
    const write = db.transaction((n) => { const t = new Date().toISOString(); audit.run(n, t); attempt.run("w" + n, t); });
    let n = 0;
    let stop = false;
    process.on("message", () => { stop = true; });
    const step = () => {
      if (stop) { db.close(); process.send(n, () => process.exit(0)); return; }
      for (let i = 0; i < 20; i++) write(++n);
      setImmediate(step);
    };
    step();
  `;
  return spawn(process.execPath, ["-e", script, file], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    cwd: process.cwd(),
  });
}

function stopWriter(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once("message", (n) => resolve(Number(n)));
    child.once("error", reject);
    child.once("exit", (code) => code !== 0 && reject(new Error(`writer exited with ${code}`)));
    child.send("stop");
  });
}

async function waitFor(check: () => boolean) {
  const giveUp = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > giveUp) throw new Error("gave up waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.runIf(testDialect === "sqlite")("SQLite backup and restore", () => {
  const source = at("school.db");
  let app: Awaited<ReturnType<typeof appDatabase>>;

  beforeAll(async () => {
    app = await appDatabase(source);
  });
  afterAll(async () => {
    await app.db.destroy();
  });

  it("backs up while a write transaction is open: the copy has what was committed, not the open transaction", () => {
    const writer = new SQLite(source);
    writer.pragma("busy_timeout = 5000");
    writer.exec("begin immediate");
    writer.prepare("insert into settings (key, value) values ('uncommitted', 'x')").run();
    let summary;
    try {
      summary = backupSqlite(source, at("while-writing.db"));
    } finally {
      writer.exec("commit");
      writer.close();
    }
    expect(summary.file).toBe(at("while-writing.db"));
    expect(summary.rows.students).toBe(2);
    const copy = new SQLite(summary.file, { readonly: true });
    expect(copy.prepare("select value from settings where key = 'uncommitted'").get()).toBeUndefined();
    copy.close();
    // No partial file is left next to it.
    expect(fs.readdirSync(dir).filter((f) => f.includes(".partial-"))).toEqual([]);
  });

  it("backs up while another process keeps writing: the copy is one consistent moment, and the restore into a fresh file finds the data", async () => {
    const writer = startWriter(source);
    const db = new SQLite(source, { readonly: true });
    const written = () =>
      (db.prepare("select count(*) as n from audit_log where action = 'backup.test'").get() as { n: number }).n;
    let total: number;
    let backupFile: string;
    try {
      await waitFor(() => written() >= 100);
      backupFile = backupSqlite(source, at("while-running.db")).file;
      const during = written();
      await waitFor(() => written() > during + 100); // the writer was never held up
    } finally {
      total = await stopWriter(writer);
      db.close();
    }

    const fresh = at("fresh/restored.db");
    const outcome = restoreSqlite(backupFile, fresh, { keepDir: at("kept") });
    expect(outcome.previous).toBeNull();
    const restored = new SQLite(fresh, { readonly: true });
    const audit = (
      restored
        .prepare("select entity_id as n from audit_log where action = 'backup.test' order by entity_id")
        .all() as { n: number }[]
    ).map((r) => r.n);
    const attempts = (
      restored.prepare("select email from login_attempts where client = 'writer'").all() as { email: string }[]
    )
      .map((r) => Number(r.email.slice(1)))
      .sort((a, b) => a - b);
    restored.close();
    // Both halves of every transaction, and only whole transactions, 1..k without a gap.
    expect(audit.length).toBeGreaterThanOrEqual(100);
    expect(audit).toEqual(Array.from({ length: audit.length }, (_, i) => i + 1));
    expect(attempts).toEqual(audit);
    expect(audit.length).toBeLessThan(total);
    expect(studentNames(fresh)).toEqual(["Ñandú", "Zoë"]);
    expect(inspectDatabase(fresh).rows.students).toBe(2);
  });

  it("restore over a database in use is refused and changes nothing; once it is closed, it is replaced and the old one kept", async () => {
    const target = at("live.db");
    const live = await appDatabase(target);
    await live.db
      .insertInto("students")
      .values(studentRow({ first_name: "Only-in-live", id_number: "0933333333" }))
      .execute();
    const backup = backupSqlite(source, at("for-live.db")).file;

    expect(() => restoreSqlite(backup, target, { keepDir: at("kept") })).toThrow(/in use: stop the app/);
    expect(studentNames(target)).toEqual(["Ñandú", "Zoë", "Only-in-live"]);
    await live.db.destroy();

    const outcome = restoreSqlite(backup, target, { keepDir: at("kept") });
    expect(studentNames(target)).toEqual(["Ñandú", "Zoë"]);
    expect(outcome.previous).not.toBeNull();
    expect(studentNames(outcome.previous!)).toEqual(["Ñandú", "Zoë", "Only-in-live"]);
    // The old write-ahead log went with the old file.
    expect(fs.existsSync(`${target}-wal`)).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.includes(".restoring-"))).toEqual([]);
    // The app opens the restored file as usual.
    const reopened = connect(`file:${target}`);
    await migrateToLatest(reopened.db);
    expect(await reopened.db.selectFrom("students").select("first_name").execute()).toHaveLength(2);
    await reopened.db.destroy();
  });

  it("refuses a file that is not a sound database of this version of the app, and leaves the target alone", async () => {
    const target = at("untouched.db");
    const untouched = await appDatabase(target);
    await untouched.db.destroy();

    fs.writeFileSync(at("text.db"), "not a database at all\n".repeat(100));
    const foreign = new SQLite(at("foreign.db"));
    foreign.exec("create table notes (id integer primary key, body text); insert into notes (body) values ('x')");
    foreign.close();
    const newer = backupSqlite(source, at("newer.db")).file;
    const n = new SQLite(newer);
    n.prepare("insert into kysely_migration (name, timestamp) values ('9999_from_the_future', ?)").run(
      new Date().toISOString(),
    );
    n.close();
    // A damaged copy: a page in the middle overwritten.
    const damaged = at("damaged.db");
    fs.copyFileSync(backupSqlite(source, at("to-damage.db")).file, damaged);
    const size = fs.statSync(damaged).size;
    const fd = fs.openSync(damaged, "r+");
    fs.writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(size / 4096 / 2) * 4096);
    fs.closeSync(fd);

    for (const [file, message] of [
      [at("missing.db"), /does not exist/],
      [at("text.db"), /not an SQLite database/],
      [at("foreign.db"), /not a database of this app/],
      [newer, /newer version of the app/],
      [damaged, /damaged|not an SQLite database|malformed/],
    ] as const) {
      expect(() => restoreSqlite(file, target, { keepDir: at("kept") }), file).toThrow(BackupError);
      expect(() => restoreSqlite(file, target, { keepDir: at("kept") }), file).toThrow(message);
      expect(studentNames(target)).toEqual(["Ñandú", "Zoë"]);
    }
  });

  it("never overwrites an existing backup, and names backups by UTC time", () => {
    expect(() => backupSqlite(source, at("while-writing.db"))).toThrow(/already exists/);
    expect(timestampedName("school", "db", new Date("2026-03-14T15:30:12.345Z"))).toBe("school-20260314-153012.db");
  });
});

describe("PostgreSQL", () => {
  it("prints pg_dump and pg_restore (and psql) commands, never the password", () => {
    const c = postgresCommands("postgres://school:s3cret@db.example:5432/school", "data/backups/x.dump");
    expect(c.backup).toBe(
      "pg_dump --format=custom --no-owner --file='data/backups/x.dump' 'postgres://school:***@db.example:5432/school'",
    );
    expect(c.restore).toContain(
      "pg_restore --clean --if-exists --no-owner --single-transaction --dbname='postgres://school:***@db.example:5432/school' 'data/backups/x.dump'",
    );
    expect(c.restorePlain).toContain("psql --single-transaction");
    expect(JSON.stringify(c)).not.toContain("s3cret");
    expect(c.note).toMatch(/PGPASSWORD/);
    expect(postgresCommands("postgres://postgres@127.0.0.1:5432/h4").note).toBeNull();
  });
});
