import { expect, test } from "@playwright/test";
import { dbRow } from "./db";
import { jsEnabled, selectCourse, signIn } from "./helpers";

// Each project moves students out of its own course, so the two projects,
// running at once against one database, never pick the same students.
const COURSE = {
  js: { from: "ADU-B2F-FRI-1418", to: "ADU-B1-MW-1921" },
  nojs: { from: "KID-PA1-SAT-1418", to: "KID-A11-TT-1517" },
};
// Each course by its readable label (issue 19): code · level · schedule · professor.
const LABEL = {
  js: {
    from: /ADU-B2F-FRI-1418 · .+ · .*14:00–18:00 · \S/,
    to: /ADU-B1-MW-1921 · B1 · .*19:00–21:00 · Pablo Professor/,
  },
  nojs: {
    from: /KID-PA1-SAT-1418 · .+ · .*14:00–18:00 · \S/,
    to: /KID-A11-TT-1517 · A1\.1 · .*15:00–17:00 · Paul Professor/,
  },
};
// Students other specs rely on staying where they are.
const KEEP = /Liam López|Isabella Ramírez/;

test("a receptionist creates a group transfer, a coordinator approves it from the bell", async ({ browser }) => {
  const { from, to } = COURSE[jsEnabled() ? "js" : "nojs"];

  const reception = await browser.newPage();
  await signIn(reception, "reception@school.test");
  await expect(reception.getByTestId("transfer-bell")).toHaveCount(0);
  await reception.goto("/admin/transfer-students/new");
  await selectCourse(reception.getByLabel("Current course"), from);
  await reception.getByRole("button", { name: "Show its students" }).click();
  const labels = reception
    .locator("label")
    .filter({ has: reception.locator('input[name="student_ids"]:not([disabled])') });
  await expect(labels.first()).toBeVisible();
  // The page is streamed: without JavaScript the first student can show before the last one has arrived.
  await reception.waitForLoadState();
  let picked = 0;
  const names: string[] = [];
  for (const label of await labels.all()) {
    const text = (await label.textContent()) ?? "";
    if (KEEP.test(text)) continue;
    await label.locator("input").check();
    names.push(text.split("·")[0].trim());
    if (++picked === 2) break;
  }
  expect(picked).toBe(2);
  await selectCourse(reception.getByLabel("Selected course"), to);
  await reception.getByLabel("Reason (optional)").fill("Moved up after the mid-term test");
  await reception.getByRole("button", { name: "Save transfer" }).click();
  await expect(reception.getByText("The transfer was created and is pending approval.")).toBeVisible();
  await expect(reception).toHaveURL(/\/admin\/transfer-students\?id=\d+/);
  const id = new URL(reception.url()).searchParams.get("id");
  await reception.close();

  const coordinator = await browser.newPage();
  await signIn(coordinator, "coordinator@school.test");
  const bell = coordinator.getByTestId("transfer-bell");
  await bell.locator("summary").click();
  // The newest pending transfer is ours: its entry says "Group transfer (2 students)" and the course.
  const entry = bell.locator(`a[href="/admin/transfer-students?id=${id}"]`);
  await expect(entry).toContainText("Group transfer (2 students)");
  await expect(entry).toContainText(to);
  await entry.click();
  await expect(coordinator).toHaveURL(new RegExp(`/admin/transfer-students\\?id=${id}$`));
  await expect(coordinator.getByRole("heading", { name: `Transfer #${id}` })).toBeVisible();
  await coordinator.getByRole("link", { name: "Approve" }).click();
  const dialog = coordinator.getByRole("dialog", { name: "Approve this transfer?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(coordinator.getByText("The transfer was approved.")).toBeVisible();
  await expect(coordinator.locator("#transfer-detail")).toContainText("Approved");
  const detail = coordinator.getByRole("region", { name: new RegExp(`Transfer #${id}`) });
  for (const name of names) await expect(detail).toContainText(name);
  // From and to by their readable labels, in the detail and in the list's row; the code never breaks.
  const label = LABEL[jsEnabled() ? "js" : "nojs"];
  await expect(detail).toContainText(label.from);
  await expect(detail).toContainText(label.to);
  const row = coordinator
    .getByRole("table")
    .getByRole("row")
    .filter({ has: coordinator.locator(`a[href$="id=${id}"]`) });
  await expect(row).toContainText(label.to);
  await expect(row.locator("bdi.whitespace-nowrap", { hasText: to })).toHaveCount(1);
  await coordinator.close();
});

test("professors never see the bell; the bell lists pending transfers with their link", async ({ page, browser }) => {
  const professor = await browser.newPage();
  await signIn(professor, "professor@school.test");
  await expect(professor.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await expect(professor.getByTestId("transfer-bell")).toHaveCount(0);
  await professor.close();
  await signIn(page, "finance@school.test");
  const bell = page.getByTestId("transfer-bell");
  await bell.locator("summary").click();
  await expect(bell.getByRole("link", { name: "See all pending transfers" })).toHaveAttribute(
    "href",
    "/admin/transfer-students?status_level_change=pending",
  );
  const first = bell.locator("li a").first();
  await expect(first).toHaveAttribute("href", /\/admin\/transfer-students\?id=\d+$/);
});

// Issue 15: after "Show its students" the selected level is the next one of
// the source course's level (PRODUCT 3, in its age category's list), with and
// without JavaScript; with it the form used to keep its first, empty default
// and the browser showed the list's first entry, Pre-A1. Each project creates
// its transfer from its own course, so the two never pick the same student.
test("the next level is preselected after showing a course's students, and saved", async ({ page }) => {
  const cases = [
    { from: "ADU-A1-MW-0911", to: "ADU-A2-TT-1719", next: "A2", nextId: 2 },
    { from: "KID-A11-TT-1517", to: "KID-PA1-SAT-1418", next: "A1.2", nextId: 12 },
  ];
  await signIn(page, "reception@school.test");
  await page.goto("/admin/transfer-students/new");
  for (const c of cases) {
    await selectCourse(page.getByLabel("Current course"), c.from);
    await page.getByRole("button", { name: "Show its students" }).click();
    await expect(page).toHaveURL(/\?from=\d+$/);
    await expect(page.locator('input[name="student_ids"]').first()).toBeVisible();
    await expect(page.getByLabel("Selected level")).toHaveValue(String(c.nextId));
    await expect(page.getByLabel("Selected level").locator("option:checked")).toHaveText(c.next);
  }

  const mine = cases[jsEnabled() ? 0 : 1];
  await selectCourse(page.getByLabel("Current course"), mine.from);
  await page.getByRole("button", { name: "Show its students" }).click();
  await expect(page.getByLabel("Current course")).toHaveValue(/\d+/);
  await expect(page.getByLabel("Selected level")).toHaveValue(String(mine.nextId));
  // The last free student of the list, not one other specs rely on.
  const free = page
    .locator("label")
    .filter({ has: page.locator('input[name="student_ids"]:not([disabled])') })
    .filter({ hasNotText: KEEP });
  await free.last().locator("input").check();
  await selectCourse(page.getByLabel("Selected course"), mine.to);
  await page.getByRole("button", { name: "Save transfer" }).click();
  await expect(page.getByText("The transfer was created and is pending approval.")).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get("id"));
  expect(id).toBeGreaterThan(0);
  const row = dbRow<{ selected_level_id: number; status: string; is_group: number; from_code: string }>(
    "SELECT t.selected_level_id, t.status, t.is_group, c.course_id AS from_code FROM transfers t JOIN courses c ON c.id = t.from_course_id WHERE t.id = ?",
    id,
  );
  expect(row).toEqual({ selected_level_id: mine.nextId, status: "pending", is_group: 0, from_code: mine.from });
});

// Issue 15: with JavaScript an entry opens its transfer without a page load,
// and the bell's list used to stay open over it. It closes on navigation (in
// both projects), on a click outside and on Escape (with JavaScript: a plain
// <details> without it), and the focus goes back to the bell.
test("the bell's list closes once an entry is opened, on a click outside and on Escape", async ({ page }) => {
  await signIn(page, "coordinator@school.test");
  const bell = page.getByTestId("transfer-bell");
  const summary = bell.locator("summary");
  await summary.click();
  await expect(bell).toHaveAttribute("open", "");
  const entry = bell.locator("li a").first();
  const href = (await entry.getAttribute("href")) ?? "";
  const id = /id=(\d+)$/.exec(href)?.[1];
  expect(id).toBeTruthy();
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/admin/transfer-students\\?id=${id}$`));
  await expect(page.getByRole("heading", { name: `Transfer #${id}` })).toBeVisible();
  await expect(bell).not.toHaveAttribute("open", "");
  await expect(bell.locator("li a").first()).toBeHidden();
  if (!jsEnabled()) return;
  await expect(summary).toBeFocused();

  await summary.click();
  await expect(bell).toHaveAttribute("open", "");
  await page.getByRole("heading", { name: `Transfer #${id}` }).click();
  await expect(bell).not.toHaveAttribute("open", "");

  await summary.click();
  await expect(bell).toHaveAttribute("open", "");
  await bell.locator("li a").first().focus();
  await page.keyboard.press("Escape");
  await expect(bell).not.toHaveAttribute("open", "");
  await expect(summary).toBeFocused();
});
