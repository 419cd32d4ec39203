import fs from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { dbRow, dbRows, withE2eDb } from "./db";
import { jsEnabled, signIn, signInByForm, submitLogin, waitForHydration } from "./helpers";

// Issue 15: the error catalogue (spec 8, PRODUCT 10) and the sign-in's email rule.

const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

function locale(lng: string, ns: string) {
  return JSON.parse(fs.readFileSync(new URL(`../../public/locales/${lng}/${ns}.json`, import.meta.url), "utf8"));
}

/** A transfer of this test's own between two demo courses (none of the demo's pending ones, which other specs use). */
function insertTransfer(status: "pending" | "rejected") {
  const [from, to] = dbRows<{ id: number }>("select id from courses order by id limit 2");
  const now = new Date().toISOString();
  return withE2eDb(
    (db) =>
      db
        .prepare(
          "insert into transfers (is_group, from_course_id, selected_course_id, selected_level_id, reason, status, created_at, updated_at) values (0, ?, ?, 1, 'issue 15', ?, ?, ?) returning id",
        )
        .get(from.id, to.id, status, now, now) as { id: number },
  ).id;
}

test.describe("a failed form post without a message", () => {
  test("shows the toast 'Oops! Something went wrong!' on the page it came from, not an error page", async ({
    page,
  }) => {
    await signIn(page, "admin@school.test");
    // A form of this site posting where no action answers (Remix refuses it
    // with its own 405 text): the server says nothing a person can read.
    await page.route(
      (url) => url.pathname === "/dashboard" && url.searchParams.get("probe") === "1",
      (route) =>
        route.fulfill({
          contentType: "text/html",
          body: '<!doctype html><html lang="en"><title>probe</title><main><form method="post" action="/dashboard"><input name="note" value="x"><button>Send</button></form></main></html>',
        }),
      { times: 1 },
    );
    await page.goto("/dashboard?probe=1");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/dashboard\?probe=1$/);
    await expect(toast(page)).toHaveText("Oops! Something went wrong!");
    // The page itself, not an error page, and nothing of Remix's text.
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
    await expect(page.locator("body")).not.toContainText("did not provide");
  });

  test("a form no page sends (an unknown intent) gets the same toast, back on the page", async ({ page }) => {
    await signIn(page, "coordinator@school.test");
    await page.route(
      (url) => url.pathname === "/profile" && url.searchParams.get("probe") === "1",
      (route) =>
        route.fulfill({
          contentType: "text/html",
          body: '<!doctype html><html lang="en"><title>probe</title><main><form method="post" action="/profile"><input name="intent" value="nonsense"><button>Send</button></form></main></html>',
        }),
      { times: 1 },
    );
    await page.goto("/profile?probe=1");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/profile\?probe=1$/);
    await expect(toast(page)).toHaveText("Oops! Something went wrong!");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My profile");
  });

  test("with JavaScript, the same post as Remix sends it (a data request) gets the same toast", async ({ page }) => {
    test.skip(!jsEnabled(), "a client-side submission needs JavaScript");
    await signIn(page, "coordinator@school.test");
    await page.goto("/profile");
    await waitForHydration(page);
    // What a Remix form on /profile sends, and what the client does with the
    // answer: a redirect (204 + X-Remix-Redirect) is followed by a navigation.
    const redirect = await page.evaluate(async () => {
      const response = await fetch("/profile?_data=routes%2F_app.profile", {
        method: "POST",
        body: new URLSearchParams({ intent: "nonsense" }),
      });
      const to = response.headers.get("X-Remix-Redirect");
      if (to)
        await (
          window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }
        ).__remixRouter.navigate(to);
      return { status: response.status, to };
    });
    expect(redirect).toEqual({ status: 204, to: "/profile" });
    await expect(toast(page)).toHaveText("Oops! Something went wrong!");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My profile");
  });
});

test.describe("in French", () => {
  test.use({ locale: "fr-FR" });

  test("approving a transfer that is no longer pending says so in French, and changes nothing", async ({ page }) => {
    const fr = locale("fr", "transfers");
    await signInByForm(page, "coordinator@school.test");
    const id = insertTransfer("pending");
    await page.goto(`/admin/transfer-students?id=${id}&confirm=approve`);
    const dialog = page.getByRole("dialog", { name: fr.confirmApprove });
    await expect(dialog).toBeVisible();
    await waitForHydration(page);
    // Someone else decides it meanwhile.
    withE2eDb((db) => db.prepare("update transfers set status = 'rejected' where id = ?").run(id));
    await dialog.getByRole("button", { name: fr.approve }).click();
    await expect(page.getByRole("alert")).toHaveText(fr.errors.notPending);
    await expect(page.locator("body")).not.toContainText("no longer pending");
    expect(dbRow<{ status: string }>("select status from transfers where id = ?", id)?.status).toBe("rejected");
  });

  test("the registration pages' tab title is in French", async ({ page }) => {
    const fr = locale("fr", "common");
    await page.goto("/students-registration");
    await expect(page).toHaveTitle(new RegExp(`^${fr.registration.title} · `));
  });
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-ES" });

  test("the error page of a transfer that can no longer be edited speaks Spanish", async ({ page }) => {
    const es = locale("es", "transfers");
    const common = locale("es", "common");
    await signInByForm(page, "coordinator@school.test");
    const id = insertTransfer("rejected");
    const response = await page.goto(`/admin/transfer-students/${id}/edit`);
    expect(response?.status()).toBe(409);
    await expect(page.getByRole("heading", { name: common.errors.oops })).toBeVisible();
    await expect(page.getByText(es.errors.notPending)).toBeVisible();
    await expect(page.locator("body")).not.toContainText("no longer pending");
  });
});

test.describe("405", () => {
  for (const method of ["put", "delete", "patch"] as const) {
    test(`a ${method.toUpperCase()} to a page answers a clean, translated 405 page`, async ({ page }) => {
      await signIn(page, "admin@school.test");
      for (const path of ["/dashboard", "/admin/transfer-students"]) {
        const response = await page.request[method](path, { headers: { "Accept-Language": "fr" }, maxRedirects: 0 });
        expect(response.status(), path).toBe(405);
        expect(response.headers()["allow"], path).toMatch(/^GET, HEAD/);
        const body = await response.text();
        expect(body).toContain(locale("fr", "common").errors.methodNotAllowedTitle.replace(/'/g, "&#x27;"));
        expect(body).not.toContain("did not provide");
        expect(body).not.toContain("You made a");
      }
    });
  }

  test("the 405 page, as a browser shows it", async ({ page }) => {
    await signIn(page, "admin@school.test");
    const response = await page.request.put("/dashboard");
    await page.setContent(await response.text());
    await expect(page.getByRole("heading", { name: "This request is not allowed here" })).toBeVisible();
    await expect(page.getByText("This page only answers its own links and forms.")).toBeVisible();
  });

  test("a POST to a GET-only API path answers 405 {message}", async ({ request }) => {
    for (const name of ["get-all", "get-pending", "get-approved"]) {
      const response = await request.post(`/v1/api/transfer-data/${name}`, { data: {} });
      expect(response.status(), name).toBe(405);
      expect(response.headers()["allow"]).toBe("GET, HEAD");
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({ message: "Method not allowed. Use GET." });
      expect(body).not.toContain("Unexpected Server Error");
    }
    const get = await request.get("/v1/api/transfer-data/create");
    expect(get.status()).toBe(405);
    expect(await get.json()).toEqual({ message: "Method not allowed. Use POST." });
  });
});

test("bare /admin goes to /dashboard", async ({ page }) => {
  await signIn(page, "coordinator@school.test");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
});

test("signing in with a@@@b.com says 'Invalid email format'", async ({ page }) => {
  await page.goto("/authentication/login");
  await waitForHydration(page);
  await submitLogin(page, "a@@@b.com");
  await expect(page.getByText("Invalid email format")).toBeVisible();
  await expect(page).toHaveURL(/\/authentication\/login/);
  expect((await page.context().cookies()).find((c) => c.name === "token")).toBeUndefined();
});
