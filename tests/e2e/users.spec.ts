import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import { type Page, expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { PASSWORD, jsEnabled, signIn, submitLogin, waitForHydration } from "./helpers";

// The server (tests/e2e/global-setup.ts) created and migrated this file.
const DB_FILE = fileURLToPath(new URL("../../data/e2e.db", import.meta.url));
const AVATAR = fileURLToPath(new URL("../fixtures/avatar.png", import.meta.url));

/** An email no other run or project uses. */
function uniqueEmail(label: string) {
  return `${label}-${test.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@school.test`;
}

/** A user of our own straight in the database, so no demo account is changed. */
async function createUser(label: string, role = "receptionist") {
  const email = uniqueEmail(label);
  const name = `E2E ${label} ${test.info().project.name}`;
  const passwordHash = await hash(PASSWORD);
  const db = new Database(DB_FILE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO users (name, email, password_hash, role, status, image, locale, failed_logins, locked_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'active', NULL, NULL, 0, NULL, ?, ?)`,
    ).run(name, email, passwordHash, role, now, now);
  } finally {
    db.close();
  }
  return { email, name };
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

test("admin creates a user with an initial password, and that user signs in", async ({ page }) => {
  const email = uniqueEmail("created");
  await signIn(page, "admin@school.test");
  await page.goto("/admin/users");
  await page.getByRole("link", { name: "Create user" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/new$/);
  await waitForHydration(page);

  // Only the server knows the email is taken: its message sits by the field,
  // the typed values stay (the password is never sent back).
  await page.getByLabel("Name").fill("Nora Newcomer");
  await page.getByLabel("Email").fill("admin@school.test");
  await page.getByLabel("Role").selectOption({ label: "Receptionist" });
  await page.getByLabel("Initial password").fill("newcomer-pass-1");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText("A user with this email already exists.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveValue("Nora Newcomer");
  if (!jsEnabled()) await expect(page.getByLabel("Initial password")).toHaveValue("");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Initial password").fill("newcomer-pass-1");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(toast(page)).toContainText("The user was created.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nora Newcomer");

  await signOut(page);
  await signIn(page, email, { password: "newcomer-pass-1", expectPath: "/dashboard" });
  await expect(page.locator("header")).toContainText("Nora Newcomer");
});

test("admin creates a user with a one-time link; the link sets the password once", async ({ page, browser }) => {
  const email = uniqueEmail("linked");
  await signIn(page, "admin@school.test");
  await page.goto("/admin/users/new");
  await waitForHydration(page);
  await page.getByLabel("Name").fill("Lina Linked");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role").selectOption({ label: "Coordinator" });
  await page.getByLabel("Create a one-time link so the user chooses the password").check();
  await page.getByRole("button", { name: "Create user" }).click();
  const field = page.getByLabel("One-time set-password link");
  await expect(field).toHaveValue(/\/authentication\/set-password\/[A-Za-z0-9_-]{43}$/);
  const link = await field.inputValue();

  const anonymous = await browser.newContext({ javaScriptEnabled: jsEnabled() });
  const other = await anonymous.newPage();
  await other.goto(link);
  await waitForHydration(other);
  await other.getByLabel("New password", { exact: true }).fill("linked-pass-2026");
  await other.getByLabel("Confirm the new password").fill("linked-pass-2026");
  await other.getByRole("button", { name: "Save password" }).click();
  await expect(other).toHaveURL(/\/authentication\/login$/);
  await expect(toast(other)).toContainText("Your password was saved. You can sign in now.");
  await other.goto(link);
  await expect(other.getByRole("alert")).toContainText("This link has already been used.");
  await signIn(other, email, { password: "linked-pass-2026" });
  await anonymous.close();
});

test("admin locks and unlocks a user", async ({ page, browser }) => {
  const user = await createUser("locked");
  await signIn(page, "admin@school.test");
  await page.goto(`/admin/users?q=${encodeURIComponent(user.email)}`);
  const row = page.getByRole("row").filter({ hasText: user.email });
  await expect(row).toContainText("Not locked");
  await row.getByRole("link", { name: user.name }).click();
  await waitForHydration(page);

  await page.getByRole("link", { name: "Lock", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Lock ${user.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Lock", exact: true }).click();
  await expect(toast(page)).toContainText("The user was locked.");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Locked", { exact: true })).toBeVisible();

  // The user now gets the Account Locked dialog.
  const other = await browser.newPage();
  await other.goto("/authentication/login");
  await waitForHydration(other);
  await submitLogin(other, user.email);
  await expect(other.getByRole("alertdialog", { name: "Account Locked" })).toBeVisible();

  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(toast(page)).toContainText("The user was unlocked.");
  await expect(page.getByText("Not locked")).toBeVisible();

  await other.goto("/authentication/login");
  await waitForHydration(other);
  await submitLogin(other, user.email);
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.close();

  // Both changes are in the audit log, linked from the users list.
  await page.goto("/admin/users");
  await page.locator("#main").getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("cell", { name: "User locked" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "User unlocked" }).first()).toBeVisible();
});

test("a user uploads a picture on the profile page and the header shows it", async ({ page }) => {
  const user = await createUser("avatar", "financial");
  await signIn(page, user.email);
  const header = page.locator("header summary img");
  await expect(header).toHaveAttribute("src", "/images/avatar-default.svg");

  await page.goto("/profile");
  await waitForHydration(page);
  await expect(page.getByLabel("Email")).toHaveValue(user.email);

  // Content decides, not the name: a text file called .png is refused.
  await page
    .getByLabel("New picture")
    .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByText("This file is not a PNG, JPEG or WebP picture.")).toBeVisible();

  // Over 2 MB: a message, not a broken connection (3 MB is over the upload
  // limit too: refused before it is read, ADR 026).
  await page
    .getByLabel("New picture")
    .setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByText("The picture is larger than 2 MB.")).toBeVisible();

  await page.getByLabel("New picture").setInputFiles(AVATAR);
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(toast(page)).toContainText("The picture was saved.");
  await expect(header).toHaveAttribute("src", /^\/v1\/api\/images\/[a-f0-9]{32}\.png$/);
  const src = (await header.getAttribute("src")) ?? "";
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  await expect(page.getByRole("img", { name: "Current profile picture" })).toHaveAttribute("src", src);
});

test("a user changes their password on the profile page", async ({ page }) => {
  const user = await createUser("password");
  await signIn(page, user.email);
  await page.goto("/profile");
  await waitForHydration(page);

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("changed-pass-2026");
  await page.getByLabel("Confirm the new password").fill("changed-pass-2026");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is incorrect.")).toBeVisible();
  if (!jsEnabled()) await expect(page.getByLabel("Current password")).toHaveValue("");

  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("changed-pass-2026");
  await page.getByLabel("Confirm the new password").fill("changed-pass-2026");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page)).toContainText("Your password was changed.");

  await signOut(page);
  await page.goto("/authentication/login");
  await waitForHydration(page);
  await submitLogin(page, user.email, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  await signIn(page, user.email, { password: "changed-pass-2026" });
});

test("a coordinator gets Access Denied on /admin/users", async ({ page }) => {
  await signIn(page, "coordinator@school.test");
  await page.goto("/admin/users");
  await expect(page.getByRole("alertdialog", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toContainText("You don't have access to this section.");
  await expect(page.getByRole("heading", { name: "Users" })).toHaveCount(0);
});
