// Load soak (issue 10, part 5): `npm run soak`
//
// Runs the BUILT server (run `npm run build` first) on a prepared database
// and keeps 50 connections busy for 2 minutes with what the school does all
// day: professors open their pages and save grades and attendance, staff
// browse, search and add students, the public registers through the wizard.
// It counts every answer (a read must answer 200, a save must redirect where
// the page says), samples the server's resident memory from /proc every
// second, and afterwards checks that every acknowledged write is stored with
// its values. Not part of `npm test` or CI.
//
//   DATABASE_URL   the prepared database (default file:./data/bench.db, the
//                  large school of `npm run bench:data`). A SQLite file is
//                  copied to data/soak.db first, so the soak's writes do not
//                  change it; a PostgreSQL database is used (and written) in place.
//   SOAK_DATA=demo a fresh demo school in data/soak.db instead.
//   SOAK_SECONDS (120), SOAK_CONNECTIONS (50), SOAK_PORT (3120), SOAK_SEED,
//   SOAK_HEAP_MB (192: the server's --max-old-space-size; 0 for V8's default),
//   SOAK_TIMELINE=1 prints every request (start, duration, status, route).
//
// Exit code 1 on any error or 5xx, any lost write, or memory that keeps
// growing. With the heap bounded, a leak shows as resident memory climbing to
// the bound and then an out-of-memory crash (connection failures), while a
// healthy server stays flat; with V8's default the heap just grows lazily.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { connect } from "~/db/kysely.server";
import { todayIn } from "~/modules/calendar/sessions";
import { assertBuilt, rssMiB, startServer, stopServer } from "../lib/built-app";
import { isPostgres, printable, removeSqlite, sqliteFileOf } from "../lib/database-url";
import { Browser, agent } from "./client";
import {
  DEMO_PASSWORD,
  Ledger,
  type Outcome,
  type Random,
  type Write,
  attendanceOf,
  describe,
  gradebookOf,
  newGrade,
  perform,
  random,
  registrationWrite,
  signIn,
  studentWrite,
} from "./school";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const PORT = Number(process.env.SOAK_PORT ?? 3120);
const SEED = Number(process.env.SOAK_SEED ?? crypto.randomInt(1, 2 ** 31));
const DEMO = process.env.SOAK_DATA === "demo";
const HEAP_MB = Number(process.env.SOAK_HEAP_MB ?? 192);
const SOURCE_URL = DEMO ? null : process.env.DATABASE_URL || `file:${path.resolve("data/bench.db")}`;
const SCRATCH = path.resolve("data/soak.db");
const TAG = `SK${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
const rnd = random(SEED);

/** The database the server runs on: a scratch copy of a SQLite file, PostgreSQL in place, or a new demo school. */
function prepareDatabase(): { url: string; described: string } {
  if (!SOURCE_URL) {
    removeSqlite(SCRATCH);
    return { url: `file:${SCRATCH}`, described: "a fresh demo school (SOAK_DATA=demo)" };
  }
  if (isPostgres(SOURCE_URL)) return { url: SOURCE_URL, described: `${printable(SOURCE_URL)} (written in place)` };
  const file = path.resolve(sqliteFileOf(SOURCE_URL));
  if (!fs.existsSync(file)) {
    console.error(
      `No database at ${file}: run \`npm run bench:data\` first, set DATABASE_URL, or SOAK_DATA=demo for the demo school.`,
    );
    process.exit(2);
  }
  removeSqlite(SCRATCH);
  fs.copyFileSync(file, SCRATCH);
  if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${SCRATCH}-wal`);
  return { url: `file:${SCRATCH}`, described: `a copy of ${file}` };
}

// ---------------------------------------------------------------------------
// What the database holds: accounts, courses, ids to browse

interface School {
  professors: { email: string; courses: number[] }[];
  staff: { email: string; role: "admin_staff" | "coordinator" | "receptionist" }[];
  studentIds: number[];
  courseIds: number[];
  registrationIds: number[];
  searches: string[];
}

async function readSchool(url: string): Promise<School> {
  const { db } = connect(url);
  try {
    // Today in the school's time zone (its settings row), as the app reads it.
    const zone = await db.selectFrom("settings").select("value").where("key", "=", "time_zone").executeTakeFirst();
    const today = todayIn(zone?.value ?? "America/Guayaquil");
    const courses = await db
      .selectFrom("courses")
      .innerJoin("users", "users.id", "courses.professor_id")
      .select(["courses.id", "users.email"])
      .where("users.status", "=", "active")
      .where("users.role", "=", "professor")
      .where("courses.status", "=", "active")
      .where("courses.start_date", "<=", today)
      .where("courses.end_date", ">=", today)
      .orderBy("courses.id")
      .execute();
    const byProfessor = new Map<string, number[]>();
    for (const c of courses) byProfessor.set(c.email, [...(byProfessor.get(c.email) ?? []), Number(c.id)]);
    const staff = await db
      .selectFrom("users")
      .select(["email", "role"])
      .where("status", "=", "active")
      .where("role", "in", ["admin_staff", "coordinator", "receptionist"])
      .orderBy("id")
      .limit(30)
      .execute();
    const students = await db.selectFrom("students").select(["id", "last_name"]).orderBy("id").limit(2000).execute();
    const allCourses = await db.selectFrom("courses").select("id").orderBy("id").limit(2000).execute();
    const registrations = await db.selectFrom("registrations").select("id").orderBy("id", "desc").limit(500).execute();
    return {
      professors: [...byProfessor].map(([email, ids]) => ({ email, courses: ids })),
      staff: staff.map((s) => ({ email: s.email, role: s.role as School["staff"][number]["role"] })),
      studentIds: students.map((s) => Number(s.id)),
      courseIds: allCourses.map((c) => Number(c.id)),
      registrationIds: registrations.map((r) => Number(r.id)),
      searches: [...new Set(students.map((s) => s.last_name.slice(0, 4)))].slice(0, 200),
    };
  } finally {
    await db.destroy();
  }
}

// ---------------------------------------------------------------------------
// Counting answers: every HTTP answer by status (Browser.observer), and every
// answer that is not what the page expects as an error.

const tally = {
  requests: 0,
  byStatus: new Map<number, number>(),
  networkErrors: 0,
  latencies: [] as number[],
  reads: 0,
  writes: { sent: 0, acknowledged: 0 },
  errors: [] as { what: string; detail: string }[],
};

/** A path with its ids and query taken out: /course/:id/gradebook. */
const routeOf = (method: string, path: string) =>
  `${method} ${path.split("?")[0].replace(/\/\d+/g, "/:id")}${path.includes("_data=") ? " (data)" : ""}`;
const byRoute = new Map<string, number[]>();

const timeline: [number, number, string][] = [];
Browser.observer = (status, ms, method, path) => {
  if (process.env.SOAK_TIMELINE)
    timeline.push([performance.now() - ms, ms, `${status ?? "FAILED"} ${routeOf(method, path)}`]);
  tally.requests++;
  tally.latencies.push(ms);
  const route = routeOf(method, path);
  byRoute.set(route, [...(byRoute.get(route) ?? []), ms]);
  if (status === null) tally.networkErrors++;
  else tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
};

const serverErrors = () => [...tally.byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);

function fail(what: string, detail: string) {
  tally.errors.push({ what, detail });
}

async function read(browser: Browser, url: string) {
  tally.reads++;
  try {
    const answer = await browser.get(url, { keepBody: false });
    if (answer.status !== 200) fail(`GET ${url}`, `${answer.status} ${answer.location ?? ""}`);
  } catch (error) {
    fail(`GET ${url}`, (error as Error).message);
  }
}

const ledger = new Ledger();

async function write(w: Write) {
  const outcome: Outcome = await perform(w, rnd);
  if (outcome.kind === "nothing") return;
  tally.writes.sent++;
  ledger.record(w, outcome);
  if (outcome.kind === "acknowledged") tally.writes.acknowledged++;
  else fail(describe(w), outcome.detail);
}

// ---------------------------------------------------------------------------
// The people

const weighted = <T>(r: Random, choices: [number, T][]): T => {
  let x = r.next() * choices.reduce((n, [w]) => n + w, 0);
  for (const [w, v] of choices) if ((x -= w) < 0) return v;
  return choices[choices.length - 1][1];
};

interface ProfessorSlice {
  browser: Browser;
  courseId: number;
  /** This worker saves only the students with id % of === part: no two workers write one key. */
  part: number;
  of: number;
}

async function professorStep(p: ProfessorSlice) {
  const c = p.courseId;
  const action = weighted(rnd, [
    [14, "read"],
    [4, "grades"],
    [2, "attendance"],
  ]);
  if (action === "read") {
    const url = rnd.pick([
      "/teachers",
      `/course/${c}/home`,
      `/course/${c}/gradebook`,
      `/course/${c}/attendance`,
      `/course/${c}/student-report`,
      `/course/${c}/holidays`,
      `/course/${c}/faq`,
      "/teachers/faq",
      "/profile",
    ]);
    return read(p.browser, url);
  }
  if (action === "grades") {
    // Open the gradebook, change one to three of this worker's cells, save the whole form.
    let sheet;
    try {
      sheet = await gradebookOf(p.browser, c);
    } catch (error) {
      return fail(`gradebook ${c}`, (error as Error).message);
    }
    const mine = sheet.rows.filter((r) => r.id % p.of === p.part);
    if (!mine.length || !sheet.items.length) return;
    const cells = new Map<string, { studentId: number; itemId: number; original: number | null; grade: number }>();
    for (let i = 0, n = 1 + rnd.int(3); i < n; i++) {
      const row = rnd.pick(mine);
      const item = rnd.pick(sheet.items);
      const original = row.grades[item.id] ?? null;
      cells.set(`${row.id}_${item.id}`, {
        studentId: row.id,
        itemId: item.id,
        original,
        grade: newGrade(rnd, original),
      });
    }
    return write({ kind: "grades", browser: p.browser, courseId: c, sheet, cells: [...cells.values()] });
  }
  // Attendance of a past session for this worker's students (the page is loaded inside perform).
  let page;
  try {
    page = await attendanceOf(p.browser, c);
  } catch (error) {
    return fail(`attendance ${c}`, (error as Error).message);
  }
  if (!page.choices.length) return;
  const date = rnd.pick(page.choices.slice(0, 10)).date;
  const only = { has: (id: number) => id % p.of === p.part } as ReadonlySet<number>;
  return write({ kind: "attendance", browser: p.browser, courseId: c, date, marks: [], only });
}

const STAFF_PAGES: Record<School["staff"][number]["role"], ((s: School, r: Random) => string)[]> = {
  admin_staff: [
    () => "/dashboard",
    (_, r) => `/admin/students?page=${1 + r.int(5)}`,
    (s, r) => `/admin/students?search=${encodeURIComponent(r.pick(s.searches))}`,
    (s, r) => `/admin/students/${r.pick(s.studentIds)}`,
    () => "/admin/courses",
    (s, r) => `/admin/courses/${r.pick(s.courseIds)}`,
    (s, r) => `/admin/courses/${r.pick(s.courseIds)}/report`,
    () => "/admin/registered-students",
    (s, r) =>
      s.registrationIds.length
        ? `/admin/registered-students/${r.pick(s.registrationIds)}`
        : "/admin/registered-students",
    () => "/admin/transfer-students",
    () => "/admin/teachers",
    () => "/coordinator/professors",
    () => "/admin/audit",
    () => "/admin/users",
    () => "/admin/holidays",
  ],
  coordinator: [
    () => "/dashboard",
    (s, r) => `/admin/students?search=${encodeURIComponent(r.pick(s.searches))}`,
    (s, r) => `/admin/students/${r.pick(s.studentIds)}`,
    () => "/admin/courses",
    (s, r) => `/admin/courses/${r.pick(s.courseIds)}/report`,
    () => "/admin/transfer-students",
    () => "/coordinator/professors",
    () => "/admin/syllabus",
    () => "/admin/grade-bands",
    () => "/coordinator/faq",
  ],
  receptionist: [
    () => "/dashboard",
    (_, r) => `/admin/students?page=${1 + r.int(5)}`,
    (s, r) => `/admin/students?search=${encodeURIComponent(r.pick(s.searches))}`,
    (s, r) => `/admin/students/${r.pick(s.studentIds)}`,
    () => "/admin/registered-students",
    () => "/admin/transfer-students",
    () => "/admin/teachers",
  ],
};

async function staffStep(browser: Browser, role: School["staff"][number]["role"], school: School) {
  if (rnd.next() < 0.06) return write(studentWrite(browser, rnd, TAG));
  return read(browser, rnd.pick(STAFF_PAGES[role])(school, rnd));
}

async function publicStep(base: string, httpAgent: ReturnType<typeof agent>) {
  const browser = new Browser(base, httpAgent);
  if (rnd.next() < 0.3) return read(browser, "/authentication/login");
  // The wizard as a visitor fills it in: each page, then its post.
  await read(browser, "/students-registration/personal");
  await write(registrationWrite(browser, rnd, TAG));
  await read(browser, "/students-registration/done");
}

// ---------------------------------------------------------------------------

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den ? num / den : 0;
}

async function main() {
  assertBuilt();
  const { url, described } = prepareDatabase();
  console.log(
    `Soak: ${CONNECTIONS} connections for ${SECONDS} s on ${described}; server heap ${HEAP_MB > 0 ? `limited to ${HEAP_MB} MiB` : "V8's default"}; seed ${SEED}`,
  );
  const server = await startServer({
    databaseUrl: url,
    port: PORT,
    env: {
      DEMO_DATA: DEMO ? "on" : "off",
      RATE_LIMIT_FACTOR: "10000",
      SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
    },
    // A bounded heap (ADR 016): V8 would otherwise grow it lazily towards its
    // default limit (~4 GiB here) and resident memory would say nothing about leaks.
    heapMiB: HEAP_MB > 0 ? HEAP_MB : undefined,
  });
  let failed = false;
  try {
    const school = await readSchool(url);
    if (!school.professors.length || !school.staff.length)
      throw new Error("The database has no active professor with a running course, or no staff account.");
    const httpAgent = agent(CONNECTIONS);
    const base = server.base;
    Browser.timeoutMs = 60_000;
    Browser.resendOnStaleConnection = true;

    // Connections: 40% professors, 40% staff, 20% the public.
    const nProfessors = Math.round(CONNECTIONS * 0.4);
    const nStaff = Math.round(CONNECTIONS * 0.4);
    const nPublic = CONNECTIONS - nProfessors - nStaff;
    const slices: { email: string; courseId: number }[] = school.professors.flatMap((p) =>
      p.courses.map((courseId) => ({ email: p.email, courseId })),
    );
    const chosen = Array.from({ length: nProfessors }, (_, i) => slices[i % slices.length]);
    const staffChosen = Array.from({ length: nStaff }, (_, i) => school.staff[i % school.staff.length]);

    // One sign-in per account; its workers share the session (as tabs do).
    const sessions = new Map<string, Map<string, string>>();
    for (const email of new Set([...chosen.map((c) => c.email), ...staffChosen.map((s) => s.email)])) {
      const b = new Browser(base, httpAgent);
      await signIn(b, email, DEMO_PASSWORD);
      sessions.set(email, new Map(b.cookies));
    }
    const browserOf = (email: string) => {
      const b = new Browser(base, httpAgent);
      for (const [k, v] of sessions.get(email)!) b.cookies.set(k, v);
      return b;
    };
    const perCourse = new Map<number, number>();
    const professorSlices: ProfessorSlice[] = chosen.map((c) => {
      const part = perCourse.get(c.courseId) ?? 0;
      perCourse.set(c.courseId, part + 1);
      return { browser: browserOf(c.email), courseId: c.courseId, part, of: 0 };
    });
    for (const s of professorSlices) s.of = perCourse.get(s.courseId)!;
    console.log(
      `Signed in ${sessions.size} accounts; ${nProfessors} professor connections on ${perCourse.size} courses, ` +
        `${nStaff} staff, ${nPublic} public; server pid ${server.pid}`,
    );

    // The 50 connections are opened before the clock starts and kept (as a
    // load tool does): a saturated server leaves new connections waiting
    // while it serves the open ones (ADR 016), which would measure the pool,
    // not the app. Every simulated person sends over this pool.
    await Promise.all(
      Array.from({ length: CONNECTIONS }, () => new Browser(base, httpAgent).get("/favicon.svg", { keepBody: false })),
    );
    const openedBefore = httpAgent.opened;
    // Only the soak's own requests are counted (not the sign-ins).
    tally.requests = 0;
    tally.byStatus.clear();
    tally.latencies.length = 0;
    tally.networkErrors = 0;
    Browser.resent = 0;
    byRoute.clear();
    const rss: [number, number][] = [];
    const startRss = rssMiB(server.pid)!;
    const t0 = performance.now();
    const deadline = t0 + SECONDS * 1000;
    const sampler = setInterval(() => {
      const m = rssMiB(server.pid);
      if (m !== null) rss.push([(performance.now() - t0) / 1000, m]);
    }, 1000);
    let lastReport = 0;
    const progress = setInterval(() => {
      const s = Math.round((performance.now() - t0) / 1000);
      if (s - lastReport >= 30) {
        lastReport = s;
        const m = rss.length ? rss[rss.length - 1][1] : startRss;
        console.log(
          `  ${s} s: ${tally.requests} requests, ${tally.writes.acknowledged} writes acknowledged, ${tally.errors.length} errors, RSS ${m.toFixed(0)} MiB`,
        );
      }
    }, 1000);

    const loop = async (step: () => Promise<unknown>) => {
      while (performance.now() < deadline) await step();
    };
    await Promise.all([
      ...professorSlices.map((p) => loop(() => professorStep(p))),
      ...staffChosen.map((s) => {
        const b = browserOf(s.email);
        return loop(() => staffStep(b, s.role, school));
      }),
      ...Array.from({ length: nPublic }, () => loop(() => publicStep(base, httpAgent))),
    ]);
    const elapsed = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    clearInterval(progress);
    const endRss = rssMiB(server.pid) ?? rss[rss.length - 1]?.[1] ?? startRss;
    httpAgent.destroy();

    const { db } = connect(url);
    let check;
    try {
      check = await ledger.check(db);
    } finally {
      await db.destroy();
    }

    // The first 20% of the run (at least 10 s) warms up: JIT, caches, the pool, V8's heap sizing.
    const warm = Math.max(10, elapsed * 0.2);
    const steady = rss.filter(([t]) => t >= warm);
    const values = steady.map(([, m]) => m);
    const peak = Math.max(startRss, ...rss.map(([, m]) => m));
    const trend = slope(steady) * 60;
    const third = Math.max(1, Math.floor(values.length / 3));
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const early = avg(values.slice(0, third));
    const late = avg(values.slice(-third));
    // Flat: after the warm-up, the last third of the samples is within 10% (or 24 MiB) of the first third.
    const flat = late <= early * 1.1 || late - early <= 24;
    const sorted = [...tally.latencies].sort((a, b) => a - b);

    console.log("");
    console.log(
      `Requests:            ${tally.requests} in ${elapsed.toFixed(0)} s (${(tally.requests / elapsed).toFixed(1)}/s): ${tally.reads} page reads, the rest page data and form posts`,
    );
    console.log(
      `Answers by status:   ${[...tally.byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}: ${n}`)
        .join(", ")}`,
    );
    console.log(
      `Errors:              ${tally.errors.length} (5xx answers: ${serverErrors()}, connection failures: ${tally.networkErrors})`,
    );
    console.log(
      `Connections:         ${openedBefore} opened before the run, ${httpAgent.opened - openedBefore} during it (server closed idle ones)`,
    );
    console.log(
      `Resent:              ${Browser.resent} request(s) whose reused keep-alive connection the server closed before reading them (as a browser resends them; ADR 016)`,
    );
    console.log(
      `Latency (ms):        p50 ${percentile(sorted, 50).toFixed(0)}, p95 ${percentile(sorted, 95).toFixed(0)}, p99 ${percentile(sorted, 99).toFixed(0)}, max ${(sorted[sorted.length - 1] ?? 0).toFixed(0)}`,
    );
    console.log(
      `Writes:              ${tally.writes.sent} sent, ${tally.writes.acknowledged} acknowledged, ${check.found} found afterwards (${check.values} values compared), ${check.lost.length} lost`,
    );
    console.log(
      `Server memory (RSS): start ${startRss.toFixed(0)} MiB, after ${warm.toFixed(0)} s warm-up ${(values[0] ?? endRss).toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, end ${endRss.toFixed(0)} MiB`,
    );
    console.log(
      `  after the warm-up:  first third avg ${early.toFixed(0)} MiB, last third avg ${late.toFixed(0)} MiB, trend ${trend >= 0 ? "+" : ""}${trend.toFixed(1)} MiB/min → ${flat ? "flat" : "GROWING"}`,
    );
    const slowest = [...byRoute]
      .map(([route, ms]) => ({
        route,
        n: ms.length,
        p50: percentile(
          [...ms].sort((a, b) => a - b),
          50,
        ),
        p95: percentile(
          [...ms].sort((a, b) => a - b),
          95,
        ),
      }))
      .sort((a, b) => b.p95 - a.p95)
      .slice(0, 8);
    console.log(
      `Slowest routes (p95): ${slowest.map((r) => `${r.route} p50 ${r.p50.toFixed(0)} p95 ${r.p95.toFixed(0)} ms (n ${r.n})`).join("; ")}`,
    );
    console.log(
      `Memory samples (s:MiB): ${rss
        .filter((_, i) => i % 10 === 0)
        .map(([t, m]) => `${t.toFixed(0)}:${m.toFixed(0)}`)
        .join(" ")}`,
    );
    for (const e of tally.errors.slice(0, 20)) console.log(`ERROR ${e.what}: ${e.detail}`);
    for (const l of check.lost.slice(0, 20)) console.log(`LOST ${l.write}: ${l.detail}`);
    if (process.env.SOAK_TIMELINE) {
      for (const [start, ms, route] of timeline.sort((a, b) => a[0] - b[0]))
        console.log(`T ${((start - t0) / 1000).toFixed(1)} ${ms.toFixed(0)} ${route}`);
    }
    failed = tally.errors.length > 0 || serverErrors() > 0 || tally.networkErrors > 0 || check.lost.length > 0 || !flat;
    console.log(failed ? "FAILED" : "OK: no errors, nothing lost, memory flat");
  } finally {
    await stopServer(server);
  }
  if (failed) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
