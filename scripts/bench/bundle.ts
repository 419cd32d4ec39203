import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// What each route makes the browser download on a full page load, read from
// a client build (`npm run build`): Remix's manifest names each route's
// module and the chunks it imports; a full load of a URL fetches the entry,
// then the modules (and their imports) of every route from root down to the
// matched one. build/.vite/client-packages.json (config/client-packages.ts, a build plugin)
// says which npm packages are inside each chunk.

/** The JavaScript budget of one route, gzip (issue 9). */
export const JS_BUDGET_GZIP = 110_000;
/** Libraries the browser never needs: the server makes PDFs and expands calendars. */
export const SERVER_ONLY_PACKAGES = [
  "pdf-lib",
  "@pdf-lib/fontkit",
  "@pdf-lib/standard-fonts",
  "@pdf-lib/upng",
  "rrule",
  "date-fns/locale",
];

export interface RouteBundle {
  id: string;
  /** Public URLs (/assets/…) of the JavaScript a full load of this route fetches. */
  files: string[];
  raw: number;
  gzip: number;
  packages: string[];
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export function hasClientBuild(buildDir = "build") {
  return fs.existsSync(path.join(buildDir, "client", "assets"));
}

export function readRemixManifest(buildDir = "build"): RemixManifest {
  const assets = path.join(buildDir, "client", "assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No Remix manifest in ${assets}: run npm run build`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as RemixManifest;
}

/** Packages per chunk (public URL → npm packages), or null when the build predates the report. */
export function readChunkPackages(buildDir = "build"): Record<string, string[]> | null {
  const file = path.join(buildDir, ".vite", "client-packages.json");
  if (!fs.existsSync(file)) return null;
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string[]>;
  return Object.fromEntries(Object.entries(report).map(([chunk, pkgs]) => [`/${chunk}`, pkgs]));
}

export function gzipSize(data: Buffer | string, level = zlib.constants.Z_DEFAULT_COMPRESSION) {
  return zlib.gzipSync(data, { level }).length;
}

/** Every route's full-load JavaScript, heaviest first. */
export function routeBundles(buildDir = "build"): RouteBundle[] {
  const manifest = readRemixManifest(buildDir);
  const packages = readChunkPackages(buildDir) ?? {};
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (url: string) => {
    let s = sizes.get(url);
    if (!s) {
      const file = path.join(buildDir, "client", url);
      const data = fs.readFileSync(file);
      // What the server sends a browser that takes gzip: the build's own copy
      // (scripts/build/compress-assets.js, ADR 059), else the file as it is.
      const served = fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : data.length;
      s = { raw: data.length, gzip: served };
      sizes.set(url, s);
    }
    return s;
  };
  const bundles: RouteBundle[] = [];
  for (const route of Object.values(manifest.routes)) {
    const chain: ManifestRoute[] = [];
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined)
      chain.unshift(r);
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain) [r.module, ...(r.imports ?? [])].forEach((f) => files.add(f));
    const list = [...files];
    bundles.push({
      id: route.id,
      files: list,
      raw: list.reduce((n, f) => n + size(f).raw, 0),
      gzip: list.reduce((n, f) => n + size(f).gzip, 0),
      packages: [...new Set(list.flatMap((f) => packages[f] ?? []))].sort(),
    });
  }
  return bundles.sort((a, b) => b.gzip - a.gzip || a.id.localeCompare(b.id));
}
