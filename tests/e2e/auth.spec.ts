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

  test("the sign-in checks its fields in the browser once its check has loaded after the page; before, the server answers the same", async ({
    page,
  }) => {
    test.skip(test.info().project.name === "nojs", "the browser's check is JavaScript");
    // Issue 18: zod and the form's schema come after the page (app/components/later-checks.ts).
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    const check = page.waitForResponse((r) => /\/assets\/login-schema-[\w-]+\.js$/.test(r.url()));
    await page.goto("/authentication/login");
    await waitForHydration(page);
    await check;
    const email = page.getByLabel("Email");
    await email.fill("not-an-email");
    await page.getByLabel("Password").focus();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Email must contain @ and . in the correct format")).toBeVisible();
    // The fields' rules are on the inputs as the server rendered them (no zod needed for them).
    await expect(email).toHaveAttribute("required", "");
    await expect(email).toHaveAttribute("maxlength", "254");
    expect(posts).toEqual([]);

    // Before the check is in, conform asks the server (a validate post as the
    // field is left; the post itself on submit), which answers the same.
    await page.route(/\/assets\/login-schema-[\w-]+\.js$/, () => undefined); // never answers
    await page.goto("/authentication/login");
    await waitForHydration(page);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").focus();
    await expect(page.getByText("Email must contain @ and . in the correct format")).toBeVisible();
    await page.getByLabel("Password").fill("whatever");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email must contain @ and . in the correct format")).toBeVisible();
    await expect(page).toHaveURL(/\/authentication\/login$/);
    expect(posts.length, JSON.stringify(posts)).toBeGreaterThanOrEqual(2);
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
