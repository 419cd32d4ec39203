import { type Page, expect, test } from "@playwright/test";
import { openMenu, signIn, waitForHydration } from "./helpers";

const ARABIC = /[\u0600-\u06FF]/;
const html = (page: Page) => page.locator("html");

async function chooseLanguage(page: Page, current: string | RegExp, language: string) {
  // The summary names the menu ("Language" in the current language) and, for
  // screen readers, the current language in itself.
  await openMenu(page, current);
  await page.getByRole("button", { name: language, exact: true }).click();
}

test("the login page switches to Arabic (right to left) and back", async ({ page }) => {
  await page.goto("/authentication/login");
  await waitForHydration(page);
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expect(html(page)).toHaveAttribute("dir", "ltr");

  await chooseLanguage(page, "Language", "العربية");
  await expect(html(page)).toHaveAttribute("lang", "ar");
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ARABIC);
  await expect(page).toHaveURL(/\/authentication\/login$/);

  // Remembered in a cookie: a reload keeps it.
  await page.reload();
  await expect(html(page)).toHaveAttribute("lang", "ar");
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  await waitForHydration(page);

  await chooseLanguage(page, "العربية", "English");
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expect(html(page)).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
});

test("the header's language menu switches a signed-in user's pages, across navigation and reload", async ({ page }) => {
  await signIn(page, "coordinator@school.test");
  await chooseLanguage(page, "Language", "العربية");
  await expect(html(page)).toHaveAttribute("lang", "ar");
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator("nav").first()).toHaveText(ARABIC);
  await waitForHydration(page);

  // Through a link of the sidebar (client-side with JavaScript), then a reload.
  await page.locator("nav").first().getByRole("link").last().click();
  await expect(page).not.toHaveURL(/\/dashboard$/);
  await expect(html(page)).toHaveAttribute("lang", "ar");
  await page.goto("/teachers");
  await expect(html(page)).toHaveAttribute("lang", "ar");
  await page.reload();
  await expect(html(page)).toHaveAttribute("lang", "ar");
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ARABIC);
  await waitForHydration(page);

  await chooseLanguage(page, "العربية", "English");
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expect(html(page)).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Carla Coordinator");
});

test.describe("a French browser", () => {
  test.use({ locale: "fr-FR" });

  test("gets French on the first visit", async ({ page }) => {
    const response = await page.goto("/authentication/login");
    expect(response?.status()).toBe(200);
    await expect(html(page)).toHaveAttribute("lang", "fr");
    await expect(html(page)).toHaveAttribute("dir", "ltr");
  });
});
