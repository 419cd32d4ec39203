import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { PASSWORD, signIn, waitForHydration } from "./helpers";

// Issue 16 L2: guessing the current password on /profile locks the account
// as sign-in does. The shared e2e server's database (playwright.config.ts).
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
    ).run("Gus Guesser", email, passwordHash, now, now);
  } finally {
    db.close();
  }
}

test("five wrong current passwords on the profile lock the account", async ({ page }, testInfo) => {
  const email = `profile-lock-${testInfo.project.name}-${Date.now()}@school.test`;
  await createUser(email);
  await signIn(page, email);

  await page.goto("/profile");
  await waitForHydration(page);
  const dialog = page.getByRole("alertdialog", { name: "Account Locked" });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Current password", { exact: true }).fill(`not-my-password-${attempt}`);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
    await page.getByLabel("Confirm the new password", { exact: true }).fill("brand-new-pass-1");
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/profile"),
    );
    await page.getByRole("button", { name: "Change password" }).click();
    await answered;
    if (attempt < 5) {
      await expect(page.getByText("The current password is incorrect.")).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await waitForHydration(page);
    }
  }
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Account has been locked. Please contact the school administration.");

  // The session has ended: any page goes to sign-in, where the right password meets the same dialog.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/authentication\/login\?redirectTo=%2Fdashboard$/);
});
