import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { solidPng } from "../helpers/images";
import { E2E_DB_FILE, dbRow, withE2eDb } from "./db";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// Issue 15, in both projects (with and without JavaScript): the admin changes
// the school's name, time zone and default language and uploads a logo; the
// header, the sign-in page and the PDFs show it; the logo is removed again.
//
// The settings are the whole school's, and the other specs run meanwhile:
// the name keeps "Horizon English School" in it (roles.spec finds the header
// link by it), the zone has Guayaquil's offset all year (no date moves), and
// the js and nojs runs of this test take turns (a lock directory). Whatever
// happens, the demo's settings are put back at the end.

const LOCK = path.join(path.dirname(E2E_DB_FILE), "settings-e2e.lock");

async function exclusive(run: () => Promise<void>) {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // A lock left by a run that was killed is taken over after a minute.
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 60_000) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // Removed meanwhile by its owner.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    await run();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function restoreDemoSettings() {
  withE2eDb((db) => {
    db.prepare("UPDATE settings SET value = 'Horizon English School' WHERE key = 'school_name'").run();
    db.prepare("UPDATE settings SET value = 'America/Guayaquil' WHERE key = 'time_zone'").run();
    db.prepare("DELETE FROM settings WHERE key IN ('default_language', 'logo')").run();
  });
}

const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });
const header = (page: Page) => page.locator("header").first();

async function openSettings(page: Page) {
  await page.goto("/admin/settings");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "School settings" })).toBeVisible();
}

test("the admin changes the school's settings and logo; header, sign-in page and PDFs follow", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const name = `Horizon English School ${jsEnabled() ? "Quito" : "Cuenca"}`;
  const logo = solidPng(96, 32, [0xf7, 0x31, 0x64]);

  await exclusive(async () => {
    try {
      await signIn(page, "admin@school.test");
      // The menu leads there.
      await page.getByRole("navigation").getByRole("link", { name: "School settings" }).click();
      await expect(page).toHaveURL(/\/admin\/settings$/);
      await waitForHydration(page);
      await expect(page.getByLabel("School name")).toHaveValue(/^Horizon English School/);

      // Bad input first: a message by the field, nothing saved.
      await page.getByLabel("School name").fill("   ");
      if (!jsEnabled()) await page.locator("form#settings").evaluate((f) => ((f as HTMLFormElement).noValidate = true));
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Enter the school's name.")).toBeVisible();
      await expect(page.getByLabel("School name")).toHaveAttribute("aria-invalid", "true");
      expect(dbRow<{ value: string }>("SELECT value FROM settings WHERE key = 'school_name'")?.value).toBe(
        "Horizon English School",
      );

      await openSettings(page);
      await page.getByLabel("School name").fill(name);
      await page.getByLabel("Time zone").selectOption("America/Bogota");
      await page.getByLabel("Default language").selectOption("es");
      await page
        .getByLabel("Logo", { exact: true })
        .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
      await page.getByRole("button", { name: "Save" }).click();
      await expect(toast(page)).toContainText("School settings saved.");

      // What the database holds, and its audit line.
      const file = dbRow<{ value: string }>("SELECT value FROM settings WHERE key = 'logo'")?.value ?? "";
      expect(file).toMatch(/^[a-f0-9]{32}\.png$/);
      expect(dbRow<{ value: string }>("SELECT value FROM settings WHERE key = 'time_zone'")?.value).toBe(
        "America/Bogota",
      );
      expect(dbRow<{ value: string }>("SELECT value FROM settings WHERE key = 'default_language'")?.value).toBe("es");
      const logged = dbRow<{ details: string }>(
        "SELECT details FROM audit_log WHERE action = 'settings.updated' ORDER BY id DESC LIMIT 1",
      );
      expect(JSON.parse(logged?.details ?? "{}")).toMatchObject({
        school_name: { to: name },
        time_zone: { to: "America/Bogota" },
        logo: { to: file },
      });

      // The page shows the saved values; the header the new name and logo.
      await expect(page.getByLabel("School name")).toHaveValue(name);
      await expect(page.getByLabel("Time zone")).toHaveValue("America/Bogota");
      await expect(page.getByLabel("Default language")).toHaveValue("es");
      await expect(header(page).getByRole("link", { name })).toBeVisible();
      const headerLogo = header(page).locator("img[data-school-logo]");
      await expect(headerLogo).toHaveAttribute("src", `/school-logo/${file}`);
      await expect(header(page).locator("[data-school-initial]")).toHaveCount(0);
      const served = await page.request.get(`/school-logo/${file}`);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/png");
      expect(Buffer.from(await served.body()).equals(logo)).toBe(true);
      // A logo three times as wide as it is high still fits a 320px phone's header.
      await expect.poll(() => headerLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(96);
      await page.setViewportSize({ width: 320, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await page.setViewportSize({ width: 1280, height: 800 });

      // A PDF still comes out, now with an image (the logo) in it.
      await page.goto("/admin/courses");
      // A demo course with students (pdf.spec opens the same one as its professor).
      const href = await page.getByRole("link", { name: "ADU-A1-MW-0911" }).first().getAttribute("href");
      const id = /^\/admin\/courses\/(\d+)$/.exec(href ?? "")?.[1];
      expect(id, "the demo course ADU-A1-MW-0911 on /admin/courses").toBeTruthy();
      const pdf = await page.request.get(`/admin/courses/${id}/report.pdf?all=1`);
      expect(pdf.status(), await pdf.text()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      const bytes = Buffer.from(await pdf.body());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(bytes.toString("latin1")).toMatch(/\/Subtype\s*\/Image/);

      // The sign-in page, for a visitor whose browser asks for none of the app's languages: the default one.
      const visitor = await browser.newContext({
        locale: "de-DE",
        javaScriptEnabled: info.project.use.javaScriptEnabled,
      });
      try {
        const signInPage = await visitor.newPage();
        await signInPage.goto("/authentication/login");
        await expect(signInPage.locator("html")).toHaveAttribute("lang", "es");
        await expect(signInPage.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
        await expect(header(signInPage)).toContainText(name);
        await expect(header(signInPage).locator("img[data-school-logo]")).toHaveAttribute(
          "src",
          `/school-logo/${file}`,
        );
        // The logo is public: the visitor's browser loaded it.
        await expect
          .poll(() =>
            header(signInPage)
              .locator("img[data-school-logo]")
              .evaluate((img) => (img as HTMLImageElement).naturalWidth),
          )
          .toBe(96);
      } finally {
        await visitor.close();
      }

      // Removing the logo: the initial stands in, the file is no longer served.
      await openSettings(page);
      await page.getByRole("button", { name: "Remove logo" }).click();
      await expect(toast(page)).toContainText("Logo removed.");
      await expect(header(page).locator("img[data-school-logo]")).toHaveCount(0);
      await expect(header(page).locator("[data-school-initial]")).toHaveText("H");
      expect(dbRow("SELECT value FROM settings WHERE key = 'logo'")).toBeUndefined();
      expect((await page.request.get(`/school-logo/${file}`)).status()).toBe(404);
    } finally {
      restoreDemoSettings();
    }
  });
});
