import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Issue 17: the page contract, held by a scan of every route module
// (docs/architecture.md). A route is thin: a guard and one read-model call in
// its loader, one intent pipeline in its action, and markup composed from the
// UI kit. What this scan checks is what a review would otherwise have to.

const ROUTES = path.resolve("app", "routes");
const files = fs
  .readdirSync(ROUTES)
  .filter((f) => /\.(ts|tsx)$/.test(f))
  .map((f) => ({ name: f, text: fs.readFileSync(path.join(ROUTES, f), "utf8") }));

const MAX_LINES = 250;
// "about 40 lines": the loader, the action and what only they use.
const MAX_SERVER_LINES = 45;
// The health check reads the database to say whether it answers.
const MAY_QUERY = new Set(["status.tsx"]);

function lineCount(text: string) {
  return text.split("\n").length;
}

/** The lines of the loader and the action, and of the top-level functions and constants only they use. */
function serverLines(name: string, text: string) {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const lines = (node: ts.Node) =>
    source.getLineAndCharacterOfPosition(node.getEnd()).line -
    source.getLineAndCharacterOfPosition(node.getStart()).line +
    1;
  const declared = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) declared.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name)) declared.set(d.name.text, statement);
  }
  const server = new Set<ts.Node>();
  const visit = (node: ts.Node) => {
    if (server.has(node)) return;
    server.add(node);
    const walk = (n: ts.Node) => {
      if (ts.isIdentifier(n)) {
        const target = declared.get(n.text);
        if (target && target !== node && !isComponent(target)) visit(target);
      }
      ts.forEachChild(n, walk);
    };
    ts.forEachChild(node, walk);
  };
  for (const entry of ["loader", "action"]) {
    const node = declared.get(entry);
    if (node) visit(node);
  }
  return [...server].reduce((sum, node) => sum + lines(node), 0);
}

function isComponent(node: ts.Node) {
  return ts.isFunctionDeclaration(node) && !!node.name && /^[A-Z]/.test(node.name.text);
}

describe("every route follows the page contract", () => {
  it("reads every route module", () => {
    expect(files.length).toBeGreaterThan(60);
  });

  it(`no route module is over ${MAX_LINES} lines`, () => {
    const over = files.filter((f) => lineCount(f.text) > MAX_LINES).map((f) => `${f.name}: ${lineCount(f.text)}`);
    expect(over).toEqual([]);
  });

  it(`no route's server part is over ${MAX_SERVER_LINES} lines`, () => {
    const over = files
      .map((f) => ({ name: f.name, lines: serverLines(f.name, f.text) }))
      .filter((f) => f.lines > MAX_SERVER_LINES)
      .map((f) => `${f.name}: ${f.lines}`);
    expect(over).toEqual([]);
  });

  it("no route imports zod or the database", () => {
    const offenders = files
      .filter((f) => /from\s+["']zod["']/.test(f.text) || (!MAY_QUERY.has(f.name) && /from\s+["']~\/db\//.test(f.text)))
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it("no route casts what its action answered", () => {
    const casts = files.flatMap((f) =>
      f.text
        .split("\n")
        .filter((line) => /(useActionData|\.data)\b[^;]*\)?\s+as\s+/.test(line) && /useActionData|fetcher/.test(line))
        .map((line) => `${f.name}: ${line.trim()}`),
    );
    expect(casts).toEqual([]);
  });

  it("the scan sees what it looks for", () => {
    expect(
      serverLines(
        "x.tsx",
        "export async function loader() {\n  return helper();\n}\nfunction helper() {\n  return 1;\n}\nexport default function Page() {\n  return null;\n}\n",
      ),
    ).toBe(6);
    const cast = "  const data = useActionData<typeof action>() as { result?: string } | undefined;";
    expect(/(useActionData|\.data)\b[^;]*\)?\s+as\s+/.test(cast)).toBe(true);
  });
});
