// Database chores (`npm run db:<command>`, i.e.
// `vite-node --config scripts/vite-node.config.ts scripts/db/cli.ts <command>`):
//   migrate  run pending migrations
//   seed     migrate, then load the demo school into an empty database
//   reset    delete everything, migrate and load the demo school
//   backup [FILE]   SQLite: a consistent copy while the app runs (default
//                   data/backups/school-<UTC time>.db); PostgreSQL: prints the pg_dump command
//   restore FILE    SQLite: checks FILE, then replaces the database (the app must be
//                   stopped; the replaced one is kept in data/backups/); PostgreSQL: prints the commands
// DATABASE_URL as for the app: unset → data/school.db, file:/path.db, postgres://…
import path from "node:path";
import { BackupError, type DatabaseSummary, backupSqlite, postgresCommands, restoreSqlite } from "~/db/backup.server";
import { closeDatabase, database, sql } from "~/db/kysely.server";
import { migrateToLatest } from "~/db/migrate.server";
import { type Database } from "~/db/schema";
import { isPostgres, printable, removeSqlite, sqliteFileOf } from "../lib/database-url";

const COMMANDS = ["migrate", "seed", "reset", "backup", "restore"] as const;
type Command = (typeof COMMANDS)[number];

const TABLES: (keyof Database)[] = [
  "users",
  "students",
  "registrations",
  "courses",
  "enrollments",
  "holidays",
  "syllabus_items",
  "grading_items",
  "grades",
  "attendance",
  "transfers",
  "transfer_students",
  "grade_bands",
  "audit_log",
  "settings",
];

function describeUrl(url = process.env.DATABASE_URL) {
  if (!url) return path.resolve("data/school.db");
  return printable(url); // never print a password
}

/** The SQLite file the app would open (mirrors connect() in kysely.server.ts), or null. */
function sqliteFile(url = process.env.DATABASE_URL): string | null {
  if (isPostgres(url)) return null;
  const file = url ? sqliteFileOf(url) : path.resolve("data/school.db");
  return file === ":memory:" ? null : file;
}

async function wipe() {
  const file = sqliteFile();
  if (file !== null) {
    removeSqlite(file);
    console.log(`Deleted ${file}`);
    return;
  }
  if (isPostgres(process.env.DATABASE_URL)) {
    const { db } = database();
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
    console.log("Dropped and recreated schema public");
  }
}

async function migrate() {
  await migrateToLatest(database().db);
  console.log("Migrated to latest");
}

async function seed() {
  const { db } = database();
  const anyUser = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (anyUser) {
    console.log("Already seeded (the users table is not empty); use `npm run db:reset` to start over.");
    return;
  }
  const started = performance.now();
  // Loaded only here: backup and restore need none of the demo school's code.
  const { seedDemoData } = await import("~/db/seed/demo.server");
  await seedDemoData(db);
  console.log(`Seeded the demo school in ${Math.round(performance.now() - started)} ms`);
  await printCounts();
}

async function printCounts() {
  const { db } = database();
  const rows: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    rows[t] = Number(r.n);
  }
  console.table(rows);
}

function printSummary(summary: DatabaseSummary) {
  console.log(
    `${summary.file} (${(summary.bytes / 1024).toFixed(0)} KiB, integrity ok, ${summary.migrations.length} migrations)`,
  );
  console.table(summary.rows);
}

function backup(file: string | undefined) {
  const url = process.env.DATABASE_URL;
  if (isPostgres(url)) {
    const c = postgresCommands(url, file);
    console.log("PostgreSQL: pg_dump takes one consistent snapshot, so it is safe while the app runs:");
    console.log(`  mkdir -p ${path.dirname(c.file)} && ${c.backup}`);
    console.log("Restore it with (stop the app first):");
    console.log(`  ${c.restore}`);
    if (c.note) console.log(c.note);
    return;
  }
  const source = sqliteFile();
  if (source === null) throw new BackupError("An in-memory database has nothing to back up.");
  console.log("Backed up (a consistent copy, safe while the app runs):");
  printSummary(backupSqlite(source, file));
}

function restore(file: string | undefined) {
  const url = process.env.DATABASE_URL;
  if (!file) throw new BackupError("Usage: npm run db:restore FILE");
  if (isPostgres(url)) {
    const c = postgresCommands(url, file);
    console.log("PostgreSQL: stop the app, then restore the dump with");
    console.log(`  ${/\.sql$/.test(file) ? c.restorePlain : c.restore}`);
    if (c.note) console.log(c.note);
    return;
  }
  const target = sqliteFile();
  if (target === null) throw new BackupError("An in-memory database cannot be restored into.");
  const outcome = restoreSqlite(file, target);
  console.log("Restored:");
  printSummary(outcome.restored);
  if (outcome.previous) console.log(`The database it replaced is kept in ${outcome.previous}`);
  console.log("Start the app again; it migrates an older backup on start.");
}

async function main() {
  const command = process.argv[2] as Command | undefined;
  const takesFile = command === "backup" || command === "restore";
  if (!command || !COMMANDS.includes(command) || process.argv.length > (takesFile ? 4 : 3)) {
    console.error(`Usage: npm run db:<${COMMANDS.join("|")}> (backup [FILE], restore FILE)`);
    process.exitCode = 2;
    return;
  }
  console.log(`Database: ${describeUrl()}`);
  if (command === "backup") return backup(process.argv[3]);
  if (command === "restore") return restore(process.argv[3]);
  if (command === "reset") await wipe();
  await migrate();
  if (command === "seed" || command === "reset") await seed();
}

try {
  await main();
} catch (error) {
  // A refusal says what to do; anything else is a bug, with its stack.
  console.error(error instanceof BackupError ? `Refused: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
