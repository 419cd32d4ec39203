import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { clientChunk, clientPackages } from "./config/client-packages";
import { singleFetchOff } from "./config/single-fetch-off";
import remixConfig from "./remix.config.js";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [singleFetchOff(remixConfig.future?.v3_singleFetch), remix(remixConfig), tsconfigPaths(), clientPackages()],
  server: { port: 3000 },
  build: {
    target: "es2022",
    // The browser's build: what every page needs (React, Remix, i18next and
    // the root's own modules) in one file, not a dozen round trips (issue 18).
    rollupOptions: isSsrBuild ? undefined : { output: { manualChunks: clientChunk } },
    // Terser, two passes, instead of esbuild: 4 % less gzip on the browser's
    // files for about 5 s more build (ADR 059, issue 18 target 6).
    minify: isSsrBuild ? false : "terser",
    terserOptions: { module: true, ecma: 2020, compress: { passes: 2 }, mangle: { toplevel: true } },
  },
}));
