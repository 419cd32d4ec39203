import { expect, test } from "@playwright/test";
import { dbRow, withE2eDb } from "./db";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// Issue 21: staff invite a student to the portal from the student's page; with
// no SMTP_URL (the e2e server has none) the e-mail waits in the admin's
// outbox, whose link sets the student's password once. The portal itself is
// another page's; here the password is stored and the link is spent.

function insertStudent() {
  const tag = `${test.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `invite-${tag}@example.com`;
  const now = new Date().toISOString();
  const idNumber = `9${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 1e3)}`.slice(0, 12);
  const id = withE2eDb(
    (db) =>
      db
        .prepare(
          `INSERT INTO students (first_name, middle_name, last_name, second_last_name, id_number, birthday, phone_number,
             email, address, age_category, level_id, schedule, same_billing, status, created_at, updated_at)
           VALUES ('Inés', '', 'Invitada', ?, ?, '1995-03-04', '0991234567', ?, 'Calle 1', 'adults', 1,
             'MON-WED-09-11', 1, 'active', ?, ?)`,
        )
        .run(tag.slice(0, 40), idNumber, email, now, now).lastInsertRowid,
  );
  return { id: Number(id), email };
}

const toast = (page: import("@playwright/test").Page) => page.getByRole("status").filter({ hasText: /\S/ });

test("staff invite a student; the admin's outbox shows the e-mail and its link sets the password once", async ({
  page,
  browser,
}) => {
  const student = insertStudent();
  await signIn(page, "reception@school.test");
  await page.goto(`/admin/students/${student.id}`);
  await waitForHydration(page);
  const portal = page.getByRole("region", { name: "Student portal" });
  await expect(portal).toContainText("Not invited to the student portal yet.");
  await portal.getByLabel("Language of the e-mail").selectOption("es");
  await portal.getByRole("button", { name: "Invite to the student portal" }).click();
  await expect(toast(page)).toContainText("Invitation queued in the outbox.");
  await expect(portal).toContainText("Invited, has not chosen a password yet.");
  await expect(portal.getByRole("button", { name: "Send a new invitation" })).toBeVisible();
  const user = dbRow<{ id: number; role: string; locale: string; password_hash: string | null }>(
    "SELECT users.id, users.role, users.locale, users.password_hash FROM users JOIN students ON students.user_id = users.id WHERE students.id = ?",
    student.id,
  );
  expect(user).toMatchObject({ role: "student", locale: "es", password_hash: null });

  // The admin reads it in the outbox (the e2e server has no SMTP_URL).
  await page.context().clearCookies();
  await signIn(page, "admin@school.test");
  await page.goto("/admin/outbox?status=queued");
  await waitForHydration(page);
  const card = page.getByRole("listitem").filter({ hasText: student.email });
  await expect(card).toContainText("Su acceso al portal de estudiantes");
  await expect(card).toContainText("Portal invitation");
  const anchor = card.getByRole("link", { name: /\/authentication\/set-password\// });
  const link = await anchor.getAttribute("href");
  expect(link).toMatch(/^http:\/\/localhost:\d+\/authentication\/set-password\/[A-Za-z0-9_-]{43}$/);

  const anonymous = await browser.newContext({ javaScriptEnabled: jsEnabled() });
  const other = await anonymous.newPage();
  await other.goto(link!);
  await waitForHydration(other);
  await other.getByLabel("New password", { exact: true }).fill("student-pass-2026");
  await other.getByLabel("Confirm the new password").fill("student-pass-2026");
  await other.getByRole("button", { name: "Save password" }).click();
  await expect(other).toHaveURL(/\/authentication\/login$/);
  await expect(other.getByRole("status").filter({ hasText: /\S/ })).toContainText("Your password was saved.");
  const saved = dbRow<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE id = ?", user!.id);
  expect(saved?.password_hash).toMatch(/^\$argon2/);
  await other.goto(link!);
  await expect(other.getByRole("alert")).toContainText("This link has already been used.");
  await anonymous.close();

  // The student's page now says the student has access.
  await page.goto(`/admin/students/${student.id}`);
  await expect(page.getByRole("region", { name: "Student portal" })).toContainText("Has access to the student portal.");
});
