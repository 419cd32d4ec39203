import { type Page, type Response, expect, test } from "@playwright/test";
import { dbRow, dbRows, withE2eDb } from "./db";
import { jsEnabled, signIn, waitForHydration } from "./helpers";

// PRODUCT 7 (issue 15): a certificate only for a PASS in an ended course with
// every grading item graded; a FAIL shows no next level. The demo term has not
// ended, so each project adds its own course that ended in March (code E2E-…,
// which the other specs leave out), with a passing, a failing and a not fully
// graded student, and no attendance (nothing the dashboards count).

interface Fixture {
  courseId: number;
  pass: number;
  fail: number;
  missing: number;
}

const NAMES = { pass: ["Certa", "Passmore"], fail: ["Fabian", "Failla"], missing: ["Mina", "Missing"] } as const;

function endedCourse(project: string): Fixture {
  // IMMEDIATE: the write lock is taken first, so the other project's fixture waits (busy_timeout) instead of failing "database is locked".
  return withE2eDb((db) =>
    db
      .transaction(() => {
        const code = `E2E-CERT-${project.toUpperCase()}`;
        const now = new Date().toISOString();
        const existing = db.prepare("SELECT id FROM courses WHERE course_id = ?").get(code) as
          { id: number } | undefined;
        const ids = (courseId: number) => {
          const rows = db
            .prepare(
              "SELECT s.id, s.first_name FROM students s JOIN enrollments e ON e.student_id = s.id WHERE e.course_id = ?",
            )
            .all(courseId) as { id: number; first_name: string }[];
          const id = (first: string) => rows.find((r) => r.first_name === first)!.id;
          return { courseId, pass: id(NAMES.pass[0]), fail: id(NAMES.fail[0]), missing: id(NAMES.missing[0]) };
        };
        if (existing) return ids(existing.id);
        const course = db
          .prepare(
            `INSERT INTO courses (course_number, course_id, level_id, age_category, type, schedule_days, start_time, end_time, start_date, end_date,
             professor_id, assig_percentage, test_percentage, exam_percentage, capacity, status, created_at, updated_at)
           VALUES ('990', ?, 3, 'adults', 'on-site', 'MO,WE', '19:00', '21:00', '2026-01-05', '2026-03-27', NULL, 30, 30, 40, 20, 'active', ?, ?)`,
          )
          .run(code, now, now);
        const courseId = Number(course.lastInsertRowid);
        const items = ["ASSIGNMENTS", "PROGRESS TESTS", "EXAM"].map((category, i) =>
          Number(
            db
              .prepare("INSERT INTO grading_items (course_id, item_name, category, position) VALUES (?, ?, ?, ?)")
              .run(courseId, `Item ${i + 1}`, category, i + 1).lastInsertRowid,
          ),
        );
        const plan: [readonly [string, string], (number | null)[]][] = [
          [NAMES.pass, [95, 92, 90]],
          [NAMES.fail, [50, 55, 60]],
          [NAMES.missing, [95, 95, null]],
        ];
        plan.forEach(([[first, last], grades], i) => {
          const n = `19${project === "js" ? 1 : 2}${String(i).padStart(7, "0")}`;
          const student = Number(
            db
              .prepare(
                `INSERT INTO students (first_name, middle_name, last_name, second_last_name, id_number, birthday, phone_number, email, address, age_category,
                 level_id, schedule, same_billing, status, created_at, updated_at)
               VALUES (?, '', ?, '', ?, '1990-01-15', ?, ?, 'Calle 1', 'adults', 3, 'MON-WED-19-21', 1, 'inactive', ?, ?)`,
              )
              .run(first, last, n, `09${n.slice(-8)}`, `cert-${n}@example.com`, now, now).lastInsertRowid,
          );
          db.prepare(
            "INSERT INTO enrollments (course_id, student_id, start_date, end_date, end_reason) VALUES (?, ?, '2026-01-05', NULL, NULL)",
          ).run(courseId, student);
          grades.forEach((grade, j) => {
            if (grade !== null)
              db.prepare("INSERT INTO grades (grading_item_id, student_id, grade, updated_at) VALUES (?, ?, ?, ?)").run(
                items[j],
                student,
                grade,
                now,
              );
          });
        });
        return ids(courseId);
      })
      .immediate(),
  );
}

// The staff tests share their project's course and its register of certificates: one after the other.
test.describe.configure({ mode: "serial" });

const pdfBox = (page: Page) => page.getByRole("region", { name: "PDF documents" });

/** A GET of the certificate PDF in some tab (the new tab a form opens, or this one). */
const certificateGet = (query: string) => (r: Response) =>
  r.request().method() === "GET" &&
  new URL(r.url()).pathname.endsWith("/certificate.pdf") &&
  new URL(r.url()).search === query;

test("staff: the eligible student's certificate works, the others' is refused with the reason, the FAIL row shows no next level", async ({
  page,
}) => {
  const f = endedCourse(test.info().project.name);
  // Issue 16 L3: nothing is issued until a POST issues it (a rerun starts again).
  withE2eDb((db) => db.prepare("DELETE FROM certificates WHERE course_id = ?").run(f.courseId));
  await signIn(page, "coordinator@school.test");
  await page.goto(`/admin/courses/${f.courseId}/report`);
  await waitForHydration(page);

  // The FAIL row: no next level, a dash read as what it means; the PASS row names the level.
  const failRow = page.locator(`tr[data-student="${f.fail}"]`);
  await expect(failRow.getByText("FAIL", { exact: true })).toBeVisible();
  const failNext = failRow.getByRole("cell").last();
  await expect(failNext).toContainText("No next level (did not pass)");
  await expect(failNext.locator('[aria-hidden="true"]')).toHaveText("—");
  const passNext = page.locator(`tr[data-student="${f.pass}"]`).getByRole("cell").last();
  await expect(passNext).not.toContainText("No next level");
  await expect(passNext).not.toHaveText("");

  const box = pdfBox(page);
  const select = box.getByLabel("Student");
  const button = box.getByRole("button", { name: "Certificate (PDF)" });
  // The eligible student is chosen first; the others say why in the list itself.
  await expect(select).toHaveValue(String(f.pass));
  await expect(select.locator("option", { hasText: "Fabian Failla — did not pass" })).toHaveCount(1);
  await expect(select.locator("option", { hasText: "Mina Missing — grades missing" })).toHaveCount(1);
  await expect(button).toBeEnabled();

  // A GET issues nothing (issue 16 L3): the address of a certificate not issued yet says so, with a button that issues it.
  const allUrl = `/admin/courses/${f.courseId}/certificate.pdf?all=1`;
  const notYet = await page.request.get(allUrl);
  expect(notYet.status()).toBe(409);
  expect(await notYet.text()).toContain("Certificates not issued yet");
  expect(dbRows("SELECT id FROM certificates WHERE course_id = ?", f.courseId)).toEqual([]);

  // The whole course's certificates: a button that issues them (a POST) and opens the PDF in a new tab; only the eligible student.
  const all = box.getByRole("button", { name: "Certificates of passing students (PDF)" });
  const [batch] = await Promise.all([
    page.context().waitForEvent("response", { predicate: certificateGet("?all=1") }),
    all.click(),
  ]);
  expect(batch.status()).toBe(200);
  expect(batch.headers()["content-type"]).toBe("application/pdf");
  const issued = dbRows<{ student_id: number; number: string }>(
    "SELECT student_id, number FROM certificates WHERE course_id = ?",
    f.courseId,
  );
  expect(issued.map((r) => r.student_id)).toEqual([f.pass]);
  // Printed again by its address (a GET): the same number, nothing new written.
  const reprint = await page.request.get(`/admin/courses/${f.courseId}/certificate.pdf?student=${f.pass}`);
  expect(reprint.status()).toBe(200);
  expect(reprint.headers()["content-type"]).toBe("application/pdf");
  expect(dbRows("SELECT student_id, number FROM certificates WHERE course_id = ?", f.courseId)).toEqual(issued);

  if (jsEnabled()) {
    // With JavaScript: the button is disabled for an ineligible choice, the reason next to it describes it.
    await select.selectOption(String(f.fail));
    await expect(button).toBeDisabled();
    const reason = box.getByText("Fabian Failla did not pass this course: no certificate.");
    await expect(reason).toBeVisible();
    await expect(button).toHaveAttribute("aria-describedby", (await reason.getAttribute("id"))!);
    await select.selectOption(String(f.missing));
    await expect(button).toBeDisabled();
    await expect(
      box.getByText("Mina Missing does not have a grade for every grading item yet: no certificate."),
    ).toBeVisible();
    await select.selectOption(String(f.pass));
    await expect(button).toBeEnabled();
    await expect(button).not.toHaveAttribute("aria-describedby", /.+/);
  } else {
    // Without JavaScript: the button posts any choice; the new tab says why, in a page of its own.
    await select.selectOption(String(f.fail));
    const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
    await popup.waitForLoadState();
    await expect(popup.getByRole("heading", { level: 1, name: "No certificate for now" })).toBeVisible();
    await expect(popup.getByRole("alert")).toHaveText(
      "Fabian Failla did not pass this course, so there is no certificate to print.",
    );
    await expect(popup.getByRole("link", { name: "Back" })).toHaveAttribute("href", `/admin/courses/${f.courseId}`);
  }
  const refused = await page.request.get(`/admin/courses/${f.courseId}/certificate.pdf?student=${f.missing}`);
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain(
    "Mina Missing does not have a grade for every grading item of this course yet",
  );
  expect(dbRow("SELECT id FROM certificates WHERE student_id IN (?, ?)", f.fail, f.missing)).toBeUndefined();
});

test("professor: a course that has not ended disables the Certificate button with the reason and offers no course batch", async ({
  page,
}) => {
  await signIn(page, "professor@school.test");
  const href = await page.locator('a[href^="/course/"]').first().getAttribute("href");
  const id = /\/course\/(\d+)\//.exec(href ?? "")?.[1];
  await page.goto(`/course/${id}/student-report`);
  await waitForHydration(page);

  const box = pdfBox(page);
  const button = box.getByRole("button", { name: "Certificate (PDF)" });
  await expect(button).toBeDisabled();
  const describedBy = await button.getAttribute("aria-describedby");
  // eslint-disable-next-line playwright/prefer-web-first-assertions -- the id is used below to find the description
  expect(describedBy).toBeTruthy();
  // The demo term ends on 2026-12-18; after it, its exams are still ungraded.
  await expect(box.locator(`[id="${describedBy}"]`)).toHaveText(
    /^(Certificates can be printed once the course has ended \(it ends on Dec 18, 2026\)\.|No student can receive a certificate: .+)$/,
  );
  await expect(box.getByRole("button", { name: "Certificates of passing students (PDF)" })).toHaveCount(0);
  await expect(box.getByRole("link", { name: "All reports (PDF)" })).toBeVisible();

  // The URL itself answers the reason as a page (409), and issues nothing.
  const student = await box.getByLabel("Student").inputValue();
  const before = dbRow<{ n: number }>("SELECT COUNT(*) AS n FROM certificates WHERE course_id = ?", Number(id))!.n;
  const refused = await page.request.get(`/course/${id}/certificate.pdf?student=${student}`);
  expect(refused.status()).toBe(409);
  expect(refused.headers()["content-type"]).toContain("text/html");
  expect(await refused.text()).toContain("No certificate for now");
  expect(dbRow<{ n: number }>("SELECT COUNT(*) AS n FROM certificates WHERE course_id = ?", Number(id))!.n).toBe(
    before,
  );
});

test("staff: a certificate not issued yet: its address offers the Issue button, which issues it and shows the PDF", async ({
  page,
}) => {
  const f = endedCourse(test.info().project.name);
  withE2eDb((db) => db.prepare("DELETE FROM certificates WHERE course_id = ?").run(f.courseId));
  await signIn(page, "coordinator@school.test");

  const url = `/admin/courses/${f.courseId}/certificate.pdf?student=${f.pass}`;
  const notYet = await page.goto(url);
  expect(notYet?.status()).toBe(409);
  await expect(page.getByRole("heading", { level: 1, name: "Certificate not issued yet" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "The certificate of Certa Passmore has not been issued yet. Issuing it records its number and today's date in the school's register; every reprint keeps them.",
  );
  expect(dbRow("SELECT id FROM certificates WHERE course_id = ?", f.courseId)).toBeUndefined();

  const [pdf] = await Promise.all([
    page.context().waitForEvent("response", { predicate: certificateGet(`?student=${f.pass}`) }),
    page.getByRole("button", { name: "Issue the certificate" }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const issued = dbRows<{ student_id: number; number: string }>(
    "SELECT student_id, number FROM certificates WHERE course_id = ?",
    f.courseId,
  );
  expect(issued.map((r) => r.student_id)).toEqual([f.pass]);

  // The report page's Certificate button (a POST of the chosen student): the same certificate, the same number.
  await page.goto(`/admin/courses/${f.courseId}/report`);
  await waitForHydration(page);
  const box = pdfBox(page);
  await expect(box.getByLabel("Student")).toHaveValue(String(f.pass));
  const [again] = await Promise.all([
    page.context().waitForEvent("response", { predicate: certificateGet(`?student=${f.pass}`) }),
    box.getByRole("button", { name: "Certificate (PDF)" }).click(),
  ]);
  expect(again.status()).toBe(200);
  expect(again.headers()["content-type"]).toBe("application/pdf");
  expect(dbRows("SELECT student_id, number FROM certificates WHERE course_id = ?", f.courseId)).toEqual(issued);
});
