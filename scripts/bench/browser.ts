// The browser side of the benchmark (issue 9): page weight, and what a user
// on a slow line with a slow machine waits for, in the system Chromium.
//
//   npm run bench:browser            builds nothing: serves ./build on demo data
//   BENCH_URL=http://localhost:3000 BENCH_GRADEBOOK=/course/1/gradebook npm run bench:browser
//
// `npm run bench` (scripts/bench/run.ts) calls browserBench() with its own
// server and large school. Every figure is a median of BENCH_RUNS (default 3)
// cold loads: a fresh browser context each time, so nothing is cached.
// This is a script that prints figures; no test asserts a timing.
import os from "node:os";
import { type Browser, type BrowserContext, type Page, chromium } from "@playwright/test";
import { startDemoApp } from "../lib/built-app";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../lib/chromium";
import { JS_BUDGET_GZIP, SERVER_ONLY_PACKAGES, gzipSize, hasClientBuild, routeBundles } from "./bundle";

export interface BrowserBenchOptions {
  baseURL: string;
  /** A gradebook the professor below teaches, e.g. /course/12/gradebook (30 students x 15 items). */
  gradebookPath: string;
  professorEmail: string;
  password: string;
  /** A staff user, for the dashboard's weight (default admin@school.test with the same password). */
  staffEmail?: string;
  /** Cold loads per figure (default BENCH_RUNS or 3). */
  runs?: number;
  /** Where the client build is, for the per-route JavaScript table (default ./build). */
  buildDir?: string;
  /** Progress lines (default: to stderr). */
  log?: (line: string) => void;
}

// ---------------------------------------------------------------- budgets

const KB = 1000;
export const BUDGETS = {
  jsGzip: JS_BUDGET_GZIP,
  registrationHtmlCssGzip: 20 * KB,
  gradebookHtmlGzip: 30 * KB,
  registrationLcpSlow4g: 1200,
  registrationLcpSlow3g: 2500,
  gradebookTbt: 200,
} as const;

// ---------------------------------------------------------------- throttling

interface Line {
  name: string;
  /** Added to every request, as DevTools (and Lighthouse's devtools throttling) do. */
  latencyMs: number;
  downBytesPerSec: number;
  upBytesPerSec: number;
}
/** Lighthouse's mobile "Slow 4G": 150 ms RTT x 3.75 request latency, 1.6 Mbps down, 750 Kbps up. */
export const SLOW_4G: Line = {
  name: "Slow 4G",
  latencyMs: 562.5,
  downBytesPerSec: (1.6 * 1024 * 1024) / 8,
  upBytesPerSec: (750 * 1024) / 8,
};
/** DevTools' "Slow 3G" preset: 2,000 ms, 50 KB/s each way. */
export const SLOW_3G: Line = { name: "Slow 3G", latencyMs: 2000, downBytesPerSec: 50_000, upBytesPerSec: 50_000 };
const CPU_SLOWDOWN = 4;

// ---------------------------------------------------------------- page weight

export interface PageWeight {
  name: string;
  path: string;
  html: { raw: number; gzip: number };
  /** Bytes of <style> elements inside the HTML (already counted in html). */
  inlineCss: number;
  css: { raw: number; gzip: number; files: number };
  js: { raw: number; gzip: number; files: number };
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The stylesheets and scripts a document makes the browser fetch, as found in its HTML. */
export function assetsOf(html: string) {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "stylesheet") css.add(href);
    if (rel === "modulepreload") js.add(href);
  }
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = attr(tag, "src");
    if (src) js.add(src);
  }
  // Remix starts the app with an inline `import("/assets/entry.client-….js")`.
  for (const m of html.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)) js.add(m[1]);
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce(
    (n, m) => n + Buffer.byteLength(m[1]),
    0,
  );
  return { css: [...css], js: [...js], inlineCss };
}

async function weigh(
  context: BrowserContext,
  name: string,
  pagePath: string,
  cache: Map<string, { raw: number; gzip: number }>,
): Promise<PageWeight> {
  const response = await context.request.get(pagePath, { maxRedirects: 0 });
  if (response.status() !== 200) throw new Error(`${name}: GET ${pagePath} answered ${response.status()}`);
  const html = await response.body();
  const found = assetsOf(html.toString("utf8"));
  // An asset's gzip size is what the server sends a browser taking gzip (the
  // build's own copy, ADR 059: its Content-Length), as the route budget counts it.
  const total = async (urls: string[]) => {
    let raw = 0;
    let gzip = 0;
    for (const url of urls) {
      let asset = cache.get(url);
      if (!asset) {
        const r = await context.request.get(url, { headers: { "Accept-Encoding": "gzip" } });
        if (!r.ok()) throw new Error(`${name}: GET ${url} answered ${r.status()}`);
        const body = await r.body();
        const sent = Number(r.headers()["content-length"]);
        const gzipped = r.headers()["content-encoding"] === "gzip";
        // What went over the wire: the gzip copy's length; a response compressed as it is sent (no
        // length: the stylesheet's route) at gzip level 9; a file sent as it is, its size.
        const wire = gzipped ? (sent > 0 ? sent : gzipSize(body, 9)) : body.length;
        asset = { raw: body.length, gzip: wire };
        cache.set(url, asset);
      }
      raw += asset.raw;
      gzip += asset.gzip;
    }
    return { raw, gzip, files: urls.length };
  };
  return {
    name,
    path: pagePath,
    html: { raw: html.length, gzip: gzipSize(html) },
    inlineCss: found.inlineCss,
    css: await total(found.css),
    js: await total(found.js),
  };
}

// ---------------------------------------------------------------- timings

export interface Timing {
  fcp: number;
  lcp: number;
  /** The form's first input is on screen and, with JavaScript, hydrated. */
  usable: number;
  /** Sum of (long task - 50 ms) after the first contentful paint (JavaScript only). */
  tbt: number | null;
}

interface Scenario {
  label: string;
  path: string;
  javaScript: boolean;
  line: Line;
  viewport: { width: number; height: number };
  /** The form's fields: the first one on screen is "the form's first input". */
  inputs: string;
  /** Signed-in pages: cookies of a session. */
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
  tbt?: boolean;
}

/**
 * Runs in the page before any of its own scripts. With JavaScript it watches,
 * frame by frame, for the first visible form input that React has hydrated,
 * and records long tasks and LCP candidates. (Without JavaScript none of its
 * callbacks run; the figures are read afterwards instead.)
 */
function pageProbe(selector: string) {
  const w = window as unknown as {
    __bench: { usable: number | null; lcp: number; longTasks: { start: number; duration: number }[] };
    __remixRouter?: { state: { initialized: boolean } };
  };
  w.__bench = { usable: null, lcp: 0, longTasks: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.lcp = Math.max(w.__bench.lcp, e.startTime);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } catch {
    // An old browser: the figures stay empty.
  }
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  };
  const check = () => {
    const input = [...document.querySelectorAll(selector)].find(visible);
    const hydrated =
      !!input &&
      w.__remixRouter?.state.initialized === true &&
      Object.keys(input).some((k) => k.startsWith("__reactFiber"));
    if (hydrated) w.__bench.usable = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function throttle(page: Page, line: Line) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: line.latencyMs,
    downloadThroughput: line.downBytesPerSec,
    uploadThroughput: line.upBytesPerSec,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

async function measureOnce(browser: Browser, baseURL: string, s: Scenario): Promise<Timing> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: s.javaScript,
    viewport: s.viewport,
    locale: "en-US",
    storageState: s.storageState,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(pageProbe, s.inputs);
    await throttle(page, s.line);
    const response = await page.goto(s.path, { waitUntil: "load", timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${s.label}: ${s.path} answered ${response?.status()}`);
    // The first paint can come after the load event; without JavaScript only a poll from here sees it.
    for (let i = 0; i < 600; i++) {
      if (await page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length > 0)) break;
      await page.waitForTimeout(100);
    }
    if (s.javaScript) {
      await page.waitForFunction(
        () => (window as unknown as { __bench: { usable: number | null } }).__bench.usable !== null,
        undefined,
        { timeout: 120_000, polling: 100 },
      );
      // Work the page starts after hydration (translations fetched at idle...) counts for blocking time.
      if (s.tbt) {
        await page.waitForLoadState("networkidle", { timeout: 120_000 });
        await page.waitForTimeout(2_000);
      }
    }
    return await page.evaluate(
      ({ js, selector }) => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
        const probe = (
          window as unknown as {
            __bench: { usable: number | null; lcp: number; longTasks: { start: number; duration: number }[] };
          }
        ).__bench;
        if (js) {
          const tbt = probe.longTasks
            .filter((t) => t.start >= fcp)
            .reduce((n, t) => n + Math.max(0, t.duration - 50), 0);
          return { fcp, lcp: probe.lcp || fcp, usable: probe.usable ?? NaN, tbt };
        }
        // No JavaScript: observers' callbacks never ran, but their buffers can be read now.
        const o = new PerformanceObserver(() => undefined);
        o.observe({ type: "largest-contentful-paint", buffered: true });
        const lcp = Math.max(fcp, ...o.takeRecords().map((e) => e.startTime));
        o.disconnect();
        // The form is in the HTML: it is usable once the HTML is in and painted.
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
        const input = [...document.querySelectorAll(selector)].find((el) => {
          const r = el.getBoundingClientRect();
          return (
            r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth
          );
        });
        const usable = input ? Math.max(fcp, nav?.responseEnd ?? fcp) : NaN;
        return { fcp, lcp, usable, tbt: null };
      },
      { js: s.javaScript, selector: s.inputs },
    );
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function measure(
  browser: Browser,
  baseURL: string,
  s: Scenario,
  runs: number,
  log: (l: string) => void,
): Promise<Timing> {
  const all: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    const t = await measureOnce(browser, baseURL, s);
    log(
      `  ${s.label} #${i + 1}: FCP ${ms(t.fcp)}, LCP ${ms(t.lcp)}, usable ${ms(t.usable)}${t.tbt === null ? "" : `, TBT ${ms(t.tbt)}`}`,
    );
    all.push(t);
  }
  const tbts = all.map((t) => t.tbt).filter((t): t is number => t !== null);
  return {
    fcp: median(all.map((t) => t.fcp)),
    lcp: median(all.map((t) => t.lcp)),
    usable: median(all.map((t) => t.usable)),
    tbt: tbts.length ? median(tbts) : null,
  };
}

// ---------------------------------------------------------------- sign-in

async function signIn(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  try {
    const page = await context.newPage();
    await page.goto("/authentication/login");
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await Promise.all([
      page.waitForURL((url) => !url.pathname.startsWith("/authentication"), { timeout: 30_000 }),
      page.locator('form[method="post"] button[type="submit"]').last().click(),
    ]);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- report

const ms = (n: number) => (Number.isFinite(n) ? `${(n / 1000).toFixed(2)} s` : "n/a");
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? "met" : "**MISSED**");

function weightTable(weights: PageWeight[]) {
  const rows = weights.map((w) => {
    const notes: string[] = [];
    if (w.inlineCss) notes.push(`HTML holds ${kb(w.inlineCss)} of inline CSS`);
    if (w.name === "Registration") {
      const both = w.html.gzip + w.css.gzip;
      notes.push(
        `HTML + CSS ${kb(both)} gzip, budget < ${kb(BUDGETS.registrationHtmlCssGzip)}: ${verdict(both < BUDGETS.registrationHtmlCssGzip)}`,
      );
    }
    if (w.name.startsWith("Gradebook")) {
      notes.push(`HTML budget < ${kb(BUDGETS.gradebookHtmlGzip)}: ${verdict(w.html.gzip < BUDGETS.gradebookHtmlGzip)}`);
    }
    notes.push(`JS budget < ${kb(BUDGETS.jsGzip)}: ${verdict(w.js.gzip < BUDGETS.jsGzip)}`);
    return `| ${w.name} | ${kb(w.html.raw)} | ${kb(w.html.gzip)} | ${kb(w.css.raw)} | ${kb(w.css.gzip)} | ${kb(w.js.raw)} | ${kb(w.js.gzip)} (${w.js.files} files) | ${notes.join("; ")} |`;
  });
  return [
    "| Page | HTML | HTML gzip | CSS | CSS gzip | JS | JS gzip | Budgets |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
    ...rows,
  ].join("\n");
}

function routeTable(buildDir: string) {
  if (!hasClientBuild(buildDir)) return "_No client build found; run `npm run build`._";
  const bundles = routeBundles(buildDir).filter((b) => b.files.length);
  const over = bundles.filter((b) => b.gzip >= BUDGETS.jsGzip);
  const forbidden = bundles.filter((b) => b.packages.some((p) => SERVER_ONLY_PACKAGES.includes(p)));
  const top = bundles.slice(0, 5).map((b) => `| ${b.id} | ${kb(b.raw)} | ${kb(b.gzip)} | ${b.files.length} |`);
  return [
    `Every route's full-load JavaScript, from the build's manifest: the heaviest is **${kb(bundles[0].gzip)}** gzip ` +
      `(budget < ${kb(BUDGETS.jsGzip)}: ${verdict(!over.length)}${over.length ? `, ${over.length} routes over` : ""}); ` +
      `routes shipping ${SERVER_ONLY_PACKAGES.join(", ")}: ${forbidden.length ? `**${forbidden.map((b) => b.id).join(", ")}**` : "none"}.`,
    "",
    "| Heaviest routes | JS | JS gzip | Files |",
    "|---|---:|---:|---:|",
    ...top,
  ].join("\n");
}

// ---------------------------------------------------------------- main

export async function browserBench(o: BrowserBenchOptions): Promise<string> {
  const log = o.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const runs = o.runs ?? Number(process.env.BENCH_RUNS ?? 3);
  const staffEmail = o.staffEmail ?? "admin@school.test";
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    log(`Browser bench against ${o.baseURL} (${runs} cold loads per figure)`);
    const professor = await signIn(browser, o.baseURL, o.professorEmail, o.password);
    let staff: typeof professor | null = null;
    try {
      staff = await signIn(browser, o.baseURL, staffEmail, o.password);
    } catch {
      log(`  (no staff sign-in as ${staffEmail}: the dashboard is left out)`);
    }

    // Page weight: one signed-out and two signed-in contexts share an asset cache.
    const cache = new Map<string, { raw: number; gzip: number }>();
    const weights: PageWeight[] = [];
    const anon = await browser.newContext({ baseURL: o.baseURL, locale: "en-US" });
    const prof = await browser.newContext({ baseURL: o.baseURL, locale: "en-US", storageState: professor });
    const admin = staff ? await browser.newContext({ baseURL: o.baseURL, locale: "en-US", storageState: staff }) : null;
    let gradebookShape = "";
    try {
      weights.push(await weigh(anon, "Registration", "/students-registration/personal", cache));
      weights.push(await weigh(anon, "Login", "/authentication/login", cache));
      if (admin) weights.push(await weigh(admin, "Dashboard", "/dashboard", cache));
      const gradebook = await weigh(prof, "Gradebook", o.gradebookPath, cache);
      const page = await prof.newPage();
      await page.goto(o.gradebookPath);
      const shape = await page.evaluate(() => ({
        students: document.querySelectorAll("table tbody tr").length,
        items: document.querySelector("table tbody tr")?.querySelectorAll("input[data-cell]").length ?? 0,
      }));
      gradebookShape = `${shape.students} students x ${shape.items} items`;
      gradebook.name = `Gradebook (${gradebookShape})`;
      weights.push(gradebook);
    } finally {
      await Promise.all([anon.close(), prof.close(), admin?.close()]);
    }

    const phone = { width: 412, height: 823 };
    const laptop = { width: 1280, height: 800 };
    const registration = {
      path: "/students-registration/personal",
      inputs: "main form input:not([type=hidden])",
      viewport: phone,
    };
    const gradebook = {
      path: o.gradebookPath,
      inputs: "main form input[data-cell]",
      viewport: laptop,
      storageState: professor,
    };
    const scenarios: (Scenario & { budget?: (t: Timing) => string })[] = [
      {
        label: "Registration, Slow 4G, JS",
        ...registration,
        javaScript: true,
        line: SLOW_4G,
        budget: (t) => lcpBudget(t, BUDGETS.registrationLcpSlow4g),
      },
      {
        label: "Registration, Slow 4G, no JS",
        ...registration,
        javaScript: false,
        line: SLOW_4G,
        budget: (t) => lcpBudget(t, BUDGETS.registrationLcpSlow4g),
      },
      {
        label: "Registration, Slow 3G, JS",
        ...registration,
        javaScript: true,
        line: SLOW_3G,
        budget: (t) => lcpBudget(t, BUDGETS.registrationLcpSlow3g),
      },
      {
        label: "Registration, Slow 3G, no JS",
        ...registration,
        javaScript: false,
        line: SLOW_3G,
        budget: (t) => lcpBudget(t, BUDGETS.registrationLcpSlow3g),
      },
      {
        label: "Gradebook, Slow 4G, JS",
        ...gradebook,
        javaScript: true,
        line: SLOW_4G,
        tbt: true,
        budget: (t) => tbtBudget(t),
      },
      { label: "Gradebook, Slow 4G, no JS", ...gradebook, javaScript: false, line: SLOW_4G },
    ];
    const timings: string[] = [];
    for (const s of scenarios) {
      const t = await measure(browser, o.baseURL, s, runs, log);
      timings.push(
        `| ${s.label} | ${ms(t.fcp)} | ${ms(t.lcp)} | ${ms(t.usable)} | ${t.tbt === null ? "–" : ms(t.tbt)} | ${s.budget?.(t) ?? "–"} |`,
      );
    }

    return [
      "### Browser and page weight (measured)",
      "",
      `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores, Chromium ${browser.version()}, ${o.baseURL}; ` +
        `gradebook ${o.gradebookPath} (${gradebookShape}). HTML gzip is Node's zlib at its default level; scripts' and stylesheets' is what the server sends a browser taking gzip (the build's copies, ADR 059).`,
      "",
      weightTable(weights),
      "",
      routeTable(o.buildDir ?? "build"),
      "",
      `Cold loads in Chromium, CPU ${CPU_SLOWDOWN}x slower; Slow 4G = ${SLOW_4G.latencyMs} ms per request, ` +
        `${((SLOW_4G.downBytesPerSec * 8) / 1024 / 1024).toFixed(1)} Mbps down, ${(SLOW_4G.upBytesPerSec * 8) / 1024} Kbps up; ` +
        `Slow 3G = ${SLOW_3G.latencyMs} ms, ${SLOW_3G.downBytesPerSec / 1000} KB/s. Registration on a 412x823 screen, gradebook on 1280x800. ` +
        `Median of ${runs}. "Usable" = the form's first input is on screen and hydrated (with JS) or in the painted HTML (without).`,
      "",
      "| Page and line | First contentful paint | Largest contentful paint | Usable form | Total blocking time | Budget |",
      "|---|---:|---:|---:|---:|---|",
      ...timings,
    ].join("\n");
  } finally {
    await browser.close();
  }
}

function lcpBudget(t: Timing, limit: number) {
  return `LCP < ${ms(limit)}: ${verdict(t.lcp < limit)}`;
}
function tbtBudget(t: Timing) {
  return t.tbt === null ? "–" : `TBT < ${BUDGETS.gradebookTbt} ms: ${verdict(t.tbt < BUDGETS.gradebookTbt)}`;
}

// ---------------------------------------------------------------- standalone

/** The demo school's first course of the professor, found on their home page. */
async function findGradebook(baseURL: string, email: string, password: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const state = await signIn(browser, baseURL, email, password);
    const context = await browser.newContext({ baseURL, storageState: state });
    const page = await context.newPage();
    await page.goto("/teachers");
    const href = await page.locator('a[href^="/course/"]').first().getAttribute("href");
    const id = /^\/course\/(\d+)/.exec(href ?? "")?.[1];
    if (!id) throw new Error(`No course link on ${email}'s home page`);
    return `/course/${id}/gradebook`;
  } finally {
    await browser.close();
  }
}

async function main() {
  const env = process.env;
  const password = env.BENCH_PASSWORD ?? "demo-pass-2026";
  const professorEmail = env.BENCH_PROFESSOR ?? "professor@school.test";
  // Without BENCH_URL: ./build on a fresh copy of the demo school, as the e2e tests have it.
  const server = env.BENCH_URL ? null : await startDemoApp(Number(env.BENCH_PORT ?? 3090), { stderr: "inherit" });
  try {
    const baseURL = env.BENCH_URL ?? server!.baseURL;
    const gradebookPath = env.BENCH_GRADEBOOK ?? (await findGradebook(baseURL, professorEmail, password));
    const report = await browserBench({
      baseURL,
      gradebookPath,
      professorEmail,
      password,
      staffEmail: env.BENCH_STAFF,
    });
    process.stdout.write(`${report}\n`);
  } finally {
    await server?.stop();
  }
}

// vite-node runs this file as `vite-node scripts/bench/browser.ts -- --standalone` (npm run bench:browser);
// imported by scripts/bench/run.ts it only exports browserBench.
if (process.argv.includes("--standalone")) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
