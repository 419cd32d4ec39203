import { type Locator, type Page, expect, test } from "@playwright/test";
import { dbRows } from "./db";
import { jsEnabled, openMenu, signIn, waitForHydration } from "./helpers";

// The public registration wizard on a phone-sized screen, with and without
// JavaScript (the "js" and "nojs" projects), in English and in Arabic; then
// the staff side: approve and reject from registered-students.

const REFERENCE = /^REG-\d{4}-[A-Z0-9]{8}$/;

let serial = 0;
/** An id_number no other run, project or test uses (10–13 letters and digits). */
function uniqueIdNumber() {
  serial += 1;
  const project = test.info().project.name === "nojs" ? "N" : "J";
  return `E${project}${serial}${Date.now().toString().slice(-9)}`.slice(0, 13);
}

/** The label's input, matched exactly ("Phone" is not "Emergency contact phone"). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const byName = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true });
// Step 3's button says what it does (issue 19).
const submit = (page: Page) => page.getByRole("button", { name: "Submit registration", exact: true });
const back = (page: Page) => page.getByRole("button", { name: "Back", exact: true });

async function expectOnStep(page: Page, step: "personal" | "address" | "message" | "done") {
  await expect(page).toHaveURL(new RegExp(`/students-registration/${step}$`));
  await waitForHydration(page);
}

/** The field's error is the message, and the field points at it (aria-describedby). */
async function expectFieldError(page: Page, input: Locator, message: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
  const ids = describedBy.split(/\s+/).filter(Boolean);
  expect(ids.length).toBeGreaterThan(0);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

async function startWizard(page: Page) {
  await page.goto("/students-registration");
  await expectOnStep(page, "personal");
  await expect(page.getByRole("heading", { name: "Add personal details" })).toBeVisible();
}

const PERSON = {
  first: "Valentina",
  middle: "Sofía",
  last: "Restrepo",
  second: "Arango",
  birthday: "1994-08-21",
  phone: "300 555-1234",
  email: "Valentina.Restrepo@Example.com",
};

async function fillPersonalEnglish(page: Page, idNumber: string) {
  await field(page, "First name").fill(PERSON.first);
  await field(page, "Middle name").fill(PERSON.middle);
  await field(page, "Last name").fill(PERSON.last);
  await field(page, "Second last name").fill(PERSON.second);
  await field(page, "ID number").fill(idNumber);
  await field(page, "Birthdate").fill(PERSON.birthday);
  await field(page, "Phone").fill(PERSON.phone);
  await field(page, "Email").fill(PERSON.email);
  await page.getByLabel("Adults", { exact: true }).check();
}

async function fillAddressEnglish(page: Page) {
  await field(page, "Address").fill("Calle 45 # 12-30, Apto 501");
  await field(page, "Level").selectOption({ label: "B1" });
  await field(page, "Schedule").selectOption({ label: "Tue-Thu 17:00–19:00" });
  await page.getByRole("radio", { name: "No", exact: true }).check();
  await field(page, "Billing address").fill("Carrera 7 # 8-90, Oficina 2");
  await field(page, "Where did you hear about us?").selectOption({ label: "A friend or relative" });
}

async function finishOnDone(page: Page) {
  await expectOnStep(page, "done");
  await expect(page.getByRole("heading", { name: "Complete.. !" })).toBeVisible();
  // The done page says what happens next (issue 19).
  await expect(page.getByText(/^What happens next: the school reviews your registration/)).toBeVisible();
  const reference = page.getByTestId("reference");
  await expect(reference).toHaveText(REFERENCE);
  return (await reference.textContent())?.trim() ?? "";
}

/** The whole wizard in English without detours; returns the reference. */
async function registerQuickly(page: Page, idNumber: string, first = PERSON.first) {
  await startWizard(page);
  await fillPersonalEnglish(page, idNumber);
  await field(page, "First name").fill(first);
  await next(page).click();
  await expectOnStep(page, "address");
  await fillAddressEnglish(page);
  await next(page).click();
  await expectOnStep(page, "message");
  await page.getByLabel("I accept the terms and conditions").check();
  await submit(page).click();
  return finishOnDone(page);
}

// Issue 9: on a slow phone the page is usable before its scripts arrive. The
// scripts are held back here until the step has been submitted: the browser
// posts the server-rendered form itself, the server answers with the next
// step, and once the scripts come that page hydrates and goes on working.
test("a step submitted before the page has hydrated still works", async ({ page }) => {
  test.skip(test.info().project.name === "nojs", "the nojs project never hydrates");
  const held: { continue: () => Promise<void> }[] = [];
  await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => void held.push(route));
  // Not "load" nor "DOMContentLoaded": both wait for the module scripts.
  await page.goto("/students-registration/personal", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Add personal details" })).toBeVisible();
  expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
  expect(held.length).toBeGreaterThan(0);

  const idNumber = uniqueIdNumber();
  await fillPersonalEnglish(page, idNumber);
  await next(page).click();
  await expect(page).toHaveURL(/\/students-registration\/address$/);
  await expect(page.getByRole("heading", { name: "Add additional info" })).toBeVisible();

  // Now the scripts arrive, for the stranded first page and for this one.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
  await page.reload();
  await expectOnStep(page, "address");
  await fillAddressEnglish(page);
  await next(page).click();
  await expectOnStep(page, "message");
});

test.describe("on a 400px-wide screen", () => {
  test.use({ viewport: { width: 400, height: 900 } });

  test("the whole wizard in English, with a validation error on the way and Back/Next keeping the data", async ({
    page,
  }) => {
    const idNumber = uniqueIdNumber();
    await startWizard(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    // The step indicator names the current step.
    await expect(page.locator('[aria-current="step"]')).toContainText("Personal");

    // Step 1 with a 9-character ID number: the error is shown next to the field, nothing typed is lost.
    await fillPersonalEnglish(page, "123456789");
    await next(page).click();
    await expectFieldError(page, field(page, "ID number"), "ID number must be at least 10 characters long.");
    await expectOnStep(page, "personal");
    await expect(field(page, "First name")).toHaveValue(PERSON.first);
    await expect(field(page, "Second last name")).toHaveValue(PERSON.second);
    await expect(field(page, "ID number")).toHaveValue("123456789");
    await expect(field(page, "Birthdate")).toHaveValue(PERSON.birthday);
    await expect(field(page, "Phone")).toHaveValue(PERSON.phone);
    await expect(field(page, "Email")).toHaveValue(PERSON.email);
    await expect(page.getByLabel("Adults", { exact: true })).toBeChecked();

    await field(page, "ID number").fill(idNumber);
    await next(page).click();
    await expectOnStep(page, "address");
    await expect(page.getByRole("heading", { name: "Add additional info" })).toBeVisible();
    // The level list is the adults' one (step 1's age category).
    await expect(field(page, "Level").locator("option", { hasText: "B2 First" })).toHaveCount(1);
    await expect(field(page, "Level").locator("option", { hasText: "A1.1" })).toHaveCount(0);

    await fillAddressEnglish(page);

    // Back, then Next: both steps keep what was typed.
    await back(page).click();
    await expectOnStep(page, "personal");
    await expect(field(page, "First name")).toHaveValue(PERSON.first);
    await expect(field(page, "ID number")).toHaveValue(idNumber);
    await expect(field(page, "Email")).toHaveValue(PERSON.email);
    await expect(page.getByLabel("Adults", { exact: true })).toBeChecked();
    await next(page).click();
    await expectOnStep(page, "address");
    await expect(field(page, "Address")).toHaveValue("Calle 45 # 12-30, Apto 501");
    await expect(field(page, "Level")).toHaveValue("B1");
    await expect(field(page, "Schedule")).toHaveValue("TUE-THU-17-19");
    await expect(page.getByRole("radio", { name: "No", exact: true })).toBeChecked();
    await expect(field(page, "Billing address")).toHaveValue("Carrera 7 # 8-90, Oficina 2");

    // A reload keeps it too.
    await page.reload();
    await expectOnStep(page, "address");
    await expect(field(page, "Address")).toHaveValue("Calle 45 # 12-30, Apto 501");

    await next(page).click();
    await expectOnStep(page, "message");
    await expect(page.getByRole("heading", { name: "Add message(optional)" })).toBeVisible();
    await expect(page.getByText("Once payment is made there will be no refund.")).toBeVisible();
    await field(page, "Message").fill("I would like evening classes.");
    await page.getByLabel("I accept the terms and conditions").check();
    await submit(page).click();
    await finishOnDone(page);

    // The page fits the narrow screen: no horizontal scrolling.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the whole wizard in Arabic (right to left), as a kid", async ({ page }) => {
    const idNumber = uniqueIdNumber();
    await startWizard(page);
    await openMenu(page, "Language");
    await page.getByRole("button", { name: "العربية", exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectOnStep(page, "personal");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/[\u0600-\u06FF]/);

    await byName(page, "first_name").fill("Omar");
    await byName(page, "middle_name").fill("Khalid");
    await byName(page, "last_name").fill("Haddad");
    await byName(page, "second_last_name").fill("Nasser");
    await byName(page, "id_number").fill("12345");
    await byName(page, "birthday").fill("2015-04-09");
    await byName(page, "phone_number").fill("3012223344");
    await byName(page, "email").fill("omar.haddad@example.com");
    await page.locator('input[name="age_category"][value="kids"]').check();
    await byName(page, "emergency_contact_name").fill("Layla Haddad");
    await byName(page, "emergency_contact_phone").fill("3015556677");
    await byName(page, "emergency_contact_relationship").fill("Mother");

    // A 5-character ID number: an Arabic message next to the field, the values kept.
    const next = page.locator('button[name="intent"][value="next"]');
    await next.click();
    const id = byName(page, "id_number");
    await expect(id).toHaveAttribute("aria-invalid", "true");
    const errorId = (await id.getAttribute("aria-describedby"))?.split(/\s+/).find((x) => x.includes("error"));
    expect(errorId).toBeTruthy();
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText(/[\u0600-\u06FF]/);
    await expect(byName(page, "first_name")).toHaveValue("Omar");
    await expect(byName(page, "emergency_contact_name")).toHaveValue("Layla Haddad");

    await id.fill(idNumber);
    await next.click();
    await expectOnStep(page, "address");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await byName(page, "address").fill("Calle 80 # 10-20");
    // The kids' list.
    await expect(byName(page, "level").locator('option[value="A1.1"]')).toHaveCount(1);
    await expect(byName(page, "level").locator('option[value="B2 First"]')).toHaveCount(0);
    await byName(page, "level").selectOption("A1.1");
    await byName(page, "schedule").selectOption("SAT-09-13");
    await page.locator('input[name="same_billing"][value="yes"]').check();

    // Back and Next in Arabic keep the data too.
    await page.locator('button[name="intent"][value="back"]').click();
    await expectOnStep(page, "personal");
    await expect(byName(page, "id_number")).toHaveValue(idNumber);
    await page.locator('button[name="intent"][value="next"]').click();
    await expectOnStep(page, "address");
    await expect(byName(page, "level")).toHaveValue("A1.1");
    await expect(byName(page, "schedule")).toHaveValue("SAT-09-13");
    await page.locator('button[name="intent"][value="next"]').click();

    await expectOnStep(page, "message");
    await byName(page, "message").fill("شكرا");
    await byName(page, "accepted_terms").check();
    await page.locator('button[name="intent"][value="next"]').click();
    await expectOnStep(page, "done");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("reference")).toHaveText(REFERENCE);
  });
});

// Issue 15: Back never validates. It keeps what was typed on the step, valid
// or not, and shows the previous step with its values; with JavaScript the
// browser-side checks used to stop it (step 2 half filled, step 3 without the
// terms accepted). Same outcome in both projects, page and database.
test("Back on a half-filled step 2 and on step 3 without the terms goes back, keeping everything typed", async ({
  page,
}) => {
  const idNumber = uniqueIdNumber();
  await startWizard(page);
  await fillPersonalEnglish(page, idNumber);
  await next(page).click();
  await expectOnStep(page, "address");

  // Step 2 half filled: no schedule, no billing answer.
  await field(page, "Address").fill("Calle 9 # 4-10");
  await field(page, "Level").selectOption({ label: "A2" });
  await back(page).click();
  await expectOnStep(page, "personal");
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(field(page, "First name")).toHaveValue(PERSON.first);
  await expect(field(page, "ID number")).toHaveValue(idNumber);
  await expect(page.getByLabel("Adults", { exact: true })).toBeChecked();
  await next(page).click();
  await expectOnStep(page, "address");
  await expect(field(page, "Address")).toHaveValue("Calle 9 # 4-10");
  await expect(field(page, "Level")).toHaveValue("A2");
  await expect(field(page, "Schedule")).toHaveValue("");
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);

  await field(page, "Schedule").selectOption({ label: "Tue-Thu 17:00–19:00" });
  await page.getByRole("radio", { name: "Yes", exact: true }).check();
  await next(page).click();
  await expectOnStep(page, "message");

  // Step 3 with a message and the terms not accepted.
  await field(page, "Message").fill("Mornings, please.");
  await back(page).click();
  await expectOnStep(page, "address");
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(field(page, "Address")).toHaveValue("Calle 9 # 4-10");
  await expect(field(page, "Schedule")).toHaveValue("TUE-THU-17-19");
  await next(page).click();
  await expectOnStep(page, "message");
  await expect(field(page, "Message")).toHaveValue("Mornings, please.");
  await expect(page.getByLabel("I accept the terms and conditions")).not.toBeChecked();

  // Submit still checks: the terms are required.
  await submit(page).click();
  await expect(page.getByLabel("I accept the terms and conditions")).toHaveAttribute("aria-invalid", "true");
  await expectOnStep(page, "message");
  await page.getByLabel("I accept the terms and conditions").check();
  await submit(page).click();
  const reference = await finishOnDone(page);

  // One pending registration, with what was typed (A2 is level 2, PRODUCT 3).
  const rows = dbRows(
    "SELECT reference, status, first_name, address, level_id, schedule, same_billing, message, accepted_terms FROM registrations WHERE id_number = ?",
    idNumber,
  );
  expect(rows).toEqual([
    {
      reference,
      status: "pending",
      first_name: PERSON.first,
      address: "Calle 9 # 4-10",
      level_id: 2,
      schedule: "TUE-THU-17-19",
      same_billing: 1,
      message: "Mornings, please.",
      accepted_terms: 1,
    },
  ]);
});

test.describe("staff review", () => {
  async function openRegistration(page: Page, idNumber: string, reference: string) {
    await page.goto(`/admin/registered-students?status=pending&q=${encodeURIComponent(idNumber)}`);
    await waitForHydration(page);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(idNumber);
    await expect(rows.first()).toContainText("Pending");
    await rows.first().getByRole("link", { name: reference }).click();
    await expect(page).toHaveURL(/\/admin\/registered-students\/\d+$/);
    await waitForHydration(page);
    await expect(page.getByText(idNumber, { exact: true })).toBeVisible();
  }

  test("the receptionist approves a registration: the student is created", async ({ page }) => {
    const idNumber = uniqueIdNumber();
    const reference = await registerQuickly(page, idNumber, "Approvable");

    await signIn(page, "reception@school.test");
    await openRegistration(page, idNumber, reference);
    await page.getByRole("link", { name: "Approve", exact: true }).click();
    await expect(page).toHaveURL(/\?confirm=approve$/);
    // A dialog with JavaScript, the same markup server-rendered without.
    const dialog = page.getByRole("dialog", { name: "Approve this registration?" });
    await expect(dialog).toBeVisible();
    if (jsEnabled()) await waitForHydration(page);
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();

    await expect(page.getByText("The registration was approved and the student created.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/registered-students\/\d+$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("Approved", { exact: true })).toBeVisible();
    await expect(page.getByText(/Approved by Rita Reception/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Approve", exact: true })).toHaveCount(0);

    // The list agrees; it is no longer pending.
    await page.goto(`/admin/registered-students?status=approved&q=${encodeURIComponent(idNumber)}`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr").first()).toContainText("Approved");
    await page.goto(`/admin/registered-students?status=pending&q=${encodeURIComponent(idNumber)}`);
    await expect(page.getByText("No registrations match these filters.")).toBeVisible();
  });

  test("the receptionist rejects a registration with a reason", async ({ page }) => {
    const idNumber = uniqueIdNumber();
    const reference = await registerQuickly(page, idNumber, "Rejectable");

    await signIn(page, "reception@school.test");
    await openRegistration(page, idNumber, reference);
    await page.getByRole("link", { name: "Reject", exact: true }).click();
    await expect(page).toHaveURL(/\?confirm=reject$/);
    const dialog = page.getByRole("dialog", { name: "Reject this registration?" });
    await expect(dialog).toBeVisible();
    if (jsEnabled()) await waitForHydration(page);
    await dialog.getByLabel("Reason for rejecting").fill("Duplicate of an earlier registration");
    await dialog.getByRole("button", { name: "Reject", exact: true }).click();

    await expect(page.getByText("The registration was rejected.")).toBeVisible();
    await expect(page.getByText("Rejected", { exact: true })).toBeVisible();
    await expect(page.getByText(/Duplicate of an earlier registration/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Reject", exact: true })).toHaveCount(0);
  });
});
