import { type Locator, type Page, expect, test } from "@playwright/test";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// Keyboard only (issue 11, item 2): after the page is opened, every step is a
// key press — Tab, Shift+Tab, arrows, Space, Enter, Escape and typing — and
// every control the Tab key stops on shows a focus ring. The wizard and the
// attendance form run with and without JavaScript; the dialog's focus trap,
// the sidebar toggle and the gradebook's Enter key are scripted, so JS only.
//
// Rows of their own: a registration with a unique id number, attendance in a
// course of Pablo (js) or Petra (nojs), which the other specs do not assert on.

/** Why the focused element shows no focus ring, or null when it does. */
async function missingFocusRing(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "nothing has the focus";
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    if (outline || ring) return null;
    const name = el.getAttribute("name") ?? el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}> "${name}" has no focus ring (outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow})`;
  });
}

async function expectFocusRing(page: Page) {
  expect(await missingFocusRing(page)).toBeNull();
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the ring at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    await expectFocusRing(page);
  }
  await expect(target, `reached with ${max} presses of ${back ? "Shift+Tab" : "Tab"}`).toBeFocused();
}

/** The skip link is the first Tab stop; Enter moves the focus to <main>. */
async function skipToContent(page: Page) {
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
}

async function onStep(page: Page, step: string) {
  await expect(page).toHaveURL(new RegExp(`/students-registration/${step}$`));
  await waitForHydration(page);
}

test("the registration wizard, all four steps, by keyboard alone", async ({ page }) => {
  const project = jsEnabled() ? "J" : "N";
  const idNumber = `K${project}${Date.now().toString().slice(-10)}`;
  await page.goto("/students-registration");
  await onStep(page, "personal");
  await skipToContent(page);

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const type = async (label: string, text: string) => {
    await tabTo(page, field(label));
    await page.keyboard.type(text);
  };
  await type("First name", "Teclado");
  await type("Middle name", "Sin");
  await type("Last name", "Ratón");
  await type("Second last name", "Tab");
  await type("ID number", idNumber);
  await type("Birthdate", "03141990"); // month, day, year: the date field's own segments
  await expect(field("Birthdate")).toHaveValue("1990-03-14");
  await type("Phone", "0991234567");
  await type("Email", `teclado.${idNumber.toLowerCase()}@example.com`);
  // No age chosen yet: Tab stops on the first radio, an arrow key moves on and chooses.
  await tabTo(page, page.getByRole("radio", { name: "Kids" }));
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Adults" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Adults" })).toBeFocused();
  await tabTo(page, page.getByRole("button", { name: "Next", exact: true }));
  await page.keyboard.press("Enter");

  await onStep(page, "address");
  if (jsEnabled()) await expect(page.getByRole("heading", { level: 2, name: "Add additional info" })).toBeFocused();
  await type("Address", "Av. Solano 2-45");
  await tabTo(page, field("Level"));
  await page.keyboard.type("B1");
  await expect(field("Level")).toHaveValue("B1");
  await tabTo(page, field("Schedule"));
  await page.keyboard.press("ArrowDown");
  await expect(field("Schedule")).not.toHaveValue("");
  await tabTo(page, page.getByRole("radio", { name: "Yes" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: "Yes" })).toBeChecked();
  // Back is the first button on the page, but Enter in the form means Next.
  await page.keyboard.press("Enter");

  await onStep(page, "message");
  await type("Message", "Inscrito solo con el teclado.");
  const terms = page.getByRole("checkbox", { name: "I accept the terms and conditions" });
  await tabTo(page, terms);
  await page.keyboard.press("Space");
  await expect(terms).toBeChecked();
  // Shift+Tab goes back through the form, Tab returns.
  await page.keyboard.press("Shift+Tab");
  await expect(field("Message")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(terms).toBeFocused();
  await page.keyboard.press("Enter");

  await onStep(page, "done");
  await expect(page.getByRole("heading", { name: "Complete.. !" })).toBeVisible();
  await expect(page.getByTestId("reference")).toHaveText(/^REG-\d{4}-[A-Z0-9]{8}$/);
});

test("a professor takes attendance by keyboard alone: marks a student, saves, sees the confirmation", async ({
  page,
}) => {
  const professor = jsEnabled() ? "professor3@school.test" : "professor2@school.test";
  const code = jsEnabled() ? "ADU-B1-MW-1921" : "ADU-A2-TT-1719";
  await signIn(page, professor);
  const href = await page.getByRole("link", { name: code, exact: true }).first().getAttribute("href");
  const id = /\/course\/(\d+)\//.exec(href ?? "")![1];
  await page.goto(`/course/${id}/attendance`);
  await waitForHydration(page);
  await skipToContent(page);

  // Another past class: the select changes with an arrow key, Enter on Show opens it.
  const select = page.getByLabel("Class", { exact: true });
  await tabTo(page, select);
  const first = await select.inputValue();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const date = await select.inputValue();
  // eslint-disable-next-line playwright/prefer-web-first-assertions -- the date is used below in the expected URL
  expect(date).not.toBe(first);
  await tabTo(page, page.getByRole("button", { name: "Show" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/course/${id}/attendance\\?date=${date}$`));
  await waitForHydration(page);

  // Tab stops once in the first student's group, on the value it has; an arrow chooses the next one.
  const values = ["Present", "Recovered", "Late", "Absent"];
  const student = page
    .getByRole("group")
    .filter({ has: page.getByRole("radio") })
    .first();
  const name = ((await student.locator("legend").textContent()) ?? "").trim();
  const group = page.getByRole("group", { name, exact: true });
  const checked = await group.getByRole("radio", { checked: true }).getAttribute("value");
  const was = values.findIndex((v) => v.toLowerCase() === checked);
  const next = values[(was + 1) % values.length];
  await tabTo(page, group.getByRole("radio", { name: values[was] }));
  await page.keyboard.press("ArrowRight");
  await expect(group.getByRole("radio", { name: next })).toBeChecked();
  await expect(group.getByRole("radio", { name: next })).toBeFocused();

  await tabTo(page, page.getByRole("button", { name: "Save attendance" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Attendance saved" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?date=${date}$`));
  await expect(page.getByRole("group", { name, exact: true }).getByRole("radio", { name: next })).toBeChecked();
});

test.describe("scripted keyboard behaviour", () => {
  test.skip(
    () => !jsEnabled(),
    "focus traps, toggles and the gradebook's Enter need JavaScript; without it they are plain pages and forms",
  );

  test("a confirm dialog traps Tab and Shift+Tab and gives the focus back to the link that opened it", async ({
    page,
  }) => {
    await signIn(page, "admin@school.test");
    await page.goto("/admin/registered-students?status=pending");
    const href = await page.locator('a[href^="/admin/registered-students/"]').first().getAttribute("href");
    await page.goto(href!);
    await waitForHydration(page);

    const approve = page.getByRole("link", { name: "Approve", exact: true });
    await skipToContent(page);
    await tabTo(page, approve);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Approve this registration?" });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (const key of [
      "Tab",
      "Tab",
      "Tab",
      "Tab",
      "Tab",
      "Shift+Tab",
      "Shift+Tab",
      "Shift+Tab",
      "Shift+Tab",
      "Shift+Tab",
      "Shift+Tab",
    ]) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((d) => d.contains(document.activeElement)),
        `focus inside the dialog after ${key}`,
      ).toBe(true);
      await expectFocusRing(page);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/confirm=/);
    await expect(approve).toBeFocused();
  });

  test("the sidebar toggle is a named button that works with Enter and keeps the focus", async ({ page }) => {
    await signIn(page, "coordinator@school.test");
    const sidebar = page.getByRole("navigation", { name: "Main menu" });
    await expect(sidebar).toBeVisible();
    const close = page.getByRole("button", { name: "Close the menu" });
    await tabTo(page, close);
    await page.keyboard.press("Enter");
    await expect(sidebar).toBeHidden();
    const open = page.getByRole("button", { name: "Open the menu" });
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Space");
    await expect(sidebar).toBeVisible();
    await expect(close).toBeFocused();
  });

  test("the gradebook: Enter goes down a column and on to the next item, never saving", async ({ page }) => {
    await signIn(page, "professor3@school.test");
    const href = await page.getByRole("link", { name: "ADU-B1-MW-1921", exact: true }).first().getAttribute("href");
    await page.goto(href!.replace(/\/home$/, "/gradebook"));
    await waitForHydration(page);
    const url = page.url();
    const names = (await page.locator("tbody th[scope=row]").allTextContents()).map((n) => n.trim());
    const cell = (student: string, item: string) => page.getByLabel(`Grade of ${student} for ${item}`, { exact: true });

    await tabTo(page, cell(names[0], "Assignment 1"));
    await page.keyboard.press("Tab");
    await expect(cell(names[0], "Assignment 2")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(cell(names[1], "Assignment 1")).toBeFocused();
    await expectFocusRing(page);
    // Down to the last student; from there Enter goes to the first student of the next item, Shift+Enter comes back.
    for (let i = 2; i < names.length; i++) await page.keyboard.press("Enter");
    await expect(cell(names[names.length - 1], "Assignment 1")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(cell(names[0], "Assignment 2")).toBeFocused();
    await page.keyboard.press("Shift+Enter");
    await expect(cell(names[names.length - 1], "Assignment 1")).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveCount(0);
    expect(page.url()).toBe(url);
  });
});
