import http from "node:http";
import { expect, test } from "@playwright/test";
import { PASSWORD } from "./helpers";

// Issue 16 L4 (and M1's Location) through the real server (server/index.js
// with the built app): requests a browser would not send, so plain HTTP.

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "network-level test: no browser involved");
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let base: URL;
test.beforeAll(({}, testInfo) => {
  base = new URL(String(testInfo.project.use.baseURL));
});

/** One raw HTTP request (any method, any header: Origin: null, an empty Origin…). */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          ...headers,
          ...(body
            ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Signs in with a same-site post; the Cookie header value of the session. */
async function signIn(email: string) {
  const answer = await send(
    "POST",
    "/authentication/login",
    { Origin: base.origin },
    form({ email, password: PASSWORD }),
  );
  expect(answer.status).toBe(302);
  const token = [answer.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("token="));
  return token!.split(";")[0];
}

test.describe("methods no route takes", () => {
  test("TRACE answers 405 on every kind of path", async () => {
    for (const path of [
      "/",
      "/authentication/login",
      "/dashboard",
      "/v1/api/transfer-data/get-all",
      "/no/such/page",
      "/favicon.svg",
    ]) {
      const answer = await send("TRACE", path, { Cookie: "token=secret" });
      expect([path, answer.status]).toEqual([path, 405]);
      expect(answer.headers.allow).toBe("GET, HEAD, POST");
      // TRACE would echo the request (its cookie) back.
      expect(answer.body).not.toContain("secret");
    }
  });
});

test.describe("form posts from another site", () => {
  const ORIGINS = ["https://evil.example", "null", "garbage", ""];

  for (const origin of ORIGINS) {
    test(`Origin ${JSON.stringify(origin)}: a translated 403 page, never a 500, nothing done`, async () => {
      for (const [path, fields] of [
        ["/authentication/login", { email: "admin@school.test", password: PASSWORD }],
        ["/resources/locale", { lng: "fr", redirectTo: "/" }],
        ["/logout", {}],
        ["/dashboard", {}],
      ] as const) {
        const answer = await send("POST", path, { Origin: origin, "Accept-Language": "fr" }, form(fields));
        expect([path, answer.status]).toEqual([path, 403]);
        expect(answer.headers["content-type"]).toMatch(/^text\/html/);
        expect(answer.body).toContain("Formulaire refusé");
        expect(answer.body).toContain('<html lang="fr"');
        // Nothing was done: no session, no language cookie.
        expect(answer.headers["set-cookie"]).toBeUndefined();
      }
      const api = await send("POST", "/v1/api/auth/logout", { Origin: origin });
      expect(api.status).toBe(403);
      expect(JSON.parse(api.body)).toEqual({ message: "Cross-site request refused." });
    });
  }

  test("the same posts from this site still work", async () => {
    const answer = await send(
      "POST",
      "/resources/locale",
      { Origin: base.origin },
      form({ lng: "fr", redirectTo: "/authentication/login" }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/authentication/login");
  });
});

test.describe("redirectTo as the server answers it", () => {
  test("a dot segment before a backslash signs in to the home page, not to //evil.test", async () => {
    for (const redirectTo of ["/./\\evil.test/phish", "/x/../\\evil.test", "/.//evil.test"]) {
      const answer = await send(
        "POST",
        "/authentication/login",
        { Origin: base.origin },
        form({ email: "admin@school.test", password: PASSWORD, redirectTo }),
      );
      expect([redirectTo, answer.status, answer.headers.location]).toEqual([redirectTo, 302, "/dashboard"]);
    }
  });

  test("a redirectTo outside Latin-1 is answered percent-encoded, not with a 500", async () => {
    const answer = await send(
      "POST",
      "/resources/locale",
      { Origin: base.origin },
      form({ lng: "es", redirectTo: "/admin/students?q=\u5f20\u4f1f" }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/admin/students?q=%E5%BC%A0%E4%BC%9F");
  });
});

test.describe("out-of-range dates and ids", () => {
  test("a week that ends past 9999-12-31 is a 400 page, the last whole week still shows", async () => {
    const staff = await signIn("admin@school.test");
    const professor = await signIn("professor@school.test");
    for (const week of ["9999-12-27", "9999-12-28", "9999-12-29", "9999-12-30", "9999-12-31"]) {
      for (const [path, cookie] of [
        ["/dashboard", staff],
        ["/teachers", professor],
      ]) {
        const answer = await send("GET", `${path}?week=${week}`, { Cookie: cookie, "Accept-Language": "en" });
        expect([path, week, answer.status]).toEqual([path, week, 400]);
        expect(answer.body).toContain("That date is outside the calendar.");
      }
    }
    for (const week of ["9999-12-20", "0100-01-04", "0001-01-01"]) {
      const answer = await send("GET", `/dashboard?week=${week}`, { Cookie: staff });
      expect([week, answer.status]).toEqual([week, 200]);
    }
  });

  test("list filters with far dates and ids beyond the database's integer answer their page", async () => {
    const staff = await signIn("admin@school.test");
    const paths = [
      "/admin/audit?from=9999-12-31&to=9999-12-31",
      "/admin/audit?from=0100-01-04&to=0100-01-04",
      "/admin/transfer-students?from=9999-12-31&to=9999-12-31",
      "/admin/registered-students?from=9999-12-31&to=9999-12-31",
      "/admin/grade-bands?edit=2147483648",
      "/admin/syllabus?remove=2147483648",
    ];
    for (const path of paths) {
      const answer = await send("GET", path, { Cookie: staff });
      expect([path, answer.status]).toEqual([path, 200]);
    }
    // A holiday's dialog named by an id of no holiday (issue 16 L4): 404, the
    // list with "This holiday no longer exists", never a 500.
    for (const path of [
      "/admin/holidays?edit=2147483648",
      "/admin/holidays?delete=99999999999999999999",
      "/admin/holidays?edit=999999",
    ]) {
      const answer = await send("GET", path, { Cookie: staff });
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).toContain("This holiday no longer exists");
    }
  });
});
