import { type Browser, type Page, expect, test } from "@playwright/test";
import { signInByForm } from "./helpers";

// Zoom and small screens (issue 11, item 4): at 320px wide, and at 1280px
// zoomed to 200% (the browser then lays the page out 640 CSS px wide), the
// main pages of each role never scroll sideways; only data tables do, inside
// their own overflow-x box. Each page is loaded once and resized, in English
// and in Arabic (right to left overflows to the left). Read-only.

test.skip(() => test.info().project.name === "nojs", "the same HTML and CSS as with JavaScript");

const WIDTHS = [320, 640];

async function open(browser: Browser, locale: "en" | "ar", email?: string) {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (email) await signInByForm(page, email);
  return page;
}

/** What is wrong with the page at this width: a sideways scroll, or a table outside a scrolling box. */
function problems(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page is ${root.scrollWidth}px wide in ${root.clientWidth}px`);
    for (const table of document.querySelectorAll("table")) {
      let scroller: Element | null = table.parentElement;
      while (scroller && !["auto", "scroll"].includes(getComputedStyle(scroller).overflowX))
        scroller = scroller.parentElement;
      if (!scroller)
        found.push(`table "${table.querySelector("caption")?.textContent ?? ""}" is not in a box that scrolls`);
    }
    return found;
  });
}

async function checkPages(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await expect(page.locator("main#main")).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      expect(
        await problems(page),
        `${path} at ${width}px (${await page.locator("html").getAttribute("lang")})`,
      ).toEqual([]);
    }
  }
}

for (const lng of ["en", "ar"] as const) {
  test(`${lng}: login and registration fit 320px and 200% zoom`, async ({ browser }) => {
    const page = await open(browser, lng);
    await checkPages(page, ["/authentication/login", "/students-registration/personal"]);
    await page.context().close();
  });

  test(`${lng}: the staff's dashboard and lists fit 320px and 200% zoom`, async ({ browser }) => {
    const page = await open(browser, lng, "admin@school.test");
    await checkPages(page, ["/dashboard", "/admin/students", "/admin/courses"]);
    await page.context().close();
  });

  test(`${lng}: a course's attendance and gradebook fit 320px and 200% zoom`, async ({ browser }) => {
    const page = await open(browser, lng, "professor3@school.test");
    const href = await page.getByRole("link", { name: "ADU-B1-MW-1921", exact: true }).first().getAttribute("href");
    const course = href!.replace(/\/home$/, "");
    await checkPages(page, [`${course}/attendance`, `${course}/gradebook`]);
    await page.context().close();
  });
}
