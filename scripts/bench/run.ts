// npm run bench [-- --no-build] [-- --no-browser] [-- --only=sqlite|postgres]
//
// Builds the app, starts it in production mode on the bench school (made by
// `npm run bench:data` when missing) and measures the server with autocannon:
// requests/s and p50/p95/p99 latency at 10 connections for each page of
// issue 9, next to the smallest page of the app (/status) as the framework's
// ceiling. SQLite always; PostgreSQL too when BENCH_PG_URL or DATABASE_URL
// names a postgres database. Prints a markdown table and writes it to
// BENCH_OUT (default data/bench-last.md), then the browser side
// (scripts/bench/browser.ts: page weight and slow-line timings, on the first
// database's server). Budgets: docs/performance.md.
//
// Environment: BENCH_SECONDS (8 per endpoint), BENCH_WARMUP (2), BENCH_CONNECTIONS (10),
// BENCH_PORT (3310), BENCH_SQLITE_URL (file:./data/bench.db), BENCH_PG_URL, BENCH_NO_BUILD=1,
// BENCH_NO_BROWSER=1 (and browser.ts's BENCH_RUNS).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type AutocannonRequest } from "autocannon";
import { connect } from "~/db/kysely.server";
import { todayIn } from "~/modules/calendar/sessions";
import { buildApp, startServer, stopServer } from "../lib/built-app";
import { isPostgres, printable, sqliteFileOf } from "../lib/database-url";
import { signIn as signInAt } from "../lib/demo-school";
import { browserBench } from "./browser";
import {
  BENCH_COURSE_CODE,
  BENCH_PASSWORD,
  BENCH_PROFESSOR,
  BENCH_SQLITE_URL,
  BENCH_STAFF,
  certifiable,
} from "./shared";

const args = process.argv.slice(2);
const NO_BUILD = args.includes("--no-build") || process.env.BENCH_NO_BUILD === "1";
const NO_BROWSER = args.includes("--no-browser") || process.env.BENCH_NO_BROWSER === "1";
const ONLY = args.find((a) => a.startsWith("--only="))?.slice(7);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3310);
const OUT = process.env.BENCH_OUT ?? "data/bench-last.md";
const BASE = `http://127.0.0.1:${PORT}`;

/** The budgets of issue 9 (server side). */
const BUDGET = { p95Ms: 50, ofCeiling: 0.4 };

interface Target {
  label: string;
  url: string;
}

function targets(): Target[] {
  const list: Target[] = [];
  const envSqlite =
    process.env.BENCH_SQLITE_URL ??
    (process.env.DATABASE_URL?.startsWith("file:") ? process.env.DATABASE_URL : undefined);
  if (ONLY !== "postgres") list.push({ label: "SQLite", url: envSqlite ?? BENCH_SQLITE_URL });
  const pg = process.env.BENCH_PG_URL ?? (isPostgres(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined);
  if (pg && ONLY !== "sqlite") list.push({ label: "PostgreSQL", url: pg });
  return list;
}

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(command, commandArgs, { stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed (${r.status ?? r.signal})`);
}

// ---------------------------------------------------------------------------
// The bench school: what the requests need to know (ids, dates), read once.

interface School {
  courseId: number;
  /** The course's last session with attendance: the attendance POST saves it again. */
  sessionDate: string;
  roster: number[];
  items: number[];
  students: number[];
  /** `${student}_${item}` → stored grade text, for the gradebook form's untouched cells. */
  grades: Map<string, string>;
  /** The last day attendance was taken anywhere (the day before the data's "today"). */
  dataDay: string;
  /** A certificate that can be printed (shared.ts certifiable()). */
  certificate: { courseId: number; studentId: number } | null;
  /** Today in the school's time zone (its settings row), as the app reads it. */
  today: string;
}

async function readSchool(url: string): Promise<School | null> {
  if (!isPostgres(url) && !fs.existsSync(sqliteFileOf(url))) return null;
  const { db } = connect(url);
  try {
    const course = await db
      .selectFrom("courses")
      .select("id")
      .where("course_id", "=", BENCH_COURSE_CODE)
      .executeTakeFirst();
    if (!course) return null;
    const last = await db
      .selectFrom("attendance")
      .select((eb) => eb.fn.max("session_date").as("d"))
      .where("course_id", "=", course.id)
      .executeTakeFirstOrThrow();
    const anywhere = await db
      .selectFrom("attendance")
      .select((eb) => eb.fn.max("session_date").as("d"))
      .executeTakeFirstOrThrow();
    const sessionDate = String(last.d);
    const zone = await db.selectFrom("settings").select("value").where("key", "=", "time_zone").executeTakeFirst();
    const today = todayIn(zone?.value ?? "America/Guayaquil");
    const [roster, items, current, grades, certificate] = await Promise.all([
      db
        .selectFrom("enrollments")
        .select("student_id")
        .where("course_id", "=", course.id)
        .where("start_date", "<=", sessionDate)
        .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">", sessionDate)]))
        .orderBy("student_id")
        .execute(),
      db.selectFrom("grading_items").select("id").where("course_id", "=", course.id).orderBy("position").execute(),
      db
        .selectFrom("enrollments")
        .select("student_id")
        .where("course_id", "=", course.id)
        .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">", today)]))
        .orderBy("student_id")
        .execute(),
      db
        .selectFrom("grades")
        .innerJoin("grading_items as gi", "gi.id", "grades.grading_item_id")
        .select(["grades.student_id", "grades.grading_item_id", "grades.grade"])
        .where("gi.course_id", "=", course.id)
        .execute(),
      certifiable(db, today),
    ]);
    return {
      courseId: course.id,
      sessionDate,
      roster: roster.map((r) => r.student_id),
      items: items.map((r) => r.id),
      students: current.map((r) => r.student_id),
      grades: new Map(grades.map((g) => [`${g.student_id}_${g.grading_item_id}`, String(Number(g.grade))])),
      dataDay: String(anywhere.d),
      certificate,
      today,
    };
  } catch {
    return null; // no tables yet (an empty PostgreSQL database)
  } finally {
    await db.destroy();
  }
}

async function ensureSchool(target: Target): Promise<School> {
  let school = await readSchool(target.url);
  if (!school) {
    console.log(`\nNo bench school in ${printable(target.url)}: generating it (npm run bench:data).`);
    run("npm", ["run", "bench:data"], { ...process.env, DATABASE_URL: target.url });
    school = await readSchool(target.url);
    if (!school) throw new Error("npm run bench:data made no bench school");
  }
  const age = (Date.parse(school.today) - Date.parse(school.dataDay)) / 86_400_000;
  if (age > 7)
    console.warn(
      `Note: the bench school's last class was ${school.dataDay}; \`npm run bench:data\` makes one that ends today.`,
    );
  return school;
}

// ---------------------------------------------------------------------------
// The server: the built app under server/index.js, as production runs it (npm
// start), started by scripts/lib/built-app.ts. Its access log (stdout) is
// thrown away: what a deployment writes, but nobody reads it here, and
// reading it would cost this measuring process CPU.

function startBenchServer(url: string) {
  return startServer({
    databaseUrl: url,
    port: PORT,
    env: { SESSION_SECRET: crypto.randomBytes(32).toString("base64url"), DEMO_DATA: "off", RATE_LIMIT_FACTOR: "10000" },
    stdout: "ignore",
  });
}

/** The session cookie of a sign-in through the login form. */
const signIn = (email: string) => signInAt(BASE, email, BENCH_PASSWORD);

/** A bearer token from the JSON API's login. */
async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${BASE}/v1/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!res.ok || !body.data?.token) throw new Error(`API sign-in as ${email} failed: ${res.status}`);
  return body.data.token;
}

/**
 * The server's CPU time so far (user + system, ms), from /proc on Linux; null
 * elsewhere. Per request it is what the machine's other work cannot inflate
 * (latency and throughput are: the machine may be shared).
 */
const CLOCK_TICKS = (() => {
  const r = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  return Number(r.stdout?.trim()) || 100;
})();
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Endpoints

interface Endpoint {
  name: string;
  method?: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** A new body for each request (POSTs: each one a valid write). */
  body?: (n: number) => string;
  /** Not a page of the budget: the framework's ceiling. */
  ceiling?: boolean;
}

function endpoints(
  school: School,
  staff: string,
  professor: string,
  bearer: string,
  certified: { courseId: number; studentId: number },
): Endpoint[] {
  const html = { Accept: "text/html" };
  const asStaff = { ...html, Cookie: staff };
  const asProfessor = { ...html, Cookie: professor };
  const form = { ...asProfessor, "Content-Type": "application/x-www-form-urlencoded" };
  const course = `/course/${school.courseId}`;
  const marks = ["present", "present", "late", "present", "absent", "present", "recovered"];

  return [
    { name: "dashboard", path: "/dashboard", headers: asStaff },
    {
      name: "students list (search, filters, page 40)",
      path: "/admin/students?q=ez&status=active&age=adults&page=40",
      headers: asStaff,
    },
    { name: "attendance page", path: `${course}/attendance`, headers: asProfessor },
    {
      name: "attendance POST (30 students)",
      method: "POST",
      path: `${course}/attendance`,
      headers: form,
      // The session saved again, a few marks different each time.
      body: (n) => {
        const p = new URLSearchParams({ date: school.sessionDate });
        school.roster.forEach((id, i) => p.append(`status-${id}`, marks[(i + n) % marks.length]));
        return p.toString();
      },
    },
    {
      name: `gradebook (${school.students.length} x ${school.items.length})`,
      path: `${course}/gradebook`,
      headers: asProfessor,
    },
    {
      name: "gradebook POST (one column changed)",
      method: "POST",
      path: `${course}/gradebook`,
      headers: form,
      // The whole grid as the form posts it; one item's column is typed anew (its
      // cells carry no original, so concurrent saves never conflict), the others
      // go back unchanged with their originals and are not written.
      body: (n) => {
        const column = school.items[n % school.items.length];
        const p = new URLSearchParams();
        school.students.forEach((s, j) => {
          for (const item of school.items) {
            if (item === column) {
              // 80 to 99: every student keeps passing (the certificate case).
              p.append(`g_${s}_${item}`, String(80 + ((n + j) % 20)));
            } else {
              const stored = school.grades.get(`${s}_${item}`) ?? "";
              p.append(`g_${s}_${item}`, stored);
              p.append(`o_${s}_${item}`, stored);
            }
          }
        });
        return p.toString();
      },
    },
    { name: "student report", path: `${course}/student-report`, headers: asProfessor },
    { name: "transfers list", path: "/admin/transfer-students", headers: asStaff },
    {
      name: "get-pending (API)",
      path: "/v1/api/transfer-data/get-pending",
      headers: { Authorization: `Bearer ${bearer}`, Accept: "application/json" },
    },
    {
      name: "certificate PDF",
      path: `/admin/courses/${certified.courseId}/certificate.pdf?student=${certified.studentId}`,
      headers: asStaff,
    },
  ];
}

const CEILING: Endpoint = {
  name: "ceiling: /status (minimal page)",
  path: "/status",
  headers: { Accept: "text/html" },
  ceiling: true,
};

interface Measured {
  name: string;
  ceiling: boolean;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
  /** Server CPU per request (ms), when the platform tells. */
  cpu: number | null;
}

function percentile(sorted: number[], q: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const ok = (status: number) => status >= 200 && status < 400;

/** The certificate the bench prints (a PDF, not a refusal). */
function certifiedStudent(school: School) {
  if (!school.certificate)
    throw new Error("No student of an ended bench course can have a certificate: run `npm run bench:data` again.");
  return school.certificate;
}

/** Certificates are issued by a POST (issue 16 L3; a no-op once issued): the bench then prints an issued one. */
async function issueCertificate(staff: string, certified: { courseId: number; studentId: number }) {
  const res = await fetch(
    `${BASE}/admin/courses/${certified.courseId}/certificate.pdf?student=${certified.studentId}`,
    {
      method: "POST",
      headers: { Cookie: staff, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    },
  );
  if (res.status !== 303)
    throw new Error(`issuing the bench certificate answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
}

/** One request first: a wrong status stops the bench with the answer's start. */
async function check(e: Endpoint) {
  const res = await fetch(`${BASE}${e.path}`, {
    method: e.method ?? "GET",
    headers: e.headers,
    body: e.body?.(0),
    redirect: "manual",
  });
  const text = await res.text();
  if (!ok(res.status))
    throw new Error(`${e.name}: ${e.method ?? "GET"} ${e.path} answered ${res.status}: ${text.slice(0, 500)}`);
}

function cannon(e: Endpoint, seconds: number, counter: { n: number }): Promise<Measured> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const request: AutocannonRequest = { method: e.method ?? "GET", path: e.path, headers: e.headers };
  if (e.body) {
    const body = e.body;
    request.setupRequest = (req) => ({ ...req, body: body(++counter.n) });
  }
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: BASE, connections: CONNECTIONS, duration: seconds, timeout: 30, requests: [request] },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const failed = Object.entries(statuses)
          .filter(([s]) => !ok(Number(s)))
          .reduce((sum, [, c]) => sum + c, 0);
        resolve({
          name: e.name,
          ceiling: !!e.ceiling,
          requests: latencies.length,
          seconds: result.duration,
          rps: latencies.length / result.duration,
          p50: percentile(latencies, 0.5),
          p95: percentile(latencies, 0.95),
          p99: percentile(latencies, 0.99),
          errors: failed + result.errors,
          statuses,
          cpu: null,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

async function measure(e: Endpoint, serverPid: number | undefined): Promise<Measured> {
  const counter = { n: 0 };
  await check(e);
  if (WARMUP > 0) await cannon(e, WARMUP, counter);
  const cpuBefore = cpuMs(serverPid);
  const m = await cannon(e, SECONDS, counter);
  const cpuAfter = cpuMs(serverPid);
  if (cpuBefore !== null && cpuAfter !== null && m.requests) m.cpu = (cpuAfter - cpuBefore) / m.requests;
  const codes = Object.entries(m.statuses)
    .map(([s, c]) => `${s}×${c}`)
    .join(" ");
  const cpu = m.cpu === null ? "" : `, ${m.cpu.toFixed(2)} ms CPU/req`;
  console.log(
    `  ${m.name}: ${m.rps.toFixed(0)} req/s, p95 ${m.p95.toFixed(1)} ms${cpu} (${codes}${m.errors ? `, ${m.errors} errors` : ""})`,
  );
  return m;
}

// ---------------------------------------------------------------------------
// The table

function table(label: string, rows: Measured[]) {
  const ceilings = rows.filter((r) => r.ceiling);
  const ceiling = ceilings.reduce((s, r) => s + r.rps, 0) / Math.max(1, ceilings.length);
  const ceilingCpu = ceilings.every((r) => r.cpu !== null)
    ? ceilings.reduce((s, r) => s + r.cpu!, 0) / Math.max(1, ceilings.length)
    : null;
  const ms = (v: number) => v.toFixed(1);
  const lines = [
    `| ${label}: endpoint | req/s | p50 ms | p95 ms | p99 ms | × ceiling | server CPU ms/req | CPU × ceiling's | errors | budget |`,
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|",
  ];
  const missed: string[] = [];
  for (const r of rows) {
    const ratio = r.rps / ceiling;
    let verdict = "—";
    if (!r.ceiling) {
      const why = [
        r.p95 >= BUDGET.p95Ms ? `p95 ≥ ${BUDGET.p95Ms} ms` : null,
        ratio < BUDGET.ofCeiling ? `< ${BUDGET.ofCeiling * 100}% of ceiling` : null,
        r.errors ? "errors" : null,
      ].filter(Boolean);
      verdict = why.length ? `FAIL (${why.join(", ")})` : "pass";
      if (why.length) missed.push(r.name);
    }
    const cpu = r.cpu === null ? "n/a" : r.cpu.toFixed(2);
    const cpuRatio = r.cpu === null || !ceilingCpu ? "n/a" : (r.cpu / ceilingCpu).toFixed(1);
    lines.push(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.ceiling ? "1.00" : ratio.toFixed(2)} | ${cpu} | ${cpuRatio} | ${r.errors} | ${verdict} |`,
    );
  }
  return { text: lines.join("\n"), missed };
}

// ---------------------------------------------------------------------------

async function benchDatabase(target: Target, withBrowser: boolean) {
  const school = await ensureSchool(target);
  console.log(`\n## ${target.label} (${printable(target.url)})`);
  const server = await startBenchServer(target.url);
  try {
    const [staff, professor, bearer] = await Promise.all([
      signIn(BENCH_STAFF),
      signIn(BENCH_PROFESSOR),
      apiToken(BENCH_STAFF),
    ]);
    const rows: Measured[] = [];
    const pid = server.pid;
    rows.push({ ...(await measure(CEILING, pid)), name: "ceiling: /status (first)" });
    const certified = certifiedStudent(school);
    await issueCertificate(staff, certified);
    for (const e of endpoints(school, staff, professor, bearer, certified)) rows.push(await measure(e, pid));
    // Measured again at the end: the machine is shared, so the ceiling is the mean of both.
    rows.push({ ...(await measure(CEILING, pid)), name: "ceiling: /status (last)" });

    // Browser and page weight (scripts/bench/browser.ts): once, on the first
    // database, against this same server and school; its tables follow the server's.
    let browser: string | null = null;
    if (withBrowser) {
      browser = await browserBench({
        baseURL: BASE,
        gradebookPath: `/course/${school.courseId}/gradebook`,
        professorEmail: BENCH_PROFESSOR,
        staffEmail: BENCH_STAFF,
        password: BENCH_PASSWORD,
        log: (line) => console.log(`  ${line}`),
      });
    }

    return { label: target.label, rows, browser };
  } finally {
    await stopServer(server);
  }
}

async function main() {
  if (!NO_BUILD) buildApp();
  if (!fs.existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` (or drop --no-build).");
  const cpus = os.cpus();
  const header = [
    `# npm run bench — ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} at start; Node ${process.version}.`,
    `Load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per endpoint after ${WARMUP} s of warm-up, against \`server/index.js\` (NODE_ENV=production, one process), no compression.`,
    `Budgets (SQLite): p95 < ${BUDGET.p95Ms} ms and at least ${BUDGET.ofCeiling * 100}% of the ceiling's requests/s (the mean of /status measured first and last).`,
    "Server CPU ms/req: the server process's CPU time over the run divided by its requests (from /proc); CPU × ceiling's: that over the ceiling's. A CPU-bound page reaches 40% of the ceiling's throughput at 2.5 times its CPU or less, whatever else the machine runs.",
  ].join("\n");
  console.log(header);

  const sections: string[] = [];
  let browser: string | null = null;
  for (const [i, target] of targets().entries()) {
    const measured = await benchDatabase(target, i === 0 && !NO_BROWSER);
    const { text, missed } = table(measured.label, measured.rows);
    const label = measured.label;
    sections.push(
      `${text}\n\n${missed.length ? `${label}: missed by ${missed.join("; ")}.` : `${label}: every endpoint within budget.`}`,
    );
    browser ??= measured.browser;
  }
  if (browser) sections.push(`## Browser and page weight\n\n${browser.trim()}`);
  const report = `${header}\n\n${sections.join("\n\n")}\n`;
  console.log(`\n${report}`);
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, report);
  console.log(`Written to ${OUT}`);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(error);
  exitCode = 1;
}
process.exit(exitCode);
