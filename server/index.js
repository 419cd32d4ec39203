// `npm start`: node server/index.js [build/server/index.js] (ADR 025, ADR 038).
//
// One worker process per core (node:cluster, os.availableParallelism()),
// all on one port; WEB_CONCURRENCY=<n> sets the number, and
// WEB_CONCURRENCY=1 runs the server alone in this process, as before
// (server/serve.js). The primary (server/primary.js) serves nothing: it has
// the database prepared once (migrations, demo data) before the workers
// start, restarts a worker that dies and stops them all on SIGTERM/SIGINT.
import cluster from "node:cluster";
import os from "node:os";

/** WEB_CONCURRENCY, or one per core; null when it is not a whole number ≥ 1. */
function workerCount(env = process.env) {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return os.availableParallelism();
  return /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
}

if (cluster.isPrimary) {
  const count = workerCount();
  if (count === null) {
    console.error(`[server] WEB_CONCURRENCY must be a whole number ≥ 1, not "${process.env.WEB_CONCURRENCY}".`);
    process.exit(1);
  }
  if (count === 1) await import("./serve.js");
  else await (await import("./primary.js")).runPrimary(count);
} else if (process.env.SERVER_ROLE === "prepare") {
  // The primary's first child: loading the build prepares the database
  // (entry.server: migrations, the demo school when wanted), then it ends.
  const path = await import("node:path");
  const url = await import("node:url");
  await import(url.pathToFileURL(path.resolve(process.argv[2] ?? "build/server/index.js")).href);
  process.exit(0);
} else {
  await import("./serve.js");
}
