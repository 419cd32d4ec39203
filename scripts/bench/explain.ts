// npm run bench:explain [-- --plans] [-- --planning] [-- --page=<name>] [-- --runs=7]
//
// Where a page's time goes on the bench school (`npm run bench:data`): calls
// the loaders a document request runs (root, layouts, the page) in process,
// several times, and prints each page's loader time (wall and CPU) with every
// query it ran and that query's time (median). With --plans, each SELECT's plan: EXPLAIN
// QUERY PLAN on SQLite, EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL. With
// --planning (PostgreSQL), each SELECT's planning time.
// DATABASE_URL as for the app (default file:./data/bench.db).
import { type LoaderFunction } from "@remix-run/node";
import { CompiledQuery } from "kysely";
import { closeDatabase, connect, db, useDatabase } from "~/db/kysely.server";
import { migrateToLatest } from "~/db/migrate.server";
import { issueSession } from "~/http/session.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { issueCertificates } from "~/modules/certificates/certificates.server";
import { inRequestScope } from "~/modules/shared/request-scope.server";
import * as root from "~/root";
import * as app from "~/routes/_app";
import * as students from "~/routes/_app.admin.students._index";
import * as transfers from "~/routes/_app.admin.transfer-students._index";
import * as courseFrame from "~/routes/_app.course.$id";
import * as attendance from "~/routes/_app.course.$id.attendance";
import * as gradebook from "~/routes/_app.course.$id.gradebook";
import * as report from "~/routes/_app.course.$id.student-report";
import * as dashboard from "~/routes/_app.dashboard";
import * as certificate from "~/routes/admin.courses.$id.certificate[.pdf]";
import * as status from "~/routes/status";
import * as pending from "~/routes/v1.api.transfer-data.get-pending";
import { printable } from "../lib/database-url";
import { BENCH_COURSE_CODE, BENCH_PROFESSOR, BENCH_SQLITE_URL, BENCH_STAFF, certifiable } from "./shared";

const args = process.argv.slice(2);
const RUNS = Number(args.find((a) => a.startsWith("--runs="))?.slice(7) ?? 7);
const PLANS = args.includes("--plans");
const PLANNING = args.includes("--planning");
const ONLY = args.find((a) => a.startsWith("--page="))?.slice(7);

interface Recorded {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}
let recording: Recorded[] | null = null;

const url = (process.env.DATABASE_URL ||= BENCH_SQLITE_URL);
const handle = connect(url, {
  log(event) {
    if (recording && event.level === "query") {
      recording.push({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis });
    }
  },
});
useDatabase(handle);

interface Page {
  name: string;
  path: string;
  loaders: LoaderFunction[];
  params?: Record<string, string>;
  headers: Record<string, string>;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : 0;
};
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

async function sessionFor(email: string) {
  const user = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return issueSession(new Request("http://localhost/"), user.id);
}

async function runPage(page: Page) {
  const call = async () => {
    const request = new Request(`http://localhost${page.path}`, { headers: page.headers });
    // As server/serve.js runs them: in the request's scope (a GET's loaders share their reads).
    const results = await inRequestScope(request, () =>
      Promise.allSettled(page.loaders.map((loader) => loader({ request, params: page.params ?? {}, context: {} }))),
    );
    for (const r of results) {
      const value = r.status === "fulfilled" ? r.value : r.reason;
      if (value instanceof Response && value.status >= 400)
        throw new Error(`${page.name}: ${value.status} ${await value.text()}`);
      if (!(value instanceof Response) && r.status === "rejected") throw value;
    }
  };
  await call(); // warm: caches, statements, JIT
  const times: number[] = [];
  const cpu: number[] = [];
  const perQuery = new Map<string, { sql: string; parameters: readonly unknown[]; ms: number[] }>();
  for (let i = 0; i < RUNS; i++) {
    recording = [];
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await call();
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    for (const q of recording) {
      const entry = perQuery.get(q.sql) ?? { sql: q.sql, parameters: q.parameters, ms: [] };
      entry.ms.push(q.ms);
      perQuery.set(q.sql, entry);
    }
    recording = null;
  }
  const queries = [...perQuery.values()]
    .map((q) => ({ ...q, median: median(q.ms), perRun: q.ms.length / RUNS }))
    .sort((a, b) => b.median - a.median);
  const count = queries.reduce((s, q) => s + q.perRun, 0);
  // CPU: this process's (on SQLite the queries' too); the machine's other work does not add to it.
  console.log(
    `\n## ${page.name} — loaders ${median(times).toFixed(1)} ms, ${median(cpu).toFixed(1)} ms CPU (medians of ${RUNS}), ${count} queries`,
  );
  for (const q of queries) {
    console.log(
      `  ${q.median.toFixed(2).padStart(8)} ms${q.perRun !== 1 ? ` ×${q.perRun}` : ""}  ${oneLine(q.sql).slice(0, 220)}`,
    );
    if (PLANNING && handle.dialect === "postgres" && /^\s*(select|with)\b/i.test(q.sql))
      console.log(`               planning ${(await planningMs(q.sql, q.parameters)).toFixed(2)} ms`);
    if (PLANS && /^\s*(select|with)\b/i.test(q.sql)) {
      for (const line of await plan(q.sql, q.parameters)) console.log(`               ${line}`);
    }
  }
}

/** PostgreSQL's time to plan a query (the least of five), what every execution of an unnamed statement pays. */
async function planningMs(text: string, parameters: readonly unknown[]) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await db().executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain (summary, costs off) ${text}`, [...parameters]),
    );
    const line = r.rows.map((row) => row["QUERY PLAN"]).find((l) => l.startsWith("Planning Time"));
    times.push(Number(/([\d.]+) ms/.exec(line ?? "")?.[1] ?? NaN));
  }
  return Math.min(...times);
}

async function plan(text: string, parameters: readonly unknown[]): Promise<string[]> {
  if (handle.dialect === "postgres") {
    const r = await db().executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain (analyze, buffers, costs off) ${text}`, [...parameters]),
    );
    return r.rows.map((row) => row["QUERY PLAN"]);
  }
  const r = await db().executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
  );
  const depth = new Map<number, number>();
  return r.rows.map((row) => {
    const d = (depth.get(row.parent) ?? -1) + 1;
    depth.set(row.id, d);
    return `${"  ".repeat(d)}${row.detail}`;
  });
}

async function main() {
  console.log(`Database: ${printable(url)} (${handle.dialect})`);
  await migrateToLatest(db()); // as the server does when it starts
  const course = await db()
    .selectFrom("courses")
    .select("id")
    .where("course_id", "=", BENCH_COURSE_CODE)
    .executeTakeFirst();
  if (!course) throw new Error("No bench school here: run `npm run bench:data` first.");
  const staff = (await sessionFor(BENCH_STAFF)).cookie.split(";")[0];
  const professorSession = await sessionFor(BENCH_PROFESSOR);
  const professor = professorSession.cookie.split(";")[0];
  const api = await sessionFor(BENCH_STAFF);
  const id = String(course.id);
  // The certificate case: an ended course's (PRODUCT 7), printed by staff.
  const certified = await certifiable(db(), await schoolToday());
  if (!certified)
    throw new Error("No student of an ended bench course can have a certificate: run `npm run bench:data` again.");
  const certCourse = String(certified.courseId);
  // Certificates are issued by a POST (issue 16 L3): the GET measured here prints an issued one.
  await issueCertificates(certified.courseId, [certified.studentId], null, await schoolToday());

  const pages: Page[] = [
    { name: "status (ceiling)", path: "/status", loaders: [root.loader, status.loader], headers: {} },
    {
      name: "dashboard",
      path: "/dashboard",
      loaders: [root.loader, app.loader, dashboard.loader],
      headers: { Cookie: staff },
    },
    {
      name: "students",
      path: "/admin/students?q=ez&status=active&age=adults&page=40",
      loaders: [root.loader, app.loader, students.loader],
      headers: { Cookie: staff },
    },
    {
      name: "attendance",
      path: `/course/${id}/attendance`,
      params: { id },
      loaders: [root.loader, app.loader, courseFrame.loader, attendance.loader],
      headers: { Cookie: professor },
    },
    {
      name: "gradebook",
      path: `/course/${id}/gradebook`,
      params: { id },
      loaders: [root.loader, app.loader, courseFrame.loader, gradebook.loader],
      headers: { Cookie: professor },
    },
    {
      name: "student report",
      path: `/course/${id}/student-report`,
      params: { id },
      loaders: [root.loader, app.loader, courseFrame.loader, report.loader],
      headers: { Cookie: professor },
    },
    {
      name: "transfers",
      path: "/admin/transfer-students",
      loaders: [root.loader, app.loader, transfers.loader],
      headers: { Cookie: staff },
    },
    {
      name: "get-pending",
      path: "/v1/api/transfer-data/get-pending",
      loaders: [pending.loader],
      headers: { Authorization: `Bearer ${api.token}` },
    },
    {
      name: "certificate",
      path: `/admin/courses/${certCourse}/certificate.pdf?student=${certified.studentId}`,
      params: { id: certCourse },
      loaders: [certificate.loader],
      headers: { Cookie: staff },
    },
  ];
  for (const page of pages) if (!ONLY || page.name.startsWith(ONLY)) await runPage(page);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
