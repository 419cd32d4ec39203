import { type ServerBuild, createRequestHandler, json } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { isHttps } from "~/env.server";
import { menuFor } from "~/modules/auth/menu";
import * as csvRoute from "~/routes/admin.students[.csv]";
import * as pdfReportRoute from "~/routes/course.$id.report[.pdf]";
import * as menuRoute from "~/routes/resources.menu";
import * as bellRoute from "~/routes/resources.pending-transfers";
import * as loginApiRoute from "~/routes/v1.api.auth.login";
import * as imagesRoute from "~/routes/v1.api.images.$file";
import * as createRoute from "~/routes/v1.api.transfer-data.create";
import * as getAllRoute from "~/routes/v1.api.transfer-data.get-all";
import { useTestDatabase } from "../helpers/db";
import { ORIGIN, createRoleUsers, signIn } from "../helpers/fixtures";
import { courseRow } from "../helpers/rows";

// Issue 16 L6: the headers of every kind of answer, decided in one place
// (headers.server.ts finishHeaders, applied by entry.server to pages and
// data and, through entry.server's finishResponse, by server/index.js to
// everything Remix answers). Remix's own request handler runs here with
// entry.server and the real route modules, and its answers go through
// finishResponse as server/index.js sends them.

useTestDatabase();

type Entry = typeof import("~/entry.server");
let entry: Entry;
let remix: (request: Request) => Promise<Response>;
let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
let courseId: number;

/** As server/index.js answers: Remix's response, then entry.server's finishResponse. */
async function serve(request: Request) {
  return entry.finishResponse(request, await remix(request));
}

beforeAll(async () => {
  const saved = process.env.DEMO_DATA;
  process.env.DEMO_DATA = "off"; // entry.server prepares the database when imported
  try {
    entry = await import("~/entry.server");
  } finally {
    if (saved === undefined) delete process.env.DEMO_DATA;
    else process.env.DEMO_DATA = saved;
  }
  const routes: Record<string, { id: string; parentId?: string; path: string; module: unknown }> = {
    root: { id: "root", path: "", module: { default: () => null, loader: () => ({ ok: true }) } },
  };
  const add = (path: string, module: unknown) => {
    const id = `routes/${path}`;
    routes[id] = { id, parentId: "root", path, module };
  };
  add("v1/api/transfer-data/get-all", getAllRoute);
  add("v1/api/transfer-data/create", createRoute);
  add("v1/api/auth/login", loginApiRoute);
  add("v1/api/images/:file", imagesRoute);
  add("resources/pending-transfers", bellRoute);
  add("resources/menu", menuRoute);
  add("course/:id/report.pdf", pdfReportRoute);
  add("admin/students.csv", csvRoute);
  add("broken", {
    loader: () => {
      throw new Error("a bug");
    },
  });
  add("refused", {
    loader: () => {
      throw json({ message: "Not found" }, { status: 404 });
    },
  });
  const build = {
    mode: "production",
    entry: { module: await import("~/entry.server") },
    routes,
    assets: { routes: {}, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
    publicPath: "/assets/",
    assetsBuildDirectory: "build/client/assets",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: false,
      v3_singleFetch: false,
    },
    isSpaMode: false,
  } as unknown as ServerBuild;
  remix = createRequestHandler(build, "production");

  users = await createRoleUsers();
  for (const role of Object.keys(users) as Role[]) cookies[role] = await signIn(users[role].email);
  const course = await db()
    .insertInto("courses")
    .values(courseRow({ professor_id: users.professor.id }))
    .returning("id")
    .executeTakeFirstOrThrow();
  courseId = course.id;
});

const savedEnv = { NODE_ENV: process.env.NODE_ENV, TRUST_PROXY: process.env.TRUST_PROXY };
afterEach(() => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

function get(
  path: string,
  { cookie, headers = {}, base = ORIGIN }: { cookie?: string; headers?: Record<string, string>; base?: string } = {},
) {
  return new Request(`${base}${path}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}
function post(path: string, body: Record<string, string>, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      Host: "localhost",
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(body),
  });
}

function directives(response: Response) {
  const map = new Map<string, string>();
  for (const part of (response.headers.get("Content-Security-Policy") ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(" "));
  }
  return map;
}

describe("isHttps", () => {
  it("an https URL is HTTPS; X-Forwarded-Proto counts only behind TRUST_PROXY=1, by its last entry", () => {
    expect(isHttps(get("/", { base: "https://school.example" }))).toBe(true);
    expect(isHttps(get("/"))).toBe(false);
    delete process.env.TRUST_PROXY;
    expect(isHttps(get("/", { headers: { "X-Forwarded-Proto": "https" } }))).toBe(false);
    process.env.TRUST_PROXY = "1";
    expect(isHttps(get("/", { headers: { "X-Forwarded-Proto": "https" } }))).toBe(true);
    expect(isHttps(get("/", { headers: { "X-Forwarded-Proto": "HTTPS" } }))).toBe(true);
    // A client's own "https" first, then what the proxy saw.
    expect(isHttps(get("/", { headers: { "X-Forwarded-Proto": "https, http" } }))).toBe(false);
    expect(isHttps(get("/", { headers: { "X-Forwarded-Proto": "http" } }))).toBe(false);
  });
});

describe("Strict-Transport-Security", () => {
  const CASES: [
    string,
    { env: "production" | "development" | "test"; trust?: boolean; base?: string; proto?: string },
    boolean,
  ][] = [
    ["production over an https URL", { env: "production", base: "https://school.example" }, true],
    [
      "production behind TRUST_PROXY with X-Forwarded-Proto: https",
      { env: "production", trust: true, proto: "https" },
      true,
    ],
    ["production over plain http", { env: "production" }, false],
    ["production, X-Forwarded-Proto: https without TRUST_PROXY", { env: "production", proto: "https" }, false],
    ["production behind TRUST_PROXY, the proxy saw http", { env: "production", trust: true, proto: "http" }, false],
    ["development over https", { env: "development", base: "https://school.example" }, false],
    ["tests over https", { env: "test", base: "https://school.example" }, false],
  ];

  it.each(CASES)("%s", async (_, { env, trust, base, proto }, present) => {
    process.env.NODE_ENV = env;
    if (trust) process.env.TRUST_PROXY = "1";
    else delete process.env.TRUST_PROXY;
    const headers: Record<string, string> = proto ? { "X-Forwarded-Proto": proto } : {};
    // A page, a page's data, an API answer and a file.
    const answers = [
      await serve(get("/", { base, headers })),
      await serve(get("/?_data=root", { base, headers })),
      await serve(get("/v1/api/transfer-data/get-all", { base, headers })),
      await serve(get("/v1/api/images/nope.png", { base, headers })),
    ];
    for (const response of answers) {
      const hsts = response.headers.get("Strict-Transport-Security");
      if (present) expect(hsts).toBe("max-age=31536000");
      else expect(hsts).toBeNull();
    }
  });
});

describe("JSON answers: nosniff and no-store, success and error", () => {
  const CASES: [string, () => Request, number][] = [
    ["API list, signed in", () => get("/v1/api/transfer-data/get-all", { cookie: cookies.admin_staff }), 200],
    ["API list, no token (401)", () => get("/v1/api/transfer-data/get-all"), 401],
    ["API list, wrong role (403)", () => get("/v1/api/transfer-data/get-all", { cookie: cookies.professor }), 403],
    ["API list, POST (405)", () => post("/v1/api/transfer-data/get-all", {}, cookies.admin_staff), 405],
    [
      "API create, bad body (400)",
      () => post("/v1/api/transfer-data/create", { student_id: "x" }, cookies.admin_staff),
      400,
    ],
    [
      "API sign-in, wrong password",
      () => post("/v1/api/auth/login", { email: "nobody@school.example.com", password: "nope-nope-nope" }),
      401,
    ],
    ["API image, no session (401)", () => get("/v1/api/images/abc.png"), 401],
    ["API image, unknown (404)", () => get("/v1/api/images/abc.png", { cookie: cookies.admin_staff }), 404],
    ["bell, signed in", () => get("/resources/pending-transfers", { cookie: cookies.admin_staff }), 200],
    [
      "bell, as the page's data",
      () =>
        get("/resources/pending-transfers?_data=routes%2Fresources%2Fpending-transfers", {
          cookie: cookies.admin_staff,
        }),
      200,
    ],
    ["bell, wrong role (403)", () => get("/resources/pending-transfers", { cookie: cookies.receptionist }), 403],
    [
      "menu, pinned (fetch)",
      () =>
        post(
          "/resources/menu",
          { intent: "pin", state: "on", fetch: "1", item: menuFor("admin_staff")[0].id },
          cookies.admin_staff,
        ),
      200,
    ],
    [
      "menu, not pinnable (400)",
      () => post("/resources/menu", { intent: "pin", state: "on", fetch: "1", item: "nope" }, cookies.admin_staff),
      400,
    ],
    ["a thrown JSON refusal (404)", () => get("/refused"), 404],
    ["a page's data", () => get("/?_data=root"), 200],
    ["a route id that matches nothing (Remix's 403)", () => get("/?_data=routes%2Fnope"), 403],
  ];

  it.each(CASES)("%s", async (_, make, status) => {
    const response = await serve(make());
    expect(response.status).toBe(status);
    expect(response.headers.get("Content-Type")).toMatch(/json/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(directives(response).get("frame-ancestors")).toBe("'none'");
    expect(directives(response).get("default-src")).toBe("'none'");
  });

  it("Remix's last-resort 500 (text) too", async () => {
    const response = await serve(get("/broken"));
    expect(response.status).toBe(500);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(directives(response).get("default-src")).toBe("'none'");
  });
});

describe("PDF routes", () => {
  it("the error page (a request without ?student or ?all) has a CSP without scripts and is never framed", async () => {
    const response = await serve(get(`/course/${courseId}/report.pdf`, { cookie: cookies.professor }));
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const csp = directives(response);
    expect(csp.get("default-src")).toBe("'none'");
    expect(csp.has("script-src")).toBe(false);
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'none'");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    // Its inline style still applies.
    expect(csp.get("style-src")).toContain("'unsafe-inline'");
    expect(await response.text()).toContain("<style>");
  });

  it("a refusal (another professor's course: 403 JSON) is not framed or sniffed either", async () => {
    const other = await db()
      .insertInto("courses")
      .values(courseRow({ course_id: "OTHER", professor_id: null }))
      .returning("id")
      .executeTakeFirstOrThrow();
    const response = await serve(get(`/course/${other.id}/report.pdf?all=1`, { cookie: cookies.professor }));
    expect(response.status).toBe(403);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(directives(response).get("frame-ancestors")).toBe("'none'");
  });

  it("the CSV export keeps its no-store and nosniff", async () => {
    const response = await serve(get("/admin/students.csv", { cookie: cookies.admin_staff }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    await response.body?.cancel();
  });
});

describe("pages", () => {
  it("a page keeps its nonce CSP; frame protection and nosniff", async () => {
    const response = await serve(get("/"));
    expect(response.status).toBe(200);
    expect(directives(response).get("script-src")).toMatch(/'nonce-/);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await response.text();
  });
});
