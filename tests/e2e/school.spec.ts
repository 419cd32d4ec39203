import { type Page, expect, test } from "@playwright/test";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// Runs in both projects (with and without JavaScript) against the demo school:
// a term of 8 courses from 2026-09-07 to 2026-12-18. The week of Monday
// 2026-11-16 is a normal week of it; Monday 2026-11-02 is a school holiday.

const WEEK = "2026-11-16";
const calendar = (page: Page) => page.getByRole("list", { name: "Class sessions of the week, day by day" });
const day = (page: Page, date: string) => calendar(page).locator(`li:has(> :is(h2,h3,h4) time[datetime="${date}"])`);
const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

test("the dashboard shows the week's demo sessions; previous and next week links work", async ({ page }) => {
  await signIn(page, "admin@school.test");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Ana Admin");
  await expect(page.getByRole("link", { name: /Active students/ })).toHaveAttribute(
    "href",
    "/admin/students?status=active",
  );

  await page.goto(`/dashboard?week=${WEEK}`);
  await waitForHydration(page);
  await expect(page.getByText(/^Week of Nov 16\s–\s22, 2026$/)).toBeVisible();
  const monday = day(page, WEEK);
  // Courses that courses.spec creates meanwhile (codes E2E-…) are not the demo's.
  await expect(monday.getByRole("link").filter({ hasNotText: /E2E-/ })).toHaveCount(2);
  const a1 = monday.getByRole("link", { name: /ADU-A1-MW-0911/ });
  await expect(a1).toContainText("09:00–11:00");
  await expect(a1).toContainText("A1");
  await expect(a1).toContainText("Paul Professor");
  await expect(a1).toHaveAttribute("href", /^\/admin\/courses\/\d+$/);
  await expect(day(page, "2026-11-21").getByRole("link", { name: /ADU-PC-SAT-0913/ })).toBeVisible();
  await expect(day(page, "2026-11-22")).toContainText("No classes");

  // The filters keep the week; the week links keep the filters.
  await page.getByLabel("Professor", { exact: true }).selectOption({ label: "Petra Professor" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`week=${WEEK}.*professor=\\d+`));
  await expect(calendar(page).getByRole("link")).toHaveText([/ADU-A2-TT-1719/, /ADU-A2-TT-1719/, /ADU-PC-SAT-0913/]);

  await page.getByRole("link", { name: "Previous week" }).click();
  await expect(page).toHaveURL(/week=2026-11-09/);
  await expect(page).toHaveURL(/professor=\d+/);
  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page).toHaveURL(/week=2026-11-16/);
  await expect(page.getByText(/^Week of Nov 16\s–\s22, 2026$/)).toBeVisible();
  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page).toHaveURL(/week=2026-11-23/);
  await expect(page.getByText(/^Week of Nov 23\s–\s29, 2026$/)).toBeVisible();

  // A school holiday: marked on its day, and its classes are gone.
  await page.goto("/dashboard?week=2026-11-02");
  const holiday = day(page, "2026-11-02");
  await expect(holiday).toContainText("Holiday: Día de los Difuntos");
  await expect(holiday.getByRole("link")).toHaveCount(0);
  await expect(day(page, "2026-11-04").getByRole("link", { name: /ADU-A1-MW-0911/ })).toBeVisible();

  // The attendance panel lists the demo's warning and danger students.
  const panel = page.getByRole("table", { name: "Attendance alerts" });
  await expect(panel.locator('tr[data-severity="danger"]')).toHaveCount(1);
  await expect(panel.locator('tr[data-severity="warning"]')).toHaveCount(3);
  await expect(panel.getByRole("link").first()).toHaveAttribute("href", /^\/admin\/students\/\d+$/);
});

test("the Arabic dashboard is right to left and shows the calendar", async ({ page }) => {
  await signIn(page, "coordinator@school.test");
  // The language switcher's cookie (a Remix cookie: base64 of the JSON value).
  await page
    .context()
    .addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("ar")).toString("base64"), url: page.url() }]);
  await page.goto(`/dashboard?week=${WEEK}`);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  const list = page.getByRole("list", { name: "حصص الأسبوع، يومًا بيوم" });
  await expect(list).toBeVisible();
  await expect(list.getByRole("link", { name: /ADU-A1-MW-0911/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "الأسبوع التالي" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "تنبيهات الحضور" })).toBeVisible();
});

test("the Arabic /teachers is right to left and shows the professor's calendar", async ({ page }) => {
  await signIn(page, "professor@school.test");
  await page
    .context()
    .addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("ar")).toString("base64"), url: page.url() }]);
  await page.goto(`/teachers?week=${WEEK}`);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const list = page.getByRole("list", { name: /^حصصي/ });
  await expect(list.getByRole("link").first()).toHaveAttribute("href", /^\/course\/\d+\/home$/);
});

test("a professor's home shows their course cards and a calendar leading to the course pages", async ({ page }) => {
  await signIn(page, "professor@school.test");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Paul Professor");
  await page.goto(`/teachers?week=${WEEK}`);
  await waitForHydration(page);

  const cards = page.getByRole("region", { name: "My courses" }).getByRole("heading", { level: 3 });
  await expect(cards).toHaveText(["ADU-A1-MW-0911", "ADU-B2F-FRI-1418", "KID-A11-TT-1517"]);
  await expect(cards.first().getByRole("link")).toHaveAttribute("href", /^\/course\/\d+\/home$/);

  const events = calendar(page).getByRole("link");
  // Mon+Wed A1, Tue+Thu A1.1, Fri B2 First.
  await expect(events).toHaveCount(5);
  for (const href of await events.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^\/course\/\d+\/home$/);
  }
  await expect(calendar(page).getByText("Petra Professor")).toHaveCount(0);

  await page.getByRole("link", { name: "FAQ" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
  await page.getByText("How do I take attendance?").click();
  await expect(page.getByText(/Every enrolled student is listed with Present already chosen/)).toBeVisible();
});

test("the coordinator adds a holiday (a bad range is refused next to the field) and deletes it", async ({ page }) => {
  const name = `E2E closing ${test.info().project.name}`;
  // Each project its own Monday of the demo term: A1 and B1 meet on Mondays.
  const date = jsEnabled() ? "2026-12-14" : "2026-12-07";
  await signIn(page, "coordinator@school.test");
  await page.goto("/admin/holidays");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Holidays" })).toBeVisible();

  const form = page.getByRole("region", { name: "Add a holiday" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("First day").fill(date);
  await form.getByLabel("Last day").fill("2026-12-01");
  await form.getByRole("button", { name: "Add holiday" }).click();
  const end = form.getByLabel("Last day");
  await expect(end).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("The last day cannot be before the first day")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue(name);

  await end.fill(date);
  await form.getByRole("button", { name: "Add holiday" }).click();
  await expect(toast(page)).toContainText("Holiday added");
  await page.goto("/admin/holidays?when=all&limit=100");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Whole school");
  await expect(row.getByRole("cell").nth(2)).toContainText("2");
  await expect(row).toContainText("ADU-A1-MW-0911, ADU-B1-MW-1921");
  // A course's own holiday names the course by its readable label (issue 19).
  await expect(page.getByRole("row", { name: /Parent-teacher meetings/ })).toContainText(
    /KID-A11-TT-1517 · A1\.1 · .*15:00–17:00 · Paul Professor/,
  );

  await waitForHydration(page);
  await row.getByRole("link", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this holiday?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Holiday deleted");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("the receptionist sees the teachers read-only and the professors' progress", async ({ page }) => {
  await signIn(page, "reception@school.test");
  await page.goto("/admin/teachers");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Teachers" })).toBeVisible();
  const paul = page.getByRole("row", { name: /Paul Professor/ });
  await expect(paul).toContainText("professor@school.test");
  // Each course by its readable label, the professor implied (issue 19): code, level, schedule.
  await expect(paul).toContainText(/ADU-A1-MW-0911 · A1 · .*09:00–11:00/);
  await expect(paul.locator("bdi.whitespace-nowrap", { hasText: "ADU-A1-MW-0911" })).toHaveCount(1);
  await expect(paul.getByRole("cell").nth(2)).toHaveText("12"); // 4 + 4 + 4 hours a week
  await expect(page.getByRole("heading", { name: "Add a professor" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add professor" })).toHaveCount(0);

  await page.goto("/coordinator/professors");
  await expect(page.getByRole("heading", { level: 1, name: "Professors' progress" })).toBeVisible();
  await expect(page.getByRole("rowgroup").filter({ hasText: "Paul Professor" }).getByRole("row")).toHaveCount(3);
});
