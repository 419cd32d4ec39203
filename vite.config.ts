import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { clientPackages } from "./config/client-packages";
import remixConfig from "./remix.config.js";

export default defineConfig({
  plugins: [remix(remixConfig), tsconfigPaths(), clientPackages()],
  server: { port: 3000 },
  build: { target: "es2022" },
});
