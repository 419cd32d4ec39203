import { type Page, expect, test } from "@playwright/test";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// Runs in both projects against the demo school, in parallel: each test
// creates its own course (a code unique per project and run), so they never meet.

function uniqueCode() {
  return `E2E-${jsEnabled() ? "JS" : "NOJS"}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
}

/** The text of the messages a control points to with aria-describedby. */
async function messageOf(page: Page, label: string) {
  const input = page.getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const ids = (await input.getAttribute("aria-describedby"))?.split(/\s+/) ?? [];
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

async function createCourse(page: Page, code: string) {
  await page.goto("/admin/courses/new");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "New course" })).toBeVisible();
  await page.getByLabel("Course code").fill(code);
  await page.getByLabel("Course number").fill("950");
  await page.getByRole("radio", { name: "Adults" }).check();
  await page.getByLabel("Level", { exact: true }).selectOption({ label: "A1" });
  await page.getByLabel("Type", { exact: true }).selectOption({ label: "On-site" });
  // Pablo's load is not what other specs count (school.spec checks Paul's).
  await page.getByLabel("Professor", { exact: true }).selectOption({ label: "Pablo Professor" });
  await page.getByLabel("Schedule", { exact: true }).selectOption({ label: "Mon-Wed 09:00–11:00" });
  await page.getByLabel("Start date").fill("2026-09-07");
  await page.getByLabel("End date").fill("2026-12-18");
}

test("admin creates a course: bad percentages get a message, fixed it saves, and the course shows its sessions", async ({
  page,
}) => {
  const code = uniqueCode();
  await signIn(page, "admin@school.test");
  await page.goto("/admin/courses");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
  await page.getByRole("link", { name: "New course" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/new$/);
  await createCourse(page, code);

  await page.getByLabel("Assignments (%)").fill("30");
  await page.getByLabel("Progress tests (%)").fill("30");
  await page.getByLabel("Exam (%)").fill("30");
  await page.getByRole("button", { name: "Create course" }).click();

  expect(await messageOf(page, "Exam (%)")).toContain("The three percentages must add up to 100.");
  await expect(page).toHaveURL(/\/admin\/courses\/new$/);
  // What was typed stays.
  await expect(page.getByLabel("Course code")).toHaveValue(code);
  await expect(page.getByLabel("Exam (%)")).toHaveValue("30");
  await expect(page.getByLabel("Start date")).toHaveValue("2026-09-07");

  await page.getByLabel("Exam (%)").fill("40");
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);
  await expect(toast(page)).toContainText("Course created");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(code);

  // Sessions: Mon/Wed from 2026-09-07 to 2026-12-18, minus the demo school's holidays.
  const sessions = page.getByRole("table", { name: "Class sessions" });
  await expect(sessions.getByRole("row").nth(1)).toContainText("Sep 7, 2026");
  await expect(sessions.getByRole("row").nth(1)).toContainText("09:00–11:00");
  await expect(sessions.getByRole("row").filter({ hasText: "Nov 2, 2026" })).toContainText("Holiday");
  await expect(sessions.getByRole("row").filter({ hasText: "Dec 16, 2026" })).toContainText("Upcoming");
  await expect(sessions.getByRole("row").filter({ hasText: "Sep 9, 2026" })).toContainText("Held");
  // The level's syllabus was copied.
  await expect(page.getByRole("table", { name: "Grading items" }).getByRole("row")).toHaveCount(1 + 3 + 2 + 3);

  // It is in the list, filtered by level.
  await page.goto(`/admin/courses?level=1&phase=running`);
  await expect(page.getByRole("link", { name: code })).toBeVisible();
});

test("coordinator enrolls two students in one post, then unenrolls one through the confirm step", async ({ page }) => {
  const code = uniqueCode();
  await signIn(page, "coordinator@school.test");
  await createCourse(page, code);
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);
  await waitForHydration(page);

  await page.getByRole("searchbox", { name: "Find students" }).fill("");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const results = page.getByRole("table", { name: "Students found" });
  await expect(results).toBeVisible();
  const boxes = results.getByRole("checkbox");
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const names = [
    await results.getByRole("row").nth(1).locator("label").textContent(),
    await results.getByRole("row").nth(2).locator("label").textContent(),
  ];
  await page.getByRole("button", { name: "Enroll the chosen students" }).click();

  await expect(toast(page)).toContainText("2 students were enrolled.");
  const enrolled = page.getByRole("table", { name: "Enrolled students" });
  await expect(enrolled.getByRole("row")).toHaveCount(3);
  for (const name of names) await expect(enrolled.getByRole("link", { name: name!, exact: true })).toBeVisible();
  await expect(page.getByText("2 of 20 places taken; 18 free.")).toBeVisible();
  // The two are now flagged as already enrolled.
  await expect(results.getByRole("row").nth(1)).toContainText("already enrolled");

  await enrolled.getByRole("link", { name: `Unenroll ${names[0]}` }).click();
  const dialog = page.getByRole("dialog", { name: "Unenroll this student?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Unenroll" }).click();
  await expect(toast(page)).toContainText("The student was unenrolled.");
  await expect(enrolled.getByRole("row")).toHaveCount(2);
  await expect(page.getByText("1 former student")).toBeVisible();
});

test("coordinator adds a syllabus item and sees it in its category", async ({ page }) => {
  const item = `E2E item ${jsEnabled() ? "js" : "nojs"} ${Date.now()}`;
  await signIn(page, "coordinator@school.test");
  await page.goto("/admin/syllabus");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Syllabus" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Levels" })
    .getByRole("link", { name: /^B2 First/ })
    .click();
  await expect(page).toHaveURL(/[?&]level=6/);
  await expect(page.getByRole("heading", { level: 3, name: "FIRST EXAM" })).toBeVisible();
  await waitForHydration(page);

  // A missing name is reported next to the field.
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "PROGRESS TESTS" });
  await page.getByRole("button", { name: "Add item" }).click();
  if (!jsEnabled()) await expect(page.getByText("The item name is required.")).toBeVisible();

  await page.getByRole("textbox", { name: "Item name" }).fill(item);
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "PROGRESS TESTS" });
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(toast(page)).toContainText("The item was added.");
  const progress = page.getByRole("table", { name: "PROGRESS TESTS" });
  await expect(progress.getByRole("textbox", { name: `Name of ${item}` })).toHaveValue(item);
});

test("grade bands: an overlapping band is refused next to its field", async ({ page }) => {
  await signIn(page, "admin@school.test");
  await page.goto("/admin/syllabus");
  // The syllabus page's own link (the menu has one too now).
  await page.locator("#main").getByRole("link", { name: "Grade bands" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grade bands" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill(`Overlap ${jsEnabled() ? "js" : "nojs"}`);
  await page.getByLabel("Minimum").fill("85");
  await page.getByLabel("Maximum").fill("88");
  await page.getByRole("button", { name: "Add band" }).click();
  expect(await messageOf(page, "Minimum")).toContain("This range overlaps the band Very Good");
  await expect(page.getByLabel("Minimum")).toHaveValue("85");
});
