/**
 * npm run screenshots [-- options]
 *
 * Issue 19: PNGs of the main pages of every role, at a phone's width (390 ×
 * 844) and a desktop's (1280 × 800), in English and in Arabic, so anyone can
 * look at every page in two minutes. Written to screenshots/ (git-ignored) as
 * screenshots/<width>/<language>/<role>-<page>.png, full page.
 *
 * It starts the BUILT app (build/, `npm run build` first; see
 * scripts/lib/built-app.ts) on a fresh SQLite file with the demo school, on
 * SCREENSHOTS_PORT (3170), signs in as each demo role over HTTP and drives the
 * system Chromium. Read-only: nothing is posted but the sign-ins.
 *
 * Options:
 *   --build           build the app first
 *   --out=DIR         write elsewhere than screenshots/
 *   --only=TEXT       only the pages whose name holds TEXT (e.g. --only=students)
 *   --lang=en|ar      one language only
 *
 * Exit code 1 when a page answered an error status (it is still captured).
 */
import fs from "node:fs";
import path from "node:path";
import { type Browser, type Page, chromium } from "@playwright/test";
import { SERVER_BUILD, buildApp, startDemoApp } from "../lib/built-app";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../lib/chromium";
import { professorCourseIds, signIn } from "../lib/demo-school";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const OUT = path.resolve(option("out") ?? "screenshots");
const ONLY = option("only");
const LANGS = (option("lang") ? [option("lang")] : ["en", "ar"]) as ("en" | "ar")[];
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3170);
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

interface Shot {
  name: string;
  path: string;
}

/** A role's main pages; `{student}`-style paths are found on the list page first (the first row's link). */
const ROLES: { role: string; email: string | null; pages: Shot[] }[] = [
  {
    role: "public",
    email: null,
    pages: [
      { name: "sign-in", path: "/authentication/login" },
      { name: "registration", path: "/students-registration" },
    ],
  },
  {
    role: "admin",
    email: "admin@school.test",
    pages: [
      { name: "dashboard", path: "/dashboard" },
      { name: "students", path: "/admin/students" },
      { name: "student", path: "first:/admin/students:/admin/students/\\d+$" },
      { name: "registered-students", path: "/admin/registered-students" },
      { name: "registered-student", path: "first:/admin/registered-students:/admin/registered-students/\\d+$" },
      { name: "transfers", path: "/admin/transfer-students" },
      { name: "transfer-new", path: "/admin/transfer-students/new" },
      { name: "courses", path: "/admin/courses" },
      { name: "course", path: "first:/admin/courses:/admin/courses/\\d+$" },
      { name: "professors", path: "/coordinator/professors" },
      { name: "teachers", path: "/admin/teachers" },
      { name: "syllabus", path: "/admin/syllabus" },
      { name: "grade-bands", path: "/admin/grade-bands" },
      { name: "holidays", path: "/admin/holidays" },
      { name: "users", path: "/admin/users" },
      { name: "audit", path: "/admin/audit" },
      { name: "settings", path: "/admin/settings" },
      { name: "profile", path: "/profile" },
    ],
  },
  {
    role: "coordinator",
    email: "coordinator@school.test",
    pages: [
      { name: "dashboard", path: "/dashboard" },
      { name: "faq", path: "/coordinator/faq" },
    ],
  },
  { role: "receptionist", email: "reception@school.test", pages: [{ name: "dashboard", path: "/dashboard" }] },
  { role: "financial", email: "finance@school.test", pages: [{ name: "dashboard", path: "/dashboard" }] },
  {
    role: "professor",
    email: "professor@school.test",
    pages: [
      { name: "home", path: "/teachers" },
      { name: "faq", path: "/teachers/faq" },
      { name: "course-home", path: "course:home" },
      { name: "attendance", path: "course:attendance" },
      { name: "gradebook", path: "course:gradebook" },
      { name: "student-report", path: "course:student-report" },
    ],
  },
];

async function main() {
  if (args.includes("--build") || !fs.existsSync(SERVER_BUILD)) buildApp();
  const started = Date.now();
  const app = await startDemoApp(PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let failures = 0;
  let written = 0;
  try {
    for (const { role, email, pages } of ROLES) {
      const cookie = email ? await signIn(app.baseURL, email) : null;
      const courseId = role === "professor" && cookie ? (await professorCourseIds(app.baseURL, cookie))[0] : null;
      const wanted = pages.filter((p) => !ONLY || `${role}-${p.name}`.includes(ONLY));
      // The two languages at once (two cores); each walks the pages at both widths.
      const results = await Promise.all(
        LANGS.map((lang) => captureRole(browser, app.baseURL, { role, cookie, courseId, lang, pages: wanted })),
      );
      for (const r of results) {
        failures += r.failures;
        written += r.written;
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  console.log(
    `${written} screenshots in ${path.relative(process.cwd(), OUT) || "."}/ in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (failures) {
    console.error(`${failures} page(s) answered an error status.`);
    process.exitCode = 1;
  }
}

async function captureRole(
  browser: Browser,
  baseURL: string,
  {
    role,
    cookie,
    courseId,
    lang,
    pages,
  }: { role: string; cookie: string | null; courseId: number | null; lang: "en" | "ar"; pages: Shot[] },
) {
  let failures = 0;
  let written = 0;
  for (const size of WIDTHS) {
    const context = await browser.newContext({ baseURL, locale: lang, viewport: size, reducedMotion: "reduce" });
    if (cookie) {
      const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
      await context.addCookies([{ name, value, url: baseURL }]);
    }
    const page = await context.newPage();
    for (const shot of pages) {
      const target = await resolvePath(page, shot.path, courseId);
      if (!target) {
        console.warn(`  ${role}-${shot.name}: no page to open (nothing listed)`);
        continue;
      }
      const response = await page.goto(target, { waitUntil: "load" });
      const status = response?.status() ?? 0;
      if (status >= 400) {
        failures++;
        console.error(`  ${role}-${shot.name} (${lang}, ${size.width}px): HTTP ${status} at ${target}`);
      }
      const file = path.join(OUT, String(size.width), lang, `${role}-${shot.name}.png`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
      written++;
    }
    await context.close();
  }
  return { failures, written };
}

/** The path to open: as written, a professor's course page, or the first row's link of a list page. */
async function resolvePath(page: Page, spec: string, courseId: number | null) {
  if (spec.startsWith("course:")) return courseId ? `/course/${courseId}/${spec.slice("course:".length)}` : null;
  if (!spec.startsWith("first:")) return spec;
  const [, list, pattern] = spec.split(":");
  await page.goto(list, { waitUntil: "load" });
  const re = new RegExp(`^${pattern}`);
  const hrefs = await page
    .locator("main a[href]")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.find((h) => re.test(h.split("?")[0])) ?? null;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
