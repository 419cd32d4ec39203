import fs from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { dbRow } from "./db";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// Runs in both projects against the demo school, in parallel: each project
// works on its own demo student (and creates its own), so they never meet.
// The two demo students are in no transfer, so other suites leave them alone.
function mine() {
  return jsEnabled()
    ? {
        search: "Liam López",
        level: "A2",
        name: "Liam Sebastián López Tanaka",
        phone: "0987 654 321",
        saved: "0987654321",
      }
    : {
        search: "isabella ramírez",
        level: "A1",
        name: "Isabella Emilia Ramírez Dubois",
        phone: "0976-543-210",
        saved: "0976543210",
      };
}

/** The text of the message a field points to with aria-describedby. */
async function messageOf(page: Page, label: string) {
  const input = page.getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const ids = (await input.getAttribute("aria-describedby"))?.split(/\s+/) ?? [];
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

test("admin searches, filters by level, opens a student and edits the phone", async ({ page }) => {
  const me = mine();
  await signIn(page, "admin@school.test");
  await page.goto("/admin/students");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();

  await page.getByLabel("Search", { exact: true }).fill(me.search);
  await page.getByLabel("Level", { exact: true }).selectOption({ label: me.level });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]level=\d+/);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(2); // header + the one student
  await expect(table.getByRole("row").nth(1)).toContainText(me.level);
  await table.getByRole("link", { name: me.name }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(me.name);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/admin\/students\/\d+\/edit$/);
  await waitForHydration(page);

  // A bad phone: the message sits next to the field, what was typed stays.
  const phone = page.getByLabel("Phone", { exact: true });
  await phone.fill("12345");
  await page.getByRole("button", { name: "Save" }).click();
  expect(await messageOf(page, "Phone")).toContain("Phone number must be at least 10 characters long");
  await expect(phone).toHaveValue("12345");
  await expect(page.getByLabel("First name")).toHaveValue(me.name.split(" ")[0]);

  await phone.fill(me.phone);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/students\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Student saved correctly" })).toBeVisible();
  // Shown isolated left to right (<bdi dir="ltr">) so it reads in order in Arabic too.
  await expect(page.locator('bdi[dir="ltr"]').getByText(me.saved, { exact: true })).toBeVisible();
});

test("a new student named like markup shows as text; deactivate and activate go through a confirm step", async ({
  page,
}) => {
  const alerts: string[] = [];
  page.on("dialog", (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  const markup = "<img src=x onerror=alert(1)>";
  const idNumber = `${jsEnabled() ? "09" : "08"}${String(Date.now()).slice(-8)}`;
  await signIn(page, "coordinator@school.test");
  await page.goto("/admin/students");
  await waitForHydration(page);
  await page.getByRole("link", { name: "New student" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New student" })).toBeVisible();
  await waitForHydration(page);

  await page.getByLabel("First name").fill(markup);
  await page.getByLabel("Last name", { exact: true }).fill("Prueba");
  await page.getByLabel("Second last name").fill("Segura");
  await page.getByLabel("ID number").fill(idNumber);
  await page.getByLabel("Birthdate").fill("1995-04-03");
  await page.getByLabel("Phone", { exact: true }).fill(`097${idNumber.slice(-7)}`);
  await page.getByLabel("Email").fill(`e2e.${idNumber}@example.com`);
  await page.getByRole("radio", { name: "Adults" }).check();
  await page.getByLabel("Level", { exact: true }).selectOption({ label: "B1" });
  await page.getByLabel("Schedule").selectOption({ label: "Mon-Wed 19:00–21:00" });
  await page.getByLabel("Address", { exact: true }).fill("Av. Solano 1-23");
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/admin\/students\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Student saved correctly" })).toBeVisible();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(`${markup} Prueba Segura`);
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await waitForHydration(page);

  await page.getByRole("link", { name: "Deactivate", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Deactivate this student?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The student was deactivated." })).toBeVisible();
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Deactivate", exact: true })).toHaveCount(0);
  await waitForHydration(page);

  await page.getByRole("link", { name: "Activate", exact: true }).click();
  const again = page.getByRole("dialog", { name: "Activate this student?" });
  await again.getByRole("button", { name: "Activate", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The student was activated." })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  // The list shows the name as text too.
  await page.goto(`/admin/students?q=${idNumber}`);
  await expect(page.getByRole("table").getByRole("link", { name: `${markup} Prueba Segura` })).toBeVisible();
  expect(alerts).toEqual([]);
});

test("financial sees students read-only", async ({ page }) => {
  await signIn(page, "finance@school.test");
  await page.goto("/admin/students");
  await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New student" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();
  await page.getByRole("table").getByRole("row").nth(1).getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/students\/\d+$/);
  await expect(page.getByRole("heading", { name: "Enrollment history" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Deactivate", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Activate", exact: true })).toHaveCount(0);

  // Even the URLs of the edit page and the confirm step give nothing to act on.
  const url = new URL(page.url());
  await page.goto(`${url.pathname}?confirm=deactivate`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto(`${url.pathname}/edit`);
  await expect(page.getByRole("alertdialog", { name: "Access Denied" })).toBeVisible();
});

test("the CSV link downloads the current filter with a header row", async ({ page }) => {
  await signIn(page, "reception@school.test");
  await page.goto("/admin/students?level=6&status=active");
  const link = page.getByRole("link", { name: "Export CSV" });
  await expect(link).toHaveAttribute("href", "/admin/students.csv?level=6&status=active");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "First name,Middle name,Last name,Second last name,ID number,Email,Phone,Age category,Level,Schedule,Promotion,Current course,Status,Absences,Registered",
  );
  expect(lines.length).toBeGreaterThan(5);
  for (const line of lines.slice(1)) expect(line).toContain(",B2 First,");
});

test("the list names each student's course by its code, level, schedule and professor (issue 19)", async ({ page }) => {
  const course = dbRow<{ id: number }>("SELECT id FROM courses WHERE course_id = ?", "ADU-B1-MW-1921")!;
  await signIn(page, "reception@school.test");
  await page.goto(`/admin/students?course=${course.id}`);
  const row = page.getByRole("table").getByRole("row").nth(1);
  await expect(row).toContainText(/ADU-B1-MW-1921 · B1 · .*19:00–21:00 · Pablo Professor/);
  // The code never breaks mid-string.
  await expect(row.locator("bdi.whitespace-nowrap", { hasText: "ADU-B1-MW-1921" })).toHaveCount(1);
});

test("the course filter is a search by code or professor; with JavaScript it suggests the matching courses (issue 18)", async ({
  page,
}) => {
  await signIn(page, "reception@school.test");
  await page.goto("/admin/students");
  await waitForHydration(page);
  const field = page.getByRole("combobox", { name: "Current course", exact: true });
  await expect(field).toHaveAttribute("placeholder", "Code or professor");
  await field.fill("ADU-B1-MW-19");
  if (jsEnabled()) {
    // The suggestions name each matching course by its label.
    const option = page.locator('datalist#course_q-options option[value="ADU-B1-MW-1921"]');
    await expect(option).toHaveCount(1);
    await expect(option).toHaveText(/ADU-B1-MW-1921 · B1 · .*19:00–21:00 · Pablo Professor/);
  }
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]course_q=ADU-B1-MW-19(&|$)/);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.nth(1)).toBeVisible();
  // Every row but the header names the course. Retried: with JavaScript the
  // URL changes a moment before React renders the filtered rows.
  await expect(rows.filter({ hasNotText: "ADU-B1-MW-1921" })).toHaveCount(1);
  await expect(page.getByRole("combobox", { name: "Current course", exact: true })).toHaveValue("ADU-B1-MW-19");

  // A link that filters by the course's id shows its code in the field.
  const course = dbRow<{ id: number }>("SELECT id FROM courses WHERE course_id = ?", "ADU-B1-MW-1921")!;
  await page.goto(`/admin/students?course=${course.id}`);
  await expect(page.getByRole("combobox", { name: "Current course", exact: true })).toHaveValue("ADU-B1-MW-1921");
});
