import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

const SIDEBARS = {
  // Issue 19: one order for every staff role, each role seeing the entries its
  // capabilities open (PRODUCT 2): the spec's destinations, plus Professors,
  // Grade bands, Audit log and School settings where the role may use them.
  "admin@school.test": [
    "Dashboard",
    "Students",
    "Registered students",
    "Transfer students",
    "Courses",
    "Professors",
    "Teachers",
    "Syllabus",
    "Grade bands",
    "Holidays",
    "Users",
    "Audit log",
    "Outbox",
    "FAQ",
    "School settings",
  ],
  "coordinator@school.test": [
    "Dashboard",
    "Students",
    "Transfer students",
    "Courses",
    "Professors",
    "Teachers",
    "Syllabus",
    "Grade bands",
    "Holidays",
    "FAQ",
  ],
  "reception@school.test": [
    "Dashboard",
    "Students",
    "Registered students",
    "Transfer students",
    "Professors",
    "Teachers",
  ],
  "finance@school.test": ["Dashboard", "Students", "Registered students", "Transfer students"],
} as const;

for (const [email, items] of Object.entries(SIDEBARS)) {
  test(`${email}: the sidebar lists the role's destinations in order`, async ({ page }) => {
    await signIn(page, email);
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText([...items]);
    // The logo links home; the header shows the 35x35 avatar.
    await expect(page.locator("header").getByRole("link", { name: "Horizon English School" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    await expectAvatar(page);
  });
}

test("professor: horizontal menu with Home and FAQ", async ({ page }) => {
  await signIn(page, "professor@school.test");
  const nav = page.getByRole("navigation", { name: "Main menu" });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link")).toHaveText(["Home", "FAQ"]);
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/teachers");
  await expect(nav.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/teachers/faq");
  // No sidebar toggle for the horizontal layout.
  await expect(page.getByRole("button", { name: "Close the menu" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open the menu" })).toHaveCount(0);
  await expect(page.locator("header").getByRole("link", { name: "Horizon English School" })).toHaveAttribute(
    "href",
    "/teachers",
  );
  await expectAvatar(page);
});

test("a professor visiting staff pages ends on /teachers", async ({ page }) => {
  await signIn(page, "professor3@school.test");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/teachers$/);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/teachers$/);
  await page.goto("/coordinator/faq");
  await expect(page).toHaveURL(/\/teachers$/);
});

test("an admin visiting the teachers' FAQ ends on /dashboard", async ({ page }) => {
  await signIn(page, "admin@school.test");
  await page.goto("/teachers/faq");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the logo takes a staff user home from another page", async ({ page }) => {
  await signIn(page, "coordinator@school.test");
  await page.goto("/teachers");
  await expect(page).toHaveURL(/\/teachers$/);
  await page.locator("header").getByRole("link", { name: "Horizon English School" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Carla Coordinator");
});

async function expectAvatar(page: import("@playwright/test").Page) {
  const avatar = page.locator("header summary img");
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute("width", "35");
  await expect(avatar).toHaveAttribute("height", "35");
  const box = await avatar.boundingBox();
  expect(box?.width).toBeCloseTo(35, 0);
  expect(box?.height).toBeCloseTo(35, 0);
  // The image really exists.
  const src = await avatar.getAttribute("src");
  // eslint-disable-next-line playwright/prefer-web-first-assertions -- the image is fetched below
  expect(src).toBeTruthy();
  expect((await page.request.get(src!)).status()).toBe(200);
}
