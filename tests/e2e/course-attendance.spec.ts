import { type Locator, type Page, expect, test } from "@playwright/test";
import { schoolToday } from "./db";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// Runs in both projects against the demo school, in parallel: each project
// takes attendance in its own course of professor@school.test, so they never
// touch the same rows.

const courseCode = () => (jsEnabled() ? "ADU-A1-MW-0911" : "KID-A11-TT-1517");
/** A school holiday on a class day of that course (demo data). */
const holidayOfCourse = () =>
  jsEnabled()
    ? { date: "2026-11-02", name: "Día de los Difuntos" }
    : { date: "2026-11-03", name: "Independencia de Cuenca" };

const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

/** Signs in as the demo professor and opens the course from the /teachers course cards; returns its id. */
async function openCourseAsProfessor(page: Page, code = courseCode()) {
  await signIn(page, "professor@school.test");
  await page.getByRole("link", { name: code, exact: true }).first().click();
  await expect(page).toHaveURL(/\/course\/\d+\/home$/);
  await waitForHydration(page);
  return Number(/\/course\/(\d+)\//.exec(page.url())![1]);
}

/** The summary table's row of one student: [present, recovered, late, absent, score, absence count]. */
async function summaryOf(page: Page, name: string) {
  const table = page.getByRole("table", { name: "Attendance summary" });
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await expect(row).toHaveCount(1);
  return row.getByRole("cell").allInnerTexts();
}

async function focusedIsIn(locator: Locator) {
  return locator.evaluate((el) => el.contains(document.activeElement));
}

test("a course card on the professor's home leads straight to that course's attendance and gradebook", async ({
  page,
}) => {
  await signIn(page, "professor@school.test");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: courseCode() }) });
  await expect(card).toHaveCount(1);
  const id = Number(
    /\/course\/(\d+)\//.exec((await card.getByRole("link", { name: courseCode() }).getAttribute("href"))!)![1],
  );
  await card.getByRole("link", { name: "Gradebook", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${id}/gradebook$`));
  await expect(page.getByRole("heading", { level: 1, name: "Gradebook" })).toBeVisible();
  await page.goBack();
  await card.getByRole("link", { name: "Attendance", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${id}/attendance$`));
  await expect(page.getByRole("heading", { level: 1, name: "Attendance" })).toBeVisible();
});

test("a professor takes attendance for a past class by keyboard: one student late, saved with a toast, the summary changes", async ({
  page,
}) => {
  const id = await openCourseAsProfessor(page);
  await expect(page.getByRole("heading", { level: 1, name: `Course ${courseCode()}` })).toBeVisible();
  await expect(page.getByRole("table", { name: "Enrolled students" })).toBeVisible();

  await page.getByRole("navigation", { name: "Course pages" }).getByRole("link", { name: "Attendance" }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${id}/attendance$`));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Attendance" })).toBeVisible();

  // A past class, a few back from the latest one.
  const select = page.getByLabel("Class", { exact: true });
  const option = select.locator("option").nth(3);
  const date = (await option.getAttribute("value"))!;
  await select.selectOption(date);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${id}/attendance\\?date=${date}$`));
  await waitForHydration(page);

  // The first student marked present in that class.
  const firstPresent = page
    .getByRole("group")
    .filter({ has: page.getByRole("radio", { name: "Present", checked: true }) })
    .first();
  const name = ((await firstPresent.locator("legend").textContent()) ?? "").trim();
  expect(name).not.toBe("");
  // Pinned by name: the filter above stops matching once the value changes.
  const student = page.getByRole("group", { name, exact: true });
  await expect(student).toHaveCount(1);
  const before = await summaryOf(page, name);

  // Keyboard only: the arrow keys choose the value inside a student's group...
  await student.getByRole("radio", { name: "Present" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(student.getByRole("radio", { name: "Recovered" })).toBeChecked();
  await page.keyboard.press("ArrowRight");
  await expect(student.getByRole("radio", { name: "Late" })).toBeChecked();
  await expect(student.getByRole("radio", { name: "Late" })).toBeFocused();
  // ...Tab goes to the next student (one stop per group), Shift+Tab comes back.
  await page.keyboard.press("Tab");
  expect(await focusedIsIn(student)).toBe(false);
  await expect(page.locator(":focus")).toHaveAttribute("type", "radio");
  await page.keyboard.press("Shift+Tab");
  await expect(student.getByRole("radio", { name: "Late" })).toBeFocused();
  // Tab on to the save button and press Enter.
  const saveButton = page.getByRole("button", { name: "Save attendance" });
  for (let i = 0; i < 60 && !(await saveButton.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(saveButton).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(new RegExp(`/course/${id}/attendance\\?date=${date}$`));
  await expect(toast(page)).toContainText("Attendance saved");
  // The saved value is preselected now, and the summary counts it.
  await expect(student.getByRole("radio", { name: "Late" })).toBeChecked();
  const after = await summaryOf(page, name);
  expect(Number(after[2])).toBe(Number(before[2]) + 1); // late
  expect(Number(after[0])).toBe(Number(before[0]) - 1); // present
  expect(Number.parseFloat(after[5])).toBe(Number.parseFloat(before[5]) + 0.5); // absence count
  expect(after[4]).not.toBe(before[4]); // score
  await expect(page.locator("select#session-date option:checked")).toContainText("saved");
});

test("a holiday or a future date cannot be picked: the page says so", async ({ page }) => {
  const id = await openCourseAsProfessor(page);
  const holiday = holidayOfCourse();
  await page.goto(`/course/${id}/attendance?date=${holiday.date}`);
  await expect(page.getByRole("alert")).toContainText(`is a holiday (${holiday.name})`);
  await expect(page.getByLabel("Class", { exact: true }).locator(`option[value="${holiday.date}"]`)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save attendance" })).toHaveCount(0);
  // The course's next class after today (school time, UTC-5): not yet held, so refused.
  const next = nextClassDate(jsEnabled() ? [1, 3] : [2, 4]);
  await page.goto(`/course/${id}/attendance?date=${next}`);
  // While the demo term runs it is a future class; after the term, a day without class: refused either way.
  await expect(page.getByRole("alert")).toContainText(
    next <= "2026-12-18" ? "has not happened yet" : "This course has no class on",
  );
  await expect(page.getByRole("button", { name: "Save attendance" })).toHaveCount(0);
});

/** The first date after the school's today falling on one of these weekdays (0 = Sunday). */
function nextClassDate(weekdays: number[]) {
  const [y, m, d] = schoolToday().split("-").map(Number);
  for (let i = 1; i <= 7; i++) {
    const c = new Date(Date.UTC(y, m - 1, d + i));
    if (weekdays.includes(c.getUTCDay()))
      return [c.getUTCFullYear(), c.getUTCMonth() + 1, c.getUTCDate()].map((n) => String(n).padStart(2, "0")).join("-");
  }
  throw new Error("unreachable");
}

test("the course's holidays and FAQ pages", async ({ page }) => {
  const id = await openCourseAsProfessor(page);
  await page.goto(`/course/${id}/holidays`);
  await expect(page.getByRole("heading", { level: 1, name: "Holidays" })).toBeVisible();
  const holiday = holidayOfCourse();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: holiday.name }) });
  await expect(row).toContainText("Whole school");
  await expect(row).toContainText("Nov"); // the class it cancels
  await expect(page.getByRole("rowheader", { name: "Navidad" })).toHaveCount(0); // after the course ends
  await page.goto(`/course/${id}/faq`);
  await expect(page.getByRole("heading", { level: 1, name: `FAQ for ${courseCode()}` })).toBeVisible();
  await expect(page.getByText("How do I take attendance?", { exact: false }).first()).toBeVisible();
});

test("another professor opening that course's attendance gets Access Denied", async ({ page }) => {
  const id = await openCourseAsProfessor(page);
  await page.context().clearCookies();
  await signIn(page, "professor2@school.test");
  await page.goto(`/course/${id}/attendance`);
  await expect(page.getByRole("alertdialog", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save attendance" })).toHaveCount(0);
});

test("a coordinator opening /course/{id}/home is sent to /dashboard", async ({ page }) => {
  const id = await openCourseAsProfessor(page);
  await page.context().clearCookies();
  await signIn(page, "coordinator@school.test");
  await page.goto(`/course/${id}/home`);
  await expect(page).toHaveURL(/\/dashboard$/);
});
