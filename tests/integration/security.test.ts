import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { ACCESS_DENIED, requirePermission } from "~/http/guards.server";
import { securityHeaders } from "~/http/headers.server";
import { issueSession } from "~/http/session.server";
import { CAPABILITIES, type Capability, ROLES } from "~/modules/auth/permissions";
import * as rootRoute from "~/root";
import * as profileRoute from "~/routes/_app.profile";
import * as teachersRoute from "~/routes/_app.teachers._index";
import * as loginRoute from "~/routes/authentication.login";
import * as logoutRoute from "~/routes/logout";
import * as layoutRoute from "~/routes/resources.layout";
import * as localeRoute from "~/routes/resources.locale";
import * as registrationRoute from "~/routes/students-registration.$step";
import { useTestDatabase } from "../helpers/db";
import {
  PASSWORD,
  callAction,
  cookiePair,
  createUser,
  callLoader,
  createRoleUsers,
  redirectedTo,
  request,
  setCookies,
  signIn,
} from "../helpers/fixtures";
import { adultPersonal } from "../helpers/registration";

useTestDatabase();

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
});

const count = async (table: "sessions" | "login_attempts") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("cross-site requests", () => {
  const CROSS_SITE: [string, Record<string, string>][] = [
    ["Origin: https://evil.example", { Origin: "https://evil.example" }],
    ["Origin: http://localhost.evil.example", { Origin: "http://localhost.evil.example" }],
    ["Origin: null", { Origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site" }],
  ];

  async function refused(response: Response) {
    expect(response.status).toBe(403);
    expect(setCookies(response)).toEqual([]);
  }

  describe.each(CROSS_SITE)("%s", (_label, headers) => {
    it("login: refused before any sign-in or attempt is recorded", async () => {
      const [sessions, attempts] = [await count("sessions"), await count("login_attempts")];
      await refused(
        await callAction(
          loginRoute,
          request("/authentication/login", { form: { email: users.admin_staff.email, password: PASSWORD }, headers }),
        ),
      );
      expect(await count("sessions")).toBe(sessions);
      expect(await count("login_attempts")).toBe(attempts);
    });

    it("logout: refused, the session survives", async () => {
      const cookie = await signIn(users.coordinator.email);
      const sessions = await count("sessions");
      await refused(await callAction(logoutRoute, request("/logout", { method: "POST", cookie, headers })));
      expect(await count("sessions")).toBe(sessions);
    });

    it("resources.locale: refused, no language cookie", async () => {
      await refused(
        await callAction(localeRoute, request("/resources/locale", { form: { lng: "fr", redirectTo: "/" }, headers })),
      );
    });

    it("resources.layout: refused, no sidebar cookie", async () => {
      await refused(
        await callAction(
          layoutRoute,
          request("/resources/layout", { form: { sidebar: "open" }, cookie: cookies.admin_staff, headers }),
        ),
      );
    });

    it("a guarded action refuses it even for a role that holds the capability", async () => {
      const response = await callLoader(
        { loader: ({ request }) => requirePermission(request, "students:edit") },
        request("/admin/students", { method: "POST", cookie: cookies.admin_staff, headers }),
      );
      expect(response.status).toBe(403);
    });
  });

  describe.each([
    ["Origin: http://localhost", { Origin: "http://localhost" }],
    ["Sec-Fetch-Site: same-origin", { "Sec-Fetch-Site": "same-origin", Origin: "" }],
    ["no Origin and no Sec-Fetch-Site (not a browser)", { Origin: "" }],
  ])("same origin: %s", (_label, extra) => {
    // An empty value removes the helper's default Origin header.
    const headersFor = () => {
      const h: Record<string, string> = {};
      for (const [k, v] of Object.entries(extra)) if (v) h[k] = v;
      return h;
    };
    const build = (path: string, opts: Parameters<typeof request>[1]) => {
      const req = request(path, { ...opts, headers: headersFor() });
      if (!extra.Origin) req.headers.delete("Origin");
      return req;
    };

    it("login signs in", async () => {
      const before = await count("sessions");
      const response = await callAction(
        loginRoute,
        build("/authentication/login", { form: { email: users.receptionist.email, password: PASSWORD } }),
      );
      expect(redirectedTo(response)).toBe("/dashboard");
      expect(await count("sessions")).toBe(before + 1);
    });

    it("logout signs out", async () => {
      const cookie = await signIn(users.financial.email);
      const before = await count("sessions");
      const response = await callAction(logoutRoute, build("/logout", { method: "POST", cookie }));
      expect(redirectedTo(response)).toBe("/authentication/login");
      expect(await count("sessions")).toBe(before - 1);
    });

    it("resources.locale sets the language", async () => {
      const response = await callAction(localeRoute, build("/resources/locale", { form: { lng: "fr" } }));
      expect(response.status).toBe(302);
      expect(setCookies(response, "lng")).toHaveLength(1);
    });

    it("resources.layout sets the sidebar", async () => {
      const response = await callAction(
        layoutRoute,
        build("/resources/layout", { form: { sidebar: "open" }, cookie: cookies.admin_staff }),
      );
      expect(response.status).toBe(302);
      expect(setCookies(response, "sidebar")).toHaveLength(1);
    });
  });

  it("resources.layout needs a signed-in user", async () => {
    const response = await callAction(layoutRoute, request("/resources/layout", { form: { sidebar: "open" } }));
    expect(redirectedTo(response)).toMatch(/^\/authentication\/login/);
    expect(setCookies(response, "sidebar")).toEqual([]);
  });
});

// PRODUCT 2's permission table, transcribed here (not read from the app), so a
// drifted CAPABILITIES fails the test. "view" cells are the *:view capabilities.
const SPEC: Record<Capability, Role[]> = {
  "dashboard:view": ["admin_staff", "coordinator", "receptionist", "financial"],
  "users:manage": ["admin_staff"],
  "registrations:view": ["admin_staff", "receptionist", "financial"],
  "registrations:decide": ["admin_staff", "receptionist"],
  "students:view": ["admin_staff", "coordinator", "receptionist", "financial"],
  "students:edit": ["admin_staff", "coordinator", "receptionist"],
  "transfers:view": ["admin_staff", "coordinator", "receptionist", "financial"],
  "transfers:edit": ["admin_staff", "coordinator", "receptionist"],
  "transfers:decide": ["admin_staff", "coordinator"],
  "transfers:bell": ["admin_staff", "coordinator", "financial"],
  "courses:manage": ["admin_staff", "coordinator"],
  "syllabus:manage": ["admin_staff", "coordinator"],
  "holidays:manage": ["admin_staff", "coordinator"],
  "gradebands:manage": ["admin_staff", "coordinator"],
  "teachers:view": ["admin_staff", "coordinator", "receptionist"],
  "teachers:edit": ["admin_staff", "coordinator"],
  "professors:overview": ["admin_staff", "coordinator", "receptionist"],
  "course-reports:view": ["admin_staff", "coordinator"],
  "certificates:revoke": ["admin_staff", "coordinator"],
  "course-pages:use": ["professor"],
  "coordinator-faq:view": ["admin_staff", "coordinator"],
  "teachers-faq:view": ["professor"],
  "audit:view": ["admin_staff"],
  // PRODUCT: "school settings (name, time zone, default language, logo)" is admin_staff only (issue 15).
  "settings:manage": ["admin_staff"],
  // PRODUCT: "invite a student to the portal" and "outbox (e-mails waiting or sent)" (issue 21).
  "students:invite": ["admin_staff", "coordinator", "receptionist"],
  "outbox:view": ["admin_staff"],
  // PRODUCT 2: the student role's one capability, its own record in the portal (ADR 047).
  "portal:use": ["student"],
};
const SPEC_STAFF: Role[] = ["admin_staff", "coordinator", "receptionist", "financial"];
const PROFESSOR_CAPABILITIES: Capability[] = ["course-pages:use", "teachers-faq:view"];

type Answer = "allowed" | "403" | "→ /teachers" | "→ /dashboard" | "→ /student" | "→ login";

function expectedAnswer(role: Role | "anonymous", capability: Capability): Answer {
  if (role === "anonymous") return "→ login";
  if (capability === "portal:use") {
    // The portal: a student only; everyone else goes to their own home.
    if (role !== "student") return role === "professor" ? "→ /teachers" : "→ /dashboard";
  } else if (role === "student") {
    return "→ /student";
  } else if (PROFESSOR_CAPABILITIES.includes(capability)) {
    if (role !== "professor") return "→ /dashboard";
  } else if (!SPEC_STAFF.includes(role)) {
    return "→ /teachers";
  }
  return SPEC[capability].includes(role) ? "allowed" : "403";
}

async function answerOf(response: Response): Promise<Answer> {
  const to = redirectedTo(response);
  if (to === "/teachers" || to === "/dashboard" || to === "/student") return `→ ${to}`;
  if (to?.startsWith("/authentication/login")) return "→ login";
  if (response.status === 200) return "allowed";
  if (response.status === 403) {
    expect(await response.json()).toEqual({ message: ACCESS_DENIED });
    return "403";
  }
  throw new Error(`Unexpected answer ${response.status} ${to ?? ""}`);
}

describe("permission table", () => {
  it("the app's capabilities are exactly the spec's", () => {
    expect(Object.keys(CAPABILITIES).sort()).toEqual(Object.keys(SPEC).sort());
    for (const roles of Object.values(SPEC)) for (const r of roles) expect(ROLES).toContain(r);
  });

  const caps = Object.keys(CAPABILITIES) as Capability[];
  describe.each(["anonymous" as const, ...ROLES])("%s", (role) => {
    it.each(caps)("%s", async (capability) => {
      const guarded = { loader: ({ request }: { request: Request }) => requirePermission(request, capability) };
      const cookie = role === "anonymous" ? undefined : cookies[role];
      // Loaders (GET) and actions (same-origin POST) get the same answer.
      for (const method of ["GET", "POST"]) {
        const response = await callLoader(guarded, request("/somewhere", { method, cookie }));
        expect([method, await answerOf(response)]).toEqual([method, expectedAnswer(role, capability)]);
      }
    });
  });
});

describe("security headers", () => {
  function csp(headers: Headers) {
    const directives = new Map<string, string>();
    for (const part of (headers.get("Content-Security-Policy") ?? "").split(";")) {
      const [name, ...values] = part.trim().split(/\s+/);
      if (name) directives.set(name, values.join(" "));
    }
    return directives;
  }

  it("pages get a CSP with the nonce and the locked-down directives", () => {
    const headers = new Headers();
    securityHeaders(headers, "abc123nonce");
    const policy = csp(headers);
    expect(policy.get("script-src")).toContain("'nonce-abc123nonce'");
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'none'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("default-src")).toBe("'self'");
    // Only the page's own inline worker (root.tsx's IntlWarmUp), never a worker script from elsewhere.
    expect(policy.get("worker-src")).toBe("data:");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBeTruthy();
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("data responses get the same headers without a nonce, and keep their own Cache-Control", () => {
    const headers = new Headers({ "Cache-Control": "public, max-age=60" });
    securityHeaders(headers, null);
    expect(csp(headers).get("script-src")).not.toContain("nonce");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Cache-Control")).toBe("public, max-age=60");
  });

  it("entry.server's data request handler applies them", async () => {
    const saved = process.env.DEMO_DATA;
    process.env.DEMO_DATA = "off"; // entry.server prepares the database when imported
    try {
      const entry = await import("~/entry.server");
      const response = entry.handleDataRequest!(new Response("{}"), {
        request: request("/dashboard?_data=routes/_app.dashboard"),
        params: {},
        context: {},
      }) as Response;
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(csp(response.headers).get("frame-ancestors")).toBe("'none'");
      // Importing it seeded nothing.
      expect(await db().selectFrom("courses").select("id").limit(1).execute()).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.DEMO_DATA;
      else process.env.DEMO_DATA = saved;
    }
  });
});

// ---------------------------------------------------------------------------
// Every cookie the app sets: HttpOnly, SameSite=Lax, a Path, and Secure when
// the request came over HTTPS (an https:// URL, or X-Forwarded-Proto: https
// from the proxy that terminates TLS when TRUST_PROXY=1: env.server's isHttps).
// The same header from a client, without TRUST_PROXY, makes nothing Secure.

describe("cookies", () => {
  type Scheme = "http" | "https URL" | "X-Forwarded-Proto (TRUST_PROXY)" | "X-Forwarded-Proto (untrusted)";
  const SCHEMES: Scheme[] = ["http", "https URL", "X-Forwarded-Proto (TRUST_PROXY)", "X-Forwarded-Proto (untrusted)"];
  const SECURE: Scheme[] = ["https URL", "X-Forwarded-Proto (TRUST_PROXY)"];

  /** A request to `path` as it arrives under that scheme. */
  function via(scheme: Scheme, path: string, opts: Parameters<typeof request>[1] = {}) {
    const url = scheme === "https URL" ? `https://localhost${path}` : path;
    const headers = {
      ...(opts.headers ?? {}),
      ...(scheme.startsWith("X-Forwarded-Proto") ? { "X-Forwarded-Proto": "https" } : {}),
    };
    return request(url, { ...opts, headers });
  }

  let n = 0;
  /** Each way the app sets or clears a cookie; returns the responses that carry them. */
  const PRODUCERS: [string, (scheme: Scheme) => Promise<Response[]>][] = [
    [
      "sign-in (token, and lng from the saved language)",
      async (scheme) => {
        n += 1;
        const user = await createUser({ role: "coordinator", email: `cookie${n}@school.example.com`, locale: "fr" });
        return [
          await callAction(
            loginRoute,
            via(scheme, "/authentication/login", { form: { email: user.email, password: PASSWORD } }),
          ),
        ];
      },
    ],
    [
      "logout (token cleared)",
      async (scheme) => [
        await callAction(
          logoutRoute,
          via(scheme, "/logout", { method: "POST", cookie: await signIn(users.financial.email) }),
        ),
      ],
    ],
    [
      "an ended session (token cleared)",
      async (scheme) => {
        const cookie = await signIn(users.professor.email);
        await db()
          .updateTable("sessions")
          .set({ expires_at: new Date(0).toISOString() })
          .where("user_id", "=", users.professor.id)
          .execute();
        return [await callLoader(teachersRoute, via(scheme, "/teachers", { cookie }))];
      },
    ],
    [
      "language switch (lng)",
      async (scheme) => [
        await callAction(localeRoute, via(scheme, "/resources/locale", { form: { lng: "es", redirectTo: "/" } })),
      ],
    ],
    [
      "sidebar toggle (sidebar)",
      async (scheme) => [
        await callAction(
          layoutRoute,
          via(scheme, "/resources/layout", { cookie: cookies.receptionist, form: { sidebar: "closed" } }),
        ),
      ],
    ],
    [
      "profile language (lng and toast), then the page that shows the toast clears it (toast)",
      async (scheme) => {
        const saved = await callAction(
          profileRoute,
          via(scheme, "/profile", { cookie: cookies.coordinator, form: { intent: "language", locale: "nl" } }),
        );
        const toast = cookiePair(setCookies(saved, "toast")[0], "toast");
        const shown = await callLoader(
          rootRoute,
          via(scheme, "/profile", { cookie: `${cookies.coordinator}; ${toast}` }),
        );
        return [saved, shown];
      },
    ],
    [
      "registration wizard (registration draft set, then forgotten)",
      async (scheme) => {
        const first = await callAction(
          registrationRoute,
          via(scheme, "/students-registration/personal", { form: adultPersonal() }),
          { step: "personal" },
        );
        const draft = cookiePair(setCookies(first, "registration")[0], "registration");
        const forgotten = await callAction(
          registrationRoute,
          via(scheme, "/students-registration/done", { cookie: draft, form: {} }),
          { step: "done" },
        );
        return [first, forgotten];
      },
    ],
  ];

  describe.each(PRODUCERS)("%s", (_label, produce) => {
    it.each(SCHEMES)("%s", async (scheme) => {
      if (scheme === "X-Forwarded-Proto (TRUST_PROXY)") process.env.TRUST_PROXY = "1";
      let responses: Response[];
      try {
        responses = await produce(scheme);
      } finally {
        delete process.env.TRUST_PROXY;
      }
      const lines = responses.flatMap((r) => setCookies(r));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        const name = line.split("=")[0];
        seen.add(name);
        expect([name, /;\s*HttpOnly(;|$)/i.test(line)]).toEqual([name, true]);
        expect([name, /;\s*SameSite=Lax(;|$)/i.test(line)]).toEqual([name, true]);
        expect([name, /;\s*Path=\//i.test(line)]).toEqual([name, true]);
        expect([name, scheme, /;\s*Secure(;|$)/i.test(line)]).toEqual([name, scheme, SECURE.includes(scheme)]);
      }
    });
  });

  const seen = new Set<string>();

  it("the cases above cover every cookie the app defines", () => {
    const sources = import.meta.glob<string>("/app/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });
    const defined = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const m of text.matchAll(/createCookie\(\s*"([^"]+)"/g)) defined.add(m[1]);
      for (const m of text.matchAll(/cookie:\s*\{\s*name:\s*"([^"]+)"/g)) defined.add(m[1]);
    }
    // remix-auth's storage cookie (the sign-in no longer goes through remix-auth, ADR 026): no response carries it.
    defined.delete("__auth");
    expect(seen.has("__auth")).toBe(false);
    expect([...defined].sort()).toEqual(["lng", "registration", "sidebar", "toast", "token"]);
    expect([...seen].sort()).toEqual([...defined].sort());
  });
});

// ---------------------------------------------------------------------------
// Every action of the app (read from app/routes, so a new one is included),
// posted from another site with a valid session: 403, no cookie, nothing written.

describe("a POST from another site, to every action", () => {
  type RouteModule = Parameters<typeof callAction>[0];
  const MODULES = import.meta.glob<RouteModule>("/app/routes/*.{ts,tsx}", { eager: true });
  const ACTIONS = Object.entries(MODULES)
    .map(([file, mod]) => [file.replace(/^\/app\/routes\//, "").replace(/\.tsx?$/, ""), mod] as const)
    // The catch-all answers 404 to any post and touches nothing.
    .filter(([name, mod]) => mod.action && name !== "$");

  let tables: string[] = [];
  const bearers = {} as Record<"admin_staff" | "professor", string>;
  beforeAll(async () => {
    tables = (await db().introspection.getTables())
      .map((t) => t.name)
      .filter((t) => !t.startsWith("kysely_"))
      .sort();
    for (const role of ["admin_staff", "professor"] as const)
      bearers[role] = (await issueSession(request("/"), users[role].id)).token;
  });

  /** Row counts of every table, and the last change to a user. */
  async function snapshot() {
    const counts = await Promise.all(
      tables.map(async (t) =>
        Number(
          (
            await db()
              .selectFrom(t as "users")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
    const changed = await db()
      .selectFrom("users")
      .select((eb) => eb.fn.max("updated_at").as("at"))
      .executeTakeFirstOrThrow();
    return { counts: Object.fromEntries(tables.map((t, i) => [t, counts[i]])), usersChangedAt: changed.at };
  }

  it("finds the app's actions", () => {
    expect(ACTIONS.length).toBeGreaterThan(25);
  });

  describe.each(ACTIONS)("%s", (name, mod) => {
    const path = `/${name
      .replace(/^_app\./, "")
      .replace(/\[\.([a-z]+)\]/g, ".$1")
      .replace(/\$[a-z]+/g, "1")
      .replace(/_(?=\.|$)/g, "")
      .replace(/\./g, "/")
      .replace(/\/_index$/, "")}`;
    const method = /\.(update|approve|reject)\./.test(`${name}.`) ? "PUT" : "POST";
    it("Origin: https://evil.example or Sec-Fetch-Site: cross-site → 403, no cookie, nothing written", async () => {
      const before = await snapshot();
      const CROSS: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }];
      for (const headers of CROSS) {
        for (const role of ["admin_staff", "professor"] as const) {
          const response = await callAction(
            mod,
            request(path, {
              method,
              cookie: cookies[role],
              headers: { ...headers, Authorization: `Bearer ${bearers[role]}` },
              form: {
                intent: "approve",
                id: "1",
                email: users[role].email,
                password: PASSWORD,
                name: "Cross Site",
                lng: "fr",
                sidebar: "open",
              },
            }),
            { id: "1", step: "personal", token: "x".repeat(43), file: "x.png" },
          );
          expect([headers, role, response.status]).toEqual([headers, role, 403]);
          expect(setCookies(response)).toEqual([]);
        }
      }
      expect(await snapshot()).toEqual(before);
    });
  });
});
