import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { PASSWORD, submitLogin, waitForHydration } from "./helpers";

// The server (tests/e2e/global-setup.ts) created and migrated this file before any test runs
// (data/e2e.db beside the config file).
const DB_FILE = fileURLToPath(new URL("../../data/e2e.db", import.meta.url));

/** A dedicated receptionist for this test, so no demo account gets locked. */
async function createUser(email: string) {
  const passwordHash = await hash(PASSWORD);
  const db = new Database(DB_FILE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO users (name, email, password_hash, role, status, image, locale, failed_logins, locked_at, created_at, updated_at)
       VALUES (?, ?, ?, 'receptionist', 'active', NULL, NULL, 0, NULL, ?, ?)`,
    ).run("Lena Lockout", email, passwordHash, now, now);
  } finally {
    db.close();
  }
}

test("five wrong passwords lock the account", async ({ page }, testInfo) => {
  const email = `lockout-${testInfo.project.name}-${Date.now()}@school.test`;
  await createUser(email);

  await page.goto("/authentication/login");
  await waitForHydration(page);
  const dialog = page.getByRole("alertdialog", { name: "Account Locked" });
  for (let attempt = 1; attempt <= 4; attempt++) {
    await submitLogin(page, email, `wrong-password-${attempt}`);
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
    await expect(dialog).toHaveCount(0);
  }
  await submitLogin(page, email, "wrong-password-5");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Account has been locked. Please contact the school administration.");
  await expect(page).toHaveURL(/\/authentication\/login/);

  // The dialog's OK goes back to a fresh login page.
  await dialog.getByRole("link", { name: "OK" }).click();
  await expect(dialog).toHaveCount(0);
  await waitForHydration(page);

  // Now even the right password is refused with the same dialog.
  await submitLogin(page, email, PASSWORD);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Account has been locked. Please contact the school administration.");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/authentication\/login\?redirectTo=%2Fdashboard$/);
});
