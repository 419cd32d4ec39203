import { expect, test } from "@playwright/test";
import { jsEnabled, signIn } from "./helpers";

// ADR 051: a browser's first page carries the stylesheet inside it and asks
// for the file to be prefetched; once the browser holds the file (its answer
// sets the `css` cookie), every page links it instead. Both projects.

const SLATE_50 = "rgb(248, 250, 252)";

test("the first page inlines the styles; once the file is fetched, pages link it and look the same", async ({
  page,
}) => {
  await page.goto("/authentication/login");
  const head = page.locator("head");
  await expect(head.locator("style#app-css")).toHaveCount(1);
  await expect(head.locator('link[rel="stylesheet"]')).toHaveCount(0);
  const href = await head.locator("style#app-css").getAttribute("data-href");
  expect(href).toMatch(/^\/styles\/[\w-]{16}\.css$/);
  await expect(head.locator(`link[rel="prefetch"][href="${href}"]`)).toHaveCount(1);
  const styled = async () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await styled()).toBe(SLATE_50);

  // The prefetch's answer sets the cookie that says the browser holds the file.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "css")?.value, { timeout: 15_000 })
    .toBe(href!.slice("/styles/".length, -".css".length));

  await page.reload();
  await expect(head.locator("style#app-css")).toHaveCount(0);
  await expect(head.locator(`link#app-css[rel="stylesheet"][href="${href}"]`)).toHaveCount(1);
  expect(await styled()).toBe(SLATE_50);

  // Signed in, page after page, with or without JavaScript.
  await signIn(page, "admin@school.test");
  await expect(page.locator("head style#app-css")).toHaveCount(0);
  expect(await styled()).toBe(SLATE_50);
  await page.goto("/admin/students");
  await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
  expect(await styled()).toBe(SLATE_50);
  if (jsEnabled()) {
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Courses" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
    expect(await styled()).toBe(SLATE_50);
  }
});

test("the stylesheet file is cached for good and another build's version is not found", async ({ request }) => {
  const html = await (await request.get("/authentication/login")).text();
  const href = /<style id="app-css" data-href="([^"]+)"/.exec(html)?.[1];
  expect(href).toBeTruthy();
  const file = await request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("text/css");
  expect(file.headers()["cache-control"]).toMatch(/max-age=31536000.*immutable/);
  expect(await file.text()).toContain("--tw-");
  expect((await request.get("/styles/AAAAAAAAAAAAAAAA.css")).status()).toBe(404);
});
