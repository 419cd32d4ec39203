import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { MIGRATION_NAMES } from "./migrate.server";

// Backups (issue 10, ADR 015). SQLite: `VACUUM INTO` copies the database as
// one read transaction, so the copy is the last committed state even while
// the app keeps writing (WAL: readers and the writer do not block each other).
// Restore checks the file, refuses while anyone has the database open, keeps
// a copy of what it replaces and swaps the file in with one rename.
// PostgreSQL: pg_dump already takes a consistent snapshot; we print the commands.

/** The tables a database of this app has; a file without them is not one of ours. */
const APP_TABLES = [
  "users",
  "sessions",
  "students",
  "registrations",
  "courses",
  "enrollments",
  "attendance",
  "grades",
  "transfers",
  "audit_log",
  "settings",
];

export class BackupError extends Error {}

/** `school-20260314-153012.db`: sorts by time, no characters a shell or Windows dislikes. */
export function timestampedName(prefix: string, extension: string, now = new Date()) {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
  return `${prefix}-${stamp}.${extension}`;
}

/** Where backups go unless told otherwise: data/backups/ (created on demand). */
export function defaultBackupDir() {
  return path.resolve("data/backups");
}

export interface DatabaseSummary {
  file: string;
  bytes: number;
  migrations: string[];
  rows: Record<string, number>;
}

function fsyncFile(file: string) {
  const fd = fs.openSync(file, "r+");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function fsyncDir(dir: string) {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some file systems cannot fsync a directory; the rename is still atomic.
  }
}

function removeWithSidecars(file: string) {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(f, { force: true });
}

/**
 * Checks that `file` is a sound SQLite database of this app, made by this
 * version or an older one (the app migrates older ones on start). Throws a
 * BackupError that says what is wrong; returns what the database holds.
 */
export function inspectDatabase(file: string): DatabaseSummary {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const header = Buffer.alloc(16);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, header, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (header.toString("latin1") !== "SQLite format 3\u0000")
    throw new BackupError(`${file} is not an SQLite database.`);

  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened: ${(error as Error).message}`);
  }
  try {
    let problems: string[];
    try {
      problems = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
    } catch (error) {
      throw new BackupError(`${file} is damaged: ${(error as Error).message}`);
    }
    if (problems.length !== 1 || problems[0] !== "ok") {
      throw new BackupError(`${file} is damaged (integrity_check): ${problems.slice(0, 5).join("; ")}`);
    }
    const tables = new Set(
      (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    const missing = ["kysely_migration", ...APP_TABLES].filter((t) => !tables.has(t));
    if (missing.length)
      throw new BackupError(`${file} is not a database of this app (no ${missing.join(", ")} table).`);
    const migrations = (db.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map(
      (r) => r.name,
    );
    const unknown = migrations.filter((m) => !MIGRATION_NAMES.includes(m));
    if (unknown.length) {
      throw new BackupError(
        `${file} was made by a newer version of the app (migrations ${unknown.join(", ")}); restore it with that version.`,
      );
    }
    const rows: Record<string, number> = {};
    for (const t of APP_TABLES) rows[t] = (db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n;
    return { file, bytes: fs.statSync(file).size, migrations, rows };
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of the SQLite database `source` in `target` (default
 * data/backups/school-<UTC time>.db). Safe while the app runs: the copy is one
 * read transaction. Written under a temporary name and renamed when complete
 * and checked, so a file with the final name is always a whole backup.
 */
export function backupSqlite(
  source: string,
  target = path.join(defaultBackupDir(), timestampedName("school", "db")),
): DatabaseSummary {
  const from = path.resolve(source);
  const to = path.resolve(target);
  if (!fs.existsSync(from)) throw new BackupError(`There is no database at ${from}.`);
  if (fs.existsSync(to)) throw new BackupError(`${to} already exists; choose another file name.`);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const partial = `${to}.partial-${crypto.randomBytes(4).toString("hex")}`;
  const db = new SQLite(from, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("vacuum into ?").run(partial);
  } catch (error) {
    removeWithSidecars(partial);
    throw new BackupError(`Backup of ${from} failed: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  try {
    fsyncFile(partial);
    const summary = inspectDatabase(partial);
    fs.renameSync(partial, to);
    fsyncDir(path.dirname(to));
    return { ...summary, file: to };
  } catch (error) {
    removeWithSidecars(partial);
    throw error;
  }
}

export interface RestoreOutcome {
  restored: DatabaseSummary;
  /** The database that was replaced, kept here (null when there was none). */
  previous: string | null;
}

/**
 * Replaces the SQLite database `target` with the backup `backup`:
 * 1. the backup must be a sound database of this app (inspectDatabase);
 * 2. nobody may have `target` open: an exclusive lock is taken first and the
 *    restore is refused if the app (or anything else) still uses the file;
 * 3. what is replaced is first copied to data/backups/before-restore-<time>.db;
 * 4. the backup is copied next to the target, checked, then renamed over it in
 *    one step, and the old write-ahead log goes with the old file, so a crash
 *    at any moment leaves either the old database or the restored one.
 */
export function restoreSqlite(
  backup: string,
  target: string,
  { keepDir = defaultBackupDir() }: { keepDir?: string } = {},
): RestoreOutcome {
  const from = path.resolve(backup);
  const to = path.resolve(target);
  if (from === to) throw new BackupError("The backup and the database are the same file.");
  inspectDatabase(from);
  fs.mkdirSync(path.dirname(to), { recursive: true });

  let current: SQLite.Database | null = null;
  let previous: string | null = null;
  if (fs.existsSync(to)) {
    current = new SQLite(to, { fileMustExist: true, timeout: 0 });
    try {
      // Held until we close: no one else can open the database in the meantime.
      current.pragma("locking_mode = EXCLUSIVE");
      current.exec("begin exclusive; commit");
    } catch {
      current.close();
      throw new BackupError(
        `${to} is in use: stop the app (and anything else using the database), then run the restore again.`,
      );
    }
  }

  const incoming = `${to}.restoring-${crypto.randomBytes(4).toString("hex")}`;
  try {
    if (current) {
      fs.mkdirSync(keepDir, { recursive: true });
      previous = path.join(keepDir, timestampedName("before-restore", "db"));
      current.prepare("vacuum into ?").run(previous);
      fsyncFile(previous);
      // Folds the old write-ahead log into the old file and removes it, so no
      // stale -wal can ever be read against the restored database.
      current.pragma("journal_mode = DELETE");
    }
    // Copied with VACUUM INTO, so whatever sits in the backup's own -wal comes along.
    const source = new SQLite(from, { readonly: true, fileMustExist: true });
    try {
      source.prepare("vacuum into ?").run(incoming);
    } finally {
      source.close();
    }
    fsyncFile(incoming);
    const restored = inspectDatabase(incoming);
    for (const f of [`${to}-wal`, `${to}-shm`, `${to}-journal`]) fs.rmSync(f, { force: true });
    fs.renameSync(incoming, to);
    fsyncDir(path.dirname(to));
    return { restored: { ...restored, file: to }, previous };
  } catch (error) {
    removeWithSidecars(incoming);
    throw error;
  } finally {
    current?.close();
  }
}

function withoutPassword(url: string) {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

/**
 * The commands for a PostgreSQL database (we do not run them: pg_dump and
 * pg_restore of the server's own version belong to the operator). pg_dump
 * reads one consistent snapshot, so it is safe while the app runs.
 */
export function postgresCommands(url: string, file = path.join("data/backups", timestampedName("school", "dump"))) {
  const shown = withoutPassword(url);
  const hidden = shown !== url;
  return {
    file,
    backup: `pg_dump --format=custom --no-owner --file='${file}' '${shown}'`,
    restore: `pg_restore --clean --if-exists --no-owner --single-transaction --dbname='${shown}' '${file}'`,
    restorePlain: `psql --single-transaction -v ON_ERROR_STOP=1 --dbname='${shown}' --file='${file.replace(/\.dump$/, ".sql")}'`,
    note: hidden ? "The password is not printed: give it with PGPASSWORD or ~/.pgpass." : null,
  };
}
