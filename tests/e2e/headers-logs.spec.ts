import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type RunningServer, startServer, stopServer } from "../../scripts/lib/built-app";
import { professorCourseIds, signIn } from "../../scripts/lib/demo-school";

// Issue 16 L5 and L6 on the real server (server/index.js over the build, as
// `npm start`), from Node: what it writes to its log (access log and the
// app's messages) and the headers of every kind of answer it sends.
// Two servers of our own: one as a plain-HTTP install (demo school), one
// behind a trusted proxy (TRUST_PROXY=1) that terminates TLS.

const TOKEN = "SECRETtoken0042xyzSECRET";
const dirs: string[] = [];
let plain: RunningServer;
let proxied: RunningServer;

function tempDb() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "headers-spec-"));
  dirs.push(dir);
  return { databaseUrl: `file:${path.join(dir, "app.db")}`, uploads: path.join(dir, "uploads") };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name === "nojs") return;
  test.setTimeout(180_000);
  const a = tempDb();
  const b = tempDb();
  [plain, proxied] = await Promise.all([
    startServer({
      databaseUrl: a.databaseUrl,
      port: 3151,
      env: { DEMO_DATA: "on", RATE_LIMIT_FACTOR: "100", UPLOAD_DIR: a.uploads },
    }),
    startServer({
      databaseUrl: b.databaseUrl,
      port: 3152,
      env: {
        DEMO_DATA: "off",
        TRUST_PROXY: "1",
        SESSION_SECRET: "headers-spec-secret-0123456789abcdef",
        UPLOAD_DIR: b.uploads,
      },
    }),
  ]);
});

test.afterAll(async () => {
  for (const server of [plain, proxied]) if (server) await stopServer(server);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "network-level test: no browser involved");
});

/** Sends raw bytes as one HTTP/1.1 request; resolves with the status line. */
function rawRequest(port: number, head: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve(answer.split("\r\n")[0]));
  });
}

/** Waits until the server has printed a line matching `pattern` (the access log is written when a response ends). */
async function printed(server: RunningServer, pattern: RegExp) {
  await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(pattern);
}

test("L5: the logs hold no set-password token and no forged line", async () => {
  const base = plain.base;
  const before = plain.output().split("\n").length;
  // The one-time link itself, and the same with a route id that matches nothing (the app logs Remix's error, which names the URL).
  expect((await fetch(`${base}/authentication/set-password/${TOKEN}`)).status).toBe(404);
  expect(
    (await fetch(`${base}/authentication/set-password/${TOKEN}?_data=routes%2Fnope%0AFORGED%20app%20line`)).status,
  ).toBe(403);
  // A token in a parameter, a newline and an escape in `?_data=`.
  await fetch(`${base}/authentication/login?token=${TOKEN}`);
  expect((await fetch(`${base}/?_data=routes%2F%24%0AFORGED%20GET%20%2Fadmin%20200`)).status).toBe(403);
  expect((await fetch(`${base}/dashboard?_data=routes%2Fx%0D%0AFORGED%1B%5B2K`)).status).toBe(403);
  // A POST to the set-password page without its action's form, cross-site (Remix's Origin check names the path).
  await fetch(`${base}/authentication/set-password/${TOKEN}`, {
    method: "POST",
    headers: { Origin: "https://evil.example" },
    redirect: "manual",
  });
  // Raw control bytes in the request line: Node refuses them itself (400), so none reaches the log.
  for (const byte of [0x0a, 0x1b, 0x85, 0x00]) {
    const head = Buffer.concat([
      Buffer.from("GET /a"),
      Buffer.from([byte]),
      Buffer.from("FORGED HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
    ]);
    expect(await rawRequest(3151, head)).toMatch(/^HTTP\/1\.1 400 /);
  }
  await printed(plain, /GET \/dashboard\?_data=routes%2Fx%0D%0AFORGED%1B%5B2K 403/);
  await printed(plain, /Refused cross-site POST \/authentication\/set-password\/\[redacted\]/);

  const lines = plain
    .output()
    .split("\n")
    .slice(before - 1);
  const log = lines.join("\n");
  expect(log).not.toContain(TOKEN);
  for (const line of lines) {
    expect(line).not.toMatch(/^\s*FORGED/);
    expect(line).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  }
  // The access log has the requests, with the token out.
  expect(log).toContain("GET /authentication/set-password/[redacted] 404");
  expect(log).toContain("GET /authentication/login?token=[redacted] 200");
  // The app's message about the bad route id is there, escaped.
  expect(log).toMatch(/Route "routes\/\$\\x0aFORGED GET \/admin 200" does not match URL/);
  expect(log).toMatch(
    /Route "routes\/nope\\x0aFORGED app line" does not match URL "\/authentication\/set-password\/\[redacted\]"/,
  );
});

test("L6: JSON and API answers (success and error) are never sniffed or cached", async () => {
  const base = plain.base;
  const admin = await signIn(base, "admin@school.test");
  const professor = await signIn(base, "professor@school.test");
  const answers: [string, Promise<Response>][] = [
    ["API list", fetch(`${base}/v1/api/transfer-data/get-all`, { headers: { Cookie: admin } })],
    ["API list, no token", fetch(`${base}/v1/api/transfer-data/get-all`)],
    [
      "API list, POST",
      fetch(`${base}/v1/api/transfer-data/get-all`, { method: "POST", headers: { Cookie: admin, Origin: base } }),
    ],
    [
      "API sign-in, wrong password",
      fetch(`${base}/v1/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "x@y.z", password: "wrong-password" }),
      }),
    ],
    ["API image, unknown", fetch(`${base}/v1/api/images/nope.png`, { headers: { Cookie: admin } })],
    ["bell", fetch(`${base}/resources/pending-transfers`, { headers: { Cookie: admin } })],
    [
      "menu, not pinnable",
      fetch(`${base}/resources/menu`, {
        method: "POST",
        headers: { Cookie: admin, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=pin&state=on&fetch=1&item=nope",
      }),
    ],
    ["a page's data", fetch(`${base}/dashboard?_data=routes%2F_app.dashboard`, { headers: { Cookie: admin } })],
  ];
  for (const [name, answer] of answers) {
    const response = await answer;
    expect([name, response.headers.get("content-type")]).toEqual([name, expect.stringMatching(/json/)]);
    expect([name, response.headers.get("x-content-type-options")]).toEqual([name, "nosniff"]);
    expect([name, response.headers.get("cache-control")]).toEqual([name, "no-store"]);
    expect([name, response.headers.get("content-security-policy")]).toEqual([
      name,
      expect.stringContaining("frame-ancestors 'none'"),
    ]);
    expect([name, response.headers.get("strict-transport-security")]).toEqual([name, null]);
  }

  // The PDF routes' error page (no ?student, no ?all): a CSP without scripts, never framed.
  const [courseId] = await professorCourseIds(base, professor);
  const pdfError = await fetch(`${base}/course/${courseId}/report.pdf`, { headers: { Cookie: professor } });
  expect(pdfError.status).toBe(400);
  expect(pdfError.headers.get("content-type")).toMatch(/^text\/html/);
  const csp = pdfError.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("script-src");
  expect(pdfError.headers.get("x-frame-options")).toBe("DENY");
  expect(pdfError.headers.get("x-content-type-options")).toBe("nosniff");
  // A PDF itself: nosniff, not kept.
  const pdf = await fetch(`${base}/course/${courseId}/report.pdf?all=1`, { headers: { Cookie: professor } });
  if (pdf.headers.get("content-type") === "application/pdf") {
    expect(pdf.headers.get("x-content-type-options")).toBe("nosniff");
    expect(pdf.headers.get("cache-control")).toContain("no-store");
  }
  // Static files are not sniffed either.
  const asset = await fetch(`${base}/favicon.ico`);
  if (asset.ok) expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
});

test("L6: HSTS only over HTTPS through the trusted proxy, never from a client's own X-Forwarded-Proto", async () => {
  const https = { "X-Forwarded-Proto": "https" };
  const paths = ["/authentication/login", "/v1/api/transfer-data/get-all", "/?_data=root"];
  for (const p of paths) {
    // Behind TRUST_PROXY=1, the proxy says https: HSTS.
    const viaProxy = await fetch(`${proxied.base}${p}`, { headers: https, redirect: "manual" });
    expect([p, viaProxy.headers.get("strict-transport-security")]).toEqual([p, "max-age=31536000"]);
    // Behind it, plain http: none.
    const plainViaProxy = await fetch(`${proxied.base}${p}`, {
      headers: { "X-Forwarded-Proto": "http" },
      redirect: "manual",
    });
    expect([p, plainViaProxy.headers.get("strict-transport-security")]).toEqual([p, null]);
    // No TRUST_PROXY: a client's own header changes nothing.
    const forged = await fetch(`${plain.base}${p}`, { headers: https, redirect: "manual" });
    expect([p, forged.headers.get("strict-transport-security")]).toEqual([p, null]);
  }
  // And a cookie the server sets is Secure only through the trusted proxy.
  const viaProxy = await fetch(`${proxied.base}/resources/locale`, {
    method: "POST",
    headers: { ...https, Origin: proxied.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: "lng=es&redirectTo=/",
    redirect: "manual",
  });
  expect(viaProxy.headers.getSetCookie().join("\n")).toMatch(/; Secure/i);
  const forged = await fetch(`${plain.base}/resources/locale`, {
    method: "POST",
    headers: { ...https, Origin: plain.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: "lng=es&redirectTo=/",
    redirect: "manual",
  });
  expect(forged.headers.getSetCookie().length).toBeGreaterThan(0);
  expect(forged.headers.getSetCookie().join("\n")).not.toMatch(/; Secure/i);
});
