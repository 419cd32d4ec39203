import { type Browser, type Page, expect, test } from "@playwright/test";
import { DESKTOP, PHONE } from "./axe";
import { jsEnabled, signInByForm, waitForHydration } from "./helpers";

// Issue 19: every page of every staff role and of the professor, on a phone
// (390 × 844) and on a desktop (1280 × 800), in English and in Arabic, with
// JavaScript on and off (the js and nojs projects): the page never scrolls
// sideways, every table either scrolls in its own box with its first column
// kept in view or is stacked into cards (axe audits the same pages at both
// widths in a11y.spec.ts). The lists are cards on a phone and tables on a
// desktop. Then the flows: the folded filters on a phone, the phone menu,
// the dialogs' buttons and the fields of a row. Read-only but for nothing:
// every form is only opened, a filter is a GET.
//
// Each page is loaded once per language and checked at both widths (the
// window is resized; the layout is CSS only, so without JavaScript too). A
// page that looks the same to every role that reaches it is checked by the
// first of them, one that depends on the role (the dashboard, the profile)
// by each.

type Who = "admin_staff" | "coordinator" | "receptionist" | "financial" | "professor";
const ACCOUNTS: Record<Who, string> = {
  admin_staff: "admin@school.test",
  coordinator: "coordinator@school.test",
  receptionist: "reception@school.test",
  financial: "finance@school.test",
  professor: "professor@school.test",
};
const STAFF: Who[] = ["admin_staff", "coordinator", "receptionist", "financial"];

interface PageDef {
  path: string;
  who: Who[];
  /** A list: cards on a phone, a table on a desktop. */
  cards?: boolean;
  /** Checked for every role in `who`, not only the first. */
  byRole?: boolean;
}

const PAGES: PageDef[] = [
  { path: "/dashboard", who: STAFF, byRole: true },
  { path: "/profile", who: [...STAFF, "professor"], byRole: true },
  { path: "/admin/students", who: STAFF, cards: true },
  { path: "/admin/students/{student}", who: STAFF },
  { path: "/admin/students/{student}/edit", who: ["admin_staff", "coordinator", "receptionist"] },
  { path: "/admin/students/new", who: ["admin_staff", "coordinator", "receptionist"] },
  { path: "/admin/registered-students", who: ["admin_staff", "receptionist", "financial"], cards: true },
  { path: "/admin/registered-students/{registration}", who: ["admin_staff", "receptionist", "financial"] },
  { path: "/admin/transfer-students", who: STAFF, cards: true },
  { path: "/admin/transfer-students?id={transfer}", who: STAFF },
  { path: "/admin/transfer-students/new", who: ["admin_staff", "coordinator", "receptionist"] },
  { path: "/admin/transfer-students/{transfer}/edit", who: ["admin_staff", "coordinator", "receptionist"] },
  { path: "/admin/courses", who: ["admin_staff", "coordinator"], cards: true },
  { path: "/admin/courses/new", who: ["admin_staff", "coordinator"] },
  { path: "/admin/courses/{course}", who: ["admin_staff", "coordinator"] },
  { path: "/admin/courses/{course}/edit", who: ["admin_staff", "coordinator"] },
  { path: "/admin/courses/{course}/report", who: ["admin_staff", "coordinator"] },
  { path: "/admin/syllabus", who: ["admin_staff", "coordinator"] },
  { path: "/admin/holidays", who: ["admin_staff", "coordinator"], cards: true },
  { path: "/admin/grade-bands", who: ["admin_staff", "coordinator"] },
  { path: "/admin/teachers", who: ["admin_staff", "coordinator", "receptionist"], cards: true },
  { path: "/coordinator/professors", who: ["admin_staff", "coordinator", "receptionist"] },
  { path: "/coordinator/faq", who: ["admin_staff", "coordinator"] },
  { path: "/admin/users", who: ["admin_staff"], cards: true },
  { path: "/admin/users/new", who: ["admin_staff"] },
  { path: "/admin/users/{user}", who: ["admin_staff"] },
  { path: "/admin/audit", who: ["admin_staff"], cards: true },
  { path: "/admin/outbox", who: ["admin_staff"] },
  { path: "/admin/settings", who: ["admin_staff"] },
  { path: "/teachers", who: ["professor"] },
  { path: "/teachers/faq", who: ["professor"] },
  { path: "/course/{myCourse}/home", who: ["professor"] },
  { path: "/course/{myCourse}/attendance", who: ["professor"] },
  { path: "/course/{myCourse}/gradebook", who: ["professor"] },
  { path: "/course/{myCourse}/student-report", who: ["professor"] },
  { path: "/course/{myCourse}/holidays", who: ["professor"], cards: true },
  { path: "/course/{myCourse}/faq", who: ["professor"] },
];

// Where each id is found: the first (or last) link of a list page that matches.
const IDS: Record<string, { list: string; link: RegExp; last?: boolean }> = {
  student: { list: "/admin/students", link: /^\/admin\/students\/(\d+)$/ },
  course: { list: "/admin/courses", link: /^\/admin\/courses\/(\d+)$/ },
  registration: { list: "/admin/registered-students", link: /^\/admin\/registered-students\/(\d+)$/, last: true },
  transfer: { list: "/admin/transfer-students?status_level_change=pending", link: /[?&]id=(\d+)/, last: true },
  user: { list: "/admin/users", link: /^\/admin\/users\/(\d+)$/ },
  myCourse: { list: "/teachers", link: /^\/course\/(\d+)\// },
};

async function findId(page: Page, key: string): Promise<string> {
  const { list, link, last } = IDS[key];
  await page.goto(list);
  const hrefs = await page.locator("main a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const ids = hrefs.map((h) => link.exec(h)?.[1]).filter(Boolean);
  const id = last ? ids.at(-1) : ids[0];
  expect(id, `a link on ${list} that gives {${key}}`).toBeTruthy();
  return id!;
}

/** What is wrong with the layout as it is now: a sideways page, a table that hides its first column. */
function layoutProblems(page: Page) {
  return page.locator("html").evaluate((root) => {
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page is ${root.scrollWidth}px wide in ${root.clientWidth}px`);
    const tables: { caption: string; stacked: boolean }[] = [];
    for (const table of Array.from(document.querySelectorAll("main table"))) {
      const caption = table.querySelector("caption")?.textContent?.trim() ?? "(no caption)";
      const stacked = getComputedStyle(table).display === "block";
      tables.push({ caption, stacked });
      if (stacked) continue;
      let box: Element | null = table.parentElement;
      while (box && !["auto", "scroll"].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      if (!box) {
        found.push(`table "${caption}" is not in a box that scrolls`);
        continue;
      }
      if (box.scrollWidth <= box.clientWidth + 1) continue;
      // It scrolls: the cell that names each row stays in view.
      const first = table.querySelector("tbody tr > :first-child");
      if (first && getComputedStyle(first).position !== "sticky")
        found.push(`table "${caption}" scrolls and its first column does not stay`);
    }
    return { found, tables };
  });
}

async function signedIn(browser: Browser, who: Who, locale: "en" | "ar") {
  const context = await browser.newContext({
    locale,
    viewport: DESKTOP,
    javaScriptEnabled: jsEnabled(),
  });
  const page = await context.newPage();
  await signInByForm(page, ACCOUNTS[who]);
  return page;
}

for (const lang of ["en", "ar"] as const) {
  for (const who of [...STAFF, "professor"] as Who[]) {
    test(`${lang}, ${who}: every page fits 390px and 1280px, tables keep their first column, lists are cards on a phone`, async ({
      browser,
    }) => {
      test.setTimeout(600_000);
      const page = await signedIn(browser, who, lang);
      const mine = PAGES.filter((p) => (p.byRole ? p.who.includes(who) : p.who[0] === who));
      const ids: Record<string, string> = {};
      for (const key of new Set(mine.flatMap((p) => [...p.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))))
        ids[key] = await findId(page, key);
      const findings: string[] = [];
      for (const def of mine) {
        const path = def.path.replace(/\{(\w+)\}/g, (_, key: string) => ids[key]);
        await test.step(path, async () => {
          await page.setViewportSize(DESKTOP);
          const response = await page.goto(path);
          expect(response?.status(), `${path} answers`).toBeLessThan(400);
          await waitForHydration(page);
          await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
          for (const size of [DESKTOP, PHONE]) {
            await page.setViewportSize(size);
            const at = `${path} at ${size.width}px`;
            const { found, tables } = await layoutProblems(page);
            findings.push(...found.map((f) => `${at}: ${f}`));
            if (def.cards) {
              expect(tables.length, `${at}: the list's table`).toBeGreaterThan(0);
              const list = tables[0];
              expect(list.stacked, `${at}: "${list.caption}" is ${size === PHONE ? "cards" : "a table"}`).toBe(
                size === PHONE,
              );
            }
          }
        });
      }
      await page.context().close();
      expect(findings, findings.join("\n")).toEqual([]);
    });
  }
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the students' filters fold behind a counted summary; applying one shows the results first", async ({
    browser,
  }) => {
    for (const lang of ["en", "ar"] as const) {
      const page = await signedIn(browser, "admin_staff", lang);
      await page.setViewportSize(PHONE);
      await page.goto("/admin/students");
      await waitForHydration(page);
      const fold = page.locator("main details.filter-fold");
      const summary = fold.locator("summary > span").first();
      const status = page.locator("main select[name=status]");
      await expect(summary).toHaveText(lang === "en" ? "Filters" : "عوامل التصفية");
      // Folded: the first screen shows the results, not the fields.
      await expect(status).toBeHidden();
      const firstRow = page.locator("main table tbody tr").first();
      expect((await firstRow.boundingBox())!.y).toBeLessThan(PHONE.height);
      await fold.locator("summary").click();
      await expect(status).toBeVisible();
      await status.selectOption("inactive");
      await page.locator('main form[role="search"] button[type="submit"]').click();
      await expect(page).toHaveURL(/[?&]status=inactive/);
      await waitForHydration(page);
      await expect(summary).toHaveText(lang === "en" ? "Filters (1 active)" : "عوامل التصفية (عامل واحد نشط)");
      await expect(status).toBeHidden();
      const rows = page.locator("main table tbody tr");
      expect(await rows.count()).toBeGreaterThan(0);
      await expect(rows.first()).toBeInViewport();
      // Every row is an inactive student: the filter applied.
      const inactive = lang === "en" ? "Inactive" : null;
      if (inactive) for (const row of await rows.all()) await expect(row).toContainText(inactive);
      // Two filters: a plural.
      await page.goto("/admin/students?status=inactive&age=adults");
      await expect(summary).toHaveText(lang === "en" ? "Filters (2 active)" : "عوامل التصفية (عاملان نشطان)");
      // The order of the list is not a filter.
      await page.goto("/admin/students?sort=name&dir=desc");
      await expect(summary).toHaveText(lang === "en" ? "Filters" : "عوامل التصفية");
      await page.context().close();
    }
  });

  test("a list row is a card: the name first, a few facts labelled, the rest behind its link", async ({ browser }) => {
    const page = await signedIn(browser, "admin_staff", "en");
    await page.setViewportSize(PHONE);
    await page.goto("/admin/students");
    const row = page.locator("main table tbody tr").first();
    const title = row.locator('[data-phone="title"]');
    const level = row.locator('[data-phone="fact"][data-label="Level"]');
    await expect(title.getByRole("link")).toBeVisible();
    await expect(level).toBeVisible();
    await expect(row.locator('[data-phone="more"]').first()).toBeHidden();
    // The name is on top, at most two lines, across the card.
    const [t, l] = [(await title.boundingBox())!, (await level.boundingBox())!];
    expect(t.y).toBeLessThan(l.y);
    const lineHeight = parseFloat(await title.evaluate((el) => getComputedStyle(el).lineHeight));
    expect(t.height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    // On a desktop the same rows are a table's rows again, every column shown.
    await page.setViewportSize(DESKTOP);
    await expect(row.locator('[data-phone="more"]').first()).toBeVisible();
    await expect(page.locator("main table thead th").nth(1)).toBeVisible();
    await page.context().close();
  });

  test("the menu: a backdrop behind it, and a tap on the backdrop closes it", async ({ browser }) => {
    const page = await signedIn(browser, "receptionist", "en");
    await page.setViewportSize(PHONE);
    await page.goto("/admin/students");
    await waitForHydration(page);
    const menu = page.getByRole("navigation", { name: "Main menu" });
    const backdrop = page.locator(".menu-backdrop");
    await expect(menu).toBeHidden();
    await expect(backdrop).toBeHidden();
    await page.getByRole("button", { name: "Open the menu" }).click();
    await expect(menu).toBeVisible();
    await expect(backdrop).toBeVisible();
    // The backdrop covers the page, not the menu.
    const box = (await menu.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest("nav, .menu-backdrop")?.className ?? "",
      [box.x + box.width + 20, box.y + 100],
    );
    expect(hit).toContain("menu-backdrop");
    await backdrop.click({ position: { x: PHONE.width - 10, y: 300 } });
    await expect(menu).toBeHidden();
    await expect(backdrop).toBeHidden();
    // Wide screens keep their sidebar: closing on a phone is not "closed everywhere".
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect(menu).toBeVisible();
    await page.context().close();
  });

  test("the menu with JavaScript: the focus stays inside, Escape closes it, and so does going to a page", async ({
    browser,
  }) => {
    test.skip(
      !jsEnabled(),
      "keyboard handling and navigation are scripted; without JavaScript the toggle and backdrop post",
    );
    const page = await signedIn(browser, "receptionist", "en");
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard");
    await waitForHydration(page);
    const menu = page.getByRole("navigation", { name: "Main menu" });
    const toggle = page.getByRole("button", { name: "Open the menu" });
    await toggle.click();
    await expect(menu).toBeVisible();
    // Tab many times: the focus never leaves the toggle and the menu.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(i % 7 === 6 ? "Shift+Tab" : "Tab");
      const inside = await page.evaluate(() => !!document.activeElement?.closest("[data-menu-trap]"));
      expect(inside, `focus after ${i + 1} presses`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open the menu" })).toBeFocused();
    // Open again and follow an entry: the new page is shown, the menu gone.
    await page.getByRole("button", { name: "Open the menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Students", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(menu).toBeHidden();
    await expect(page.locator(".menu-backdrop")).toBeHidden();
    await page.context().close();
  });
});

test("dialogs: the overlay dims the whole window, Cancel and the action side by side in that order", async ({
  browser,
}) => {
  for (const size of [DESKTOP, PHONE]) {
    const page = await signedIn(browser, "admin_staff", "en");
    await page.setViewportSize(size);
    const student = await findId(page, "student");
    for (const path of [`/admin/students/${student}?confirm=deactivate`, "/admin/grade-bands"]) {
      await page.goto(path);
      if (path.endsWith("grade-bands")) {
        const href = await page.locator('main a[href*="delete="]').first().getAttribute("href");
        await page.goto(href!);
      }
      await waitForHydration(page);
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      // The header's strip is under the overlay too.
      const top = await page.evaluate(() => {
        const el = document.elementFromPoint(5, 5);
        return el ? getComputedStyle(el).position + " " + (el.closest("header") ? "header" : "") : "";
      });
      expect(top, `${path}: what is at the top-left corner`).toBe("fixed ");
      const cancel = dialog.getByRole("link", { name: "Cancel" });
      const action = dialog.locator('button[type="submit"]');
      const [c, a] = [(await cancel.boundingBox())!, (await action.boundingBox())!];
      expect(Math.abs(c.y + c.height / 2 - (a.y + a.height / 2)), `${path} at ${size.width}px: one line`).toBeLessThan(
        4,
      );
      expect(c.x, `${path}: Cancel first`).toBeLessThan(a.x);
      await expect(cancel).toHaveClass(/btn-secondary/);
      // Both are destructive: the kit's one danger tone, the same size as Cancel (issue 19).
      await expect(action).toHaveClass(/\bbtn-danger\b/);
      expect(Math.abs(c.height - a.height), `${path}: the same height`).toBeLessThan(1);
    }
    await page.context().close();
  }
});

test("the inputs of a row line up whatever their hints, and a field with an error keeps its spacing", async ({
  browser,
}) => {
  const page = await signedIn(browser, "admin_staff", "en");
  const check = (form = page.locator('main form[method="post"]').first()) =>
    form.evaluate((f) => {
      const problems: string[] = [];
      const fields = Array.from(f.querySelectorAll(".field")).filter((el) => el.getClientRects().length);
      const rows = new Map<number, Element[]>();
      for (const el of fields) {
        const top = Math.round(el.getBoundingClientRect().top);
        rows.set(top, [...(rows.get(top) ?? []), el]);
      }
      let hinted = 0;
      for (const row of rows.values()) {
        if (row.length < 2) continue;
        if (row.some((el) => el.querySelector("p[id$=-hint]"))) hinted++;
        const tops = row.map((el) => el.querySelector("input, select, textarea")?.getBoundingClientRect().top ?? 0);
        if (Math.max(...tops) - Math.min(...tops) > 1)
          problems.push(`inputs at ${tops.join(", ")} in a row of ${row.length}`);
      }
      // Between an error and the label under it (the next field of its column): some space.
      const labels = Array.from(f.querySelectorAll("label, legend")).map((l) => l.getBoundingClientRect());
      for (const error of Array.from(f.querySelectorAll(".field-error"))) {
        if (!error.textContent?.trim()) continue;
        const e = error.getBoundingClientRect();
        const below = labels
          .filter((l) => l.top >= e.top && Math.abs(l.left - e.left) < 2)
          .map((l) => l.top - e.bottom);
        if (below.length && Math.min(...below) < 6) problems.push(`no space after the error "${error.textContent}"`);
      }
      return { problems, hinted };
    });
  for (const [path, hinted] of [
    ["/admin/grade-bands", true],
    ["/admin/courses/new", false],
    ["/admin/users/new", false],
    ["/admin/students/new", true],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page);
    const found = await check(page.locator("main form:has(.field)").last());
    expect(found.problems, path).toEqual([]);
    if (hinted) expect(found.hinted, `${path}: a row with a hinted field`).toBeGreaterThan(0);
  }
  // The students' form, sent empty: every field shows its error.
  const form = page.locator('main form[method="post"]').first();
  if (!jsEnabled()) await form.evaluate((f) => ((f as HTMLFormElement).noValidate = true));
  await form.locator('button[type="submit"]').last().click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  const after = await check();
  expect(after.problems).toEqual([]);
  await page.context().close();
});

test("Apply filters never wraps", async ({ browser }) => {
  const page = await signedIn(browser, "admin_staff", "en");
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const path of ["/admin/students", "/admin/registered-students", "/admin/transfer-students", "/admin/users"]) {
      await page.goto(path);
      const summary = page.locator("main details.filter-fold > summary");
      if (await summary.isVisible()) await summary.click();
      const apply = page.getByRole("button", { name: "Apply filters" });
      const lineHeight = parseFloat(await apply.evaluate((el) => getComputedStyle(el).lineHeight));
      expect((await apply.boundingBox())!.height, `${path} at ${size.width}px`).toBeLessThan(lineHeight * 2 + 4);
    }
  }
  await page.context().close();
});
