import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Plugin } from "vite";

const STUB = path.join(path.dirname(fileURLToPath(import.meta.url)), "single-fetch-stub.js");

/**
 * With `future.v3_singleFetch` off (remix.config.js), @remix-run/react still
 * imports its single-fetch module (and turbo-stream through it) into the
 * browser's build, behind `if (future.v3_singleFetch)` on every use: 2.9 KB of
 * gzip on every route that no page ever runs (issue 18 target 6, ADR 057).
 * This build plugin gives the browser's build a stand-in with the same names
 * that throws if called; the server's build keeps the real module. With the
 * flag on, it does nothing.
 */
export function singleFetchOff(singleFetch: boolean | undefined): Plugin {
  return {
    name: "school:single-fetch-off",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (singleFetch || options?.ssr) return null;
      const fromRemixReact = importer?.replace(/\\/g, "/").includes("/@remix-run/react/dist/esm/");
      return source === "./single-fetch.js" && fromRemixReact ? STUB : null;
    },
  };
}
