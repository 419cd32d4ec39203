import { type Page, expect, test } from "@playwright/test";
import { dbRows } from "./db";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// Runs in both projects at once against the demo school: each project works in
// its own course of Paul Professor, so their saves never meet.

const courseCode = () => (jsEnabled() ? "ADU-A1-MW-0911" : "ADU-B2F-FRI-1418");

/** The id of one of the signed-in professor's courses, from the course cards of /teachers. */
async function courseId(page: Page, code: string) {
  await page.goto("/teachers");
  const href = await page.getByRole("link", { name: code, exact: true }).first().getAttribute("href");
  const id = /\/course\/(\d+)\//.exec(href ?? "")?.[1];
  expect(id, `a link to ${code} on /teachers`).toBeTruthy();
  return id!;
}

/** The text of the messages a control points to with aria-describedby. */
async function messageOf(page: Page, label: string) {
  const input = page.getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const ids = (await input.getAttribute("aria-describedby"))?.split(/\s+/) ?? [];
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

/** A student's value in the report's column whose header starts with `header`. */
async function cellIn(page: Page, student: string, header: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Student report" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: new RegExp(`^${header}`) })).toBeVisible();
  const headers = await page.locator("thead tr").first().locator("th").allTextContents();
  const index = headers.findIndex((h) => h.trim().startsWith(header));
  expect(index, `a "${header}" column`).toBeGreaterThan(0);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: student, exact: true }) });
  return ((await row.locator("th, td").nth(index).textContent()) ?? "").trim();
}

/** The final grade of a student's gradebook row (the cell before PASS/FAIL: the first after the name since issue 19). */
async function gradebookFinal(page: Page, student: string) {
  const cells = page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: student, exact: true }) })
    .locator("td");
  await expect(cells.nth(1)).toHaveText(/^(PASS|FAIL)$/);
  return ((await cells.nth(0).textContent()) ?? "").trim();
}

const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

test("a professor enters a bad grade (marked next to its cell, nothing lost), then a good one, and the report's final grade follows", async ({
  page,
}) => {
  await signIn(page, "professor@school.test");
  const id = await courseId(page, courseCode());

  await page.goto(`/course/${id}/gradebook`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Gradebook" })).toBeVisible();
  const grid = page.getByRole("table");
  await expect(grid.getByRole("columnheader", { name: /^(MOVERS|FIRST) EXAM$/ }).first()).toBeVisible();
  const student = ((await grid.locator("tbody tr").first().getByRole("rowheader").textContent()) ?? "").trim();
  expect(student).not.toBe("");
  const a1 = page.getByLabel(`Grade of ${student} for Assignment 1`, { exact: true });
  const a2 = page.getByLabel(`Grade of ${student} for Assignment 2`, { exact: true });
  const before = Number((await a1.inputValue()) || "0");
  const fresh = before >= 50 ? "12.5" : "97.5";

  // The report before the change.
  await page.goto(`/course/${id}/student-report`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Student report" })).toBeVisible();
  const finalBefore = await cellIn(page, student, "Final grade");

  await page.goto(`/course/${id}/gradebook`);
  await waitForHydration(page);
  await a1.fill("101");
  await a2.fill("88,5");
  await page.getByRole("button", { name: "Save grades" }).click();
  expect(await messageOf(page, `Grade of ${student} for Assignment 1`)).toContain("Enter a grade from 0 to 100.");
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved" })).toBeVisible();
  // What was typed stays, the bad value included.
  await expect(a1).toHaveValue("101");
  await expect(a2).toHaveValue("88,5");

  await a1.fill(fresh);
  await page.getByRole("button", { name: "Save grades" }).click();
  await expect(toast(page)).toContainText("Grades saved");
  await expect(a1).toHaveValue(fresh);
  await expect(a1).not.toHaveAttribute("aria-invalid", "true");
  await expect(a2).toHaveValue("88.5");
  const finalInGradebook = await gradebookFinal(page, student);

  await page.getByRole("link", { name: "Open the student report" }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${id}/student-report$`));
  const finalAfter = await cellIn(page, student, "Final grade");
  expect(finalAfter).not.toBe(finalBefore);
  expect(finalAfter).toBe(finalInGradebook);

  // Sorting is a link: it works with and without JavaScript.
  await page.getByRole("link", { name: /^Final grade/ }).click();
  await expect(page).toHaveURL(/sort=final&dir=asc/);
  await expect(page.getByRole("columnheader", { name: /Final grade/ })).toHaveAttribute("aria-sort", "ascending");

  // Another professor gets Access Denied on this course's gradebook.
  const other = await page.context().browser()!.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: jsEnabled(),
    locale: "en-US",
  });
  const page2 = await other.newPage();
  await signIn(page2, "professor2@school.test");
  const response = await page2.goto(`/course/${id}/gradebook`);
  expect(response?.status()).toBe(403);
  await expect(page2.getByRole("alertdialog", { name: "Access Denied" })).toBeVisible();
  await other.close();
});

test("keyboard and a 1006px screen: Enter goes down a column, the student column stays while the grid scrolls", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1006, height: 800 });
  await signIn(page, "professor@school.test");
  const id = await courseId(page, courseCode());
  await page.goto(`/course/${id}/gradebook`);
  await waitForHydration(page);

  const rows = page.getByRole("table").locator("tbody tr");
  const first = ((await rows.nth(0).getByRole("rowheader").textContent()) ?? "").trim();
  const second = ((await rows.nth(1).getByRole("rowheader").textContent()) ?? "").trim();
  const cell = page.getByLabel(`Grade of ${first} for Assignment 1`, { exact: true });

  if (jsEnabled()) {
    await cell.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByLabel(`Grade of ${second} for Assignment 1`, { exact: true })).toBeFocused();
    await page.keyboard.press("Shift+Enter");
    await expect(cell).toBeFocused();
  }
  // Tab follows the reading order: the next item of the same student.
  await cell.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(`Grade of ${first} for Assignment 2`, { exact: true })).toBeFocused();

  // The page itself does not scroll sideways; the grid does, inside its box.
  const scroller = page.getByTestId("gradebook-scroll");
  const sizes = await scroller.evaluate((el) => ({
    page: document.documentElement.scrollWidth,
    width: el.clientWidth,
    content: el.scrollWidth,
  }));
  expect(sizes.page).toBeLessThanOrEqual(1006);
  expect(sizes.content).toBeGreaterThan(sizes.width);
  const box = (await scroller.boundingBox())!;
  await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const header = (await rows.nth(0).getByRole("rowheader").boundingBox())!;
  expect(Math.abs(header.x - box.x)).toBeLessThanOrEqual(2);
  await expect(rows.nth(0).getByRole("cell").last()).toBeInViewport();
});

// Issue 15: a professor types 150 in a cell and presses Save straight away.
// With JavaScript the cell's check on blur marked it and moved the rows (and
// the button) under the pointer, so the click was lost: no summary, no
// message near the button. Now, in both projects: the "Grades to correct"
// summary, announced (role alert), the focus on it or on the cell (with
// JavaScript), what was typed kept, and nothing of that post in the database.
test("Save with a grade of 150: the summary is shown and announced, the typed values stay, nothing is saved", async ({
  page,
}) => {
  await signIn(page, "professor@school.test");
  const id = await courseId(page, courseCode());
  await page.goto(`/course/${id}/gradebook`);
  await waitForHydration(page);
  const rows = page.getByRole("table").locator("tbody tr");
  // Not the first student: the test above saves that one's grades.
  const student = ((await rows.nth(1).getByRole("rowheader").textContent()) ?? "").trim();
  const bad = page.getByLabel(`Grade of ${student} for Assignment 1`, { exact: true });
  const good = page.getByLabel(`Grade of ${student} for Assignment 2`, { exact: true });
  const [, studentId, badItem] = ((await bad.getAttribute("name")) ?? "").split("_").map(Number);
  const goodItem = Number(((await good.getAttribute("name")) ?? "").split("_")[2]);
  const stored = () =>
    dbRows(
      "SELECT grading_item_id, grade FROM grades WHERE student_id = ? AND grading_item_id IN (?, ?) ORDER BY grading_item_id",
      studentId,
      badItem,
      goodItem,
    );
  const before = stored();
  const goodValue = Number((await good.inputValue()).replace(",", ".") || "0") >= 50 ? "41,25" : "93,75";

  await good.fill(goodValue);
  await bad.click();
  await bad.fill("150");
  // Straight to the button, the bad cell still focused.
  await page.getByRole("button", { name: "Save grades" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "Grades to correct: 1. Nothing was saved" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: `Grade of ${student} for Assignment 1` })).toBeVisible();
  expect(await messageOf(page, `Grade of ${student} for Assignment 1`)).toContain("Enter a grade from 0 to 100.");
  if (jsEnabled()) {
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return { role: el?.getAttribute("role"), name: el?.getAttribute("name") };
    });
    expect(
      focused.role === "alert" || focused.name === `g_${studentId}_${badItem}`,
      `focus on the summary or the bad cell, not ${JSON.stringify(focused)}`,
    ).toBe(true);
  }
  await expect(bad).toHaveValue("150");
  await expect(good).toHaveValue(goodValue);
  await expect(toast(page)).toHaveCount(0);
  expect(stored()).toEqual(before);

  // Corrected, the same post goes through.
  await bad.fill(before.length && Number(before[0].grade) === 99 ? "98" : "99");
  await page.getByRole("button", { name: "Save grades" }).click();
  await expect(toast(page)).toContainText("Grades saved");
  await expect(page.getByRole("alert").filter({ hasText: "Grades to correct" })).toHaveCount(0);
  expect(stored()).not.toEqual(before);
});
