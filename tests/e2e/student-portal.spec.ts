import { type Browser, type Page, expect, test } from "@playwright/test";
import { DESKTOP, PHONE, auditSize, axeViolations } from "./axe";
import { dbRow } from "./db";
import { jsEnabled, signIn, signInByForm, waitForHydration } from "./helpers";

// The student portal (issue 21, ADR 047), with JavaScript on and off (the js
// and nojs projects): the demo student signs in to /student, reads their
// attendance and grades (the same numbers as the staff's report of the
// course), downloads their report, and is sent away from every other page;
// the portal's pages in English and Arabic at 390 px and 1280 px with no axe
// violation (each language audited at one width per project, auditSize).

const COURSE = "ADU-A1-MW-0911";

function ids() {
  const sam = dbRow<{ id: number }>(
    "SELECT s.id FROM students s JOIN users u ON u.id = s.user_id WHERE u.email = 'student@school.test'",
  )!.id;
  const course = dbRow<{ id: number }>("SELECT id FROM courses WHERE course_id = ?", COURSE)!.id;
  // A course Samuel never was in.
  const other = dbRow<{ id: number }>(
    "SELECT id FROM courses WHERE id NOT IN (SELECT course_id FROM enrollments WHERE student_id = ?) ORDER BY id LIMIT 1",
    sam,
  )!.id;
  return { sam, course, other };
}

test("the demo student lands on /student, reads the staff report's numbers, gets their report PDF and nothing else", async ({
  page,
  browser,
}) => {
  const { sam, course, other } = ids();
  await signIn(page, "student@school.test", { expectPath: "/student" });
  const card = page.locator(`[data-course="${COURSE}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText("Mon");

  await card.getByRole("link", { name: "My attendance" }).click();
  await expect(page).toHaveURL(new RegExp(`/student/courses/${course}/attendance$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`My attendance · ${COURSE}`);
  const marked = dbRow<{ n: number }>(
    "SELECT COUNT(*) AS n FROM attendance WHERE course_id = ? AND student_id = ?",
    course,
    sam,
  )!.n;
  expect(marked).toBeGreaterThan(0);
  await expect(page.locator("tr[data-mark]:not([data-mark=''])")).toHaveCount(marked);
  const absences = (await page.getByTestId("absence-count").innerText()).trim();

  await page.goto(`/student/courses/${course}/grades`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`My grades · ${COURSE}`);
  const final = (await page.getByTestId("final-grade").innerText()).trim();
  const result = (await page.getByTestId("pass-fail").innerText()).trim();
  expect(final).toMatch(/^\d+\.\d\d$/);

  // The same numbers on the staff's report of the course (the professor's report table).
  const staff = await (await browser.newContext({ javaScriptEnabled: jsEnabled() })).newPage();
  await signIn(staff, "coordinator@school.test");
  await staff.goto(`/admin/courses/${course}/report`);
  const row = staff.locator(`tr[data-student="${sam}"]`);
  await expect(row.locator("td").nth(0)).toHaveText(final);
  await expect(row.locator("td").nth(1)).toHaveText(result);
  await expect(row.locator("td").nth(8)).toHaveText(absences);
  await staff.context().close();

  // The report PDF: the student's own.
  const pdf = await page.request.get(`/student/courses/${course}/report.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toContain("samuel");

  // Nowhere else: staff and professor pages send the student to /student; another course is not found.
  for (const path of [
    "/dashboard",
    "/admin/students",
    `/course/${course}/home`,
    "/teachers",
    "/authentication/login",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/student$/);
  }
  for (const path of [`/student/courses/${other}/grades`, `/student/courses/${other}/report.pdf`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

/** What is wrong with the layout: a sideways page, a table that neither stacks nor scrolls in its box. */
function layoutProblems(page: Page) {
  return page.locator("html").evaluate((root) => {
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page is ${root.scrollWidth}px wide in ${root.clientWidth}px`);
    return found;
  });
}

async function studentPage(browser: Browser, locale: "en" | "ar") {
  const context = await browser.newContext({ locale, viewport: DESKTOP, javaScriptEnabled: jsEnabled() });
  const page = await context.newPage();
  await signInByForm(page, "student@school.test");
  return page;
}

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: the portal's pages fit 390px and 1280px, lists are cards on a phone, no axe violation`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { course } = ids();
    const page = await studentPage(browser, lang);
    const auditor = jsEnabled()
      ? null
      : await (await browser.newContext({ locale: lang, javaScriptEnabled: true })).newPage();
    const findings: string[] = [];
    for (const path of [
      "/student",
      `/student/courses/${course}/attendance`,
      `/student/courses/${course}/grades`,
      "/profile",
    ]) {
      await page.setViewportSize(DESKTOP);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        const at = `${path} at ${size.width}px`;
        findings.push(...(await layoutProblems(page)).map((f) => `${at}: ${f}`));
        const tables = page.locator("main table");
        for (let i = 0; i < (await tables.count()); i++) {
          const display = await tables.nth(i).evaluate((t) => getComputedStyle(t).display);
          // Cards on a phone, a table on a desktop.
          expect(display, `${at}: table ${i}`).toBe(size === PHONE ? "block" : "table");
        }
        // axe at one width per language and project (the other's in the other project).
        if (size === auditSize(lang))
          findings.push(...(await axeViolations(page, auditor)).map((f) => `${at}: axe ${f}`));
      }
    }
    expect(findings).toEqual([]);
    if (auditor) await auditor.context().close();
    await page.context().close();
  });
}
