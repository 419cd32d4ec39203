import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Each project lists its own `include`: with `extends: true` arrays are merged,
// so a root `include` would leak the unit tests into the postgres project.
const projects = [
  {
    extends: true as const,
    test: {
      name: "sqlite",
      include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
      env: { TEST_DB: "sqlite" },
    },
  },
];
// The database tests run a second time on PostgreSQL when CI (or you) say where.
// Unit tests need no database, so they run once, in the sqlite project.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true as const,
    test: {
      name: "postgres",
      include: ["tests/integration/**/*.test.ts"],
      env: { TEST_DB: "postgres" },
    },
  });
}

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Each test file gets its own database (tests/setup/database.ts, tests/helpers/db.ts).
    setupFiles: ["tests/setup/database.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects,
  },
});
