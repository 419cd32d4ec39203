import { type Browser, type Locator, type Page, expect, test } from "@playwright/test";
import { PHONE, axeViolations } from "./axe";
import { dbRows } from "./db";
import { jsEnabled, signIn, signInByForm, waitForHydration } from "./helpers";

// Issue 19: a professor on a 390 × 844 phone takes attendance by thumb and
// grades one item at a time, with and without JavaScript (js and nojs
// projects); at 1280 px the final grade, result and band of the gradebook
// and the report are on screen without scrolling sideways, in English and
// in Arabic.
//
// Rows of their own: Petra's private course ADU-PC-SAT-0913, which no other
// spec writes to. The two projects run at once, so each takes the attendance
// of its own class (a different date) and grades its own item.

const COURSE = "ADU-PC-SAT-0913";
const TEACHER = "professor2@school.test";

const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

/** The id of a course from the signed-in professor's course cards (/teachers). */
async function courseId(page: Page, code: string) {
  await page.goto("/teachers");
  const href = await page.getByRole("link", { name: code, exact: true }).first().getAttribute("href");
  const id = /\/course\/(\d+)\//.exec(href ?? "")?.[1];
  expect(id, `a link to ${code} on /teachers`).toBeTruthy();
  return Number(id);
}

async function expectNoAxeViolations(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
}

/** Every locator's box is at least 44 × 44 CSS px (WCAG 2.5.5 target size). */
async function expectLargeTargets(targets: Locator, what: string) {
  const count = await targets.count();
  expect(count, what).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = await targets.nth(i).boundingBox();
    expect(box, `${what} #${i} on screen`).not.toBeNull();
    expect(box!.width, `${what} #${i} width`).toBeGreaterThanOrEqual(44);
    expect(box!.height, `${what} #${i} height`).toBeGreaterThanOrEqual(44);
  }
}

test.describe("on a 390 × 844 phone", () => {
  // A touch screen: the marks and buttons are tapped.
  test.use({ viewport: PHONE, hasTouch: true });

  test("attendance by thumb: four large marks per student, Save in reach, the changes counted, saved to the database", async ({
    page,
  }) => {
    await signIn(page, TEACHER);
    const id = await courseId(page, COURSE);
    await page.goto(`/course/${id}/attendance`);
    await waitForHydration(page);
    // Each project its own class: the 2nd (js) or 3rd (nojs) latest in the list.
    const select = page.getByLabel("Class", { exact: true });
    const date = (await select
      .locator("option")
      .nth(jsEnabled() ? 1 : 2)
      .getAttribute("value"))!;
    await select.selectOption(date);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${id}/attendance\\?date=${date}$`));
    await waitForHydration(page);

    const groups = page.locator("fieldset[data-student-id]");
    const count = await groups.count();
    expect(count).toBeGreaterThanOrEqual(3);
    // Four real radios per student, each in a label of at least 44 × 44 px.
    await expect(groups.first().getByRole("radio")).toHaveCount(4);
    await expectLargeTargets(page.locator("fieldset[data-student-id] label[data-mark]"), "an attendance mark");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The save bar sticks to the bottom of the screen: in reach from the top of the list.
    const actions = page.getByTestId("attendance-actions");
    await expect(actions).toHaveCSS("position", "sticky");
    await expect(page.getByRole("button", { name: "Save attendance" })).toBeInViewport();
    // The count of changes: live with JavaScript; without it the page cannot follow the taps, so it says nothing.
    const changes = page.getByTestId("attendance-changes");
    const none = jsEnabled() ? "No changes yet" : "";
    await expect(changes).toHaveText(none);

    // Tap three students' marks: each becomes something other than what is stored.
    const ids = (await groups.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-student-id"))))).slice(
      0,
      3,
    );
    const wanted = new Map<number, string>();
    for (const studentId of ids) {
      const group = page.locator(`fieldset[data-student-id="${studentId}"]`);
      const stored = (await group.getAttribute("data-stored"))!;
      const mark = stored === "absent" ? "late" : "absent";
      await group.locator(`label[data-mark="${mark}"]`).tap();
      await expect(group.getByRole("radio", { name: mark === "late" ? "Late" : "Absent" })).toBeChecked();
      wanted.set(studentId, mark);
    }
    await expect(changes).toHaveText(jsEnabled() ? "3 changes not saved yet" : none);

    await page.getByRole("button", { name: "Save attendance" }).tap();
    await expect(page).toHaveURL(new RegExp(`/course/${id}/attendance\\?date=${date}$`));
    await expect(toast(page)).toContainText("Attendance saved");
    await expect(changes).toHaveText(none);
    const saved = dbRows<{ student_id: number; status: string }>(
      `SELECT student_id, status FROM attendance WHERE course_id = ? AND session_date = ? AND student_id IN (${ids.join(",")})`,
      id,
      date,
    );
    expect(new Map(saved.map((r) => [Number(r.student_id), r.status]))).toEqual(wanted);
    // Every student of the class has a mark now (the others as preselected).
    expect(dbRows("SELECT 1 FROM attendance WHERE course_id = ? AND session_date = ?", id, date)).toHaveLength(count);
    await expectNoAxeViolations(page, "attendance at 390 px");
  });

  test("a refused attendance save says why, keeps the taps and writes nothing", async ({ page }) => {
    await signIn(page, TEACHER);
    const id = await courseId(page, COURSE);
    await page.goto(`/course/${id}/attendance`);
    await waitForHydration(page);
    const select = page.getByLabel("Class", { exact: true });
    const date = (await select
      .locator("option")
      .nth(jsEnabled() ? 3 : 4)
      .getAttribute("value"))!;
    await page.goto(`/course/${id}/attendance?date=${date}`);
    await waitForHydration(page);
    // The class this form shows (the other tests of this file, running at the
    // same time in both projects, take the attendance of other classes).
    const table = () =>
      dbRows(
        "SELECT student_id, status, recorded_at FROM attendance WHERE course_id = ? AND session_date = ? ORDER BY 1, 2, 3",
        id,
        date,
      );
    const before = table();

    const group = page.locator("fieldset[data-student-id]").first();
    const stored = (await group.getAttribute("data-stored"))!;
    const mark = stored === "recovered" ? "late" : "recovered";
    await group.locator(`label[data-mark="${mark}"]`).tap();
    // The form now names a school holiday (another tab, an old page): the server refuses it.
    await page.locator('form[method="post"] input[name="date"]').evaluate((el) => {
      (el as HTMLInputElement).value = "2026-11-03";
    });
    await page.getByRole("button", { name: "Save attendance" }).tap();

    await expect(page.getByRole("alert").filter({ hasText: /Independencia de Cuenca|no class on/ })).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
    // What was tapped is still chosen, and counted, with and without JavaScript.
    await expect(group.getByRole("radio", { name: mark === "late" ? "Late" : "Recovered" })).toBeChecked();
    await expect(page.getByTestId("attendance-changes")).toHaveText("1 change not saved yet");
    expect(table()).toEqual(before);
    expect(dbRows("SELECT 1 FROM attendance WHERE course_id = ? AND session_date = '2026-11-03'", id)).toEqual([]);
  });

  test("the gradebook one item at a time: picked without JavaScript, saved in one post, only that item written; a bad grade refused", async ({
    page,
  }) => {
    await signIn(page, TEACHER);
    const id = await courseId(page, COURSE);
    await page.goto(`/course/${id}/gradebook`);
    await waitForHydration(page);

    // On a phone the grid gives way to the items, each a large link.
    await expect(page.getByRole("table")).toBeHidden();
    const itemsNav = page.getByRole("navigation", { name: "Choose the item to grade" });
    await expect(itemsNav).toBeVisible();
    await expectLargeTargets(itemsNav.getByRole("link"), "an item link");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, "gradebook items at 390 px");

    // The picker is a GET form: the item is in the address. Each project grades its own item.
    const picker = page.getByLabel("Grading item", { exact: true });
    const options = picker.locator("option:not([value=''])");
    expect(await options.count()).toBeGreaterThanOrEqual(2);
    const mine = options.nth(jsEnabled() ? 0 : 1);
    const theirs = options.nth(jsEnabled() ? 1 : 0);
    const [itemId, itemName, otherItem] = [
      Number(await mine.getAttribute("value")),
      ((await mine.textContent()) ?? "").trim(),
      Number(await theirs.getAttribute("value")),
    ];
    await picker.selectOption(String(itemId));
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${id}/gradebook\\?item=${itemId}$`));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 2, name: itemName })).toBeVisible();

    const cells = page.locator(`input[name^="g_"]`);
    const n = await cells.count();
    expect(n).toBeGreaterThanOrEqual(2);
    // Only this item's cells are on the page.
    for (const name of await cells.evaluateAll((els) => els.map((el) => el.getAttribute("name"))))
      expect(name).toMatch(new RegExp(`^g_\\d+_${itemId}$`));
    await expectLargeTargets(cells, "a grade cell");
    await expect(page.getByRole("button", { name: "Save grades" })).toBeInViewport();

    // Everything of the course but the other project's item: what this test may change.
    const grades = () =>
      dbRows<{ student_id: number; grading_item_id: number; grade: number }>(
        `SELECT g.student_id, g.grading_item_id, g.grade FROM grades g JOIN grading_items i ON i.id = g.grading_item_id
         WHERE i.course_id = ? AND i.id <> ? ORDER BY 1, 2`,
        id,
        otherItem,
      );
    const before = grades();

    // A bad grade: the summary says so, the typed values stay, nothing is written.
    const first = cells.nth(0);
    const second = cells.nth(1);
    const firstStored = await first.inputValue();
    const good = firstStored === "77.5" ? "76.25" : "77.5";
    const secondStored = await second.inputValue();
    const other = secondStored === "64" ? "63" : "64";
    await first.fill(good);
    await second.fill("150");
    await page.getByRole("button", { name: "Save grades" }).tap();
    const summary = page.getByRole("alert").filter({ hasText: "Grades to correct: 1. Nothing was saved" });
    await expect(summary).toBeVisible();
    await expect(second).toHaveAttribute("aria-invalid", "true");
    await expect(second).toHaveValue("150");
    await expect(first).toHaveValue(good);
    await expect(toast(page)).toHaveCount(0);
    expect(grades()).toEqual(before);

    // Corrected, the one post saves both cells and comes back to the item.
    await second.fill(other);
    await page.getByRole("button", { name: "Save grades" }).tap();
    await expect(toast(page)).toContainText("Grades saved");
    await expect(page).toHaveURL(new RegExp(`/course/${id}/gradebook\\?item=${itemId}$`));
    await expect(first).toHaveValue(good);
    await expect(second).toHaveValue(other);
    const [firstId, secondId] = await Promise.all(
      [first, second].map(async (c) => Number(((await c.getAttribute("name")) ?? "").split("_")[1])),
    );
    const key = (r: { student_id: number; grading_item_id: number }) => `${r.student_id}_${r.grading_item_id}`;
    const expected = new Map(before.map((r) => [key(r), Number(r.grade)]));
    expected.set(`${firstId}_${itemId}`, Number(good));
    expected.set(`${secondId}_${itemId}`, Number(other));
    expect(new Map(grades().map((r) => [key(r), Number(r.grade)]))).toEqual(expected);
    await expectNoAxeViolations(page, "one item's grades at 390 px");
  });
});

/** A signed-in page at 1280 × 800 in a language (Accept-Language). */
async function openIn(browser: Browser, locale: "en" | "ar", email: string) {
  const context = await browser.newContext({
    locale,
    viewport: { width: 1280, height: 800 },
    javaScriptEnabled: jsEnabled(),
  });
  const page = await context.newPage();
  await signInByForm(page, email);
  await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
  return page;
}

/** The header cells and the first row's cells of Final grade, Result and Band are wholly on screen. */
/** The result column's words in each language (common:grading; PASS / FAIL in English). */
const RESULT_WORDS = { en: /^(PASS|FAIL)$/, ar: /^(ناجح|راسب)$/ };

async function expectResultsOnScreen(page: Page, table: Locator, what: string, lng: "en" | "ar") {
  const headers = table.locator("thead tr").first().locator("th");
  const row = table.locator("tbody tr").first();
  for (const n of [1, 2, 3]) await expect(headers.nth(n), `${what}: header ${n}`).toBeInViewport({ ratio: 1 });
  for (const n of [0, 1, 2]) await expect(row.locator("td").nth(n), `${what}: cell ${n}`).toBeInViewport({ ratio: 1 });
  await expect(row.locator("td").nth(1)).toHaveText(RESULT_WORDS[lng]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
}

for (const lng of ["en", "ar"] as const) {
  test(`1280 px, ${lng}: Final grade, Result and Band are on screen in the gradebook and the report`, async ({
    browser,
  }) => {
    test.setTimeout(90_000); // two full course pages and axe: 16 s alone, over 30 s on a loaded 2-core machine
    const page = await openIn(browser, lng, "professor@school.test");
    const href = await page.getByRole("link", { name: "ADU-A1-MW-0911", exact: true }).first().getAttribute("href");
    const base = href!.replace(/\/home$/, "");

    await page.goto(`${base}/gradebook`);
    const grid = page.getByTestId("gradebook-scroll").locator("table");
    await expect(grid).toBeVisible();
    const labels = await grid.locator("thead tr").first().locator("th").allTextContents();
    if (lng === "en") expect(labels.slice(0, 4)).toEqual(["Student", "Final grade", "Result", "Band"]);
    await expectResultsOnScreen(page, grid, `gradebook ${lng}`, lng);
    await expectNoAxeViolations(page, `gradebook at 1280 px, ${lng}`);

    await page.goto(`${base}/student-report`);
    const report = page.getByRole("table").first();
    await expect(report).toBeVisible();
    if (lng === "en") {
      const names = (await report.locator("thead tr").first().locator("th").allInnerTexts()).map((h) => h.trim());
      expect(names.slice(1, 4).map((h) => h.split("\n")[0])).toEqual(["Final grade", "Result", "Band"]);
    }
    await expectResultsOnScreen(page, report, `report ${lng}`, lng);
    await page.context().close();
  });
}

test("1280 px: the coordinator's read-only report shows Final grade, Result and Band next to the name", async ({
  page,
}) => {
  await signIn(page, "coordinator@school.test");
  await page.goto("/admin/courses");
  await page.getByRole("link", { name: "ADU-A1-MW-0911" }).first().click();
  await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);
  await page.getByRole("link", { name: "Report, grades and attendance" }).click();
  const report = page.getByRole("table").first();
  await expectResultsOnScreen(page, report, "staff report", "en");
});
