import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type AttendanceValue, type Role, type User } from "~/db/schema";
import { saveSessionAttendance } from "~/modules/attendance/attendance.server";
import { addDays } from "~/modules/calendar/week";
import { inviteStudent } from "~/modules/mail/invitations.server";
import { INTERRUPTED, closeMailTransport, sendDueMail } from "~/modules/mail/sender.server";
import { approveRegistration } from "~/modules/registrations/review.server";
import { passwordTokenState, setPasswordWithToken } from "~/modules/users/users.server";
import * as outboxRoute from "~/routes/_app.admin.outbox";
import * as studentRoute from "~/routes/_app.admin.students.$id";
import { useTestDatabase } from "../helpers/db";
import { callAction, callLoader, createRoleUsers, redirectedTo, request, signIn } from "../helpers/fixtures";
import { insertRegistration } from "../helpers/registration";
import { courseRow, studentRow } from "../helpers/rows";
import { startSmtp } from "../helpers/smtp";

useTestDatabase();

// Issue 21 (ADR 046): e-mail through the outbox, delivered to a REAL SMTP
// server running in this process (smtp-server), as the app's sender sends it.

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let seq = 0;

async function insertStudent(fields: { first_name: string; email?: string; locale?: string | null }) {
  seq += 1;
  const n = `19${String(seq).padStart(8, "0")}`;
  let user_id: number | null = null;
  if (fields.locale !== undefined) {
    const at = new Date().toISOString();
    const u = await db()
      .insertInto("users")
      .values({
        name: fields.first_name,
        email: fields.email ?? `m${n}@example.com`,
        role: "student",
        password_hash: null,
        status: "active",
        image: null,
        locale: fields.locale,
        locked_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    user_id = u.id;
  }
  const { id } = await db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: fields.first_name,
        last_name: `Mail${seq}`,
        id_number: n,
        email: fields.email ?? `m${n}@example.com`,
        user_id,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

const outbox = () => db().selectFrom("outbox").selectAll().orderBy("id").execute();
const linkIn = (text: string) => /https?:\/\/\S+\/authentication\/set-password\/([A-Za-z0-9_-]{43})/.exec(text);

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of Object.keys(users) as Role[]) cookies[role] = await signIn(users[role].email);
  await db().updateTable("settings").set({ value: "Horizonte" }).where("key", "=", "school_name").execute();
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "School <office@school.example.com>";
});

afterAll(async () => {
  closeMailTransport();
  await smtp.stop();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});

beforeEach(async () => {
  // Each test reads only its own messages.
  await db().deleteFrom("absence_warnings").execute();
  await db().deleteFrom("outbox").execute();
  smtp.received.length = 0;
});

describe("invitations", () => {
  it("a receptionist invites a Spanish student: one e-mail in Spanish, whose link works once", async () => {
    const id = await insertStudent({ first_name: "Lucía" });
    const response = await callAction(
      studentRoute,
      request(`/admin/students/${id}`, { cookie: cookies.receptionist, form: { intent: "invite", language: "es" } }),
      { id: String(id) },
    );
    expect(redirectedTo(response)).toBe(`/admin/students/${id}`);
    const student = await db()
      .selectFrom("students")
      .select(["user_id", "email"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const user = await db()
      .selectFrom("users")
      .selectAll()
      .where("id", "=", student.user_id!)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "student", email: student.email, locale: "es", password_hash: null });
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "student.invited")
      .where("entity_id", "=", id)
      .execute();
    expect(audit).toHaveLength(1);
    const [queued] = await outbox();
    expect(queued).toMatchObject({
      status: "queued",
      kind: "invite",
      language: "es",
      student_id: id,
      user_id: user.id,
    });

    expect(await sendDueMail()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual([student.email]);
    expect(mail.from).toBe("office@school.example.com");
    expect(mail.subject).toBe("Su acceso al portal de estudiantes de Horizonte");
    expect(mail.text).toContain("Estimado/a Lucía");
    expect(mail.text).toContain("inicie sesión con su correo electrónico");
    expect(mail.html).toContain("Elegir mi contraseña");
    expect(mail.html).toContain('lang="es"');
    const link = linkIn(mail.text);
    expect(link?.[0]).toMatch(/^http:\/\/localhost\/authentication\/set-password\//);
    expect(mail.html).toContain(link![0]);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 1, last_error: null });

    // The link works once.
    expect(await setPasswordWithToken(link![1], "a-new-password-2026")).toEqual({ ok: true });
    expect(await setPasswordWithToken(link![1], "another-password-2026")).toEqual({ ok: false, reason: "used" });
    const after = await db()
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toMatch(/^\$argon2/);

    // Nothing is sent twice.
    expect(await sendDueMail()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("an Arabic student gets the e-mail in Arabic, right to left; a new invitation ends the old link", async () => {
    const id = await insertStudent({ first_name: "Layla", locale: "ar" });
    const first = await inviteStudent(id, users.coordinator.id, { origin: "http://localhost" });
    expect(first.ok).toBe(true);
    const second = await inviteStudent(id, users.coordinator.id, { origin: "http://localhost" });
    expect(second.ok && !second.created).toBe(true);
    await sendDueMail();
    expect(smtp.received).toHaveLength(2);
    const [a, b] = smtp.received;
    expect(a.subject).toBe("وصولك إلى بوابة الطلاب في Horizonte");
    expect(a.text).toContain("مرحبًا Layla");
    expect(a.html).toContain('dir="rtl"');
    const oldToken = linkIn(a.text)![1];
    const newToken = linkIn(b.text)![1];
    expect(oldToken).not.toBe(newToken);
    expect(await passwordTokenState(oldToken)).toBe("used");
    expect(await passwordTokenState(newToken)).toBe("valid");
  });

  it("links use APP_URL when it is set", async () => {
    const id = await insertStudent({ first_name: "Pedro" });
    process.env.APP_URL = "https://school.example.org/";
    try {
      await inviteStudent(id, users.admin_staff.id, { origin: "http://localhost", language: "fr" });
    } finally {
      delete process.env.APP_URL;
    }
    const [m] = await outbox();
    expect(m.text_body).toMatch(/https:\/\/school\.example\.org\/authentication\/set-password\//);
    expect(m.subject).toBe("Votre accès au portail étudiant de Horizonte");
  });

  it("a student without an email address is refused, clearly, and nothing is written", async () => {
    const id = await insertStudent({ first_name: "Nadie", email: "" });
    const usersBefore = await db().selectFrom("users").select("id").execute();
    const response = await callAction(
      studentRoute,
      request(`/admin/students/${id}`, { cookie: cookies.admin_staff, form: { intent: "invite", language: "en" } }),
      { id: String(id) },
    );
    expect(response.status).toBe(409);
    expect(JSON.stringify(await response.json())).toContain("mail:portal.errors.noEmail");
    expect(await outbox()).toEqual([]);
    expect(await db().selectFrom("users").select("id").execute()).toHaveLength(usersBefore.length);
  });

  it("an address that is a staff account's is refused", async () => {
    const id = await insertStudent({ first_name: "Copia", email: users.financial.email });
    expect(await inviteStudent(id, users.admin_staff.id, { origin: "http://localhost" })).toEqual({
      ok: false,
      reason: "emailTaken",
    });
    expect(await outbox()).toEqual([]);
  });

  it("only the roles that may invite can (financial: 403), and the page shows the invitation", async () => {
    const id = await insertStudent({ first_name: "Marta" });
    const post = (role: Role) =>
      callAction(
        studentRoute,
        request(`/admin/students/${id}`, { cookie: cookies[role], form: { intent: "invite", language: "en" } }),
        { id: String(id) },
      );
    expect((await post("financial")).status).toBe(403);
    expect(redirectedTo(await post("professor"))).toBe("/teachers");
    expect(await outbox()).toEqual([]);
    expect(redirectedTo(await post("coordinator"))).toBe(`/admin/students/${id}`);
    const page = await callLoader(studentRoute, request(`/admin/students/${id}`, { cookie: cookies.financial }), {
      id: String(id),
    });
    const data = await page.json();
    expect(data.canInvite).toBe(false);
    expect(data.portal).toMatchObject({ state: "invited", hasEmail: true });
    expect(data.portal.lastInvite).toBeTruthy();
    expect(data.portal.mail).toHaveLength(1);
  });

  it("approving a registration with an email invites the new student in the same transaction", async () => {
    const reg = await insertRegistration();
    const outcome = await approveRegistration(reg.id, users.receptionist.id, null, { origin: "http://localhost" });
    expect(outcome.ok).toBe(true);
    const student = await db()
      .selectFrom("students")
      .select(["id", "user_id", "email"])
      .where("registration_id", "=", reg.id)
      .executeTakeFirstOrThrow();
    expect(student.user_id).not.toBeNull();
    const [m] = await outbox();
    expect(m).toMatchObject({ kind: "invite", student_id: student.id, recipient: student.email.toLowerCase() });
  });
});

describe("the outbox page", () => {
  it("lists the messages with their links for admin, filtered by status", async () => {
    const id = await insertStudent({ first_name: "Olga" });
    await inviteStudent(id, users.admin_staff.id, { origin: "http://localhost" });
    const load = (query: string) =>
      callLoader(outboxRoute, request(`/admin/outbox${query}`, { cookie: cookies.admin_staff }));
    const all = await (await load("")).json();
    expect(all.total).toBe(1);
    expect(all.rows[0].links[0]).toMatch(/\/authentication\/set-password\//);
    expect((await (await load("?status=sent")).json()).total).toBe(0);
    expect((await (await load("?status=queued")).json()).total).toBe(1);
    expect((await (await load("?status=bogus")).json()).total).toBe(1);
    const refused = await callLoader(outboxRoute, request("/admin/outbox", { cookie: cookies.coordinator }));
    expect(refused.status).toBe(403);
  });
});

describe("delivery", () => {
  it("a mail server that is down loses nothing: every message arrives exactly once when it is back", async () => {
    await smtp.stop();
    const ids = [await insertStudent({ first_name: "Uno" }), await insertStudent({ first_name: "Dos" })];
    for (const id of ids) await inviteStudent(id, users.admin_staff.id, { origin: "http://localhost" });
    const warned = await insertStudent({ first_name: "Tres" });
    const course = await newCourse();
    await enroll(warned, course);
    for (let i = 0; i < 12; i++) await mark(course, warned, i, "absent");

    const down = await sendDueMail();
    expect(down).toMatchObject({ sent: 0, retried: 3 });
    const waiting = await outbox();
    expect(waiting.map((m) => [m.status, m.attempts])).toEqual([
      ["queued", 1],
      ["queued", 1],
      ["queued", 1],
    ]);
    for (const m of waiting) expect(m.last_error).toMatch(/ECONNREFUSED|connect/i);
    // Not due yet: nothing is tried before the back-off.
    expect(await sendDueMail()).toMatchObject({ sent: 0, retried: 0 });

    await smtp.start();
    const later = () => new Date(Date.now() + 2 * 60_000);
    expect(await sendDueMail({ now: later })).toMatchObject({ sent: 3 });
    expect(await sendDueMail({ now: later })).toMatchObject({ sent: 0 });
    const recipients = smtp.received.map((m) => m.to[0]).sort();
    const expected = (await outbox()).map((m) => m.recipient).sort();
    expect(recipients).toEqual(expected);
    expect(new Set(recipients).size).toBe(3);
    expect((await outbox()).every((m) => m.status === "sent" && m.attempts === 2)).toBe(true);
  });

  it("a temporary refusal (451) is tried again after the back-off, and delivered once", async () => {
    await smtp.stop();
    closeMailTransport();
    const refusing = await startSmtp({ reject: (n) => n === 1 });
    process.env.SMTP_URL = refusing.url;
    try {
      await inviteStudent(await insertStudent({ first_name: "Retry" }), users.admin_staff.id, {
        origin: "http://localhost",
      });
      const t0 = Date.now();
      expect(await sendDueMail({ now: () => new Date(t0) })).toMatchObject({ retried: 1 });
      const [m] = await outbox();
      expect(m).toMatchObject({ status: "queued", attempts: 1 });
      expect(m.last_error).toMatch(/451/);
      expect(Date.parse(m.next_attempt_at) - t0).toBe(60_000);
      expect(await sendDueMail({ now: () => new Date(t0 + 30_000) })).toMatchObject({ sent: 0, retried: 0 });
      expect(await sendDueMail({ now: () => new Date(t0 + 61_000) })).toMatchObject({ sent: 1 });
      expect(refusing.received).toHaveLength(1);
      expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    } finally {
      await refusing.stop();
      closeMailTransport();
      await smtp.start();
      process.env.SMTP_URL = smtp.url;
    }
  });

  it("a message left `sending` by a sender that died is never sent again (at most once)", async () => {
    await inviteStudent(await insertStudent({ first_name: "Crash" }), users.admin_staff.id, {
      origin: "http://localhost",
    });
    const past = new Date(Date.now() - 60_000).toISOString();
    await db().updateTable("outbox").set({ status: "sending", attempts: 1, leased_until: past }).execute();
    expect(await sendDueMail()).toMatchObject({ interrupted: 1, sent: 0 });
    expect((await outbox())[0]).toMatchObject({ status: "failed", last_error: INTERRUPTED });
    expect(smtp.received).toHaveLength(0);
  });

  it("without SMTP_URL nothing is sent and messages stay queued", async () => {
    await inviteStudent(await insertStudent({ first_name: "Quiet" }), users.admin_staff.id, {
      origin: "http://localhost",
    });
    delete process.env.SMTP_URL;
    try {
      expect(await sendDueMail()).toMatchObject({ sent: 0, retried: 0 });
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
    expect((await outbox())[0]).toMatchObject({ status: "queued", attempts: 0 });
  });
});

// ---------------------------------------------------------------- absence warnings

const START = "2026-01-05";
let courseSeq = 0;
async function newCourse() {
  courseSeq += 1;
  const { id } = await db()
    .insertInto("courses")
    .values(
      courseRow({
        course_id: `MAIL-${courseSeq}`,
        course_number: `M${courseSeq}`,
        start_date: START,
        end_date: addDays(START, 200),
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
async function enroll(studentId: number, courseId: number) {
  await db()
    .insertInto("enrollments")
    .values({ student_id: studentId, course_id: courseId, start_date: START, end_date: null, end_reason: null })
    .execute();
}
async function mark(courseId: number, studentId: number, day: number, value: AttendanceValue) {
  const outcome = await saveSessionAttendance(
    courseId,
    addDays(START, day),
    new Map([[studentId, value]]),
    users.professor.id,
  );
  expect(outcome.ok).toBe(true);
}

describe("absence warnings", () => {
  it("12 sends the warning once, re-saves and corrections send nothing, 20 sends the danger", async () => {
    const id = await insertStudent({ first_name: "Ausente", locale: "es" });
    const course = await newCourse();
    await enroll(id, course);
    for (let i = 0; i < 11; i++) await mark(course, id, i, "absent");
    expect(await outbox()).toEqual([]);
    await mark(course, id, 11, "absent"); // 12
    let mails = await outbox();
    expect(mails.map((m) => m.kind)).toEqual(["absence_warning"]);
    expect(mails[0].subject).toBe("Horizonte: aviso de faltas en el curso MAIL-" + courseSeq);
    expect(mails[0].text_body).toContain("Ya tiene 12 faltas");
    await mark(course, id, 11, "absent"); // saved again
    await mark(course, id, 11, "present"); // corrected down: 11
    await mark(course, id, 11, "absent"); // and up again: 12
    expect(await outbox()).toHaveLength(1);
    for (let i = 12; i < 19; i++) await mark(course, id, i, "absent"); // 19
    await mark(course, id, 19, "late"); // 19.5
    expect(await outbox()).toHaveLength(1);
    await mark(course, id, 20, "late"); // 20
    mails = await outbox();
    expect(mails.map((m) => m.kind)).toEqual(["absence_warning", "absence_danger"]);
    expect(mails[1].text_body).toContain("Ya tiene 20 faltas");
    expect(mails[1].text_body).toContain("office@school.example.com");
    await mark(course, id, 20, "present");
    await mark(course, id, 20, "late");
    expect(await outbox()).toHaveLength(2);
    const warnings = await db().selectFrom("absence_warnings").selectAll().where("student_id", "=", id).execute();
    expect(warnings.map((w) => w.threshold).sort()).toEqual([12, 20]);

    await sendDueMail();
    expect(smtp.received.map((m) => m.subject)).toEqual(mails.map((m) => m.subject));

    // The staff see them on the student's page.
    const page = await callLoader(studentRoute, request(`/admin/students/${id}`, { cookie: cookies.coordinator }), {
      id: String(id),
    });
    const data = await page.json();
    expect(data.portal.warnings.map((w: { threshold: number }) => w.threshold).sort()).toEqual([12, 20]);
  });

  it("a student without an email address gets nothing and nothing is recorded", async () => {
    const id = await insertStudent({ first_name: "Sincorreo", email: "" });
    const course = await newCourse();
    await enroll(id, course);
    for (let i = 0; i < 12; i++) await mark(course, id, i, "absent");
    expect(await outbox()).toEqual([]);
    expect(await db().selectFrom("absence_warnings").selectAll().where("student_id", "=", id).execute()).toEqual([]);
  });
});
