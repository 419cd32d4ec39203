/**
 * npm run html-check [-- options]
 *
 * Validates the HTML the server sends (what a browser without JavaScript
 * gets) for every UI page of the app with the Nu HTML Checker (npm package
 * vnu-jar; needs Java 11+), in English and in Arabic.
 *
 * It builds the app (unless --no-build), starts build/server/index.js on a
 * fresh SQLite database with the demo school (port HTML_CHECK_PORT, 3160) and:
 *  - crawls, as each demo role (anonymous, admin, coordinator, receptionist,
 *    financial, professor), every same-origin link of every page it reaches
 *    from the role's seeds (menus, lists, detail pages, "?confirm=…",
 *    "?edit=…" dialogs, pagination, the professor's course pages…). A page
 *    is validated once per URL pattern (numbers in the path are one pattern;
 *    the query's parameter names count, only "confirm"'s value does), first
 *    by whichever role reaches it, plus every role's own landing page;
 *  - adds what no link reaches: the registration wizard's steps (walked with
 *    its draft cookie) and their validation errors, forms posted empty or
 *    wrong (login, new student/user/course/transfer, holidays, grade bands,
 *    profile), the locked-account and no-access sign-ins, a set-password
 *    link and its errors, and the error pages (404 in and out of the layout,
 *    403 for a role without access, an invalid set-password link);
 *  - fetches every one of those pages again in Arabic (Accept-Language: ar);
 *  - validates all documents in ONE java run (it is slow to start) and
 *    prints the errors per page, then the warnings' count.
 *
 * Options:
 *   --no-build      use the existing build/ as it is
 *   --warnings      also print every warning (info messages are counted only)
 *   --keep=DIR      keep the fetched documents in DIR (named by page)
 *   --list          print every document validated
 *   --js            also open every GET page in Chromium with JavaScript and
 *                   report the errors in its console (a hydration mismatch,
 *                   a failed script); they count as errors too
 *
 * Exit code 1 on any error (an unexpected HTTP status counts as one); 2 when
 * the check itself could not run.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { buildApp, startDemoApp } from "../lib/built-app";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../lib/chromium";
import { signIn } from "../lib/demo-school";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/** How many documents one role's crawl may fetch (a runaway guard; the demo school needs far fewer). */
const CRAWL_LIMIT = 250;

/**
 * Messages of the checker that are not errors of ours. Each entry says why.
 * Matched against the message text; a filtered message is not counted.
 */
const IGNORED: { pattern: RegExp; why: string }[] = [];

type Lang = "en" | "ar";
interface Doc {
  /** what the report calls it: role, method and path */
  label: string;
  role: string;
  method: "GET" | "POST";
  url: string;
  body?: Record<string, string>;
  status: number;
  lang: Lang;
  html: string;
  /** the cookies it was fetched with (to fetch it again in the other language) */
  jar: CookieJar;
}

/** A browser's cookies for one site, enough for a session and the registration draft. */
class CookieJar {
  private cookies = new Map<string, string>();
  constructor(initial?: string) {
    if (initial) this.set(initial);
  }
  set(pair: string) {
    const [name, ...rest] = pair.split("=");
    this.cookies.set(name.trim(), rest.join("="));
  }
  take(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const pair = header.split(";")[0];
      const expired = /max-age=0\b|expires=Thu, 01 Jan 1970/i.test(header);
      if (expired) this.cookies.delete(pair.split("=")[0].trim());
      else this.set(pair);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

class Site {
  readonly docs: Doc[] = [];
  readonly problems: string[] = [];
  constructor(readonly baseURL: string) {}

  /** One request as a browser without JavaScript would send it; redirects are not followed. */
  async request(jar: CookieJar, method: "GET" | "POST", url: string, lang: Lang, body?: Record<string, string>) {
    const headers: Record<string, string> = { Cookie: jar.header(), "Accept-Language": lang, Accept: "text/html" };
    if (method === "POST") {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers.Origin = this.baseURL;
      headers["Sec-Fetch-Site"] = "same-origin";
    }
    const res = await fetch(new URL(url, this.baseURL), {
      method,
      headers,
      redirect: "manual",
      body: body ? new URLSearchParams(body) : undefined,
    });
    jar.take(res);
    return res;
  }

  /** Fetches a page (following redirects like a browser) and keeps it as a document when it is HTML. */
  async page(
    role: string,
    jar: CookieJar,
    url: string,
    {
      method = "GET",
      body,
      lang = "en",
      expect = [200],
    }: { method?: "GET" | "POST"; body?: Record<string, string>; lang?: Lang; expect?: number[] } = {},
  ): Promise<Doc | null> {
    let res = await this.request(jar, method, url, lang, body);
    let current = url;
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 5; hops++) {
      const location = res.headers.get("Location");
      if (!location) break;
      const next = new URL(location, new URL(current, this.baseURL));
      if (next.origin !== this.baseURL) break;
      current = next.pathname + next.search;
      res = await this.request(jar, "GET", current, lang);
    }
    const label = `${role} ${method === "POST" ? "POST " : ""}${url}${current !== url ? ` → ${current}` : ""} [${lang}]`;
    if (!expect.includes(res.status)) {
      this.problems.push(`${label}: HTTP ${res.status}, expected ${expect.join(" or ")}`);
      await res.arrayBuffer();
      return null;
    }
    if (!(res.headers.get("Content-Type") ?? "").includes("text/html")) {
      await res.arrayBuffer();
      return null;
    }
    const doc: Doc = { label, role, method, url, body, status: res.status, lang, html: await res.text(), jar };
    this.docs.push(doc);
    return doc;
  }
}

/** Same-origin page links of a document, resolved against its URL (not assets, files, APIs or actions). */
function pageLinks(html: string, from: string, baseURL: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*?\bhref="([^"]*)"/g)) {
    const href = m[1].replace(/&amp;/g, "&");
    if (!href || href.startsWith("#") || /^(mailto|tel|javascript):/i.test(href)) continue;
    const url = new URL(href, new URL(from, baseURL));
    if (url.origin !== baseURL) continue;
    const p = url.pathname;
    if (/^\/(v1|resources|assets|logout)(\/|$)/.test(p) || /\.(pdf|csv|svg|png|jpe?g|webp|ico|css|js)$/i.test(p))
      continue;
    out.push(p + url.search);
  }
  return out;
}

/** One pattern per page template: ids in the path as ":id"; the query's names (and confirm's value). */
function patternOf(url: string): string {
  const u = new URL(url, "http://x");
  const p = u.pathname.replace(/\/\d+(?=\/|$)/g, "/:id").replace(/\/+$/, "") || "/";
  const keys = [...new Set([...u.searchParams.keys()])]
    .sort()
    .map((k) => (k === "confirm" ? `${k}=${u.searchParams.get(k)}` : k));
  return keys.length ? `${p}?${keys.join("&")}` : p;
}

/** Breadth-first crawl of one role's pages from its seeds. */
async function crawl(
  site: Site,
  role: string,
  jar: CookieJar,
  seeds: string[],
  seen: Set<string>,
  always: string[] = [],
) {
  const queue = [...seeds];
  const queued = new Set<string>();
  let fetched = 0;
  while (queue.length && fetched < CRAWL_LIMIT) {
    const url = queue.shift()!;
    const pattern = patternOf(url);
    if (queued.has(pattern) || (seen.has(pattern) && !always.includes(url))) continue;
    queued.add(pattern);
    seen.add(pattern);
    // A crawled link may lead to an error page (a dialog for another role, a 404): those are pages too.
    const doc = await site.page(role, jar, url, { expect: [200, 400, 403, 404] });
    fetched++;
    if (!doc) continue;
    if (doc.label.includes("→ /authentication/login") && role !== "anonymous") {
      site.problems.push(`${doc.label}: the ${role} session was lost`);
      continue;
    }
    for (const link of pageLinks(doc.html, doc.label.split(" → ")[1]?.split(" [")[0] ?? url, site.baseURL)) {
      if (!queued.has(patternOf(link))) queue.push(link);
    }
  }
  if (queue.length && fetched >= CRAWL_LIMIT) site.problems.push(`${role}: crawl stopped at ${CRAWL_LIMIT} pages`);
}

function firstMatch(html: string, re: RegExp, what: string): string {
  const m = re.exec(html);
  if (!m) throw new Error(`Could not find ${what}`);
  return m[1];
}

async function collect(site: Site) {
  const seen = new Set<string>();
  const anon = () => new CookieJar();

  // Public pages, and the error pages without the signed-in layout.
  await crawl(site, "anonymous", anon(), ["/", "/authentication/login", "/students-registration"], seen);
  await site.page("anonymous", anon(), "/authentication/login?redirectTo=%2Fadmin%2Fstudents");
  await site.page("anonymous", anon(), "/no-such-page", { expect: [404] });
  await site.page("anonymous", anon(), "/authentication/set-password/not-a-real-token-0123456789", {
    expect: [200, 400, 404, 410],
  });
  await site.page("anonymous", anon(), "/authentication/login", {
    method: "POST",
    body: { email: "", password: "" },
    expect: [400],
  });
  await site.page("anonymous", anon(), "/authentication/login", {
    method: "POST",
    body: { email: "nobody@school.test", password: "not-the-password" },
    expect: [401],
  });
  await site.page("anonymous", anon(), "/authentication/login", {
    method: "POST",
    body: { email: "student@school.test", password: "demo-pass-2026" },
    expect: [403],
  });

  await registrationWizard(site, "en");

  // Each role's pages, from its landing page and menu.
  const admin = new CookieJar(await signIn(site.baseURL, "admin@school.test"));
  await crawl(site, "admin", admin, ["/dashboard", "/profile"], seen, ["/dashboard"]);
  await site.page("admin", admin, "/admin/students/999999", { expect: [404] });
  for (const [role, email] of [
    ["coordinator", "coordinator@school.test"],
    ["receptionist", "reception@school.test"],
    ["financial", "finance@school.test"],
  ]) {
    const jar = new CookieJar(await signIn(site.baseURL, email));
    await crawl(site, role, jar, ["/dashboard"], seen, ["/dashboard"]);
  }
  const reception = new CookieJar(await signIn(site.baseURL, "reception@school.test"));
  await site.page("receptionist", reception, "/admin/users", { expect: [403] });
  const professor = new CookieJar(await signIn(site.baseURL, "professor@school.test"));
  await crawl(site, "professor", professor, ["/teachers", "/profile"], seen, ["/teachers", "/profile"]);
  await site.page("professor", professor, "/course/999999/home", { expect: [403, 404] });
  // States no link leads to: a search with no result, a date with no session, the grid's refusals.
  const courseId = firstMatch(
    site.docs.find((d) => d.role === "professor" && d.url === "/teachers")?.html ?? "",
    /href="\/course\/(\d+)\//,
    "a course of the professor",
  );
  await site.page("professor", professor, `/course/${courseId}`);
  await site.page("professor", professor, `/course/${courseId}/attendance?date=1999-01-04`, {
    expect: [200, 400, 404],
  });
  const grid = await (await site.request(professor, "GET", `/course/${courseId}/gradebook`, "en")).text();
  // A cell and the value it shows (its original; the originals travel packed in one field, ADR 009).
  const cell = /name="g_(\d+_\d+)"[^>]*? value="([^"]*)"/.exec(grid);
  if (!cell) throw new Error("No grade cell on the gradebook");
  const gradebook = `/course/${courseId}/gradebook`;
  await site.page("professor", professor, gradebook, {
    method: "POST",
    body: { [`o_${cell[1]}`]: cell[2], [`g_${cell[1]}`]: "abc" },
    expect: [400],
  });
  await site.page("professor", professor, gradebook, {
    method: "POST",
    body: { [`o_${cell[1]}`]: "1", [`g_${cell[1]}`]: "2" },
    expect: [409],
  });
  await site.page("admin", admin, "/admin/students?q=no-such-student-zzz");
  await site.page("admin", admin, `/admin/courses/${courseId}?q=a`);

  // Forms sent empty or wrong: the pages with their error messages (no JavaScript: the server renders them).
  const posts: [string, Record<string, string>][] = [
    ["/admin/students/new", {}],
    ["/admin/users/new", {}],
    ["/admin/courses/new", {}],
    ["/admin/transfer-students/new", {}],
    ["/admin/holidays", { intent: "create" }],
    ["/admin/grade-bands", { intent: "create", min: "200" }],
    ["/profile", { intent: "profile" }],
    ["/profile", { intent: "password", current_password: "wrong", password: "short", confirm: "other" }],
  ];
  for (const [url, body] of posts) await site.page("admin", admin, url, { method: "POST", body, expect: [400] });

  // A set-password link for professor2 (made by the admin) and that page's errors.
  const professor2 = await firstUserId(site, admin, "professor2@school.test");
  const made = await site.page("admin", admin, `/admin/users/${professor2}`, {
    method: "POST",
    body: { intent: "reset", method: "link" },
  });
  if (made) {
    const link = new URL(
      firstMatch(made.html, /(https?:\/\/[^"<\s]*\/authentication\/set-password\/[\w-]+)/, "the set-password link"),
    );
    await site.page("anonymous", anon(), link.pathname);
    await site.page("anonymous", anon(), link.pathname, {
      method: "POST",
      body: { password: "short", confirm: "other" },
      expect: [400],
    });
  }

  // The locked-account dialog: five wrong passwords lock professor3 (used nowhere else here).
  for (let i = 0; i < 5; i++) {
    const res = await site.request(anon(), "POST", "/authentication/login", "en", {
      email: "professor3@school.test",
      password: `wrong-${i}`,
    });
    await res.arrayBuffer();
  }
  await site.page("anonymous", anon(), "/authentication/login", {
    method: "POST",
    body: { email: "professor3@school.test", password: "wrong-again" },
    expect: [403],
  });
}

/** The registration wizard, step by step with its draft cookie, with each step's errors. */
async function registrationWizard(site: Site, lang: Lang) {
  const wizard = new CookieJar();
  const reg = (step: string, body?: Record<string, string>, expect = [200]) =>
    site.page(
      "anonymous",
      wizard,
      `/students-registration/${step}`,
      body ? { method: "POST", body, lang, expect } : { lang, expect },
    );
  await reg("personal");
  await reg("personal", { first_name: "", email: "not-an-email", age_category: "kids" }, [400]);
  await reg("personal", {
    first_name: "Valentina",
    middle_name: "Sofía",
    last_name: "Restrepo",
    second_last_name: "Arango",
    id_number: `HC${lang.toUpperCase()}${Date.now().toString().slice(-9)}`,
    birthday: "1994-08-21",
    phone_number: "300 555-1234",
    email: "valentina.restrepo@example.com",
    age_category: "adults",
  });
  await reg("address", { address: "", same_billing: "no" }, [400]);
  await reg("address", {
    address: "Calle 45 # 12-30",
    level: "B1",
    schedule: "TUE-THU-17-19",
    same_billing: "yes",
    where_hear_about_us: "friend",
  });
  await reg("message", { message: "", intent: "next" }, [400]);
  await reg("message", { message: "Hello, I would like to join.", accepted_terms: "on", intent: "next" });
}

async function firstUserId(site: Site, admin: CookieJar, email: string): Promise<number> {
  const res = await site.request(admin, "GET", `/admin/users?q=${encodeURIComponent(email)}`, "en");
  const html = await res.text();
  return Number(firstMatch(html, /href="\/admin\/users\/(\d+)"/, `the user ${email}`));
}

/** The same pages in Arabic: GET pages again, refused forms posted again, the wizard walked again. */
async function arabic(site: Site) {
  const english = site.docs.filter((d) => d.lang === "en");
  for (const doc of english) {
    // The wizard's pages depend on its draft's progress: walked again below.
    if (doc.url.startsWith("/students-registration")) continue;
    // A post that succeeded changed something (e.g. made a set-password link): not repeated.
    if (doc.method === "POST" && doc.status < 400) continue;
    await site.page(doc.role, doc.jar, doc.url, {
      method: doc.method,
      body: doc.body,
      lang: "ar",
      expect: [doc.status],
    });
  }
  await registrationWizard(site, "ar");
}

/**
 * Every GET page again in Chromium with JavaScript, as the user it was
 * fetched for: what its console says once React has hydrated it.
 */
async function consoleErrors(site: Site) {
  console.log("Opening the pages with JavaScript…");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const contexts = new Map<string, Awaited<ReturnType<typeof browser.newContext>>>();
    for (const doc of site.docs) {
      if (doc.method !== "GET") continue;
      const key = `${doc.role}/${doc.lang}`;
      let context = contexts.get(key);
      if (!context) {
        context = await browser.newContext({ locale: doc.lang, viewport: { width: 412, height: 823 } });
        const cookies = doc.jar
          .header()
          .split("; ")
          .filter(Boolean)
          .map((pair) => ({ name: pair.split("=")[0], value: pair.slice(pair.indexOf("=") + 1), url: site.baseURL }));
        if (cookies.length) await context.addCookies(cookies);
        contexts.set(key, context);
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`exception: ${e.message.split("\n")[0]}`));
      page.on("console", (m) => {
        if (m.type() !== "error") return;
        // The page's own error status (a 404, 403 or 400 page) is what we asked for.
        if (
          m.text().includes(`the server responded with a status of ${doc.status}`) &&
          m.location().url === new URL(doc.url, site.baseURL).href
        )
          return;
        errors.push(`console: ${m.text().split("\n")[0]}`);
      });
      await page.goto(new URL(doc.url, site.baseURL).href, { waitUntil: "load" });
      await page
        .waitForFunction(
          () =>
            (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state
              .initialized === true,
          null,
          { timeout: 10_000 },
        )
        .catch(() => errors.push("JavaScript did not start (no Remix router after 10 s)"));
      await page.waitForLoadState("networkidle");
      await page.close();
      for (const e of [...new Set(errors)]) site.problems.push(`${doc.label} with JavaScript: ${e}`);
    }
  } finally {
    await browser.close();
  }
}

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
  firstColumn?: number;
}

function validate(docs: Doc[], keepDir: string | undefined): Map<Doc, VnuMessage[]> {
  const dir = keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "html-check-"));
  fs.mkdirSync(dir, { recursive: true });
  const files = docs.map((doc, i) => {
    const name = `${String(i + 1).padStart(3, "0")}-${doc.lang}-${doc.role}-${doc.url.replace(/[^\w]+/g, "_").slice(0, 60)}.html`;
    const file = path.join(dir, name);
    fs.writeFileSync(file, doc.html);
    return file;
  });
  const jar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
  const result = spawnSync("java", ["-Xss8m", "-jar", jar, "--format", "json", "--stdout", ...files], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw new Error(`java could not run: ${result.error.message}`);
  let parsed: { messages: VnuMessage[] };
  try {
    parsed = JSON.parse(result.stdout);
  } catch {
    throw new Error(
      `The checker gave no JSON (exit ${result.status}):\n${result.stderr}\n${result.stdout.slice(0, 2000)}`,
    );
  }
  const byFile = new Map<string, Doc>(files.map((f, i) => [f, docs[i]]));
  const out = new Map<Doc, VnuMessage[]>(docs.map((d) => [d, []]));
  for (const m of parsed.messages) {
    const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
    const doc = byFile.get(file);
    if (!doc) throw new Error(`Checker message for an unknown file: ${m.url}: ${m.message}`);
    out.get(doc)!.push(m);
  }
  if (!keepDir) fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

async function main() {
  if (!flag("no-build")) buildApp();
  const app = await startDemoApp(Number(process.env.HTML_CHECK_PORT ?? 3160));
  const site = new Site(app.baseURL);
  let results: Map<Doc, VnuMessage[]>;
  try {
    await collect(site);
    await arabic(site);
    if (flag("js")) await consoleErrors(site);
  } finally {
    await app.stop();
  }
  console.log(`Validating ${site.docs.length} documents with the Nu HTML Checker…`);
  results = validate(site.docs, option("keep"));

  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let ignored = 0;
  const pagesWithErrors: string[] = [];
  for (const [doc, messages] of results) {
    const lines: string[] = [];
    for (const m of messages) {
      const rule = IGNORED.find((r) => r.pattern.test(m.message));
      if (rule) {
        ignored++;
        continue;
      }
      const where = m.extract ? `\n        ${m.extract.replace(/\s+/g, " ").trim().slice(0, 200)}` : "";
      if (m.type === "error" || m.type === "non-document-error") {
        errors++;
        lines.push(`    error: ${m.message}${where}`);
      } else if (m.subType === "warning") {
        warnings++;
        if (flag("warnings")) lines.push(`    warning: ${m.message}${where}`);
      } else {
        infos++;
      }
    }
    if (lines.length) {
      console.log(`\n${doc.label} (HTTP ${doc.status})\n${lines.join("\n")}`);
      if (lines.some((l) => l.startsWith("    error"))) pagesWithErrors.push(doc.label);
    }
  }
  if (flag("list")) for (const doc of site.docs) console.log(`  ${doc.label} (HTTP ${doc.status})`);
  for (const problem of site.problems) console.log(`\nerror: ${problem}`);
  const perLang = (lang: Lang) => site.docs.filter((d) => d.lang === lang).length;
  console.log(
    `\n${site.docs.length} documents (${perLang("en")} en, ${perLang("ar")} ar), ` +
      `${new Set(site.docs.map((d) => patternOf(d.url))).size} URL patterns: ` +
      `${errors} errors on ${pagesWithErrors.length} documents, ${warnings} warnings, ${infos} info messages` +
      `${ignored ? `, ${ignored} filtered` : ""}; ${site.problems.length} fetch problems.`,
  );
  if (errors > 0 || site.problems.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(2);
});
