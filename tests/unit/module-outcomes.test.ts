import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../helpers/sources";

// Issue 17 (ADR 034): the domain modules return plain outcomes and never
// speak HTTP (no status code, no thrown or built Response, no json(), no
// redirect); the edge, app/http, answers for them. Nothing in app/modules
// imports app/http (the edge depends on the domains, never the reverse).

const MODULES = path.resolve("app", "modules");
// Every folder of app/modules is a domain: the infrastructure that speaks
// HTTP (session, guards, toast, body reading, headers) lives in app/http.
const DOMAINS = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const HTTP = [
  /\bjson\s*\(/,
  /\bResponse\b/,
  /\bredirect\s*\(/,
  /\bstatus\s*:\s*\d{3}\b/,
  /import\s*\{[^}]*\b(?:json|redirect)\b[^}]*\}\s*from\s+["']@remix-run\/(?:node|server-runtime)["']/,
];
const EDGE_IMPORT = /from\s+["'](?:~\/http\/|(?:\.\.\/)+http\/)/;

function offenders(files: string[], patterns: RegExp[]) {
  const found: string[] = [];
  for (const file of files) {
    fs.readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (patterns.some((p) => p.test(line)))
          found.push(`${path.relative(process.cwd(), file)}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe("the domain modules return outcomes, the edge speaks HTTP", () => {
  it("no domain module holds a status code, json(, Response or redirect(", () => {
    const files = DOMAINS.flatMap((d) => sourceFiles(path.join(MODULES, d)));
    expect(files.length).toBeGreaterThan(40);
    expect(files).toHaveLength(sourceFiles(MODULES).length);
    expect(offenders(files, HTTP)).toEqual([]);
  });

  it("no module imports the edge (app/http)", () => {
    expect(offenders(sourceFiles(MODULES), [EDGE_IMPORT])).toEqual([]);
  });

  it("the scan sees what it looks for", () => {
    const lines = [
      'throw json({ message: "Not found" }, { status: 404 });',
      "return new Response(bytes);",
      'return redirect("/x", 303);',
      "return { ok: false, status: 409 };",
      'import { json } from "@remix-run/node";',
    ];
    for (const line of lines)
      expect(
        HTTP.some((p) => p.test(line)),
        line,
      ).toBe(true);
    expect(HTTP.some((p) => p.test('.where("status", "=", "pending")'))).toBe(false);
    expect(HTTP.some((p) => p.test('status: "active",'))).toBe(false);
    expect(EDGE_IMPORT.test('import { notFound } from "~/http/not-found.server";')).toBe(true);
  });
});
