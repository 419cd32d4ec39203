import { readFileSync, readdirSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { auditSize, axeViolations } from "./axe";
import { jsEnabled, signInByForm, waitForHydration } from "./helpers";

// Issue 11, items 1 and 3: axe-core on every page of the app, for a user of
// each role, in English and in Arabic, with JavaScript on and off (the js and
// nojs projects): zero violations at WCAG 2.2 A and AA, at 1280 px and at
// 390 px (each language at one width per project, auditSize). On each page also:
// one h1, a main landmark, every table header with a scope, every invalid
// field pointing (aria-describedby) at a live error that says why; and the
// bell's count in its accessible name.
//
// One test per role and language walks its pages in one browser page, so the
// whole run costs one sign-in each. A page that looks the same to every role
// that reaches it (the same components, the same buttons) is audited by the
// first of them; one whose buttons, bell or read-only state depend on the
// role (byRole) by each. axe takes ~0.7 s a page here, and auditing the same
// markup four times would cost CI minutes for nothing. Read-only: dialogs
// are opened by their URLs (?confirm=, ?delete=, ?edit=) and forms are only
// sent empty.

type Who = "anonymous" | "admin_staff" | "coordinator" | "receptionist" | "financial" | "professor";
const ACCOUNTS: Record<Exclude<Who, "anonymous">, string> = {
  admin_staff: "admin@school.test",
  coordinator: "coordinator@school.test",
  receptionist: "reception@school.test",
  financial: "finance@school.test",
  professor: "professor@school.test",
};
const ALL_STAFF: Who[] = ["admin_staff", "coordinator", "receptionist", "financial"];
const SIGNED_IN: Who[] = [...ALL_STAFF, "professor"];
const EVERYONE: Who[] = ["anonymous", ...SIGNED_IN];

interface PageDef {
  /** The route module (app/routes/<route>.tsx) this visit renders. */
  route: string;
  /** The URL; {student}, {course}, {registration}, {transfer}, {user} and {myCourse} are ids found on list pages. */
  path: string;
  /** Who may see it (PRODUCT 2); the others are not sent there. */
  who: Who[];
  /** Also open each URL dialog the page links to (?confirm=, ?delete=, ?edit=). */
  dialogs?: boolean;
  /** Also send its first form empty and check the errors. */
  empty?: boolean;
  /** What it shows depends on the role (buttons, bell, read-only): every role in `who` audits it. Otherwise the first does. */
  byRole?: boolean;
}

// Every UI route module is here; the first test fails when one is missing.
const PAGES: PageDef[] = [
  { route: "authentication.login", path: "/authentication/login", who: ["anonymous"], empty: true },
  {
    route: "authentication.set-password.$token",
    path: "/authentication/set-password/not-a-real-token",
    who: ["anonymous"],
  },
  { route: "students-registration.$step", path: "/students-registration/personal", who: ["anonymous"], empty: true },
  { route: "404", path: "/404", who: EVERYONE },
  { route: "$", path: "/no-such-page", who: EVERYONE, byRole: true },
  { route: "_app.dashboard", path: "/dashboard", who: ALL_STAFF, byRole: true },
  { route: "_app.profile", path: "/profile", who: SIGNED_IN },
  { route: "_app.admin.students._index", path: "/admin/students", who: ALL_STAFF },
  { route: "_app.admin.students.$id", path: "/admin/students/{student}", who: ALL_STAFF, dialogs: true, byRole: true },
  {
    route: "_app.admin.students.$id_.edit",
    path: "/admin/students/{student}/edit",
    who: ["admin_staff", "coordinator", "receptionist"],
  },
  {
    route: "_app.admin.students.new",
    path: "/admin/students/new",
    who: ["admin_staff", "coordinator", "receptionist"],
    empty: true,
  },
  {
    route: "_app.admin.registered-students._index",
    path: "/admin/registered-students",
    who: ["admin_staff", "receptionist", "financial"],
  },
  {
    route: "_app.admin.registered-students.$id",
    path: "/admin/registered-students/{registration}",
    who: ["admin_staff", "receptionist", "financial"],
    dialogs: true,
    byRole: true,
  },
  { route: "_app.admin.transfer-students._index", path: "/admin/transfer-students", who: ALL_STAFF },
  {
    route: "_app.admin.transfer-students._index",
    path: "/admin/transfer-students?id={transfer}",
    who: ALL_STAFF,
    dialogs: true,
    byRole: true,
  },
  {
    route: "_app.admin.transfer-students.new",
    path: "/admin/transfer-students/new",
    who: ["admin_staff", "coordinator", "receptionist"],
  },
  {
    route: "_app.admin.transfer-students.$id.edit",
    path: "/admin/transfer-students/{transfer}/edit",
    who: ["admin_staff", "coordinator", "receptionist"],
  },
  { route: "_app.admin.courses._index", path: "/admin/courses", who: ["admin_staff", "coordinator"] },
  { route: "_app.admin.courses.new", path: "/admin/courses/new", who: ["admin_staff", "coordinator"], empty: true },
  { route: "_app.admin.courses.$id", path: "/admin/courses/{course}", who: ["admin_staff", "coordinator"] },
  { route: "_app.admin.courses.$id_.edit", path: "/admin/courses/{course}/edit", who: ["admin_staff", "coordinator"] },
  {
    route: "_app.admin.courses.$id_.report",
    path: "/admin/courses/{course}/report",
    who: ["admin_staff", "coordinator"],
  },
  {
    route: "_app.admin.courses.$id_.certificates",
    path: "/admin/courses/{course}/certificates",
    who: ["admin_staff", "coordinator"],
  },
  { route: "certificates.verify._index", path: "/certificates/verify", who: ["anonymous"] },
  { route: "certificates.verify.$code", path: "/certificates/verify/CERT-DEMX-2468", who: ["anonymous"] },
  { route: "_app.admin.syllabus", path: "/admin/syllabus", who: ["admin_staff", "coordinator"] },
  { route: "_app.admin.holidays", path: "/admin/holidays", who: ["admin_staff", "coordinator"], dialogs: true },
  { route: "_app.admin.grade-bands", path: "/admin/grade-bands", who: ["admin_staff", "coordinator"], dialogs: true },
  { route: "_app.admin.teachers", path: "/admin/teachers", who: ["admin_staff", "coordinator", "receptionist"] },
  {
    route: "_app.coordinator.professors",
    path: "/coordinator/professors",
    who: ["admin_staff", "coordinator", "receptionist"],
  },
  { route: "_app.coordinator.faq", path: "/coordinator/faq", who: ["admin_staff", "coordinator"] },
  { route: "_app.admin.users._index", path: "/admin/users", who: ["admin_staff"] },
  { route: "_app.admin.users.new", path: "/admin/users/new", who: ["admin_staff"], empty: true },
  { route: "_app.admin.users.$id", path: "/admin/users/{user}", who: ["admin_staff"], dialogs: true },
  { route: "_app.admin.audit", path: "/admin/audit", who: ["admin_staff"] },
  { route: "_app.admin.outbox", path: "/admin/outbox", who: ["admin_staff"] },
  // Its form is filled with the current settings, so it is not sent "empty" (that would save them).
  { route: "_app.admin.settings", path: "/admin/settings", who: ["admin_staff"] },
  { route: "_app.teachers._index", path: "/teachers", who: ["professor"] },
  { route: "_app.teachers.faq", path: "/teachers/faq", who: ["professor"] },
  { route: "_app.course.$id.home", path: "/course/{myCourse}/home", who: ["professor"] },
  { route: "_app.course.$id.attendance", path: "/course/{myCourse}/attendance", who: ["professor"] },
  { route: "_app.course.$id.gradebook", path: "/course/{myCourse}/gradebook", who: ["professor"] },
  { route: "_app.course.$id.student-report", path: "/course/{myCourse}/student-report", who: ["professor"] },
  { route: "_app.course.$id.holidays", path: "/course/{myCourse}/holidays", who: ["professor"] },
  { route: "_app.course.$id.faq", path: "/course/{myCourse}/faq", who: ["professor"] },
];

// Layouts and modules without a page of their own, each shown through the pages above.
const NOT_PAGES = new Set([
  "_app", // the signed-in layout of every page
  "authentication", // the layout of the sign-in pages
  "_app.course.$id", // the course pages' layout
  "status", // the health check: JSON, no document
  // The student portal's pages: audited (axe, en and ar, 390 and 1280 px) by student-portal.spec.ts as the demo student.
  "_app.student._index",
  "_app.student.courses.$id.attendance",
  "_app.student.courses.$id.grades",
]);

// Where each id is found: the first link of the list page that matches, or
// the last one (`last`) where other specs, which share the demo database,
// make and decide their own rows at the top of the list while this runs.
const IDS: Record<string, { list: string; link: RegExp; last?: boolean }> = {
  student: { list: "/admin/students", link: /^\/admin\/students\/(\d+)$/ },
  course: { list: "/admin/courses", link: /^\/admin\/courses\/(\d+)$/ },
  registration: { list: "/admin/registered-students", link: /^\/admin\/registered-students\/(\d+)$/, last: true },
  transfer: { list: "/admin/transfer-students?status_level_change=pending", link: /[?&]id=(\d+)/, last: true },
  user: { list: "/admin/users", link: /^\/admin\/users\/(\d+)$/ },
  myCourse: { list: "/teachers", link: /^\/course\/(\d+)\// },
};

interface Finding {
  url: string;
  rule: string;
  detail: string;
}

test("every page of the app is in this spec's list", () => {
  const modules = readdirSync("app/routes")
    .filter((f) => /\.tsx$/.test(f) && /export default/.test(readFileSync(`app/routes/${f}`, "utf8")))
    .map((f) => f.replace(/\.tsx$/, ""));
  const listed = new Set(PAGES.map((p) => p.route));
  expect(modules.filter((m) => !listed.has(m) && !NOT_PAGES.has(m))).toEqual([]);
  expect([...listed].filter((m) => !modules.includes(m))).toEqual([]);
});

test("the audit finds a violation where there is one (it can fail)", async ({ page }) => {
  await page.goto("/authentication/login");
  await waitForHydration(page);
  // A button without a name, in the page as it is (without JavaScript, in the document that is copied).
  await page.evaluate(() => document.querySelector("main")!.append(document.createElement("button")));
  expect((await axeViolations(page)).join("\n")).toMatch(/^button-name \(critical\)/m);
});

async function findId(page: Page, key: string): Promise<string> {
  const { list, link, last } = IDS[key];
  await page.goto(list);
  const hrefs = await page.locator("main a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const ids = hrefs.map((h) => link.exec(h)?.[1]).filter(Boolean);
  const id = last ? ids.at(-1) : ids[0];
  expect(id, `a link on ${list} that gives {${key}}`).toBeTruthy();
  return id!;
}

/**
 * axe and the structural checks on the page as it is now (without JavaScript
 * on the server's document copied into `auditor`, see axeViolations).
 */
async function audit(page: Page, findings: Finding[], auditor: Page | null) {
  const url = page.url().replace(/^https?:\/\/[^/]+/, "");
  for (const detail of await axeViolations(page, auditor)) findings.push({ url, rule: "axe", detail });
  const structure = await page.evaluate(() => {
    const problems: string[] = [];
    const h1 = document.querySelectorAll("h1").length;
    if (h1 !== 1) problems.push(`${h1} h1 elements`);
    if (document.querySelectorAll("main, [role=main]").length !== 1) problems.push("not exactly one main landmark");
    for (const th of Array.from(document.querySelectorAll("th"))) {
      if (!["col", "row", "colgroup", "rowgroup"].includes(th.getAttribute("scope") ?? ""))
        problems.push(`th without scope: ${th.textContent?.trim().slice(0, 30)}`);
    }
    for (const field of Array.from(document.querySelectorAll('[aria-invalid="true"]'))) {
      const ids = (field.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
      const errors = ids
        .map((id) => document.getElementById(id))
        .filter((el): el is HTMLElement => !!el && !!el.textContent?.trim());
      const name = field.getAttribute("name") ?? field.id;
      if (errors.length === 0) problems.push(`invalid field ${name} points at no error text`);
      else if (!errors.some((el) => el.closest('[aria-live], [role="alert"], [role="status"]')))
        problems.push(`the error of ${name} is not in a live region`);
    }
    return problems;
  });
  for (const p of structure) findings.push({ url, rule: "structure", detail: p });
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBeLessThan(
    path === "/404" || path === "/no-such-page" || path.includes("not-a-real-token") ? 500 : 400,
  );
  await waitForHydration(page);
}

async function sendEmpty(page: Page) {
  const form = page.locator('main form[method="post"]').first();
  // Without JavaScript the browser's own checks (required) would stop the
  // form before the server answers; the server's messages are what is checked.
  if (!jsEnabled()) await form.evaluateAll((forms) => forms.forEach((f) => ((f as HTMLFormElement).noValidate = true)));
  await form.locator('button[type="submit"]').last().click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await waitForHydration(page);
}

async function openDialogs(page: Page, findings: Finding[], auditor: Page | null) {
  const hrefs = await page.locator("main a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const seen = new Set<string>();
  for (const href of hrefs) {
    const param = /[?&](confirm|delete|edit)=([^&]*)/.exec(href);
    if (!param) continue;
    const kind = param[1] === "confirm" ? `confirm=${param[2]}` : param[1];
    if (seen.has(kind)) continue;
    seen.add(kind);
    const base = page.url();
    await visit(page, new URL(href, base).pathname + new URL(href, base).search);
    await expect(page.locator('[role="dialog"], [role="alertdialog"], dialog[open], main h2').first()).toBeVisible();
    await audit(page, findings, auditor);
    await visit(page, new URL(base).pathname + new URL(base).search);
  }
}

for (const lang of ["en", "ar"] as const) {
  test.describe(`in ${lang === "en" ? "English" : "Arabic"}`, () => {
    test.use({
      locale: lang,
      actionTimeout: 10_000,
      navigationTimeout: 15_000,
    });

    for (const who of EVERYONE) {
      test(`every page ${who} can reach has no WCAG 2.2 A/AA violation`, async ({ page, browser }) => {
        // Every page of a role, with axe: minutes on a slow 2-core machine under two workers.
        test.setTimeout(600_000);
        const auditor = jsEnabled() ? null : await (await browser.newContext({ javaScriptEnabled: true })).newPage();
        if (who !== "anonymous") await signInByForm(page, ACCOUNTS[who]);
        await page.setViewportSize(auditSize(lang));
        const mine = PAGES.filter((p) => (p.byRole ? p.who.includes(who) : p.who[0] === who));
        const ids: Record<string, string> = {};
        for (const key of new Set(mine.flatMap((p) => [...p.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))))
          ids[key] = await findId(page, key);

        const findings: Finding[] = [];
        for (const def of mine) {
          const path = def.path.replace(/\{(\w+)\}/g, (_, key: string) => ids[key]);
          await test.step(path, async () => {
            await visit(page, path);
            await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
            await audit(page, findings, auditor);
            if (def.dialogs) await openDialogs(page, findings, auditor);
            if (def.empty) {
              await sendEmpty(page);
              await audit(page, findings, auditor);
            }
            if (path === "/dashboard" && who !== "receptionist") {
              // The bell's count is in its accessible name, not only in the badge.
              const bell = page.getByTestId("transfer-bell").locator("summary");
              const badge = (await bell.locator("span").count())
                ? ((await bell.locator("span").textContent()) ?? "")
                : "0";
              expect(await bell.getAttribute("aria-label")).toMatch(
                new RegExp(`(^|\\D)${badge.replace("+", "\\+")}(\\D|$)`),
              );
            }
          });
        }
        await auditor?.context().close();
        expect(findings, findings.map((f) => `${f.url}: ${f.rule}: ${f.detail}`).join("\n")).toEqual([]);
      });
    }
  });
}
