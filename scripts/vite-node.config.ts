import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// For scripts run with vite-node (npm run db:*, bench*): only the `~/` path alias,
// not the Remix plugin of vite.config.ts, which wants a dev server or a build.
export default defineConfig({
  plugins: [tsconfigPaths()],
  logLevel: "error",
  // A node_modules that is a symlink (a git worktree sharing another's) is
  // read where it is linked, not where it points, so packages still load.
  resolve: { preserveSymlinks: true },
});
