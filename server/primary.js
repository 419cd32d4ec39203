// The cluster's primary (ADR 038): serves nothing itself.
//
// 1. Prepares the database once: a first child loads the build, whose
//    entry.server migrates (and loads the demo school when wanted), and ends.
//    N workers doing it at the same time would race.
// 2. Forks `count` workers with APP_DATABASE_PREPARED=1 (entry.server then
//    skips that step); they share the port (node:cluster hands connections
//    round-robin).
// 3. A worker that dies is replaced: at once if it had run for a while, else
//    after a back-off that doubles with each quick death (0.25 s … 30 s), so a
//    crash loop does not spin the CPU.
// 4. SIGTERM/SIGINT: each worker gets SIGTERM and stops as server/serve.js
//    does (no new connections, requests in flight finish); the primary ends
//    when the last one has, or after STOP_LIMIT_MS kills what is left.
import cluster from "node:cluster";

const STOP_LIMIT_MS = 15_000;
const QUICK_DEATH_MS = 10_000;
const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 30_000;

const log = (message) => console.error(`[server] ${message}`);
const how = (code, signal) => signal ?? `exit ${code}`;

export async function runPrimary(count) {
  const prepared = await new Promise((resolve) => {
    const child = cluster.fork({ SERVER_ROLE: "prepare" });
    child.once("exit", (code, signal) => resolve(how(code, signal)));
  });
  if (prepared !== "exit 0") {
    log(`preparing the database failed (${prepared}); not starting.`);
    process.exit(1);
  }

  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map();
  const fork = () => {
    const worker = cluster.fork({ SERVER_ROLE: "worker", APP_DATABASE_PREPARED: "1" });
    startedAt.set(worker.id, Date.now());
  };
  const alive = () => Object.keys(cluster.workers ?? {}).length;

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (alive() === 0) process.exit(0);
      return;
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths ? Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (quickDeaths - 1)) : 0;
    log(`worker ${worker.process.pid} ended (${how(code, signal)}); a new one in ${delay} ms.`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  for (let i = 0; i < count; i++) fork();
  log(`${count} workers (WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY?.trim() || "one per core"}).`);

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (alive() === 0) process.exit(0);
    setTimeout(() => {
      log(`workers still running after ${STOP_LIMIT_MS / 1000} s: killed.`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, stop);
}
