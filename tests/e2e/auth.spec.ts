import { expect, test } from "@playwright/test";
import { PASSWORD, PROFESSORS, STAFF, openMenu, signIn, submitLogin, waitForHydration } from "./helpers";

test.describe("sign-in", () => {
  for (const user of STAFF) {
    test(`${user.email} signs in and lands on /dashboard`, async ({ page }) => {
      await signIn(page, user.email);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(user.name);
      await expect(page.locator("header")).toContainText(user.name);
    });
  }

  for (const user of PROFESSORS) {
    test(`${user.email} signs in and lands on /teachers`, async ({ page }) => {
      await signIn(page, user.email);
      await expect(page).toHaveURL(/\/teachers$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(user.name);
    });
  }

  test("the student account signs in to the portal (/student), and a staff page sends it back there", async ({
    page,
  }) => {
    await page.goto("/authentication/login");
    await waitForHydration(page);
    await submitLogin(page, "student@school.test");
    await expect(page).toHaveURL(/\/student$/);
    await expect(page.getByRole("heading", { name: "Current courses" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/student$/);
  });

  test("a wrong password shows the error above the form and keeps the email", async ({ page }) => {
    await page.goto("/authentication/login");
    await waitForHydration(page);
    await submitLogin(page, "coordinator@school.test", "not-the-password");
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("The email or password is incorrect.");
    await expect(page).toHaveURL(/\/authentication\/login/);
    await expect(page.getByLabel("Email")).toHaveValue("coordinator@school.test");
    // The message sits above the fields, inside the form.
    const alertBox = await alert.boundingBox();
    const emailBox = await page.getByLabel("Email").boundingBox();
    expect(alertBox && emailBox && alertBox.y < emailBox.y).toBeTruthy();
    // The right password still works afterwards.
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an anonymous visit keeps redirectTo and sign-in returns there", async ({ page }) => {
    await page.goto("/admin/students");
    await expect(page).toHaveURL(/\/authentication\/login\?redirectTo=%2Fadmin%2Fstudents$/);
    await waitForHydration(page);
    await submitLogin(page, "admin@school.test");
    await expect(page).toHaveURL(/\/admin\/students$/);
  });

  test("an anonymous visit to / goes to the login page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/authentication\/login$/);
  });
});

test.describe("signed in", () => {
  test("logout from the profile menu ends the session", async ({ page }) => {
    await signIn(page, "reception@school.test");
    await openMenu(page, "Profile menu");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/authentication\/login$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/authentication\/login\?redirectTo=%2Fdashboard$/);
  });

  test("a signed-in user visiting the login page is sent home", async ({ page }) => {
    await signIn(page, "finance@school.test");
    await page.goto("/authentication/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/authentication");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a signed-in professor visiting the login page is sent to /teachers", async ({ page }) => {
    await signIn(page, "professor2@school.test");
    await page.goto("/authentication/login");
    await expect(page).toHaveURL(/\/teachers$/);
  });
});
