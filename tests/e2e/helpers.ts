import { type Cookie, type Locator, type Page, expect, test } from "@playwright/test";
import { dbRow } from "./db";

export const PASSWORD = "demo-pass-2026";

export const STAFF = [
  { email: "admin@school.test", name: "Ana Admin", role: "admin_staff" },
  { email: "coordinator@school.test", name: "Carla Coordinator", role: "coordinator" },
  { email: "reception@school.test", name: "Rita Reception", role: "receptionist" },
  { email: "finance@school.test", name: "Fabio Finance", role: "financial" },
] as const;

export const PROFESSORS = [
  { email: "professor@school.test", name: "Paul Professor", role: "professor" },
  { email: "professor2@school.test", name: "Petra Professor", role: "professor" },
  { email: "professor3@school.test", name: "Pablo Professor", role: "professor" },
] as const;

/** Fills and submits the login form (the page must be showing it). */
export async function submitLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in through the login form (or with the session it made before, see reuseSession) and waits until the user's home (or `expectPath`) is shown. */
export async function signIn(
  page: Page,
  email: string,
  { password = PASSWORD, expectPath }: { password?: string; expectPath?: string | RegExp } = {},
) {
  const home = expectPath ?? (email.startsWith("professor") ? "/teachers" : "/dashboard");
  const at = typeof home === "string" ? new RegExp(`${escape(home)}(\\?|$)`) : home;
  if (password === PASSWORD && (await reuseSession(page, email, at))) return;
  await page.goto("/authentication/login");
  await waitForHydration(page);
  const login = await loginPage(page);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(at);
  await login.gone();
  await waitForHydration(page);
  await keepSession(page, email, password);
}

/**
 * The session cookie of each demo account this worker has signed in with its
 * demo password. Signing in through the form costs a second or more here (the
 * page, argon2, the next page), and the suite signs in hundreds of times; the
 * tests of signing in itself use the form (submitLogin). A kept session that
 * has ended since (signed out, password changed, deactivated) lands on the
 * sign-in page and is signed in again through the form; so is an account with
 * a saved language, which the form applies (ADR 058).
 */
const sessions = new Map<string, Cookie>();

async function keepSession(page: Page, email: string, password: string) {
  const token = (await page.context().cookies()).find((c) => c.name === "token");
  if (password === PASSWORD && token) sessions.set(email, token);
}

async function reuseSession(page: Page, email: string, at: RegExp): Promise<boolean> {
  const token = sessions.get(email);
  if (!token) return false;
  sessions.delete(email);
  if (dbRow<{ locale: string | null }>("SELECT locale FROM users WHERE email = ?", email)?.locale) return false;
  await page.context().addCookies([token]);
  await page.goto("/");
  const { pathname, search } = new URL(page.url());
  if (!at.test(pathname + search)) {
    await page.context().clearCookies({ name: "token" });
    return false;
  }
  await waitForHydration(page);
  sessions.set(email, token);
  return true;
}

/**
 * With JavaScript, signing in is a client-side navigation: the router (and the
 * URL) reaches the new page before React has rendered it, and the login page's
 * header is still on screen for that moment. `gone` waits until it is replaced,
 * so the next click lands on the new page.
 */
async function loginPage(page: Page) {
  const main = jsEnabled() ? await page.locator("main").elementHandle() : null;
  return {
    async gone() {
      if (!main) return;
      // A full page load instead destroys the handle's context: gone as well.
      await page
        .waitForFunction((el) => !el.isConnected, main)
        .catch((error: unknown) => {
          if (!/context was destroyed|JSHandles can be evaluated only/i.test(String(error))) throw error;
        });
      await main.dispose().catch(() => undefined);
    },
  };
}

/** Whether this test's project runs page JavaScript ("js") or not ("nojs"). */
export function jsEnabled() {
  return test.info().project.use.javaScriptEnabled !== false;
}

/** With JavaScript, waits until Remix has started and React has hydrated the page; without, until the page has loaded. */
export async function waitForHydration(page: Page) {
  // Without JavaScript: the streamed document has arrived to its end (an
  // element can be on screen before the ones after it are parsed).
  if (!jsEnabled()) return page.waitForLoadState("load");
  await page.waitForFunction(() => {
    const w = window as unknown as { __remixRouter?: { state: { initialized: boolean } } };
    const main = document.querySelector("main") ?? document.body;
    return w.__remixRouter?.state.initialized === true && Object.keys(main).some((k) => k.startsWith("__reactFiber"));
  });
}

/** Opens a <details> menu by its summary text. */
export async function openMenu(page: Page, summaryText: string | RegExp) {
  const summary = page.locator("summary").filter({ hasText: summaryText });
  await summary.click();
  await expect(summary.locator("xpath=..")).toHaveAttribute("open", "");
}

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Signs in through the login form by its fields' names, in whatever language the page is in (or with the session it made before), and waits to leave it. */
export async function signInByForm(page: Page, email: string, password = PASSWORD) {
  if (password === PASSWORD && (await reuseSession(page, email, /^\/(?!authentication\/)/))) return;
  await page.goto("/authentication/login");
  await waitForHydration(page);
  const login = await loginPage(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).not.toHaveURL(/\/authentication\/login/);
  await login.gone();
  await waitForHydration(page);
  await keepSession(page, email, password);
}

/**
 * Chooses a course in a select by its code (issue 19: an option reads
 * "CODE · level · schedule · professor"): the option whose label starts with
 * the code and a separator, so "A1-1" never picks "A1-10".
 */
export async function selectCourse(select: Locator, code: string, after = " · ") {
  const label = await select
    .locator("option")
    .evaluateAll(
      (options, prefix) => options.map((o) => o.textContent ?? "").find((text) => text.startsWith(prefix)),
      code + after,
    );
  if (!label) throw new Error(`No option of the select starts with ${code}`);
  await select.selectOption({ label });
}
