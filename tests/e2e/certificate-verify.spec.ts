import { type Page, expect, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// Issue 21 (ADR 048): the demo certificate (course ADU-A1-SUM-0911, code
// CERT-DEMX-2468 until a re-issue) verified by anyone through the form; a
// coordinator revokes it and re-issues it. Both projects (JavaScript on and
// off) walk the same flow; the state a previous run left (a re-issued code) is
// read from the staff page, so the flow starts from a valid certificate.

test.describe.configure({ mode: "serial" });

/** axe at 390 and 1280 px (without JavaScript on the server's document, see axeViolations). */
async function axeClean(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
  }
}

async function certificatesPage(page: Page) {
  // The summer course has ended and is inactive.
  await page.goto("/admin/courses?status=inactive");
  await waitForHydration(page);
  const href = await page.getByRole("link", { name: "ADU-A1-SUM-0911" }).first().getAttribute("href");
  const id = href?.match(/\/admin\/courses\/(\d+)/)?.[1];
  expect(id, "the demo summer course on /admin/courses").toBeTruthy();
  await page.goto(`/admin/courses/${id}/certificates`);
  await waitForHydration(page);
  // Each project its own of the two demo certificates: the two runs go at once.
  return page
    .getByRole("list", { name: "Issued certificates" })
    .getByRole("listitem")
    .nth(jsEnabled() ? 0 : 1);
}

async function verifyByForm(page: Page, typed: string) {
  await page.goto("/certificates/verify");
  await waitForHydration(page);
  await page.getByLabel("Verification code").fill(typed);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/certificates\/verify\/[A-Z2-9-]+$/);
}

test("verify, revoke and re-issue the demo certificate", async ({ page, browser }) => {
  test.setTimeout(90_000); // three roles' pages and a PDF: over 30 s on a loaded 2-core machine
  await signIn(page, "coordinator@school.test");
  let card = await certificatesPage(page);
  const student = (await card.getByRole("heading", { level: 2 }).textContent())!.trim();
  // A run before may have left it revoked: re-issue it first.
  if (await card.getByRole("button", { name: "Re-issue with a new code" }).isVisible()) {
    await card.getByRole("button", { name: "Re-issue with a new code" }).click();
    await expect(page.getByText("The certificate was re-issued with a new code.")).toBeVisible();
    card = await certificatesPage(page);
  }
  const code = (await card.locator('a[href^="/certificates/verify/"]').textContent())!.trim();

  // Anyone, signed out: typed in lower case without dashes.
  const visitorContext = await browser.newContext({ javaScriptEnabled: jsEnabled() });
  const visitor = await visitorContext.newPage();
  await verifyByForm(visitor, code.toLowerCase().replace(/-/g, ""));
  await expect(visitor.getByRole("heading", { level: 2, name: "VALID" })).toBeVisible();
  await expect(visitor.locator("main")).toContainText(student);
  await expect(visitor.locator("main")).toContainText("A1 · CEFR A1");
  await expect(visitor.locator("main")).toContainText(code);
  await axeClean(visitor);

  // Unknown code: not found, 404.
  const missing = await visitor.goto("/certificates/verify/ZZZZ-ZZZZ-ZZZZ");
  expect(missing?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { level: 1, name: "Certificate not found" })).toBeVisible();

  // The coordinator revokes it with a reason.
  card = await certificatesPage(page);
  await card.getByLabel("Reason").fill("Issued with a wrong grade (e2e)");
  await card.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("The certificate was revoked.")).toBeVisible();
  await visitor.goto(`/certificates/verify/${code}`);
  await expect(visitor.getByRole("heading", { level: 2, name: "REVOKED" })).toBeVisible();
  await expect(visitor.locator("main")).toContainText(/revoked on \w+ \d+, \d{4}/);
  await expect(visitor.locator("main")).not.toContainText("wrong grade");

  // Re-issued: a new valid code; the old one stays revoked.
  card = await certificatesPage(page);
  await card.getByRole("button", { name: "Re-issue with a new code" }).click();
  await expect(page.getByText("The certificate was re-issued with a new code.")).toBeVisible();
  card = await certificatesPage(page);
  const fresh = (await card.locator('a[href^="/certificates/verify/"]').textContent())!.trim();
  expect(fresh).not.toBe(code);
  await verifyByForm(visitor, fresh);
  await expect(visitor.getByRole("heading", { level: 2, name: "VALID" })).toBeVisible();
  await visitor.goto(`/certificates/verify/${code}`);
  await expect(visitor.getByRole("heading", { level: 2, name: "REVOKED" })).toBeVisible();
  await visitorContext.close();
});

test("the Arabic page runs right to left and is axe-clean", async ({ browser }) => {
  test.setTimeout(90_000); // axe on two pages: over 30 s on a loaded 2-core machine
  const context = await browser.newContext({ locale: "ar", javaScriptEnabled: jsEnabled() });
  const page = await context.newPage();
  await page.goto("/certificates/verify");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("التحقق من شهادة");
  await axeClean(page);
  await page.goto("/certificates/verify/ZZZZ-ZZZZ-ZZZZ");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("لم يتم العثور على الشهادة");
  await axeClean(page);
  await context.close();
});
