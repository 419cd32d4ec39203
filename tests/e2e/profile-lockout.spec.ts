import { expect, test } from "@playwright/test";
import { createStaffUser } from "./db";
import { signIn, waitForHydration } from "./helpers";

// Issue 16 L2: guessing the current password on /profile locks the account
// as sign-in does.

test("five wrong current passwords on the profile lock the account", async ({ page }, testInfo) => {
  const email = `profile-lock-${testInfo.project.name}-${Date.now()}@school.test`;
  await createStaffUser("Gus Guesser", email);
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
