import crypto from "node:crypto";
import { hash } from "@node-rs/argon2";
import { type Browser, type Locator, type Page, expect, test } from "@playwright/test";
import { dbRow, dbRows, schoolToday, withE2eDb } from "./db";
import { PASSWORD, jsEnabled, selectCourse, signIn, submitLogin, waitForHydration } from "./helpers";

// Issue 15: the main flows, run the same way in both projects (the project
// decides whether the page runs JavaScript), each asserting the SAME outcome:
// what the page shows and what the database holds. With JavaScript a Radix
// dialog confirms a decisive action; without, the server renders the same
// dialog as a page: the test clicks through whichever the user sees.
//
// Every flow works on rows it inserts itself (its own users, courses,
// students, registrations and transfers, named per project and run), so the
// specs running beside it on the same server and database never meet them.
// Course codes start with E2E- (other specs leave such courses out of their
// counts); student surnames start with Z, after the demo's, so lists sorted by
// surname (courses.spec picks the first two) do not reach them.

// ---------------------------------------------------------------- fixtures

const TERM = { start: "2026-09-07", end: "2026-12-18" } as const;

/** A short tag unique per project and run: J or N, then random letters and digits. */
function tag(length = 7) {
  const project = jsEnabled() ? "J" : "N";
  return (
    project +
    crypto
      .randomBytes(8)
      .toString("hex")
      .toUpperCase()
      .slice(0, length - 1)
  );
}

/** A 13-character ID number no other row holds. */
const idNumber = () => tag(13);

const now = () => new Date().toISOString();

type Role = "admin_staff" | "coordinator" | "receptionist" | "professor";

async function insertUser(name: string, role: Role) {
  const email = `same-outcome-${tag(10).toLowerCase()}@school.test`;
  const passwordHash = await hash(PASSWORD);
  const id = withE2eDb((db) => {
    const at = now();
    return Number(
      db
        .prepare(
          `INSERT INTO users (name, email, password_hash, role, status, image, locale, failed_logins, locked_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'active', NULL, NULL, 0, NULL, ?, ?)`,
        )
        .run(name, email, passwordHash, role, at, at).lastInsertRowid,
    );
  });
  return { id, email, name };
}

interface CourseFixture {
  id: number;
  code: string;
}

/** An active Mon+Wed 09:00–11:00 course over the demo term. */
function insertCourse({
  levelId,
  age = "adults",
  professorId = null,
}: {
  levelId: number;
  age?: "adults" | "kids";
  professorId?: number | null;
}): CourseFixture {
  const code = `E2E-SO-${tag()}`;
  const id = withE2eDb((db) => {
    const at = now();
    return Number(
      db
        .prepare(
          `INSERT INTO courses (course_number, course_id, level_id, age_category, type, schedule_days, start_time, end_time,
             start_date, end_date, professor_id, assig_percentage, test_percentage, exam_percentage, capacity, status, created_at, updated_at)
           VALUES ('900', ?, ?, ?, 'on-site', 'MO,WE', '09:00', '11:00', ?, ?, ?, 30, 30, 40, 20, 'active', ?, ?)`,
        )
        .run(code, levelId, age, TERM.start, TERM.end, professorId, at, at).lastInsertRowid,
    );
  });
  return { id, code };
}

interface StudentFixture {
  id: number;
  first: string;
  last: string;
  second: string;
  name: string;
  idNumber: string;
}

const personColumns = `first_name, middle_name, last_name, second_last_name, id_number, birthday, phone_number, email, address, age_category,
  emergency_contact_name, emergency_contact_phone, emergency_contact_relationship, level_id, schedule, same_billing, billing_address,
  where_hear_about_us, promotion`;

function personValues(first: string, last: string, second: string, id: string, levelId: number) {
  return [
    first,
    "",
    last,
    second,
    id,
    "1990-05-17",
    `099${id.replace(/\D/g, "").padEnd(7, "0").slice(0, 7)}`,
    `so.${id.toLowerCase()}@example.com`,
    "Av. Solano 1-23 y Tarqui, Cuenca",
    "adults",
    null,
    null,
    null,
    levelId,
    "MON-WED-09-11",
    1,
    null,
    "friend",
    null,
  ];
}

/** An active adult student, enrolled since the start of the term in each of `courses`. */
function insertStudent(first: string, levelId: number, courses: CourseFixture[] = []): StudentFixture {
  const id = idNumber();
  const last = "Zapata";
  const second = `Outcome${tag(5)}`;
  const studentId = withE2eDb((db) =>
    db.transaction(() => {
      const at = now();
      const sid = Number(
        db
          .prepare(
            `INSERT INTO students (${personColumns}, user_id, registration_id, status, notes, created_at, updated_at)
             VALUES (${Array(19).fill("?").join(", ")}, NULL, NULL, 'active', NULL, ?, ?)`,
          )
          .run(...personValues(first, last, second, id, levelId), at, at).lastInsertRowid,
      );
      for (const c of courses) {
        db.prepare(
          `INSERT INTO enrollments (student_id, course_id, start_date, end_date, end_reason) VALUES (?, ?, ?, NULL, NULL)`,
        ).run(sid, c.id, TERM.start);
      }
      return sid;
    })(),
  );
  return { id: studentId, first, last, second, name: `${first} ${last} ${second}`, idNumber: id };
}

/** A pending registration as the public wizard leaves it (that wizard is registration.spec's). */
function insertRegistration(first: string, levelId: number) {
  const id = idNumber();
  const reference = `REG-2026-${tag(8)}`;
  const last = "Zambrano";
  const second = `Outcome${tag(5)}`;
  const registrationId = withE2eDb((db) =>
    Number(
      db
        .prepare(
          `INSERT INTO registrations (${personColumns}, reference, message, accepted_terms, status, reject_reason, student_id,
             decided_by, decided_at, created_at, draft_token_hash, client)
           VALUES (${Array(19).fill("?").join(", ")}, ?, 'Mornings, please.', 1, 'pending', NULL, NULL, NULL, NULL, ?, NULL, NULL)`,
        )
        .run(...personValues(first, last, second, id, levelId), reference, now()).lastInsertRowid,
    ),
  );
  return { id: registrationId, reference, idNumber: id, first, last, second, name: `${first} ${last} ${second}` };
}

/** A pending group transfer, as the new-transfer form saves it. */
function insertTransfer(
  from: CourseFixture,
  to: CourseFixture,
  levelId: number,
  students: StudentFixture[],
  createdBy: number,
) {
  return withE2eDb((db) =>
    db.transaction(() => {
      const at = now();
      const id = Number(
        db
          .prepare(
            `INSERT INTO transfers (is_group, from_course_id, selected_course_id, selected_level_id, reason, status, created_by, created_at, updated_at, decided_by, decided_at)
             VALUES (?, ?, ?, ?, 'Schedule clash', 'pending', ?, ?, ?, NULL, NULL)`,
          )
          .run(students.length > 1 ? 1 : 0, from.id, to.id, levelId, createdBy, at, at).lastInsertRowid,
      );
      for (const s of students)
        db.prepare(`INSERT INTO transfer_students (transfer_id, student_id) VALUES (?, ?)`).run(id, s.id);
      return id;
    })(),
  );
}

const userId = (email: string) => dbRow<{ id: number }>("SELECT id FROM users WHERE email = ?", email)!.id;

// ---------------------------------------------------------------- page helpers

const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

/** The value shown next to a label in a details list (<dt>/<dd>). */
const detail = (page: Page, label: string) =>
  page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

/** Opens a confirm step from its link: a dialog (JavaScript) or the same dialog server-rendered. */
async function openConfirm(page: Page, link: Locator, title: string) {
  await link.click();
  await expect(page).toHaveURL(/[?&]confirm=(approve|reject)/);
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  return dialog;
}

/** The raw session token the browser holds (the signed "token" cookie). */
async function sessionToken(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "token");
  expect(cookie, "a session cookie").toBeTruthy();
  const signed = decodeURIComponent(cookie!.value);
  const payload = signed.slice(0, signed.lastIndexOf("."));
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as string;
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

/** A second browser of the same project (JavaScript on or off alike). */
async function otherBrowser(browser: Browser) {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    locale: use.locale,
    javaScriptEnabled: jsEnabled(),
  });
  return context.newPage();
}

// ---------------------------------------------------------------- sign-in and lockout

test("sign-in: a wrong password then the right one lands home with a session row, the failures reset", async ({
  page,
}) => {
  const user = await insertUser(`Sol Signin ${tag()}`, "receptionist");

  await page.goto("/authentication/login");
  await waitForHydration(page);
  await submitLogin(page, user.email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  await expect(page).toHaveURL(/\/authentication\/login/);
  expect(dbRow("SELECT failed_logins, locked_at FROM users WHERE id = ?", user.id)).toEqual({
    failed_logins: 1,
    locked_at: null,
  });
  expect(dbRows("SELECT id FROM sessions WHERE user_id = ?", user.id)).toEqual([]);

  await submitLogin(page, user.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${user.name}`);

  // The browser's token is the one session of this user in the database.
  const sessions = dbRows<{ token_hash: string; expires_at: string }>(
    "SELECT token_hash, expires_at FROM sessions WHERE user_id = ?",
    user.id,
  );
  expect(sessions).toHaveLength(1);
  expect(sessions[0].token_hash).toBe(sha256(await sessionToken(page)));
  expect(Date.parse(sessions[0].expires_at)).toBeGreaterThan(Date.now());
  expect(dbRow("SELECT failed_logins, locked_at FROM users WHERE id = ?", user.id)).toEqual({
    failed_logins: 0,
    locked_at: null,
  });
  expect(dbRows("SELECT success FROM login_attempts WHERE email = ? ORDER BY id", user.email)).toEqual([
    { success: 0 },
    { success: 1 },
  ]);
});

test("lockout: five wrong passwords lock the account, end its sessions and refuse the right password", async ({
  page,
  browser,
}) => {
  const user = await insertUser(`Lu Lockout ${tag()}`, "receptionist");
  // Signed in elsewhere first: locking ends that session too.
  await signIn(page, user.email);
  expect(dbRows("SELECT id FROM sessions WHERE user_id = ?", user.id)).toHaveLength(1);

  const guesser = await otherBrowser(browser);
  await guesser.goto("/authentication/login");
  await waitForHydration(guesser);
  const dialog = guesser.getByRole("alertdialog", { name: "Account Locked" });
  for (let attempt = 1; attempt <= 4; attempt++) {
    // The message stays the same from one try to the next: wait for this try's answer.
    const answered = guesser.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/authentication/login"),
    );
    await submitLogin(guesser, user.email, `wrong-${attempt}`);
    await answered;
    await expect(guesser.getByRole("alert")).toHaveText("The email or password is incorrect.");
    expect(
      dbRow<{ failed_logins: number }>("SELECT failed_logins FROM users WHERE id = ?", user.id)!.failed_logins,
    ).toBe(attempt);
  }
  await expect(dialog).toHaveCount(0);
  await submitLogin(guesser, user.email, "wrong-5");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Account has been locked. Please contact the school administration.");
  await expect(guesser).toHaveURL(/\/authentication\/login/);

  const locked = dbRow<{ failed_logins: number; locked_at: string | null }>(
    "SELECT failed_logins, locked_at FROM users WHERE id = ?",
    user.id,
  )!;
  expect(locked.failed_logins).toBe(5);
  expect(locked.locked_at).not.toBeNull();
  expect(dbRows("SELECT id FROM sessions WHERE user_id = ?", user.id)).toEqual([]);
  expect(
    dbRows("SELECT action FROM audit_log WHERE entity = 'user' AND entity_id = ? AND action = 'user.locked'", user.id),
  ).toHaveLength(1);

  // The right password is refused with the same dialog; nothing changes.
  await dialog.getByRole("link", { name: "OK" }).click();
  await expect(dialog).toHaveCount(0);
  await waitForHydration(guesser);
  await submitLogin(guesser, user.email, PASSWORD);
  await expect(dialog).toBeVisible();
  expect(dbRows("SELECT id FROM sessions WHERE user_id = ?", user.id)).toEqual([]);
  expect(dbRow("SELECT locked_at FROM users WHERE id = ?", user.id)).toEqual({ locked_at: locked.locked_at });
  await guesser.context().close();

  // The first browser's session is gone: its next page is the login page.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/authentication\/login\?redirectTo=%2Fdashboard$/);
});

// ---------------------------------------------------------------- attendance

test("attendance: the professor's marks for a class are saved as chosen, and a second save replaces them", async ({
  page,
}) => {
  const professor = await insertUser(`Pia Prof ${tag()}`, "professor");
  const course = insertCourse({ levelId: 2, professorId: professor.id });
  const students = ["Ada", "Bea", "Cyd", "Dov"].map((first) => insertStudent(first, 2, [course]));
  const date = "2026-10-14"; // a Wednesday of the term, no holiday

  await signIn(page, professor.email, { expectPath: "/teachers" });
  await page.getByRole("link", { name: course.code, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}/home$`));
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Course pages" }).getByRole("link", { name: "Attendance" }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}/attendance$`));
  await waitForHydration(page);
  await page.getByLabel("Class", { exact: true }).selectOption(date);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}/attendance\\?date=${date}$`));
  await waitForHydration(page);

  const group = (s: StudentFixture) => page.getByRole("group", { name: s.name, exact: true });
  const summary = page.getByRole("table", { name: "Attendance summary" });
  /** A student's summary cells: present, recovered, late, absent, score, absence count. */
  const counts = (s: StudentFixture) =>
    summary
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: s.name, exact: true }) })
      .getByRole("cell");
  /** Chooses the marks and saves; `after` waits until the page shows the saved class (its summary). */
  async function mark(marks: [StudentFixture, string][], after: () => Promise<void>) {
    for (const [s, value] of marks) await group(s).getByRole("radio", { name: value, exact: true }).check();
    await page.getByRole("button", { name: "Save attendance" }).click();
    await after();
    await expect(toast(page)).toContainText("Attendance saved");
    await expect(page).toHaveURL(new RegExp(`/course/${course.id}/attendance\\?date=${date}$`));
    // The page shows what was saved.
    for (const [s, value] of marks)
      await expect(group(s).getByRole("radio", { name: value, exact: true })).toBeChecked();
    await waitForHydration(page);
  }
  const stored = () =>
    dbRows<{ student_id: number; status: string; recorded_by: number }>(
      "SELECT student_id, status, recorded_by FROM attendance WHERE course_id = ? ORDER BY student_id",
      course.id,
    );
  const [ada, bea, cyd, dov] = students;

  // Nothing is stored until the first save; Present is preselected.
  expect(stored()).toEqual([]);
  await expect(group(dov).getByRole("radio", { name: "Present", exact: true })).toBeChecked();
  await mark(
    [
      [ada, "Absent"],
      [bea, "Late"],
      [cyd, "Recovered"],
    ],
    async () => {
      await expect(counts(ada).nth(3)).toHaveText("1");
      await expect(counts(bea).nth(2)).toHaveText("1");
      await expect(page.getByLabel("Class", { exact: true }).locator("option:checked")).toContainText("saved");
    },
  );
  expect(dbRows("SELECT DISTINCT session_date FROM attendance WHERE course_id = ?", course.id)).toEqual([
    { session_date: date },
  ]);
  expect(stored()).toEqual([
    { student_id: ada.id, status: "absent", recorded_by: professor.id },
    { student_id: bea.id, status: "late", recorded_by: professor.id },
    { student_id: cyd.id, status: "recovered", recorded_by: professor.id },
    { student_id: dov.id, status: "present", recorded_by: professor.id },
  ]);
  // Absent counts 1, late 0.5 (kept in half absences).
  const halves = () =>
    dbRows(
      "SELECT student_id, half_absences FROM absence_counts WHERE course_id = ? AND half_absences > 0 ORDER BY student_id",
      course.id,
    );
  expect(halves()).toEqual([
    { student_id: ada.id, half_absences: 2 },
    { student_id: bea.id, half_absences: 1 },
  ]);

  // Saving the same class again replaces the marks: still one row per student.
  await mark(
    [
      [ada, "Present"],
      [dov, "Absent"],
    ],
    async () => {
      await expect(counts(dov).nth(3)).toHaveText("1");
      await expect(counts(ada).nth(3)).toHaveText("0");
    },
  );
  expect(stored().map((r) => [r.student_id, r.status])).toEqual([
    [ada.id, "present"],
    [bea.id, "late"],
    [cyd.id, "recovered"],
    [dov.id, "absent"],
  ]);
  expect(halves()).toEqual([
    { student_id: bea.id, half_absences: 1 },
    { student_id: dov.id, half_absences: 2 },
  ]);
});

// ---------------------------------------------------------------- transfers

/** Two courses of the project's own and three students in the first. */
function transferFixtures() {
  const from = insertCourse({ levelId: 2 });
  const to = insertCourse({ levelId: 4 });
  const students = ["Eli", "Fay", "Gus"].map((first) => insertStudent(first, 2, [from]));
  return { from, to, students };
}

const enrollmentsOf = (s: StudentFixture) =>
  dbRows<{ course_id: number; start_date: string; end_date: string | null; end_reason: string | null }>(
    "SELECT course_id, start_date, end_date, end_reason FROM enrollments WHERE student_id = ? ORDER BY id",
    s.id,
  );
const levelOf = (s: StudentFixture) =>
  dbRow<{ level_id: number }>("SELECT level_id FROM students WHERE id = ?", s.id)!.level_id;

test("transfer: a receptionist creates a group transfer (pending as chosen), a coordinator approves it (enrollments move, level changes)", async ({
  page,
}) => {
  const { from, to, students } = transferFixtures();
  const [eli, fay, gus] = students;

  await signIn(page, "reception@school.test");
  await page.goto("/admin/transfer-students/new");
  await waitForHydration(page);
  await selectCourse(page.getByLabel("Current course"), from.code);
  await page.getByRole("button", { name: "Show its students" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transfer-students/new\\?from=${from.id}$`));
  await waitForHydration(page);
  const box = (s: StudentFixture) =>
    page.locator("label").filter({ hasText: s.name }).locator('input[name="student_ids"]');
  for (const s of students) await expect(box(s)).toBeEnabled();
  await box(eli).check();
  await box(fay).check();
  await selectCourse(page.getByLabel("Selected course"), to.code);
  // Chosen explicitly: what is saved is what was chosen, whatever was preselected.
  await page.getByLabel("Selected level").selectOption({ label: "B1+" });
  await page.getByLabel("Reason (optional)").fill("Placement test result");
  await page.getByRole("button", { name: "Save transfer" }).click();

  await expect(page.getByText("The transfer was created and is pending approval.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/transfer-students\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get("id"));
  const region = page.getByRole("region", { name: new RegExp(`Transfer #${id}`) });
  await expect(region).toContainText("Pending");
  // Issue 19: each course by its label (code · level · schedule · professor).
  await expect(region).toContainText(`From course:${from.code} · A2`);
  await expect(region).toContainText(`Selected course:${to.code} · B1+`);
  await expect(region.getByRole("link", { name: eli.name })).toBeVisible();
  await expect(region.getByRole("link", { name: fay.name })).toBeVisible();
  await expect(region.getByRole("link", { name: gus.name })).toHaveCount(0);

  expect(
    dbRow(
      "SELECT is_group, from_course_id, selected_course_id, selected_level_id, reason, status, created_by, decided_by FROM transfers WHERE id = ?",
      id,
    ),
  ).toEqual({
    is_group: 1,
    from_course_id: from.id,
    selected_course_id: to.id,
    selected_level_id: 4,
    reason: "Placement test result",
    status: "pending",
    created_by: userId("reception@school.test"),
    decided_by: null,
  });
  expect(dbRows("SELECT student_id FROM transfer_students WHERE transfer_id = ? ORDER BY student_id", id)).toEqual([
    { student_id: eli.id },
    { student_id: fay.id },
  ]);
  // Nothing moves before the decision.
  for (const s of students)
    expect(enrollmentsOf(s)).toEqual([
      { course_id: from.id, start_date: TERM.start, end_date: null, end_reason: null },
    ]);

  await page.context().clearCookies();
  await signIn(page, "coordinator@school.test");
  await page.goto(`/admin/transfer-students?id=${id}`);
  await waitForHydration(page);
  const before = schoolToday();
  const dialog = await openConfirm(
    page,
    page.getByRole("link", { name: "Approve", exact: true }),
    "Approve this transfer?",
  );
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("The transfer was approved.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/transfer-students\\?id=${id}$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(region).toContainText("Approved");
  await expect(region).toContainText("Carla Coordinator");
  await expect(page.getByRole("link", { name: "Approve", exact: true })).toHaveCount(0);
  const after = schoolToday();

  const decided = dbRow<{ status: string; decided_by: number; decided_at: string | null }>(
    "SELECT status, decided_by, decided_at FROM transfers WHERE id = ?",
    id,
  )!;
  expect(decided.status).toBe("approved");
  expect(decided.decided_by).toBe(userId("coordinator@school.test"));
  expect(decided.decided_at).not.toBeNull();
  for (const s of [eli, fay]) {
    const rows = enrollmentsOf(s);
    expect(rows).toHaveLength(2);
    const day = rows[0].end_date;
    expect([before, after]).toContain(day);
    expect(rows).toEqual([
      { course_id: from.id, start_date: TERM.start, end_date: day, end_reason: "transfer" },
      { course_id: to.id, start_date: day, end_date: null, end_reason: null },
    ]);
    expect(levelOf(s)).toBe(4);
  }
  // The one left behind stays where they were.
  expect(enrollmentsOf(gus)).toEqual([
    { course_id: from.id, start_date: TERM.start, end_date: null, end_reason: null },
  ]);
  expect(levelOf(gus)).toBe(2);

  // The student's page agrees: the new course and level.
  await page.goto(`/admin/students/${eli.id}`);
  await expect(detail(page, "Level")).toHaveText("B1+");
  await expect(page.getByRole("table", { name: "Enrollment history" })).toContainText(to.code);
});

test("transfer: a coordinator rejects a pending transfer: rejected, nobody moves", async ({ page }) => {
  const { from, to, students } = transferFixtures();
  const [eli, fay] = students;
  const id = insertTransfer(from, to, 4, [eli, fay], userId("reception@school.test"));

  await signIn(page, "coordinator@school.test");
  await page.goto(`/admin/transfer-students?id=${id}`);
  await waitForHydration(page);
  const region = page.getByRole("region", { name: new RegExp(`Transfer #${id}`) });
  await expect(region).toContainText("Pending");
  const dialog = await openConfirm(
    page,
    page.getByRole("link", { name: "Reject", exact: true }),
    "Reject this transfer?",
  );
  await dialog.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(page.getByText("The transfer was rejected.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/transfer-students\\?id=${id}$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(region).toContainText("Rejected");
  await expect(page.getByRole("link", { name: "Reject", exact: true })).toHaveCount(0);

  const decided = dbRow<{ status: string; decided_by: number; decided_at: string | null }>(
    "SELECT status, decided_by, decided_at FROM transfers WHERE id = ?",
    id,
  )!;
  expect(decided.status).toBe("rejected");
  expect(decided.decided_by).toBe(userId("coordinator@school.test"));
  expect(decided.decided_at).not.toBeNull();
  for (const s of students) {
    expect(enrollmentsOf(s)).toEqual([
      { course_id: from.id, start_date: TERM.start, end_date: null, end_reason: null },
    ]);
    expect(levelOf(s)).toBe(2);
  }
  expect(dbRows("SELECT id FROM enrollments WHERE course_id = ?", to.id)).toEqual([]);

  // The rejected transfer frees its students for a new one.
  await page.goto(`/admin/transfer-students/new?from=${from.id}`);
  await expect(page.locator("label").filter({ hasText: eli.name }).locator('input[name="student_ids"]')).toBeEnabled();
});

// ---------------------------------------------------------------- students

test("student edit: the page says it was saved and shows the new values, the row holds them", async ({ page }) => {
  const student = insertStudent("Hal", 1);
  const before = dbRow<{ updated_at: string }>("SELECT updated_at FROM students WHERE id = ?", student.id)!;

  await signIn(page, "admin@school.test");
  await page.goto(`/admin/students/${student.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(student.name);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/students/${student.id}/edit$`));
  await waitForHydration(page);

  await page.getByLabel("Middle name").fill("Tomás");
  await page.getByLabel("Phone", { exact: true }).fill("0991 234-567");
  await page.getByLabel("Address", { exact: true }).fill("Calle Larga 7-45 y Hermano Miguel");
  // Adult to kid: the kids' levels and the emergency contact (shown only for
  // kids once the page runs JavaScript; always there without it).
  await page.getByRole("radio", { name: "Kids", exact: true }).check();
  await page.getByLabel("Level", { exact: true }).selectOption({ label: "A1.2" });
  await page.getByLabel("Emergency contact name").fill("Hilda Zapata");
  await page.getByLabel("Emergency contact phone").fill("(07) 2841-2345");
  await page.getByLabel("Relationship to the student").fill("Mother");
  await page.getByLabel("Schedule").selectOption({ label: "Tue-Thu 17:00–19:00" });
  await page.getByRole("radio", { name: "No", exact: true }).check();
  await page.getByLabel("Billing address").fill("Gran Colombia 2-10");
  await page.getByLabel("Notes").fill("Prefers e-mail.");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/students/${student.id}$`));
  await expect(page.getByRole("status").filter({ hasText: "Student saved correctly" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hal Tomás ${student.last} ${student.second}`);
  await expect(detail(page, "Middle name")).toHaveText("Tomás");
  await expect(detail(page, "Phone")).toHaveText("0991234567");
  await expect(detail(page, "Address")).toHaveText("Calle Larga 7-45 y Hermano Miguel");
  await expect(detail(page, "Level")).toHaveText("A1.2");
  await expect(detail(page, "Age category")).toHaveText("Kids");
  await expect(detail(page, "Emergency contact phone")).toHaveText("0728412345");
  await expect(detail(page, "Billing address")).toHaveText("Gran Colombia 2-10");
  await expect(page.getByText("Prefers e-mail.")).toBeVisible();

  const row = dbRow<Record<string, unknown>>(
    `SELECT first_name, middle_name, last_name, id_number, phone_number, address, age_category, level_id, schedule, same_billing, billing_address,
       emergency_contact_name, emergency_contact_phone, emergency_contact_relationship, notes, status, updated_at FROM students WHERE id = ?`,
    student.id,
  )!;
  expect(row).toMatchObject({
    first_name: "Hal",
    middle_name: "Tomás",
    last_name: student.last,
    id_number: student.idNumber,
    phone_number: "0991234567",
    address: "Calle Larga 7-45 y Hermano Miguel",
    age_category: "kids",
    level_id: 12,
    emergency_contact_name: "Hilda Zapata",
    emergency_contact_phone: "0728412345",
    emergency_contact_relationship: "Mother",
    schedule: "TUE-THU-17-19",
    same_billing: 0,
    billing_address: "Gran Colombia 2-10",
    notes: "Prefers e-mail.",
    status: "active",
  });
  expect(row.updated_at).not.toBe(before.updated_at);
});

// ---------------------------------------------------------------- registrations

test("registration approve: the student is created active and enrolled, the registration approved", async ({
  page,
}) => {
  const course = insertCourse({ levelId: 5 }); // B2 Upper Intermediate: no demo course has it
  const registration = insertRegistration("Ida", 5);

  await signIn(page, "reception@school.test");
  await page.goto(`/admin/registered-students/${registration.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(registration.name);
  await waitForHydration(page);
  const dialog = await openConfirm(
    page,
    page.getByRole("link", { name: "Approve", exact: true }),
    "Approve this registration?",
  );
  await selectCourse(dialog.getByLabel("Enroll in a course (optional)"), course.code);
  await expect(dialog.getByLabel("Enroll in a course (optional)").locator("option:checked")).toHaveText(/ \(0\/20\)$/);
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();

  await expect(page.getByText("The registration was approved and the student created.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/registered-students/${registration.id}$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText(/^Approved by Rita Reception on /)).toBeVisible();
  await expect(page.getByRole("link", { name: "Approve", exact: true })).toHaveCount(0);

  const reg = dbRow<{ status: string; decided_by: number; student_id: number | null; reject_reason: string | null }>(
    "SELECT status, decided_by, student_id, reject_reason FROM registrations WHERE id = ?",
    registration.id,
  )!;
  expect(reg).toMatchObject({ status: "approved", decided_by: userId("reception@school.test"), reject_reason: null });
  expect(reg.student_id).not.toBeNull();
  const students = dbRows(
    "SELECT id, first_name, last_name, second_last_name, level_id, schedule, status, registration_id, notes FROM students WHERE id_number = ?",
    registration.idNumber,
  );
  expect(students).toEqual([
    {
      id: reg.student_id,
      first_name: registration.first,
      last_name: registration.last,
      second_last_name: registration.second,
      level_id: 5,
      schedule: "MON-WED-09-11",
      status: "active",
      registration_id: registration.id,
      notes: "Mornings, please.",
    },
  ]);
  expect(dbRows("SELECT course_id, end_date FROM enrollments WHERE student_id = ?", reg.student_id)).toEqual([
    { course_id: course.id, end_date: null },
  ]);

  // The link leads to the new student, active, in that course.
  await page.getByRole("link", { name: "Open the student" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/students/${reg.student_id}$`));
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Enrollment history" })).toContainText(course.code);
});

test("registration reject: rejected with the reason, no student", async ({ page }) => {
  const registration = insertRegistration("Jo", 5);
  const reason = `Duplicate of an earlier registration (${registration.reference})`;

  await signIn(page, "reception@school.test");
  await page.goto(`/admin/registered-students/${registration.id}`);
  await waitForHydration(page);
  let dialog = await openConfirm(
    page,
    page.getByRole("link", { name: "Reject", exact: true }),
    "Reject this registration?",
  );
  // No reason: refused next to the field, nothing written.
  const field = dialog.getByLabel("Reason for rejecting");
  await field.evaluate((el) => el.removeAttribute("required"));
  await dialog.getByRole("button", { name: "Reject", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Reject this registration?" });
  await expect(dialog.getByText("The reason is required.")).toBeVisible();
  await expect(dialog.getByLabel("Reason for rejecting")).toHaveAttribute("aria-invalid", "true");
  expect(dbRow("SELECT status, reject_reason FROM registrations WHERE id = ?", registration.id)).toEqual({
    status: "pending",
    reject_reason: null,
  });

  await waitForHydration(page);
  await dialog.getByLabel("Reason for rejecting").fill(reason);
  await dialog.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(page.getByText("The registration was rejected.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/registered-students/${registration.id}$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText(`— ${reason}`)).toBeVisible();
  await expect(page.getByText(/^Rejected by Rita Reception on /)).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the student" })).toHaveCount(0);

  expect(
    dbRow("SELECT status, reject_reason, student_id, decided_by FROM registrations WHERE id = ?", registration.id),
  ).toEqual({
    status: "rejected",
    reject_reason: reason,
    student_id: null,
    decided_by: userId("reception@school.test"),
  });
  expect(dbRows("SELECT id FROM students WHERE id_number = ?", registration.idNumber)).toEqual([]);

  // The list agrees.
  await page.goto(`/admin/registered-students?status=rejected&q=${registration.idNumber}`);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr").first()).toContainText("Rejected");
});
