// Database chores: `vite-node --config scripts/vite-node.config.ts scripts/db.ts <command>`
//   migrate  run pending migrations
//   seed     migrate, then load the demo school into an empty database
//   reset    delete everything, migrate and load the demo school
// DATABASE_URL as for the app: unset → data/school.db, file:/path.db, postgres://…
import fs from "node:fs";
import path from "node:path";
import { closeDatabase, database, sql } from "~/db/kysely.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import { seedDemoData } from "~/db/seed/demo.server";

const COMMANDS = ["migrate", "seed", "reset"] as const;
type Command = (typeof COMMANDS)[number];

const TABLES: (keyof Database)[] = [
  "users", "students", "registrations", "courses", "enrollments", "holidays", "syllabus_items",
  "grading_items", "grades", "attendance", "transfers", "transfer_students", "grade_bands", "audit_log", "settings",
];

function describeUrl(url = process.env.DATABASE_URL) {
  if (!url) return path.resolve("data/school.db");
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@"); // never print a password
}

/** The SQLite file the app would open (mirrors connect() in kysely.server.ts), or null. */
function sqliteFile(url = process.env.DATABASE_URL): string | null {
  if (url && /^postgres(ql)?:\/\//.test(url)) return null;
  const file = url ? url.replace(/^file:(\/\/)?/, "") : path.resolve("data/school.db");
  return file === ":memory:" ? null : file;
}

async function wipe() {
  const file = sqliteFile();
  if (file !== null) {
    for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(f, { force: true });
    console.log(`Deleted ${file}`);
    return;
  }
  if (process.env.DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL)) {
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
  await seedDemoData(db);
  console.log(`Seeded the demo school in ${Math.round(performance.now() - started)} ms`);
  await printCounts();
}

async function printCounts() {
  const { db } = database();
  const rows: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    rows[t] = Number(r.n);
  }
  console.table(rows);
}

async function main() {
  const command = process.argv[2] as Command | undefined;
  if (!command || !COMMANDS.includes(command) || process.argv.length > 3) {
    console.error(`Usage: scripts/db.ts <${COMMANDS.join("|")}>`);
    process.exitCode = 2;
    return;
  }
  console.log(`Database: ${describeUrl()}`);
  if (command === "reset") await wipe();
  await migrate();
  if (command === "seed" || command === "reset") await seed();
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
