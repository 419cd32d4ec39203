import { expect, test } from "@playwright/test";
import { PASSWORD, waitForHydration } from "./helpers";

// Issue 16 M1: signing in through the real form with a hostile redirectTo
// ends on this site, with JavaScript (a data request, the client router) and
// without (the browser follows the 302 itself).

// Any other host answers a page of its own, so that a redirect there would
// land (and show in page.url()) instead of failing on DNS.
test.beforeEach(async ({ context, baseURL }) => {
  const ours = new URL(baseURL!).host;
  await context.route(
    (url) => url.host !== ours,
    (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>phished</title><main>phished</main>" }),
  );
});

const PAYLOADS: [string, string][] = [
  ["/./\\evil.test/phish", "/dashboard"],
  ["/x/../\\evil.test", "/dashboard"],
  ["/.//evil.test", "/dashboard"],
  ["/x/..//evil.test", "/dashboard"],
  ["/%2e/%5cevil.test", "/dashboard"],
  ["/\t/evil.test", "/dashboard"],
  ["//evil.test", "/dashboard"],
  ["https://evil.test/", "/dashboard"],
  // A page of this site outside Latin-1: reached, percent-encoded (was a 500).
  ["/admin/students?q=\u5f20", "/admin/students?q=%E5%BC%A0"],
];

for (const [redirectTo, expected] of PAYLOADS) {
  test(`signing in with redirectTo=${JSON.stringify(redirectTo)} ends on this site at ${expected}`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    await page.goto(`/authentication/login?redirectTo=${encodeURIComponent(redirectTo)}`);
    await waitForHydration(page);
    await page.getByLabel("Email").fill("admin@school.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.origin !== origin || url.pathname !== "/authentication/login");
    const reached = new URL(page.url());
    expect(reached.origin).toBe(origin);
    expect(reached.pathname + reached.search).toBe(expected);
    await expect(page.locator("main")).not.toHaveText("phished");
  });
}
