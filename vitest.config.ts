import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

const projects = [
  {
    extends: true as const,
    test: { name: "sqlite", env: { TEST_DB: "sqlite" } },
  },
];
// The database tests run a second time on PostgreSQL when CI (or you) say where.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true as const,
    test: { name: "postgres", env: { TEST_DB: "postgres" } },
  });
}

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["tests/setup/database.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects,
  },
});
