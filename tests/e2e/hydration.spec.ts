import { type Page, expect, test } from "@playwright/test";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// Issue 18: on the server the app's links are plain anchors
// (app/components/ui/link.tsx), in the browser Remix's links. The pages with
// the most of them hydrate without an error (a markup that differed would
// show one), and their links then navigate in the page, without loading a
// new document.

function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Marks the document; a link followed in the page keeps the mark, a new document does not. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
async function sameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

test.beforeEach(() => {
  test.skip(!jsEnabled(), "hydration is the JavaScript project's");
});

test("staff pages full of links hydrate without an error; a row's link and the menu's navigate in the page", async ({
  page,
}) => {
  const errors = errorsOf(page);
  await signIn(page, "admin@school.test");
  for (const path of ["/dashboard", "/admin/students?q=ez", "/admin/transfer-students", "/admin/courses"]) {
    await page.goto(path);
    await waitForHydration(page);
  }
  await page.goto("/admin/students");
  await waitForHydration(page);
  await markDocument(page);
  const student = page.getByRole("table").getByRole("row").nth(1).getByRole("link").first();
  const name = (await student.textContent())!.trim();
  await student.click();
  await expect(page).toHaveURL(/\/admin\/students\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name.split(" ")[0]);
  expect(await sameDocument(page)).toBe(true);

  // The menu's link to the page shown is marked as the current page, and leaving it moves the mark.
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu.getByRole("link", { name: "Students", exact: true })).toHaveAttribute("aria-current", "page");
  await menu.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(menu.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Students", exact: true })).not.toHaveAttribute("aria-current", "page");
  expect(await sameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});

test("a course's tabs hydrate without an error and move between its pages in the page", async ({ page }) => {
  const errors = errorsOf(page);
  await signIn(page, "professor@school.test");
  const course = page.locator('main a[href^="/course/"]').first();
  const href = (await course.getAttribute("href"))!;
  const id = /^\/course\/(\d+)/.exec(href)![1];
  await page.goto(`/course/${id}/attendance`);
  await waitForHydration(page);
  await markDocument(page);
  const tabs = page.getByRole("navigation", { name: "Course pages" });
  const attendance = tabs.locator(`a[href="/course/${id}/attendance"]`);
  const gradebook = tabs.locator(`a[href="/course/${id}/gradebook"]`);
  await expect(attendance).toHaveAttribute("aria-current", "page");
  await gradebook.click();
  await expect(page).toHaveURL(new RegExp(`/course/${id}/gradebook$`));
  await expect(gradebook).toHaveAttribute("aria-current", "page");
  await expect(attendance).not.toHaveAttribute("aria-current", "page");
  expect(await sameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});

test("each document starts the throwaway worker that loads ICU's data off the main thread, CSP allowing it", async ({
  page,
}) => {
  // root.tsx's IntlWarmUp: the dashboard's bell dates and the gradebook's
  // grades are the first formatters of their pages.
  const errors = errorsOf(page);
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(worker.url()));
  await signIn(page, "professor@school.test");
  const course = page.locator('main a[href^="/course/"]').first();
  const id = /^\/course\/(\d+)/.exec((await course.getAttribute("href"))!)![1];
  workers.length = 0;
  await page.goto(`/course/${id}/gradebook`);
  await waitForHydration(page);
  await expect.poll(() => workers.length).toBe(1);
  expect(workers[0]).toMatch(/^data:text\/javascript,/);
  expect(errors).toEqual([]);
});

test("a page arrives whole: its doctype first (standards mode) and not one NUL byte, in Arabic and with accented names", async ({
  page,
}) => {
  // entry.server renders a page as one string (ADR 062). React's streamed
  // render wrote the doctype itself and padded its 2 KB buffers with NUL
  // bytes where a multi-byte character fell on their edge (ADR 019).
  const errors = errorsOf(page);
  const arabic = await page.request.get("/students-registration", { headers: { "Accept-Language": "ar" } });
  const bytes = await arabic.body();
  expect(bytes.toString("utf8")).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl"/);
  expect(bytes.indexOf(0)).toBe(-1);

  await signIn(page, "professor@school.test");
  const course = page.locator('main a[href^="/course/"]').first();
  const id = /^\/course\/(\d+)/.exec((await course.getAttribute("href"))!)![1];
  const gradebook = await page.request.get(`/course/${id}/gradebook`);
  const html = await gradebook.body();
  expect(html.toString("utf8")).toMatch(/^<!DOCTYPE html><html lang="en"/);
  expect(html.indexOf(0)).toBe(-1);
  expect(html.length).toBeGreaterThan(20_000);
  await page.goto(`/course/${id}/gradebook`);
  await waitForHydration(page);
  expect(await page.evaluate(() => document.compatMode)).toBe("CSS1Compat");
  expect(errors).toEqual([]);
});
