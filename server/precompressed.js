// The build's assets compressed once, at build time (issue 18 target 9):
// scripts/build/compress-assets.js writes `x.js.br` and `x.js.gz` next to
// each file of build/client/assets. This serves one of them when the
// request's Accept-Encoding takes it (brotli first), with the original's
// Content-Type, Content-Encoding, Vary: Accept-Encoding and the same
// immutable caching as express.static gives the original; anything else
// (no compressed copy, an encoding the client refuses) goes on to
// express.static. Only files listed when the server starts are served: no
// path from a request reaches the file system.
import fs from "node:fs";
import path from "node:path";
import express from "express";

const ASSETS = "assets";
const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

/** The encodings an Accept-Encoding header takes (q > 0), lower-cased; "*" stands for any other. */
export function acceptedEncodings(header) {
  const taken = new Set();
  const refused = new Set();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) refused.add(name);
    else taken.add(name);
  }
  return (encoding) => !refused.has(encoding) && (taken.has(encoding) || (taken.has("*") && !refused.has("*")));
}

/** URL path under the public path ("/assets/x.js") → the encodings with a file next to it. */
function listCompressed(root) {
  const found = new Map();
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !ENCODINGS.some(([, ext]) => entry.name.endsWith(ext))) {
        const have = ENCODINGS.filter(([, ext]) => fs.existsSync(full + ext));
        if (have.length) {
          const urlPath = "/" + path.relative(root, full).split(path.sep).join("/");
          found.set(urlPath, { file: full, have, type: express.static.mime.lookup(full) });
        }
      }
    }
  };
  walk(path.join(root, ASSETS));
  return found;
}

export function precompressed(root, setHeaders) {
  const files = listCompressed(path.resolve(root));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const asset = files.get(req.path);
    if (!asset) return next();
    res.append("Vary", "Accept-Encoding");
    const takes = acceptedEncodings(req.headers["accept-encoding"]);
    const chosen = asset.have.find(([encoding]) => takes(encoding));
    if (!chosen) return next();
    const [encoding, ext] = chosen;
    const charset = express.static.mime.charsets.lookup(asset.type);
    res.setHeader("Content-Type", asset.type + (charset ? `; charset=${charset}` : ""));
    res.setHeader("Content-Encoding", encoding);
    setHeaders?.(res);
    res.sendFile(asset.file + ext, { maxAge: "1y", immutable: true, dotfiles: "deny" }, (error) => {
      // A copy gone since the start: the original as express.static serves it.
      if (error && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        res.removeHeader("Content-Type");
        next(error.status === 404 ? undefined : error);
      }
    });
  };
}
