import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../helpers/sources";

// Issue 16, H1 (ADR 026): a request's body is read in ONE place,
// app/http/body.server.ts, with its kind's limit. Anything else
// that reads a body itself (request.formData(), .text(), .json(),
// .arrayBuffer(), .blob(), .body, a clone to read it twice, the multipart
// parser, a library that reads the form itself) would read it whole, unlimited.

const APP = path.resolve("app");
const READER = path.join(APP, "http", "body.server.ts");

const READS = [
  /\b(?:request|req)\s*\.\s*(?:formData|text|json|arrayBuffer|blob)\s*\(/,
  /\b(?:request|req)\s*\.\s*body\b/,
  /\b(?:request|req)\s*\.\s*clone\s*\(/,
  /\bunstable_parseMultipartFormData\b/,
  /\bparseMultipartFormData\b/,
  /from\s+["']remix-auth(?:-form)?["']/,
];

// remix-auth's FormStrategy reads the form from the request it is given; the
// sign-in gives it one made in memory from the form body.server.ts already
// read (within the login limit), never the client's own request.
const REMIX_AUTH = /from\s+["']remix-auth(?:-form)?["']/;
const SIGN_IN = path.join(APP, "modules", "auth", "login.server.ts");

const sources = (dir: string) => sourceFiles(dir, /\.(ts|tsx|js|jsx)$/);

/** Every place a pattern matches, as "file:line: text". */
function offenders(files: string[]) {
  const found: string[] = [];
  for (const file of files) {
    if (file === READER) continue;
    fs.readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (file === SIGN_IN && REMIX_AUTH.test(line)) return;
        if (READS.some((re) => re.test(line))) found.push(`${path.relative(APP, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe("request bodies are read in one place", () => {
  it("nothing in app/ reads a request's body but body.server.ts", () => {
    expect(offenders(sources(APP))).toEqual([]);
  });

  it("the scan finds what it looks for (each way of reading a body, in a file of its own)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "body-scan-"));
    try {
      const samples = [
        "const form = await request.formData();",
        "const text = await request.text();",
        "const data = await req.json();",
        "const bytes = await request.arrayBuffer();",
        "const reader = request.body.getReader();",
        "await readForm(request.clone());",
        "const form = await unstable_parseMultipartFormData(request, handler);",
        'import { FormStrategy } from "remix-auth-form";',
      ];
      const files = samples.map((code, i) => {
        const file = path.join(dir, `sample${i}.ts`);
        fs.writeFileSync(file, `${code}\n`);
        return file;
      });
      expect(offenders(files)).toHaveLength(samples.length);
      // A response's body is not a request's.
      const fine = path.join(dir, "fine.ts");
      fs.writeFileSync(fine, "const body = await response.clone().json();\nconst form = new FormData();\n");
      expect(offenders([fine])).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("remix-auth only ever gets the request the sign-in made from the form already read", () => {
    const text = fs.readFileSync(SIGN_IN, "utf8");
    expect(text.match(/\.authenticate\(/g)).toHaveLength(1);
    expect(text).toMatch(/\.authenticate\("form", formRequest,/);
    expect(text).toMatch(
      /const formRequest = new Request\(request\.url, \{ method: "POST", headers, body: fields \}\)/,
    );
  });

  it("the reader itself is where the limits are", () => {
    const text = fs.readFileSync(READER, "utf8");
    expect(text).toMatch(/export const BODY_LIMITS = \{/);
    // No other file defines a limit of its own for a whole body.
    const elsewhere = sources(APP).filter((f) => f !== READER && /BODY_LIMITS\s*=/.test(fs.readFileSync(f, "utf8")));
    expect(elsewhere).toEqual([]);
  });
});
