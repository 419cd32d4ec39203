import fs from "node:fs";
import path from "node:path";
import { type Plugin } from "vite";

/**
 * A build plugin that writes, for every chunk of the CLIENT build, the npm
 * packages whose code ended up in it, to build/.vite/client-packages.json
 * (next to, not inside, the public build/client). The page-weight bench and
 * tests/e2e/bundle-budget.spec.ts read it (scripts/bench/bundle.ts) to prove
 * that no route ships a library it does not use (pdf-lib, rrule, date-fns
 * locales...). Part of the build's configuration (vite.config.ts), so it lives
 * in config/: the build imports nothing from scripts/ (ADR 032).
 */
export function clientPackages(): Plugin {
  return {
    name: "school:client-packages",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment?.config.consumer !== "client" || !options.dir) return;
      const report: Record<string, string[]> = {};
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== "chunk") continue;
        const packages = new Set<string>();
        for (const id of chunk.moduleIds) {
          const pkg = packageOf(id);
          if (pkg) packages.add(pkg);
        }
        report[file] = [...packages].sort();
      }
      const out = path.resolve(options.dir, "..", ".vite", "client-packages.json");
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
    },
  };
}

/** "…/node_modules/@pdf-lib/fontkit/dist/x.js" → "@pdf-lib/fontkit"; "date-fns/locale/fr" keeps its folder. */
export function packageOf(id: string): string | null {
  const clean = id.replace(/^\0/, "").replace(/\?.*$/, "");
  const at = clean.lastIndexOf("/node_modules/");
  if (at < 0) return null;
  const parts = clean.slice(at + "/node_modules/".length).split("/");
  const name = parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  // date-fns is one package, but its locales are the heavy, avoidable part.
  if (name === "date-fns" && parts.includes("locale")) return "date-fns/locale";
  return name;
}
