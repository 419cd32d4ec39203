import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vite";

// For scripts run with vite-node (npm run db:*): only the `~/` path alias,
// not the Remix plugin of vite.config.ts, which wants a dev server or a build.
export default defineConfig({
  plugins: [tsconfigPaths()],
  logLevel: "error",
});
