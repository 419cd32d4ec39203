// Crash safety (issue 10, part 4): `npm run crash`
//
// Runs the BUILT server (server/index.js over ./build/server/index.js, as
// `npm start`, through scripts/lib/built-app.ts; run `npm run build` first)
// on a fresh database with the demo school, signs in as the professors and a
// staff member, and in each round drives a burst of
// concurrent writes over HTTP — gradebook saves, attendance saves, public
// registrations through the wizard, new students by staff — and kills the
// server with SIGKILL in the middle of it. It restarts the server on the same
// database and checks that every write answered with success is stored with
// the values sent, that every write left unanswered is there completely or
// not at all, and that the database passes its integrity check.
//
//   DATABASE:  SQLite data/crash.db (deleted first) by default;
//              CRASH_DATABASE_URL=postgres://… an EMPTY PostgreSQL database.
//   CRASH_ROUNDS (3), CRASH_WRITES per round (90), CRASH_CONCURRENCY (12),
//   CRASH_PORT (3110), CRASH_SEED (random; printed, to repeat a run).
//
// Exit code 1 when any acknowledged write is missing or different, any write
// is half stored, any write is refused, or an integrity check fails.
import crypto from "node:crypto";
import path from "node:path";
import { sql } from "kysely";
import { connect } from "~/db/kysely.server";
import { type RunningServer, assertBuilt, startServer, stopServer } from "../lib/built-app";
import { isPostgres, printable, removeSqlite, sqliteFileOf } from "../lib/database-url";
import { Browser, agent } from "./client";
import { checkIntegrity } from "./integrity";
import {
  type GradeCell,
  Ledger,
  type Outcome,
  type Write,
  attendanceOf,
  describe,
  gradebookOf,
  newGrade,
  perform,
  professorCourses,
  random,
  registrationWrite,
  signIn,
  studentWrite,
} from "./school";

const DATABASE_URL = process.env.CRASH_DATABASE_URL || `file:${path.resolve("data/crash.db")}`;
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const WRITES = Number(process.env.CRASH_WRITES ?? 90);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 12);
const PORT = Number(process.env.CRASH_PORT ?? 3110);
const SEED = Number(process.env.CRASH_SEED ?? crypto.randomInt(1, 2 ** 31));
const PROFESSORS = ["professor@school.test", "professor2@school.test", "professor3@school.test"];
const STAFF = "admin@school.test";

const rnd = random(SEED);
const TAG = `CR${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
const serverEnv = {
  DEMO_DATA: "on",
  // The public registration allows 10 an hour per client; every request here comes from one client.
  RATE_LIMIT_FACTOR: "1000",
  SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
};

async function freshDatabase() {
  if (!isPostgres(DATABASE_URL)) {
    removeSqlite(sqliteFileOf(DATABASE_URL));
    return;
  }
  const handle = connect(DATABASE_URL);
  try {
    const r = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(
      handle.db,
    );
    if (Number(r.rows[0].n) > 0) {
      console.error(`${printable(DATABASE_URL)} is not empty: give CRASH_DATABASE_URL a freshly created database.`);
      process.exit(2);
    }
  } finally {
    await handle.db.destroy();
  }
}

/** Every round's writes run against these: the professors' sheets and sessions, divided so no key is written twice. */
interface Pools {
  professors: Browser[];
  staff: Browser;
  cells: { browser: Browser; courseId: number; cells: GradeCell[]; sheet: Awaited<ReturnType<typeof gradebookOf>> }[];
  sessions: { browser: Browser; courseId: number; date: string }[];
}

async function preparePools(base: string): Promise<Pools> {
  const httpAgent = agent(CONCURRENCY);
  const professors = PROFESSORS.map(() => new Browser(base, httpAgent));
  const staff = new Browser(base, httpAgent);
  await Promise.all([...professors.map((b, i) => signIn(b, PROFESSORS[i])), signIn(staff, STAFF)]);
  const cells: Pools["cells"] = [];
  const sessions: Pools["sessions"] = [];
  for (const browser of professors) {
    for (const courseId of await professorCourses(browser)) {
      const [sheet, attendance] = await Promise.all([gradebookOf(browser, courseId), attendanceOf(browser, courseId)]);
      const all: GradeCell[] = [];
      for (const row of sheet.rows)
        for (const item of sheet.items)
          all.push({ studentId: row.id, itemId: item.id, original: row.grades[item.id] ?? null, grade: 0 });
      cells.push({ browser, courseId, sheet, cells: rnd.shuffle(all) });
      for (const c of attendance.choices) sessions.push({ browser, courseId, date: c.date });
    }
  }
  rnd.shuffle(sessions);
  return { professors, staff, cells, sessions };
}

/** One round's writes: about 45% grades, 20% attendance, 20% registrations, 15% new students. */
function roundWrites(pools: Pools, base: string): Write[] {
  const writes: Write[] = [];
  for (let i = 0; i < WRITES; i++) {
    const roll = rnd.next();
    if (roll < 0.45) {
      const course = rnd.pick(pools.cells.filter((c) => c.cells.length >= 4));
      if (!course) continue;
      const cells = course.cells.splice(0, 1 + rnd.int(4)).map((c) => ({ ...c, grade: newGrade(rnd, c.original) }));
      writes.push({ kind: "grades", browser: course.browser, courseId: course.courseId, sheet: course.sheet, cells });
    } else if (roll < 0.65) {
      const session = pools.sessions.pop();
      if (!session) continue;
      writes.push({
        kind: "attendance",
        browser: session.browser,
        courseId: session.courseId,
        date: session.date,
        marks: [],
        only: null,
      });
    } else if (roll < 0.85) {
      writes.push(registrationWrite(new Browser(base, pools.staff.httpAgent), rnd, TAG));
    } else {
      writes.push(studentWrite(pools.staff, rnd, TAG));
    }
  }
  return writes;
}

interface RoundResult {
  sent: number;
  acknowledged: number;
  unanswered: number;
  notSent: number;
  refused: { write: string; detail: string }[];
  killedAfterMs: number;
}

/**
 * Runs the writes CONCURRENCY at a time; once `killAt` of them have been
 * acknowledged the server gets SIGKILL while the others are in flight.
 */
async function burst(server: RunningServer, writes: Write[], ledger: Ledger, killAt: number): Promise<RoundResult> {
  const result: RoundResult = { sent: 0, acknowledged: 0, unanswered: 0, notSent: 0, refused: [], killedAfterMs: 0 };
  const started = performance.now();
  let killed = false;
  let next = 0;
  const kill = () => {
    if (killed) return;
    killed = true;
    result.killedAfterMs = Math.round(performance.now() - started);
    server.child.kill("SIGKILL");
  };
  const record = (write: Write, outcome: Outcome) => {
    ledger.record(write, outcome);
    if (outcome.kind === "nothing") return;
    if (outcome.kind === "notSent") result.notSent++;
    else result.sent++;
    if (outcome.kind === "acknowledged") result.acknowledged++;
    if (outcome.kind === "unanswered") result.unanswered++;
    if (outcome.kind === "refused") result.refused.push({ write: describe(write), detail: outcome.detail });
  };
  const worker = async () => {
    while (!killed && next < writes.length) {
      const write = writes[next++];
      const outcome = await perform(write, rnd);
      record(write, outcome);
      if (result.acknowledged >= killAt) kill();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  kill(); // the burst ran out before the threshold (small CRASH_WRITES): kill anyway
  await server.exited;
  result.notSent += writes.length - next;
  return result;
}

async function verify(ledger: Ledger) {
  const handle = connect(DATABASE_URL);
  try {
    const check = await ledger.check(handle.db);
    const integrity = await checkIntegrity(handle);
    return { check, integrity };
  } finally {
    await handle.db.destroy();
  }
}

async function main() {
  assertBuilt();
  const dialect = isPostgres(DATABASE_URL) ? "PostgreSQL" : "SQLite";
  console.log(
    `Crash test: ${dialect} ${printable(DATABASE_URL)}, ${ROUNDS} rounds of ${WRITES} writes, ${CONCURRENCY} at a time, seed ${SEED}`,
  );
  const t0 = performance.now();
  await freshDatabase();
  let server = await startServer({ databaseUrl: DATABASE_URL, port: PORT, env: serverEnv });
  console.log(
    `Server up with the demo school in ${((performance.now() - t0) / 1000).toFixed(1)} s (pid ${server.pid})`,
  );

  const ledger = new Ledger();
  const totals = { sent: 0, acknowledged: 0, unanswered: 0, notSent: 0, refused: [] as RoundResult["refused"] };
  let failed = false;
  let last: Awaited<ReturnType<typeof verify>> | null = null;
  try {
    const pools = await preparePools(server.base);
    console.log(
      `Signed in ${pools.professors.length} professors and 1 staff; ${pools.cells.reduce((n, c) => n + c.cells.length, 0)} grade cells and ${pools.sessions.length} sessions to write`,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      const httpAgent = agent(CONCURRENCY);
      for (const b of [...pools.professors, pools.staff]) b.httpAgent = httpAgent;
      const writes = roundWrites(pools, server.base);
      const killAt = Math.max(1, Math.floor(writes.length * (0.25 + 0.35 * rnd.next())));
      const r = await burst(server, writes, ledger, killAt);
      httpAgent.destroy();
      totals.sent += r.sent;
      totals.acknowledged += r.acknowledged;
      totals.unanswered += r.unanswered;
      totals.notSent += r.notSent;
      totals.refused.push(...r.refused);

      const restart = performance.now();
      server = await startServer({ databaseUrl: DATABASE_URL, port: PORT, env: serverEnv });
      // The restarted server still knows the sessions and serves the pages.
      await gradebookOf(pools.professors[0], pools.cells[0].courseId);
      const checking = performance.now();
      last = await verify(ledger);
      const timing = `restart ${((checking - restart) / 1000).toFixed(1)} s, check ${((performance.now() - checking) / 1000).toFixed(1)} s`;
      const lost = last.check.lost.length;
      console.log(
        `Round ${round}: SIGKILL after ${r.killedAfterMs} ms; sent ${r.sent}, acknowledged ${r.acknowledged}, unanswered ${r.unanswered}, ` +
          `not sent ${r.notSent}, refused ${r.refused.length} · after restart: acknowledged so far ${ledger.acknowledged.length}, ` +
          `found ${last.check.found}, lost ${lost}; integrity ${last.integrity.ok ? "ok" : "FAILED"} (${timing})`,
      );
      if (lost || last.check.unanswered.partial.length || r.refused.length || !last.integrity.ok) failed = true;
    }
  } finally {
    await stopServer(server);
  }

  const c = last!.check;
  console.log("");
  console.log(`Writes sent:          ${totals.sent}`);
  console.log(`Acknowledged:         ${totals.acknowledged}`);
  console.log(`Found after restart:  ${c.found} (${c.values} stored values compared)`);
  console.log(`Lost:                 ${c.lost.length}`);
  console.log(
    `Unanswered (killed in flight): ${totals.unanswered}: ${c.unanswered.committed} stored completely, ${c.unanswered.absent} not at all, ${c.unanswered.partial.length} half-stored`,
  );
  console.log(`Refused (error answers): ${totals.refused.length}`);
  for (const line of last!.integrity.lines) console.log(`Integrity: ${line}`);
  for (const l of c.lost.slice(0, 20)) console.log(`LOST ${l.write}: ${l.detail}`);
  for (const p of c.unanswered.partial.slice(0, 20)) console.log(`HALF-STORED ${p}`);
  for (const r of totals.refused.slice(0, 20)) console.log(`REFUSED ${r.write}: ${r.detail}`);
  console.log(
    `Done in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${failed ? "FAILED" : "every acknowledged write survived"}`,
  );
  if (failed) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
