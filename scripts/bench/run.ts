// npm run bench [-- --no-build] [-- --no-browser] [-- --only=sqlite|postgres]
//               [-- --baseline=<commit>|--no-baseline] [-- --encoding=gzip] [-- --scale-check]
//               [-- --endpoints=<part of a name>,…]
//
// Builds the app, starts it in production mode on the bench school (made by
// `npm run bench:data` when missing) as `npm start` does (one worker per core;
// BENCH_WORKERS sets WEB_CONCURRENCY) and measures it with autocannon:
// requests/s, p50/p95/p99 latency at 10 connections and the server's CPU per
// request (the whole process tree: primary and workers) for each endpoint of
// issue 18, each against its budget. Before it, in the same sitting, the
// baseline commit (b776367 by default; scripts/bench/baseline.ts) on its own
// bench school, for the ratio of requests/s (target 2x on every page).
// SQLite always; PostgreSQL too when BENCH_PG_URL or DATABASE_URL names a
// postgres database. --encoding=gzip measures the pages a second time with a
// browser's Accept-Encoding. The DOM size of the dashboard and the gradebook
// is counted from their HTML. Prints markdown tables and writes them to
// BENCH_OUT (default data/bench-last.md), then the browser side
// (scripts/bench/browser.ts). --scale-check instead measures each page's CPU
// per request on the bench school and on the one ten times larger (`npm run
// bench:data -- --scale=10`, made when missing) and prints the growth.
// Budgets: docs/performance.md.
//
// Environment: BENCH_SECONDS (8 per endpoint), BENCH_WARMUP (2), BENCH_CONNECTIONS (10),
// BENCH_PORT (3310), BENCH_WORKERS, BENCH_SQLITE_URL (file:./data/bench.db), BENCH_PG_URL,
// BENCH_BASELINE (the commit), BENCH_BASELINE_DIR, BENCH_NO_BUILD=1,
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
import { type Baseline, DEFAULT_BASELINE, baselineDatabase, makeBaselineSchool, prepareBaseline } from "./baseline";
import { browserBench } from "./browser";
import { countElements, percentile, scaleUrl, treeCpuMs } from "./measure";
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
const BASELINE = args.includes("--no-baseline")
  ? null
  : (args.find((a) => a.startsWith("--baseline="))?.slice(11) ?? process.env.BENCH_BASELINE ?? DEFAULT_BASELINE);
const GZIP = args.includes("--encoding=gzip");
const SCALE_CHECK = args.includes("--scale-check");
// --endpoints=report,students: only the endpoints whose name holds one of these (an A/B of a change).
const PICKED = args
  .find((a) => a.startsWith("--endpoints="))
  ?.slice(12)
  .split(",")
  .filter(Boolean);
const WORKERS = process.env.BENCH_WORKERS;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3310);
const OUT = process.env.BENCH_OUT ?? "data/bench-last.md";
const BASE = `http://127.0.0.1:${PORT}`;

/** The budgets of issue 18 (server side): CPU ms per request by kind and database, p95 on SQLite, ratio to the baseline. */
const BUDGET = {
  cpu: {
    minimal: { sqlite: 1, postgres: 1 },
    page: { sqlite: 5, postgres: 7 },
    post: { sqlite: 3, postgres: 3 },
    pdf: { sqlite: 15, postgres: 15 },
    api: null,
  },
  p95Ms: 50,
  ratio: 2,
  domElements: 1500,
  scaleGrowth: 1.5,
} as const;
type Kind = keyof typeof BUDGET.cpu;

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

function startBenchServer(url: string, baseline: Baseline | null) {
  const env: Record<string, string> = {
    SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
    DEMO_DATA: "off",
    RATE_LIMIT_FACTOR: "10000",
  };
  // As `npm start` serves (one worker per core) unless BENCH_WORKERS says how
  // many: startServer's own default is one process, which every bench before
  // 2026-11-25 measured, whatever this file said.
  env.WEB_CONCURRENCY = WORKERS ?? "";
  return startServer({
    databaseUrl: url,
    port: PORT,
    env,
    stdout: "ignore",
    app: baseline ? { cwd: baseline.dir, args: baseline.serverArgs } : undefined,
  });
}

/** The session cookie of a sign-in through the login form. */
const signIn = (email: string) => signInAt(BASE, email, BENCH_PASSWORD);

/**
 * The cookie a browser holds once it has fetched the stylesheet file (ADR
 * 051: a first page carries the stylesheet and has the browser prefetch the
 * file; the pages after it link the file). "" for a build that always carries
 * it (the baseline).
 */
async function stylesheetCookie(): Promise<string> {
  const page = await (await fetch(`${BASE}/status`)).text();
  const href = /<style id="app-css" data-href="([^"]+)"/.exec(page)?.[1];
  if (!href) return "";
  const file = await fetch(`${BASE}${href}`);
  await file.arrayBuffer();
  return (
    file.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("css=")) ?? ""
  );
}

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
/** The server's whole process tree (primary and workers, measure.ts). */
const cpuMs = (pid: number | undefined) => treeCpuMs(pid, CLOCK_TICKS);

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
  /** Which CPU budget holds it (and pages: the 2x ratio). */
  kind: Kind;
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

  const list: Endpoint[] = [
    { name: "dashboard", path: "/dashboard", headers: asStaff, kind: "page" },
    {
      name: "students list (search, filters, page 40)",
      path: "/admin/students?q=ez&status=active&age=adults&page=40",
      headers: asStaff,
      kind: "page",
    },
    { name: "attendance page", path: `${course}/attendance`, headers: asProfessor, kind: "page" },
    {
      name: "attendance POST (30 students)",
      method: "POST",
      path: `${course}/attendance`,
      headers: form,
      kind: "post",
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
      kind: "page",
    },
    {
      name: "gradebook POST (one column changed)",
      method: "POST",
      path: `${course}/gradebook`,
      headers: form,
      kind: "post",
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
    { name: "student report", path: `${course}/student-report`, headers: asProfessor, kind: "page" },
    { name: "transfers list", path: "/admin/transfer-students", headers: asStaff, kind: "page" },
    { name: "/teachers (the course's professor)", path: "/teachers", headers: asProfessor, kind: "page" },
    { name: "course home", path: `${course}/home`, headers: asProfessor, kind: "page" },
    {
      name: "get-pending (API)",
      path: "/v1/api/transfer-data/get-pending",
      headers: { Authorization: `Bearer ${bearer}`, Accept: "application/json" },
      kind: "api",
    },
    {
      name: "certificate PDF",
      path: `/admin/courses/${certified.courseId}/certificate.pdf?student=${certified.studentId}`,
      headers: asStaff,
      kind: "pdf",
    },
  ];
  if (!GZIP) return list;
  // The pages again as a browser asks for them (issue 18, target 9).
  const gzip = list
    .filter((e) => e.kind === "page")
    .map((e) => ({
      ...e,
      name: `${e.name} [gzip]`,
      headers: { ...e.headers, "Accept-Encoding": "gzip, deflate, br" },
    }));
  return [...list, ...gzip];
}

const CEILING: Endpoint = {
  name: "minimal page: /status",
  path: "/status",
  headers: { Accept: "text/html" },
  ceiling: true,
  kind: "minimal",
};

interface Measured {
  name: string;
  kind: Kind;
  ceiling: boolean;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
  /** Server CPU per request (ms, the whole process tree), when the platform tells. */
  cpu: number | null;
  /** Not measured (the baseline has no such endpoint, or refused it): why. */
  skipped?: string;
}

const ok = (status: number) => status >= 200 && status < 400;

/** The certificate the bench prints (a PDF, not a refusal). */
function certifiedStudent(school: School) {
  if (!school.certificate)
    throw new Error("No student of an ended bench course can have a certificate: run `npm run bench:data` again.");
  return school.certificate;
}

/** Certificates are issued by a POST (issue 16 L3; a no-op once issued): the bench then prints an issued one. */
async function issueCertificate(staff: string, certified: { courseId: number; studentId: number }, strict: boolean) {
  const res = await fetch(
    `${BASE}/admin/courses/${certified.courseId}/certificate.pdf?student=${certified.studentId}`,
    {
      method: "POST",
      headers: { Cookie: staff, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    },
  );
  if (res.status !== 303 && strict)
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
          kind: e.kind,
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

async function measure(e: Endpoint, serverPid: number | undefined, optional = false): Promise<Measured> {
  const counter = { n: 0 };
  try {
    await check(e);
  } catch (error) {
    if (!optional) throw error;
    // The baseline may lack an endpoint of today: its row says so.
    const why = String((error as Error).message)
      .split("\n")[0]
      .slice(0, 160);
    console.log(`  ${e.name}: not measured (${why})`);
    const nan = Number.NaN;
    return {
      name: e.name,
      kind: e.kind,
      ceiling: !!e.ceiling,
      requests: 0,
      seconds: 0,
      rps: nan,
      p50: nan,
      p95: nan,
      p99: nan,
      errors: 0,
      statuses: {},
      cpu: null,
      skipped: why,
    };
  }
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
// The tables

const dbKey = (label: string) => (label === "PostgreSQL" ? "postgres" : "sqlite");

function cpuBudget(kind: Kind, label: string): number | null {
  const b = BUDGET.cpu[kind];
  return b ? b[dbKey(label)] : null;
}

function table(label: string, rows: Measured[], old: Measured[] | null) {
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "—");
  const lines = [
    `| ${label}: endpoint | old req/s | req/s | ratio | p50 ms | p95 ms | p99 ms | old CPU ms/req | CPU ms/req | CPU budget | errors | verdict |`,
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|",
  ];
  const missed: string[] = [];
  for (const r of rows) {
    const before = old?.find((o) => o.name === r.name);
    const ratio = before && Number.isFinite(before.rps) && before.rps > 0 ? r.rps / before.rps : null;
    const budget = cpuBudget(r.kind, label);
    const why = [
      budget !== null && r.cpu !== null && r.cpu > budget ? `CPU > ${budget} ms` : null,
      label === "SQLite" && r.p95 >= BUDGET.p95Ms ? `p95 ≥ ${BUDGET.p95Ms} ms` : null,
      r.kind === "page" && ratio !== null && ratio < BUDGET.ratio ? `ratio < ${BUDGET.ratio}` : null,
      r.errors ? "errors" : null,
      r.requests === 0 ? "no answer within the run" : null,
    ].filter(Boolean);
    const verdict = why.length ? `FAIL (${why.join(", ")})` : "pass";
    if (why.length) missed.push(r.name);
    const cpu = (m: Measured | undefined) => (m?.cpu == null ? "n/a" : m.cpu.toFixed(2));
    const oldRps = !old ? "—" : before?.skipped ? "n/a" : before ? before.rps.toFixed(0) : "—";
    lines.push(
      `| ${r.name} | ${oldRps} | ${r.rps.toFixed(0)} | ${ratio === null ? "—" : `${ratio.toFixed(2)}×`} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${old ? cpu(before) : "—"} | ${cpu(r)} | ${budget ?? "—"} | ${r.errors} | ${verdict} |`,
    );
  }
  return { text: lines.join("\n"), missed };
}

// ---------------------------------------------------------------------------

interface Run {
  rows: Measured[];
  browser: string | null;
  dom: { page: string; elements: number }[];
}

/** The elements of the dashboard's and the gradebook's HTML (issue 18, target 5: ≤ 1,500 each). */
async function domSizes(school: School, staff: string, professor: string) {
  const pages = [
    { page: "dashboard", path: "/dashboard", cookie: staff },
    { page: "gradebook", path: `/course/${school.courseId}/gradebook`, cookie: professor },
  ];
  const out: { page: string; elements: number }[] = [];
  for (const p of pages) {
    const res = await fetch(`${BASE}${p.path}`, { headers: { Accept: "text/html", Cookie: p.cookie } });
    out.push({ page: p.page, elements: countElements(await res.text()) });
  }
  return out;
}

/** One build (the current one, or the baseline's) on one database: every endpoint. */
async function benchServer(
  url: string,
  school: School,
  baseline: Baseline | null,
  opts: { browser: boolean; dom: boolean; only?: (e: Endpoint) => boolean },
): Promise<Run> {
  const server = await startBenchServer(url, baseline);
  try {
    const [staff, professor, bearer] = await Promise.all([
      signIn(BENCH_STAFF),
      signIn(BENCH_PROFESSOR),
      apiToken(BENCH_STAFF),
    ]);
    const rows: Measured[] = [];
    const pid = server.pid;
    const optional = baseline !== null;
    const certified = certifiedStudent(school);
    await issueCertificate(staff, certified, !optional);
    // As a returning browser asks for them: it holds the stylesheet file (ADR 051).
    const css = await stylesheetCookie();
    const list = [CEILING, ...endpoints(school, staff, professor, bearer, certified)]
      .filter(opts.only ?? (() => true))
      .filter((e) => !PICKED || PICKED.some((p) => e.name.includes(p)))
      .map((e) =>
        css ? { ...e, headers: { ...e.headers, Cookie: [e.headers.Cookie, css].filter(Boolean).join("; ") } } : e,
      );
    for (const e of list) rows.push(await measure(e, pid, optional));

    const dom = opts.dom ? await domSizes(school, staff, professor) : [];
    // Browser and page weight (scripts/bench/browser.ts): once, on the first
    // database, against this same server and school; its tables follow the server's.
    let browser: string | null = null;
    if (opts.browser) {
      browser = await browserBench({
        baseURL: BASE,
        gradebookPath: `/course/${school.courseId}/gradebook`,
        professorEmail: BENCH_PROFESSOR,
        staffEmail: BENCH_STAFF,
        password: BENCH_PASSWORD,
        log: (line) => console.log(`  ${line}`),
      });
    }
    return { rows, browser, dom };
  } finally {
    await stopServer(server);
  }
}

async function benchDatabase(target: Target, withBrowser: boolean, baseline: Baseline | null) {
  const school = await ensureSchool(target);
  let old: Run | null = null;
  if (baseline) {
    const url = await baselineDatabase(baseline, target.url);
    let baseSchool = await readSchool(url);
    if (!baseSchool || baseSchool.dataDay !== school.dataDay) {
      // Its own bench:data, for the same day as the current school (made today unless it is older).
      makeBaselineSchool(baseline, url, school.today);
      baseSchool = await readSchool(url);
      if (!baseSchool) throw new Error(`The baseline's bench:data made no bench school in ${printable(url)}`);
      if (baseSchool.dataDay !== school.dataDay)
        console.warn(
          `Note: the baseline's school ends on ${baseSchool.dataDay}, the current one on ${school.dataDay}.`,
        );
    }
    console.log(`\n## ${target.label}, baseline ${baseline.commit} (${printable(url)})`);
    old = await benchServer(url, baseSchool, baseline, { browser: false, dom: false });
  }
  console.log(`\n## ${target.label} (${printable(target.url)})`);
  const now = await benchServer(target.url, school, null, { browser: withBrowser, dom: true });
  return { label: target.label, now, old };
}

/** --scale-check: each page's CPU per request on the bench school and on the one ten times larger (SQLite). */
async function scaleCheck() {
  const small: Target = { label: "SQLite", url: process.env.BENCH_SQLITE_URL ?? BENCH_SQLITE_URL };
  const large: Target = { label: "SQLite", url: scaleUrl(small.url, 10) };
  const pages = (e: Endpoint) => e.kind === "page" || e.kind === "minimal";
  const runs: Run[] = [];
  for (const [target, scale] of [
    [small, 1],
    [large, 10],
  ] as const) {
    let school = await readSchool(target.url);
    if (!school) {
      console.log(
        `\nNo bench school in ${printable(target.url)}: generating it (npm run bench:data -- --scale=${scale}).`,
      );
      run("npm", ["run", "bench:data", "--", `--scale=${scale}`], { ...process.env, DATABASE_URL: target.url });
      school = await readSchool(target.url);
      if (!school) throw new Error("npm run bench:data made no bench school");
    }
    console.log(`\n## Scale x${scale} (${printable(target.url)})`);
    runs.push(await benchServer(target.url, school, null, { browser: false, dom: true, only: pages }));
  }
  const [x1, x10] = runs;
  const lines = [
    "| page | CPU ms/req ×1 | CPU ms/req ×10 | growth | p95 ms ×1 | p95 ms ×10 | verdict |",
    "|---|--:|--:|--:|--:|--:|---|",
  ];
  const missed: string[] = [];
  for (const r of x1.rows) {
    const big = x10.rows.find((b) => b.name.replace(/\(\d+ x \d+\)/, "") === r.name.replace(/\(\d+ x \d+\)/, ""));
    const growth = r.cpu && big?.cpu ? big.cpu / r.cpu : null;
    const ok = growth !== null && growth < BUDGET.scaleGrowth;
    if (!ok) missed.push(r.name);
    lines.push(
      `| ${r.name} | ${r.cpu?.toFixed(2) ?? "n/a"} | ${big?.cpu?.toFixed(2) ?? "n/a"} | ${growth === null ? "n/a" : `${growth.toFixed(2)}×`} | ${r.p95.toFixed(1)} | ${big ? big.p95.toFixed(1) : "—"} | ${ok ? "pass" : `FAIL (growth ≥ ${BUDGET.scaleGrowth}×)`} |`,
    );
  }
  const dom = x10.dom.map((d) => `${d.page} ${d.elements} elements on the ×10 school`).join(", ");
  return `## Scale: the bench school and one ten times larger (SQLite)\n\n${lines.join("\n")}\n\n${
    missed.length
      ? `Growth of ${BUDGET.scaleGrowth}× or more: ${missed.join("; ")}.`
      : "Every page grows by less than 1.5×."
  }\nDOM: ${dom}.`;
}

function domTable(dom: { page: string; elements: number }[]) {
  const rows = dom.map(
    (d) =>
      `| ${d.page} | ${d.elements} | ${BUDGET.domElements} | ${d.elements <= BUDGET.domElements ? "pass" : "FAIL"} |`,
  );
  return ["| page (rendered HTML) | elements | budget | verdict |", "|---|--:|--:|---|", ...rows].join("\n");
}

async function main() {
  if (!NO_BUILD) buildApp();
  if (!fs.existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` (or drop --no-build).");
  const cpus = os.cpus();
  const workers = WORKERS ? `${WORKERS} worker(s) (BENCH_WORKERS)` : "workers as `npm start` makes them (one per core)";
  const header = [
    `# npm run bench — ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} at start; Node ${process.version}.`,
    `Load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per endpoint after ${WARMUP} s of warm-up, against \`server/index.js\` (NODE_ENV=production, ${workers})${GZIP ? ", then the pages again with Accept-Encoding: gzip, deflate, br" : ", no compression asked"}; requests as a returning browser's, which holds the stylesheet file (ADR 051).`,
    BASELINE
      ? `Baseline: commit ${BASELINE} (its own worktree, build, \`npm start\` and bench school), measured just before the current build on each database; ratio = req/s ÷ the baseline's req/s (target ≥ ${BUDGET.ratio}× on every page).`
      : "No baseline (--no-baseline).",
    `Budgets: CPU ms per request (the server's whole process tree, from /proc: primary and workers): minimal page ≤ 1, pages ≤ 5 on SQLite and ≤ 7 on PostgreSQL, POSTs ≤ 3, certificate PDF ≤ 15; p95 < ${BUDGET.p95Ms} ms on SQLite; DOM ≤ ${BUDGET.domElements} elements.`,
  ].join("\n");
  console.log(header);

  if (SCALE_CHECK) {
    const report = `${header}\n\n${await scaleCheck()}\n`;
    console.log(`\n${report}`);
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, report);
    console.log(`Written to ${OUT}`);
    return;
  }

  const baseline = BASELINE ? prepareBaseline(BASELINE) : null;
  const sections: string[] = [];
  let browser: string | null = null;
  for (const [i, target] of targets().entries()) {
    const measured = await benchDatabase(target, i === 0 && !NO_BROWSER, baseline);
    const { text, missed } = table(measured.label, measured.now.rows, measured.old?.rows ?? null);
    const label = measured.label;
    sections.push(
      `${text}\n\n${missed.length ? `${label}: missed by ${missed.join("; ")}.` : `${label}: every endpoint within budget.`}`,
    );
    if (i === 0) sections.push(`DOM size (${label}):\n\n${domTable(measured.now.dom)}`);
    browser ??= measured.now.browser;
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
