import { fileURLToPath } from "node:url";
import { startServer, stopServer } from "../../scripts/lib/built-app";
import { removeSqlite } from "../../scripts/lib/database-url";

// The e2e tests' server (playwright.config.ts): the BUILT app (`npm run
// test:e2e` builds first) under our server, as `npm start`, started by the
// scripts' one launcher (scripts/lib/built-app.ts) on E2E_PORT with a fresh
// SQLite file and the demo school, listening on every interface as `npm
// start` does. Its access log is not printed; its errors are. Stopped when the
// run ends (the returned function is Playwright's global teardown).
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const database = fileURLToPath(new URL("../../data/e2e.db", import.meta.url)); // tests/e2e/db.ts reads it
  removeSqlite(database);
  const server = await startServer({
    databaseUrl: `file:${database}`,
    port,
    host: null,
    env: { DEMO_DATA: "on", RATE_LIMIT_FACTOR: "100" },
    stdout: "ignore",
    stderr: "inherit",
    readyTimeoutMs: 120_000,
  });
  return () => stopServer(server);
}
