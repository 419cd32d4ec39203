import { type Page, expect, test } from "@playwright/test";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

test.describe("not found", () => {
  for (const path of ["/404", "/some/unknown/path"]) {
    test(`${path} is the not-found page with status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
    });
  }

  test("an unknown staff page is a 404 for a signed-in admin", async ({ page }) => {
    await signIn(page, "admin@school.test");
    const response = await page.goto("/admin/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

test("security headers", async ({ page }) => {
  const response = await page.goto("/authentication/login");
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBeTruthy();
  expect(headers["cache-control"]).toContain("no-store");
  const scriptSrc = csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "))!;
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(scriptSrc).not.toContain("unsafe-eval");
  expect(headers["referrer-policy"]).toBe("same-origin");
  // The nonce of the header is on every script of the page, and nowhere else.
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const body = await response!.text();
  const scripts = body.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // Another page gets another nonce.
  const again = await page.request.get("/authentication/login");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce);

  await signIn(page, "reception@school.test");
  const signedIn = await page.goto("/dashboard");
  expect(signedIn?.status()).toBe(200);
  const h = signedIn!.headers();
  expect(h["cache-control"]).toContain("no-store");
  expect(h["content-security-policy"]).toContain("object-src 'none'");
  expect(h["x-content-type-options"]).toBe("nosniff");
  // The session cookie is httpOnly and SameSite=Lax.
  const token = (await page.context().cookies()).find((c) => c.name === "token");
  expect(token?.httpOnly).toBe(true);
  expect(token?.sameSite).toBe("Lax");
});

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Main menu" });
const openButton = (page: Page) => page.getByRole("button", { name: "Open the menu" });
const closeButton = (page: Page) => page.getByRole("button", { name: "Close the menu" });

test("the sidebar toggle closes and reopens the sidebar, remembered over a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "admin@school.test");
  await expect(sidebar(page)).toBeVisible();
  await expect(openButton(page)).toBeHidden();

  await closeButton(page).click();
  await expect(sidebar(page)).toBeHidden();
  await expect(openButton(page)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Let the cookie request (JavaScript) finish before reloading.
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "sidebar")?.value).toBeTruthy();
  await page.waitForTimeout(200);
  await expect(sidebar(page)).toBeHidden();

  await page.reload();
  await expect(sidebar(page)).toBeHidden();
  await expect(openButton(page)).toBeVisible();
  await waitForHydration(page);

  await openButton(page).click();
  await expect(sidebar(page)).toBeVisible();
  await expect(closeButton(page)).toBeVisible();
  await page.waitForTimeout(200);
  await expect(sidebar(page)).toBeVisible();
  await page.reload();
  await expect(sidebar(page)).toBeVisible();
  await expect(openButton(page)).toBeHidden();
});

test.describe("at a 1000px wide viewport", () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test("the sidebar starts closed and 'Open the menu' opens it", async ({ page }) => {
    await signIn(page, "coordinator@school.test");
    await expect(sidebar(page)).toBeHidden();
    await expect(closeButton(page)).toBeHidden();
    await openButton(page).click();
    await expect(sidebar(page)).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
    await page.waitForTimeout(200);
    await expect(sidebar(page)).toBeVisible();
    await closeButton(page).click();
    await expect(sidebar(page)).toBeHidden();
  });
});

test("the pages run under the CSP without a single violation", async ({ page }) => {
  test.skip(!jsEnabled(), "without JavaScript no script runs, so none can be refused");
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await signIn(page, "coordinator@school.test");
  for (const path of ["/dashboard", "/admin/students", "/admin/transfer-students", "/profile"]) {
    await page.goto(path);
    await waitForHydration(page);
  }
  expect(violations).toEqual([]);
  // The listener does see a violation: a script without the nonce is refused and does not run.
  await page.addScriptTag({ content: "window.cspProbe = 1;" }).catch(() => undefined);
  await expect.poll(() => violations.length).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { cspProbe?: number }).cspProbe)).toBeUndefined();
});
