import { expect, test } from "@playwright/test";
import { pdfjsPageTexts } from "../unit/pdfjs-text";
import { signIn, waitForHydration } from "./helpers";

// Read-only against the demo school: opens PDFs, changes nothing but the
// certificate numbers a print stores (none here: only reports are opened).

test("a professor opens the student report and its PDFs are real PDFs", async ({ page }) => {
  await signIn(page, "professor@school.test");
  await page.goto("/teachers");
  const href = await page.locator('a[href^="/course/"]').first().getAttribute("href");
  const id = /\/course\/(\d+)\//.exec(href ?? "")?.[1];
  expect(id, "a course link on /teachers").toBeTruthy();

  await page.goto(`/course/${id}/student-report`);
  await waitForHydration(page);
  const box = page.getByRole("region", { name: "PDF documents" });
  await expect(box).toBeVisible();

  // The whole course's reports: a link.
  const all = box.getByRole("link", { name: "All reports (PDF)" });
  const allHref = await all.getAttribute("href");
  // eslint-disable-next-line playwright/prefer-web-first-assertions -- the link is fetched below
  expect(allHref).toBe(`/course/${id}/report.pdf?all=1`);
  const response = await page.request.get(allHref!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toMatch(/^inline; filename="reports-.+\.pdf"$/);
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // One student's report: the GET form (student select + button) builds this URL.
  const student = await box.getByLabel("Student").inputValue();
  const action = await box.locator("form").getAttribute("action");
  await expect(box.getByRole("button", { name: "Report (PDF)" })).toBeVisible();
  await expect(box.getByRole("button", { name: "Certificate (PDF)" })).toBeVisible();
  const one = await page.request.get(`${action}?student=${student}`);
  expect(one.status()).toBe(200);
  expect(one.headers()["content-type"]).toBe("application/pdf");
});

test("another role cannot open a course's report PDF", async ({ page }) => {
  await signIn(page, "reception@school.test");
  const response = await page.request.get("/admin/courses/1/report.pdf?all=1");
  expect(response.status()).toBe(403);
});

for (const [lng, title] of [
  ["ar", "تقرير الطالب"],
  ["zh", "学生报告"],
] as const) {
  test(`a professor reading in ${lng} gets the course's reports in ${lng}`, async ({ page }) => {
    await signIn(page, "professor@school.test");
    // The language switcher's cookie (a Remix cookie: base64 of the JSON value).
    await page
      .context()
      .addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: page.url() }]);
    await page.goto("/teachers");
    const href = await page.locator('a[href^="/course/"]').first().getAttribute("href");
    const id = /\/course\/(\d+)\//.exec(href ?? "")?.[1];
    expect(id, "a course link on /teachers").toBeTruthy();
    const response = await page.request.get(`/course/${id}/report.pdf?all=1`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    const [text] = await pdfjsPageTexts(new Uint8Array(await response.body()), lng === "ar");
    expect(text).toContain(title);
    expect(text).not.toContain("Student report");
  });
}
