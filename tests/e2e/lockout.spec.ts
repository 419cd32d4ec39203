import { expect, test } from "@playwright/test";
import { createStaffUser } from "./db";
import { PASSWORD, submitLogin, waitForHydration } from "./helpers";

test("five wrong passwords lock the account", async ({ page }, testInfo) => {
  const email = `lockout-${testInfo.project.name}-${Date.now()}@school.test`;
  await createStaffUser("Lena Lockout", email);

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

  // The dialog's OK goes back to a fresh login page, the email still in its field (issue 19), the password not.
  await dialog.getByRole("link", { name: "OK" }).click();
  await expect(dialog).toHaveCount(0);
  await waitForHydration(page);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");

  // Now even the right password is refused with the same dialog.
  await submitLogin(page, email, PASSWORD);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Account has been locked. Please contact the school administration.");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/authentication\/login\?redirectTo=%2Fdashboard$/);
});
