// Run by `npm run build` after `remix vite:build` (issue 18 target 9, ADR 038):
// writes `x.br` (brotli, quality 11) and `x.gz` (gzip) next to each file of
// build/client/assets worth compressing, once, so that the server
// (server/precompressed.js) never compresses a static file per request.
// The gzip copy is made by Zopfli (ADR 059): standard gzip that every browser
// reads, 3 to 4 % smaller than zlib's level 9, for 2 to 3 s of build.
// A copy that saves less than its header costs is not written. Plain Node, no build step.
//
//   node scripts/build/compress-assets.js [build/client/assets]
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const dir = path.resolve(process.argv[2] ?? "build/client/assets");
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt|map|html|xml|wasm)$/i;
// A copy must save more than its Content-Encoding header costs (24 bytes):
// a route's small modules (0.2 to 1 KB each) are worth it, a few bytes not.
const MIN_SAVING = 32;

function* files(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

if (!fs.existsSync(dir)) {
  console.error(`compress-assets: no folder ${dir} (run remix vite:build first)`);
  process.exit(1);
}
let count = 0;
let before = 0;
let afterBr = 0;
let afterGz = 0;
for (const file of [...files(dir)]) {
  if (!COMPRESSIBLE.test(file)) continue;
  const bytes = fs.readFileSync(file);
  if (bytes.length <= MIN_SAVING) continue;
  const br = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [zlib.constants.BROTLI_PARAM_MODE]: /\.(js|mjs|css|json|svg|txt|map|html|xml)$/i.test(file)
        ? zlib.constants.BROTLI_MODE_TEXT
        : zlib.constants.BROTLI_MODE_GENERIC,
    },
  });
  const gz = Buffer.from(await gzipAsync(bytes, { numiterations: 5 }));
  const stat = fs.statSync(file);
  for (const [ext, data] of [
    [".br", br],
    [".gz", gz],
  ]) {
    if (data.length + MIN_SAVING > bytes.length) continue;
    fs.writeFileSync(file + ext, data);
    // The copy carries the original's time, so Last-Modified does not change with the encoding.
    fs.utimesSync(file + ext, stat.atime, stat.mtime);
  }
  count += 1;
  before += bytes.length;
  afterBr += br.length + MIN_SAVING > bytes.length ? bytes.length : br.length;
  afterGz += gz.length + MIN_SAVING > bytes.length ? bytes.length : gz.length;
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `compress-assets: ${count} files, ${kb(before)} → brotli ${kb(afterBr)}, gzip ${kb(afterGz)} (${path.relative(process.cwd(), dir)})`,
);
