import { type Page, expect, test } from "@playwright/test";
import { dbRow, dbRows, withE2eDb } from "./db";
import { jsEnabled, openMenu, signIn } from "./helpers";

// Issue 15: the menu's search, bookmarks and pinned entries (stored per user,
// kept over sign-out), and the professors' menu folded at 1006px and narrower.
// Both projects run at once against one server: each test that writes gets
// users of its own, named after the project, so no other test sees its rows.

/** A user of its own (the demo receptionist's or professor's password), created once. */
function ownUser(name: string, role: "receptionist" | "professor"): string {
  const email = `menu-${name}-${test.info().project.name}@school.test`;
  withE2eDb((db) => {
    const model = db
      .prepare("select password_hash from users where email = ?")
      .get(role === "professor" ? "professor@school.test" : "reception@school.test") as { password_hash: string };
    const now = new Date().toISOString();
    db.prepare(
      "insert into users (name, email, password_hash, role, status, image, locale, failed_logins, locked_at, created_at, updated_at) values (?, ?, ?, ?, 'active', null, null, 0, null, ?, ?) on conflict (email) do nothing",
    ).run(`Menu ${name}`, email, model.password_hash, role, now, now);
    const { id } = db.prepare("select id from users where email = ?").get(email) as { id: number };
    db.prepare("delete from menu_bookmarks where user_id = ?").run(id);
    db.prepare("delete from menu_pins where user_id = ?").run(id);
  });
  return email;
}

const userId = (email: string) => dbRow<{ id: number }>("select id from users where email = ?", email)!.id;
const menu = (page: Page) => page.getByRole("navigation", { name: "Main menu" });
const RECEPTION_MENU = ["Dashboard", "Students", "Registered students", "Transfer students", "Professors", "Teachers"];

async function signOut(page: Page, name: string) {
  await openMenu(page, name);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/authentication\/login$/);
}

test("the menu search lists the matching destinations (a GET form without JavaScript, live with it)", async ({
  page,
}) => {
  await signIn(page, "reception@school.test");
  const search = menu(page).getByRole("searchbox", { name: "Search the menu" });
  if (jsEnabled()) {
    await search.fill("stud");
  } else {
    await search.fill("stud");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\?menu_q=stud$/);
  }
  await expect(menu(page).getByRole("status")).toHaveText("3 destinations found");
  await expect(menu(page).getByRole("list").first().getByRole("link")).toHaveText([
    "Students",
    "Registered students",
    "Transfer students",
  ]);
  // Accents and case do not matter; nothing found says so.
  await search.fill("PROFÉSSORS");
  if (!jsEnabled()) await search.press("Enter");
  await expect(menu(page).getByRole("list").first().getByRole("link")).toHaveText(["Professors"]);
  await search.fill("zzz");
  if (!jsEnabled()) await search.press("Enter");
  await expect(menu(page).getByRole("status")).toHaveText("0 destinations found");
  await menu(page).getByRole("link", { name: "Clear the search" }).click();
  await expect(menu(page).getByRole("link")).toHaveText(RECEPTION_MENU);
  await expect(menu(page).getByRole("status")).toHaveText("");
});

test("a star in the header bookmarks the page; the menu lists it; it survives sign-out; it can be removed", async ({
  page,
}) => {
  const email = ownUser("bookmark", "receptionist");
  await signIn(page, email);
  await page.goto("/profile");
  const star = page.locator("header").getByRole("button", { name: "Bookmark this page" });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  const bookmarks = menu(page).getByRole("region", { name: "Bookmarks" });
  await expect(bookmarks.getByRole("link", { name: "My profile" })).toHaveAttribute("href", "/profile");
  await expect
    .poll(() => dbRows("select path, label from menu_bookmarks where user_id = ?", userId(email)))
    .toEqual([{ path: "/profile", label: "My profile" }]);

  // Found by the menu search too.
  await page.goto("/dashboard?menu_q=profile");
  await expect(menu(page).getByRole("status")).toHaveText("1 destination found");
  await expect(bookmarks.getByRole("link", { name: "My profile" })).toBeVisible();

  await signOut(page, "Menu bookmark");
  await signIn(page, email);
  await bookmarks.getByRole("link", { name: "My profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(star).toHaveAttribute("aria-pressed", "true");

  await bookmarks.getByRole("button", { name: "Remove the bookmark My profile" }).click();
  await expect(bookmarks.getByRole("link")).toHaveCount(0);
  await expect(bookmarks).toContainText("No bookmarks yet");
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => dbRows("select path from menu_bookmarks where user_id = ?", userId(email))).toEqual([]);
});

test("a pinned menu entry moves to the top, stays there after sign-out, and goes back when unpinned", async ({
  page,
}) => {
  const email = ownUser("pin", "receptionist");
  await signIn(page, email);
  const links = menu(page).getByRole("list").first().getByRole("link");
  await expect(links).toHaveText(RECEPTION_MENU);
  const pin = menu(page).getByRole("button", { name: "Pin Teachers to the top" });
  await expect(pin).toHaveAttribute("aria-pressed", "false");
  await pin.click();
  await expect(links).toHaveText(["Teachers", ...RECEPTION_MENU.filter((l) => l !== "Teachers")]);
  await expect(pin).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(() => dbRows("select item_id from menu_pins where user_id = ?", userId(email)))
    .toEqual([{ item_id: "teachers" }]);

  await signOut(page, "Menu pin");
  await signIn(page, email);
  await expect(links).toHaveText(["Teachers", ...RECEPTION_MENU.filter((l) => l !== "Teachers")]);
  await menu(page).getByRole("button", { name: "Pin Teachers to the top" }).click();
  await expect(links).toHaveText(RECEPTION_MENU);
  await expect.poll(() => dbRows("select item_id from menu_pins where user_id = ?", userId(email))).toEqual([]);
});

test("a professor pins and bookmarks in the horizontal menu", async ({ page }) => {
  const email = ownUser("professor", "professor");
  await signIn(page, email, { expectPath: "/teachers" });
  const links = menu(page).getByRole("list").getByRole("link");
  await expect(links).toHaveText(["Home", "FAQ"]);
  await menu(page).getByRole("button", { name: "Pin FAQ to the top" }).click();
  await expect(links).toHaveText(["FAQ", "Home"]);
  // Saved before leaving the page (with JavaScript the pin is posted in the background).
  await expect.poll(() => dbRows("select item_id from menu_pins where user_id = ?", userId(email))).toHaveLength(1);
  await page.goto("/profile");
  await page.locator("header").getByRole("button", { name: "Bookmark this page" }).click();
  await expect(links).toHaveText(["FAQ", "Home", "Bookmark: My profile"]);
  await expect
    .poll(() => dbRows("select path from menu_bookmarks where user_id = ?", userId(email)))
    .toEqual([{ path: "/profile" }]);
});

test.describe("the professors' menu at 1000px", () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test("is folded behind the menu toggle, which opens and closes it", async ({ page }) => {
    await signIn(page, "professor2@school.test");
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Close the menu" })).toBeHidden();
    await page.getByRole("button", { name: "Open the menu" }).click();
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole("link", { name: "Home" })).toBeVisible();
    await expect(menu(page).getByRole("link", { name: "FAQ" })).toBeVisible();
    // One under the other, not side by side.
    const home = (await menu(page).getByRole("link", { name: "Home" }).boundingBox())!;
    const faq = (await menu(page).getByRole("link", { name: "FAQ" }).boundingBox())!;
    expect(faq.y).toBeGreaterThan(home.y);
    await page.getByRole("button", { name: "Close the menu" }).click();
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open the menu" })).toBeVisible();
  });
});

test("at 1280px the professors' horizontal menu shows, without a toggle", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "professor2@school.test");
  await expect(menu(page)).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Home" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open the menu" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Close the menu" })).toBeHidden();
  const home = (await menu(page).getByRole("link", { name: "Home" }).boundingBox())!;
  const faq = (await menu(page).getByRole("link", { name: "FAQ" }).boundingBox())!;
  expect(Math.abs(faq.y - home.y)).toBeLessThan(2);
});

// Issue 15: the syllabus page listed Private Classes second among the kids' levels.
test("the syllabus page lists each age's levels in PRODUCT 3's order, Private Classes last", async ({ page }) => {
  await signIn(page, "coordinator@school.test");
  await page.goto("/admin/syllabus");
  const levels = page.getByRole("navigation", { name: "Levels" });
  const names = async (age: string) =>
    (
      await levels
        .locator("div")
        .filter({ has: page.getByRole("heading", { name: age }) })
        .getByRole("link")
        .allTextContents()
    ).map((t) => t.replace(/\s*\(.*\)\s*$/, "").trim());
  expect(await names("Adults")).toEqual([
    "Pre-A1",
    "A1",
    "A2",
    "B1",
    "B1+",
    "B2 First",
    "B2 Upper Intermediate",
    "Private Classes",
  ]);
  expect(await names("Kids")).toEqual(["Pre-A1", "A1.1", "A1.2", "A2.1", "A2.2", "B1.1", "B1.2", "Private Classes"]);
});
