import crypto from "node:crypto";
import { type Locator, type Page, expect, test } from "@playwright/test";
import { dbRow, dbRows, withE2eDb } from "./db";
import { PASSWORD, jsEnabled, selectCourse, signIn, waitForHydration } from "./helpers";

// Issue 19's desktop details: courses named by a readable label, a student's
// page that starts a transfer and an enrollment, a new transfer started from a
// student search, the menu's entries, the school's mark, and mixed text in
// Arabic (B1+ isolated, the week arrows pointing the reading way).
// Both projects (js, nojs) run every test; the rows each writes are its own.

const TERM = { start: "2026-09-07", end: "2026-12-18" } as const;
const now = () => new Date().toISOString();

/** A tag unique per project and run: J or N, then hexadecimal letters. */
function tag(length = 7) {
  return (
    (jsEnabled() ? "J" : "N") +
    crypto
      .randomBytes(8)
      .toString("hex")
      .toUpperCase()
      .slice(0, length - 1)
  );
}

interface Course {
  id: number;
  code: string;
}

/** An active adult Mon+Wed 09:00–11:00 course over the demo term, of a level and (maybe) a professor. */
function insertCourse(levelId: number, professorName: string | null = null): Course {
  const code = `E2E-PL-${tag()}`;
  const id = withE2eDb((db) => {
    const professor = professorName
      ? (db.prepare("select id from users where name = ?").get(professorName) as { id: number }).id
      : null;
    const at = now();
    return Number(
      db
        .prepare(
          `INSERT INTO courses (course_number, course_id, level_id, age_category, type, schedule_days, start_time, end_time,
             start_date, end_date, professor_id, assig_percentage, test_percentage, exam_percentage, capacity, status, created_at, updated_at)
           VALUES ('901', ?, ?, 'adults', 'on-site', 'MO,WE', '09:00', '11:00', ?, ?, ?, 30, 30, 40, 20, 'active', ?, ?)`,
        )
        .run(code, levelId, TERM.start, TERM.end, professor, at, at).lastInsertRowid,
    );
  });
  return { id, code };
}

interface Student {
  id: number;
  name: string;
  second: string;
}

/** An active adult student of a level, enrolled since the term's start in `course` (when given). */
function insertStudent(first: string, levelId: number, course: Course | null = null): Student {
  const second = `Polish${tag(6)}`;
  const idNumber = tag(13);
  const id = withE2eDb((db) =>
    db.transaction(() => {
      const at = now();
      const sid = Number(
        db
          .prepare(
            `INSERT INTO students (first_name, middle_name, last_name, second_last_name, id_number, birthday, phone_number, email,
               address, age_category, emergency_contact_name, emergency_contact_phone, emergency_contact_relationship, level_id,
               schedule, same_billing, billing_address, where_hear_about_us, promotion, user_id, registration_id, status, notes,
               created_at, updated_at)
             VALUES (?, '', 'Quiroga', ?, ?, '1991-02-03', '0990001122', ?, 'Calle Larga 1-10, Cuenca', 'adults', NULL, NULL, NULL,
               ?, 'MON-WED-09-11', 1, NULL, 'friend', NULL, NULL, NULL, 'active', NULL, ?, ?)`,
          )
          .run(first, second, idNumber, `pl.${idNumber.toLowerCase()}@example.com`, levelId, at, at).lastInsertRowid,
      );
      if (course)
        db.prepare(
          "INSERT INTO enrollments (student_id, course_id, start_date, end_date, end_reason) VALUES (?, ?, ?, NULL, NULL)",
        ).run(sid, course.id, TERM.start);
      return sid;
    })(),
  );
  return { id, name: `${first} Quiroga ${second}`, second };
}

/** A professor of the test's own (no demo professor gains a course other specs would count). */
function insertProfessor(): string {
  const name = `Polish Professor ${tag(5)}`;
  withE2eDb((db) => {
    const at = now();
    db.prepare(
      `INSERT INTO users (name, email, password_hash, role, status, image, locale, failed_logins, locked_at, created_at, updated_at)
       VALUES (?, ?, NULL, 'professor', 'active', NULL, NULL, 0, NULL, ?, ?)`,
    ).run(name, `${name.replace(/\s+/g, ".").toLowerCase()}@school.test`, at, at);
  });
  return name;
}

/** The student's pending transfer (from, to and its students), if any. */
const transferOf = (student: Student) =>
  dbRows<{ from_course_id: number; selected_course_id: number; status: string; students: string }>(
    `select t.from_course_id, t.selected_course_id, t.status,
       (select group_concat(ts2.student_id) from transfer_students ts2 where ts2.transfer_id = t.id) as students
     from transfers t join transfer_students ts on ts.transfer_id = t.id where ts.student_id = ?`,
    student.id,
  );

async function saveTransferTo(page: Page, to: Course) {
  await selectCourse(page.getByLabel("Selected course"), to.code);
  await page.getByRole("button", { name: "Save transfer" }).click();
  await expect(page.getByText("The transfer was created and is pending approval.")).toBeVisible();
}

test("a course select names each course by code, level, schedule and professor", async ({ page }) => {
  const professor = insertProfessor();
  const course = insertCourse(4, professor);
  const orphan = insertCourse(3);
  await signIn(page, "coordinator@school.test");
  await page.goto("/admin/transfer-students/new");
  const options = page.getByLabel("Current course").locator("option");
  await expect(options.filter({ hasText: course.code })).toHaveText(
    `${course.code} · B1+ · Mon-Wed 09:00–11:00 · ${professor}`,
  );
  await expect(options.filter({ hasText: orphan.code })).toHaveText(
    `${orphan.code} · B1 · Mon-Wed 09:00–11:00 · no professor yet`,
  );
  // Every option, not only these: a code, then its level, schedule and professor.
  for (const text of await options.allTextContents())
    if (text !== "Choose a course") expect(text).toMatch(/^\S+ · .+ · .+ · .+$/);
});

test("a student's page starts a transfer: the new-transfer form opens with their course and them ticked", async ({
  page,
}) => {
  const from = insertCourse(3);
  const to = insertCourse(3);
  const student = insertStudent("Teodoro", 3, from);
  await signIn(page, "coordinator@school.test");
  await page.goto(`/admin/students/${student.id}`);
  await page.getByRole("link", { name: "Start a transfer" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transfer-students/new\\?student=${student.id}$`));
  await expect(page.getByLabel("Current course")).toHaveValue(String(from.id));
  const box = page.locator("label").filter({ hasText: student.name }).locator('input[name="student_ids"]');
  await expect(box).toBeChecked();
  await waitForHydration(page);
  await saveTransferTo(page, to);
  expect(transferOf(student)).toEqual([
    { from_course_id: from.id, selected_course_id: to.id, status: "pending", students: String(student.id) },
  ]);
});

test("a student's page enrolls the student in a course, for the roles that manage courses only", async ({
  page,
  baseURL,
}) => {
  const course = insertCourse(3, insertProfessor());
  const student = insertStudent("Eloisa", 3);
  await signIn(page, "coordinator@school.test");
  await page.goto(`/admin/students/${student.id}`);
  const section = page.getByRole("region", { name: "Enroll in a course" });
  // Nothing chosen: a message by the field, nothing written.
  await section.getByRole("button", { name: "Enroll" }).click();
  if (!jsEnabled()) await expect(section.getByLabel("Course")).toHaveAttribute("aria-invalid", "true");
  await expect(section.getByText("Choose a course from the list.")).toBeVisible();
  await selectCourse(section.getByLabel("Course"), course.code);
  await section.getByRole("button", { name: "Enroll" }).click();
  await expect(page.getByText("The student was enrolled.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/students/${student.id}$`));
  await expect(page.getByRole("table", { name: "Enrollment history" }).getByText(course.code)).toBeVisible();
  expect(dbRows("select course_id, end_date from enrollments where student_id = ?", student.id)).toEqual([
    { course_id: course.id, end_date: null },
  ]);
  // Already enrolled there: the course is no longer offered.
  await expect(section.getByLabel("Course").locator("option", { hasText: course.code })).toHaveCount(0);

  // The receptionist edits students but does not enroll: no section, and a post is refused.
  await page.context().clearCookies();
  await signIn(page, "reception@school.test");
  await page.goto(`/admin/students/${student.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(student.name);
  await expect(page.getByRole("region", { name: "Enroll in a course" })).toHaveCount(0);
  const other = insertCourse(3);
  const refused = await page.request.post(`/admin/students/${student.id}`, {
    form: { intent: "enroll", course_id: String(other.id) },
    headers: { Origin: baseURL ?? "" },
  });
  expect(refused.status()).toBe(403);
  expect(dbRows("select course_id from enrollments where student_id = ?", student.id)).toEqual([
    { course_id: course.id },
  ]);
});

test("a new transfer starts from a student search (a GET form), and the transfer is saved", async ({ page }) => {
  const from = insertCourse(3);
  const to = insertCourse(3);
  const student = insertStudent("Anselmo", 3, from);
  const alone = insertStudent("Anselmo", 3);
  await signIn(page, "reception@school.test");
  await page.goto("/admin/transfer-students/new");
  const search = page.getByRole("search", { name: "Start from a student" });
  await search.getByLabel("Find a student").fill(`anselmo ${student.second.toLowerCase()}`);
  await search.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/\/admin\/transfer-students\/new\?q=anselmo\+polish/i);
  await expect(page.getByRole("status").filter({ hasText: "found" })).toHaveText("1 student found.");
  // A student in no course today is found, without a way to transfer them.
  await search.getByLabel("Find a student").fill(alone.second);
  await search.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText("not enrolled in a course")).toBeVisible();
  await expect(page.getByRole("link", { name: `Transfer ${alone.name}` })).toHaveCount(0);

  await search.getByLabel("Find a student").fill(student.second);
  await search.getByRole("button", { name: "Find" }).click();
  await page.getByRole("link", { name: `Transfer ${student.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?student=${student.id}$`));
  await expect(page.getByLabel("Current course")).toHaveValue(String(from.id));
  await expect(
    page.locator("label").filter({ hasText: student.name }).locator('input[name="student_ids"]'),
  ).toBeChecked();
  await waitForHydration(page);
  await saveTransferTo(page, to);
  expect(transferOf(student)).toEqual([
    { from_course_id: from.id, selected_course_id: to.id, status: "pending", students: String(student.id) },
  ]);
});

test("the menu leads each role to the pages it may use: Grade bands, Audit log, Professors", async ({ page }) => {
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await signIn(page, "admin@school.test");
  for (const [entry, heading] of [
    ["Grade bands", "Grade bands"],
    ["Audit log", "Audit log"],
    ["Professors", /Professors/],
  ] as const) {
    await menu.getByRole("link", { name: entry, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  await page.context().clearCookies();
  await signIn(page, "coordinator@school.test");
  await expect(menu.getByRole("link", { name: "Grade bands" })).toHaveAttribute("href", "/admin/grade-bands");
  await expect(menu.getByRole("link", { name: "Audit log" })).toHaveCount(0);
});

test("the school's mark: the initial of its name in the header and on the sign-in page, never a placeholder", async ({
  page,
}) => {
  const school = dbRow<{ value: string }>("select value from settings where key = 'school_name'")?.value;
  const initial = (school ?? "Horizon English School").trim()[0].toUpperCase();
  await page.goto("/authentication/login");
  await expect(page.locator("[data-school-initial]")).toHaveText(initial);
  await expect(page.locator("body")).not.toContainText("F.");
  await signIn(page, "reception@school.test");
  await expect(page.locator("header [data-school-initial]")).toHaveText(initial);
  await expect(page.locator("header")).not.toContainText("F.");
});

test.describe("in Arabic", () => {
  test.use({ locale: "ar" });

  /** Signs in through the Arabic form (its labels are Arabic: the fields by name). */
  async function signInArabic(page: Page, email: string) {
    await page.goto("/authentication/login");
    await waitForHydration(page);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password"]').press("Enter");
    await expect(page).toHaveURL(/\/dashboard(\?|$)/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  }

  /** Whether the first character of a locator's text is drawn left of its last one. */
  const drawnLeftToRight = (locator: Locator) =>
    locator.evaluate((el) => {
      const node = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE) as Text;
      const x = (i: number) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return range.getBoundingClientRect().x;
      };
      return x(0) < x(node.data.length - 1);
    });

  test("B1+ stays B1+ inside Arabic text: the level is isolated, in the page and in the options", async ({ page }) => {
    const course = insertCourse(4, insertProfessor());
    const student = insertStudent("Bruno", 4, course);
    await signInArabic(page, "coordinator@school.test");
    await page.goto(`/admin/students/${student.id}`);
    // The student's level, and the course's in the enrollment history's label.
    const levels = page.locator("main bdi", { hasText: /^B1\+$/ });
    await expect(levels).toHaveCount(2);
    for (const level of await levels.all()) {
      await expect(level).toHaveAttribute("dir", "ltr");
      expect(await drawnLeftToRight(level)).toBe(true);
    }
    const code = page.locator("main bdi", { hasText: course.code });
    await expect(code).toHaveAttribute("dir", "ltr");
    await expect(code).toHaveClass(/whitespace-nowrap/);
    // A select's option is plain text: the level between left-to-right isolates.
    await page.goto("/admin/students");
    const option = page.locator('select[name="level"] option[value="4"]');
    await expect(option).toHaveText("\u2066B1+\u2069");
  });

  test("the week arrows point the reading way: previous to the right, next to the left", async ({ page }) => {
    await signInArabic(page, "admin@school.test");
    // The week view of the dashboard's calendar.
    await page.locator('main a[href^="/dashboard?week="]').first().click();
    await expect(page).toHaveURL(/\?week=\d{4}-\d{2}-\d{2}$/);
    // The week's links (the list's pagination below has rel links too, without chevrons).
    const previous = page.locator('a[rel="prev"]:has([data-direction])');
    const next = page.locator('a[rel="next"]:has([data-direction])');
    const middle = async (l: Locator) => {
      const b = (await l.boundingBox())!;
      return b.x + b.width / 2;
    };
    // The chevron sits on the outer side of each link, and points outwards.
    const back = previous.locator('[data-direction="back"] svg');
    const forward = next.locator('[data-direction="forward"] svg');
    expect(await middle(back)).toBeGreaterThan(await middle(previous));
    expect(await middle(forward)).toBeLessThan(await middle(next));
    expect(await middle(previous)).toBeGreaterThan(await middle(next));
    // The chevron path points right unrotated: back (right in Arabic) unrotated, forward turned round.
    const turned = (l: Locator) =>
      l.evaluate((el) => getComputedStyle(el.parentElement as Element).transform !== "none");
    expect(await turned(back)).toBe(false);
    expect(await turned(forward)).toBe(true);
  });
});
