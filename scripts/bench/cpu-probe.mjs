// CPU per request of the built server, sequential requests (issue 18): a measure
// for a busy machine, where requests/s mean little.
//   node scripts/bench/cpu-probe.mjs [--n=200] [--rounds=3] [--batch=25]
//     [--only=status,dashboard,...] [--cwd=.[,/other/checkout]] [--port=3199]
//     [--encoding=identity|gzip] [--db=file:...[,postgres://...]] [--returning]
// Starts `server/index.js build/server/index.js` with WEB_CONCURRENCY=1 in each
// --cwd (its data/bench.db unless --db), signs in as the bench's staff and
// professor, warms each page up, then per page and round sends N requests to
// every server, alternating batches between them (an A/B: the machine's load
// falls on both alike), and prints each server's utime+stime (from /proc) per
// request, the median of the rounds first. Several --db (one per --cwd, the
// same checkout twice if need be) compare two databases or connections.
// PROBE_NODE_ARGS adds node options (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const N = Number(arg("n", 200));
const ROUNDS = Number(arg("rounds", 3));
const ONLY = arg("only", "")?.split(",").filter(Boolean);
const CWD = arg("cwd", ".")
  .split(",")
  .map((dir) => path.resolve(dir))
  .join(",");
const PORT = Number(arg("port", 3199));
const DB = arg("db", undefined);
const TICKS = 100;
const ARG_ENCODING = arg("encoding", "identity");
const PASSWORD = arg("password", "demo-pass-2026");
// --returning: as a browser that holds the stylesheet file (ADR 051).
const RETURNING = process.argv.includes("--returning");

const cpuMs = (pid) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS;
};

async function signIn(BASE, email) {
  const res = await fetch(`${BASE}/authentication/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "" }),
  });
  const token = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("token="));
  if (!token) throw new Error(`sign-in ${email}: ${res.status}`);
  return token;
}

// One server per --cwd (comma-separated: A/B of two builds, run side by side
// so that the machine's load falls on both alike), each on its own port.
const servers = CWD.split(",").map((cwd, i) => ({
  cwd,
  base: `http://127.0.0.1:${PORT + i}`,
  process: spawn(
    process.execPath,
    [...(process.env.PROBE_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "server/index.js", "build/server/index.js"],
    {
      cwd,
      env: {
        ...process.env,
        NODE_ENV: "production",
        WEB_CONCURRENCY: "1",
        PORT: String(PORT + i),
        DATABASE_URL: DB?.split(",")[i] ?? DB ?? `file:${path.join(cwd, "data/bench.db")}`,
        SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
        DEMO_DATA: "off",
        RATE_LIMIT_FACTOR: "10000",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  ),
}));
const stop = () => servers.forEach((s) => s.process.kill("SIGTERM"));
process.on("exit", stop);
for (const server of servers) {
  for (let i = 0; ; i++) {
    try {
      await fetch(`${server.base}/status`);
      break;
    } catch {
      if (i > 300) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  server.staff = await signIn(server.base, "admin@school.test");
  server.professor = await signIn(server.base, "professor@school.test");
  server.css = RETURNING ? await stylesheetCookie(server.base) : "";
}
const courseId = arg("course", "151");
const pages = [
  ["status", "/status", null],
  ["dashboard", "/dashboard", "staff"],
  ["students", "/admin/students?q=ez&status=active&age=adults&page=40", "staff"],
  ["attendance", `/course/${courseId}/attendance`, "professor"],
  ["gradebook", `/course/${courseId}/gradebook`, "professor"],
  ["report", `/course/${courseId}/student-report`, "professor"],
  ["transfers", "/admin/transfer-students", "staff"],
  ["teachers", "/teachers", "professor"],
  ["home", `/course/${courseId}/home`, "professor"],
].filter(([name]) => !ONLY?.length || ONLY.includes(name));

/** The cookie the stylesheet file's answer sets ("" for a build without it). */
async function stylesheetCookie(base) {
  const href = /<style id="app-css" data-href="([^"]+)"/.exec(await (await fetch(`${base}/status`)).text())?.[1];
  if (!href) return "";
  const file = await fetch(`${base}${href}`);
  await file.arrayBuffer();
  return (
    file.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("css=")) ?? ""
  );
}

async function get(server, p, who) {
  const cookie = [who ? server[who] : "", server.css].filter(Boolean).join("; ");
  const res = await fetch(`${server.base}${p}`, {
    headers: { Accept: "text/html", "Accept-Encoding": ARG_ENCODING, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
  return body.byteLength;
}
// Per page: ROUNDS rounds, each N requests to every server in turn, in batches of BATCH.
const BATCH = Number(arg("batch", 25));
for (const server of servers) for (const [, p, who] of pages) for (let i = 0; i < 30; i++) await get(server, p, who);
for (const [name, p, who] of pages) {
  for (const server of servers) server.runs = [];
  for (let r = 0; r < ROUNDS; r++) {
    const spent = servers.map(() => 0);
    for (let done = 0; done < N; done += BATCH)
      for (const [k, server] of servers.entries()) {
        const before = cpuMs(server.process.pid);
        for (let i = 0; i < BATCH; i++) server.bytes = await get(server, p, who);
        spent[k] += cpuMs(server.process.pid) - before;
      }
    servers.forEach((server, k) => server.runs.push(spent[k] / N));
  }
  const line = servers.map((server) => {
    const sorted = [...server.runs].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    return `${median.toFixed(2)} ms [${server.runs.map((x) => x.toFixed(2)).join(" ")}] ${server.bytes} B`;
  });
  console.log(`${name.padEnd(11)} ${line.join("  |  ")}`);
}
process.off("exit", stop);
await Promise.all(
  servers.map(
    (server) =>
      new Promise((resolve) => {
        server.process.once("exit", resolve);
        server.process.kill("SIGTERM");
      }),
  ),
);
process.exit(0);
