import { type Page, expect, test } from "@playwright/test";
import { jsEnabled, openMenu, signIn, submitLogin, waitForHydration } from "./helpers";

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

// Issue 15: signing in is a client-side navigation with JavaScript. The
// signed-in pages need translation files the login page did not load; fetched
// only once React rendered the new page, that render suspended: the URL was
// already the dashboard's while the login page stayed on screen, and the
// header's language menu a user (or a test) was clicking was swapped out under
// the pointer. The files now come with the layout's data, before the
// navigation ends.
test("after sign-in, the dashboard's translations are there when its URL is", async ({ page }) => {
  test.skip(!jsEnabled(), "without JavaScript the dashboard is a full page load, translated on the server");
  await page.addInitScript(() => {
    const w = window as unknown as {
      __remixRouter?: {
        subscribe(cb: (s: { navigation: { state: string }; location: { pathname: string } }) => void): void;
      };
      __dashboardAt?: number;
    };
    const wait = setInterval(() => {
      if (!w.__remixRouter) return;
      clearInterval(wait);
      w.__remixRouter.subscribe((s) => {
        if (s.navigation.state === "idle" && s.location.pathname === "/dashboard" && w.__dashboardAt === undefined)
          w.__dashboardAt = performance.now();
      });
    }, 1);
  });
  await page.goto("/authentication/login");
  await waitForHydration(page);
  await submitLogin(page, "coordinator@school.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Carla Coordinator");
  const { at, late } = await page.evaluate(() => {
    const at = (window as unknown as { __dashboardAt: number }).__dashboardAt;
    const files = performance
      .getEntriesByType("resource")
      .filter((e) => e.name.includes("/locales/")) as PerformanceResourceTiming[];
    return {
      at,
      late: files.filter((f) => f.startTime > at || f.responseEnd > at).map((f) => new URL(f.name).pathname),
    };
  });
  expect(at).toBeGreaterThan(0);
  expect(late, "translation files still loading when the navigation ended").toEqual([]);
});
