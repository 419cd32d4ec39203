import { type Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type AttendanceValue, type Database, type Role, type User } from "~/db/schema";
import { verifyPassword } from "~/modules/auth/password.server";
import { ROLES } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { addDays, mondayOf } from "~/modules/calendar/week";
import { loadWeek } from "~/modules/calendar/week.server";
import * as holidaysRoute from "~/routes/_app.admin.holidays";
import * as teachersRoute from "~/routes/_app.admin.teachers";
import * as faqRoute from "~/routes/_app.coordinator.faq";
import * as professorsRoute from "~/routes/_app.coordinator.professors";
import * as dashboardRoute from "~/routes/_app.dashboard";
import * as teachersHomeRoute from "~/routes/_app.teachers._index";
import * as teachersFaqRoute from "~/routes/_app.teachers.faq";
import { useTestDatabase } from "../helpers/db";
import {
  callAction,
  callLoader,
  createRoleUsers,
  createUser,
  redirectedTo,
  request,
  signIn,
} from "../helpers/fixtures";
import { courseRow, studentRow, transferRow } from "../helpers/rows";

useTestDatabase();

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
type Who = Role | "anonymous";
const WHO: Who[] = ["anonymous", ...ROLES];
const cookieOf = (who: Who) => (who === "anonymous" ? undefined : cookies[who]);

/** "login", a redirect's path, or the status. */
function answer(response: Response): string | number {
  const to = redirectedTo(response);
  if (to?.startsWith("/authentication/login")) return "login";
  return to ?? response.status;
}

async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  const body = (await response.json()) as { result?: { error?: Record<string, string[] | null> | null } };
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(body.result?.error ?? {})) if (v) errors[k] = v;
  return errors;
}

// ---------------------------------------------------------------------------
// Fixtures written directly

const now = () => new Date().toISOString();
let seq = 0;

async function insertCourse(fields: Partial<Insertable<Database["courses"]>> & { course_id: string }) {
  return db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: String(++seq),
        start_date: "2030-01-07",
        end_date: "2030-03-29",
        created_at: now(),
        updated_at: now(),
        ...fields,
      }),
    )
    .returning(["id", "course_id"])
    .executeTakeFirstOrThrow();
}

function person(n: number) {
  const id = `19${String(n).padStart(8, "0")}`;
  return {
    first_name: "Test",
    middle_name: "",
    last_name: `Person${n}`,
    second_last_name: "Lopez",
    id_number: id,
    birthday: "1990-01-15",
    phone_number: `09${id.slice(-8)}`,
    email: `p${id}@example.com`,
    address: "Calle 1",
    age_category: "adults" as const,
    emergency_contact_name: null,
    emergency_contact_phone: null,
    emergency_contact_relationship: null,
    level_id: 1,
    schedule: "MON-WED-09-11",
    same_billing: 1,
    billing_address: null,
    where_hear_about_us: null,
    promotion: null,
  };
}

async function insertStudent(fields: Partial<Insertable<Database["students"]>> = {}) {
  return db()
    .insertInto("students")
    .values(
      studentRow({
        ...person(++seq),
        created_at: now(),
        updated_at: now(),
        ...fields,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

async function enroll(studentId: number, courseId: number, end: string | null = null) {
  await db()
    .insertInto("enrollments")
    .values({
      student_id: studentId,
      course_id: courseId,
      start_date: "2020-01-06",
      end_date: end,
      end_reason: end ? "transfer" : null,
    })
    .execute();
}

/** One attendance row per value, on consecutive days from 2021-01-01. */
async function attendance(studentId: number, courseId: number, values: AttendanceValue[]) {
  await db()
    .insertInto("attendance")
    .values(
      values.map((status, i) => ({
        course_id: courseId,
        student_id: studentId,
        session_date: addDays("2021-01-01", i),
        status,
        recorded_by: null,
        recorded_at: now(),
      })),
    )
    .execute();
}

const repeat = <T>(value: T, n: number): T[] => Array.from({ length: n }, () => value);

async function insertHoliday(name: string, start: string, end: string, courseId: number | null = null) {
  return db()
    .insertInto("holidays")
    .values({ name, start_date: start, end_date: end, course_id: courseId })
    .returning("id")
    .executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------

let profA: User;
let profB: User;
let today: string;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
  profA = await createUser({ role: "professor", name: "Alba Profe", email: "alba@school.example.com" });
  profB = await createUser({ role: "professor", name: "Bea Profe", email: "bea@school.example.com" });
  today = await schoolToday();
});

// ---------------------------------------------------------------------------

describe("who may open what (PRODUCT 2)", () => {
  const STAFF: Role[] = ["admin_staff", "coordinator", "receptionist", "financial"];

  /** Staff area: staff with the capability get `ok`, other staff 403, a professor /teachers, a student /student. */
  const staff = (allowed: Role[]) => (who: Who) =>
    who === "anonymous"
      ? "login"
      : who === "student"
        ? "/student"
        : !STAFF.includes(who)
          ? "/teachers"
          : allowed.includes(who)
            ? 200
            : 403;

  const CASES: [string, Parameters<typeof callLoader>[0], (who: Who) => string | number][] = [
    ["/dashboard", dashboardRoute, staff(STAFF)],
    ["/admin/holidays", holidaysRoute, staff(["admin_staff", "coordinator"])],
    ["/admin/teachers", teachersRoute, staff(["admin_staff", "coordinator", "receptionist"])],
    ["/coordinator/professors", professorsRoute, staff(["admin_staff", "coordinator", "receptionist"])],
    ["/coordinator/faq", faqRoute, staff(["admin_staff", "coordinator"])],
    ["/teachers", teachersHomeRoute, (who) => (who === "anonymous" ? "login" : who === "student" ? "/student" : 200)],
    [
      "/teachers/faq",
      teachersFaqRoute,
      (who) =>
        who === "anonymous" ? "login" : who === "professor" ? 200 : who === "student" ? "/student" : "/dashboard",
    ],
  ];

  describe.each(WHO)("%s", (who) => {
    it.each(CASES.map(([path, route, expected]) => [path, route, expected] as const))(
      "loader of %s",
      async (path, route, expected) => {
        expect(answer(await callLoader(route, request(path, { cookie: cookieOf(who) })))).toBe(expected(who));
      },
    );

    it("action of /admin/holidays", async () => {
      const form = { intent: "create", name: `Day of ${who}`, start_date: "2031-05-01", end_date: "2031-05-01" };
      const response = await callAction(holidaysRoute, request("/admin/holidays", { cookie: cookieOf(who), form }));
      const ok = who === "admin_staff" || who === "coordinator";
      expect(answer(response)).toBe(ok ? "/admin/holidays" : staff(["admin_staff", "coordinator"])(who));
      const saved = await db().selectFrom("holidays").select("id").where("name", "=", `Day of ${who}`).execute();
      expect(saved).toHaveLength(ok ? 1 : 0);
    });

    it("action of /admin/teachers", async () => {
      const email = `new.${who}@school.example.com`;
      const form = { name: `New ${who}`, email, password: "a-long-enough-password" };
      const response = await callAction(teachersRoute, request("/admin/teachers", { cookie: cookieOf(who), form }));
      const ok = who === "admin_staff" || who === "coordinator";
      expect(answer(response)).toBe(ok ? "/admin/teachers" : staff(["admin_staff", "coordinator"])(who));
      const saved = await db().selectFrom("users").select("role").where("email", "=", email).execute();
      expect(saved).toEqual(ok ? [{ role: "professor" }] : []);
    });
  });

  it("the receptionist reads admin/teachers without the create form", async () => {
    const data = await (
      await callLoader(teachersRoute, request("/admin/teachers", { cookie: cookies.receptionist }))
    ).json();
    expect(data.canEdit).toBe(false);
    const coordinator = await (
      await callLoader(teachersRoute, request("/admin/teachers", { cookie: cookies.coordinator }))
    ).json();
    expect(coordinator.canEdit).toBe(true);
  });

  it("a role without /teachers courses keeps the greeting and shortcuts", async () => {
    const data = await (
      await callLoader(teachersHomeRoute, request("/teachers", { cookie: cookies.admin_staff }))
    ).json();
    expect(data.teaching).toBeNull();
    expect(data.shortcuts.length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------

describe("admin/holidays", () => {
  const post = (form: Record<string, string>, role: Role = "coordinator") =>
    callAction(holidaysRoute, request("/admin/holidays?when=all", { cookie: cookies[role], form }));
  const list = async (query = "?when=all") =>
    (await callLoader(holidaysRoute, request(`/admin/holidays${query}`, { cookie: cookies.coordinator }))).json();

  it("refuses a last day before the first day, next to the field, and saves nothing", async () => {
    const response = await post({
      intent: "create",
      name: "Backwards",
      start_date: "2031-06-10",
      end_date: "2031-06-09",
    });
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).end_date).toEqual(["school:holidays.errors.endBeforeStart"]);
    expect(await db().selectFrom("holidays").select("id").where("name", "=", "Backwards").execute()).toEqual([]);
  });

  it("refuses a missing name and a malformed date", async () => {
    const response = await post({ intent: "create", name: " ", start_date: "2031-02-30", end_date: "2031-03-01" });
    expect(response.status).toBe(400);
    const errors = await fieldErrors(response);
    expect(errors.name).toEqual(["school:holidays.errors.nameRequired"]);
    expect(errors.start_date).toEqual(["school:holidays.errors.dateInvalid"]);
  });

  it("refuses a course that does not exist", async () => {
    const response = await post({
      intent: "create",
      name: "Ghost",
      start_date: "2031-06-10",
      end_date: "2031-06-10",
      course_id: "999999",
    });
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).course_id).toEqual(["school:holidays.errors.courseNotFound"]);
  });

  it("a course's holiday cancels that course's sessions only; a school-wide one cancels all", async () => {
    const mw = await insertCourse({
      course_id: "HOL-MW",
      schedule_days: "MO,WE",
      start_date: "2032-01-05",
      end_date: "2032-02-27",
    });
    const mo = await insertCourse({
      course_id: "HOL-MO",
      schedule_days: "MO",
      start_date: "2032-01-05",
      end_date: "2032-02-27",
    });
    await insertCourse({
      course_id: "HOL-OFF",
      schedule_days: "MO",
      start_date: "2032-01-05",
      end_date: "2032-02-27",
      status: "inactive",
    });

    // Monday 2032-01-12 for HOL-MW only; the week of 2032-01-19 for the whole school.
    expect(
      answer(
        await post({
          intent: "create",
          name: "Course day",
          start_date: "2032-01-12",
          end_date: "2032-01-12",
          course_id: String(mw.id),
        }),
      ),
    ).toBe("/admin/holidays?when=all");
    expect(
      answer(await post({ intent: "create", name: "School week", start_date: "2032-01-19", end_date: "2032-01-25" })),
    ).toBe("/admin/holidays?when=all");

    const rows: {
      name: string;
      course: Record<string, unknown> | null;
      cancels: { sessions: number; courses: string[] };
    }[] = (await list()).rows;
    expect(rows.find((r) => r.name === "Course day")).toMatchObject({
      // The course by its readable label's parts (issue 19).
      course: { course_id: "HOL-MW", level: "A1", schedule_days: "MO,WE", start_time: "09:00", professor: null },
      cancels: { sessions: 1, courses: ["HOL-MW"] },
    });
    expect(rows.find((r) => r.name === "School week")).toMatchObject({
      course: null,
      cancels: { sessions: 3, courses: ["HOL-MO", "HOL-MW"] },
    });

    // The calendar agrees: Monday 12th keeps HOL-MO, loses HOL-MW; the next week has no class.
    const week = await loadWeek("2032-01-12");
    expect(week.sessions.filter((s) => s.date === "2032-01-12").map((s) => s.code)).toEqual(["HOL-MO"]);
    expect(week.sessions.filter((s) => s.date === "2032-01-14").map((s) => s.code)).toEqual(["HOL-MW"]);
    expect(week.days[0].holidays).toEqual([{ name: "Course day", course: "HOL-MW" }]);
    const closed = await loadWeek("2032-01-19");
    expect(closed.sessions.filter((s) => s.code.startsWith("HOL-"))).toEqual([]);
    expect(closed.days.every((d) => d.holidays.some((h) => h.name === "School week" && h.course === null))).toBe(true);
    expect(mo.id).toBeGreaterThan(0);
  });

  it("edits and deletes a holiday (audited), and lists upcoming before past", async () => {
    const past = await insertHoliday("Long ago", "2001-01-01", "2001-01-02");
    const soon = await insertHoliday("Soon", addDays(today, 1), addDays(today, 1));

    const upcoming = await list("?when=upcoming");
    expect(upcoming.rows.map((r: { id: number }) => r.id)).toContain(soon.id);
    expect(upcoming.rows.map((r: { id: number }) => r.id)).not.toContain(past.id);
    const pastList = await list("?when=past");
    // Other tests' holidays have fixed dates, past too once the clock passes them (faketime in CI).
    expect(
      pastList.rows.map((r: { id: number }) => r.id).filter((id: number) => id === past.id || id === soon.id),
    ).toEqual([past.id]);
    const all = (await list("?when=all")).rows.map((r: { id: number }) => r.id);
    expect(all.indexOf(soon.id)).toBeLessThan(all.indexOf(past.id));

    const edit = await callLoader(
      holidaysRoute,
      request(`/admin/holidays?edit=${soon.id}`, { cookie: cookies.admin_staff }),
    );
    expect((await edit.json()).editing).toMatchObject({ id: soon.id, name: "Soon" });

    const updated = await post(
      { intent: "update", id: String(soon.id), name: "Sooner", start_date: today, end_date: addDays(today, 2) },
      "admin_staff",
    );
    expect(answer(updated)).toBe("/admin/holidays?when=all");
    expect(
      await db().selectFrom("holidays").select(["name", "end_date"]).where("id", "=", soon.id).executeTakeFirst(),
    ).toEqual({ name: "Sooner", end_date: addDays(today, 2) });

    const bad = await post({
      intent: "update",
      id: String(soon.id),
      name: "Sooner",
      start_date: today,
      end_date: addDays(today, -1),
    });
    expect(bad.status).toBe(400);

    expect(answer(await post({ intent: "delete", id: String(soon.id) }))).toBe("/admin/holidays?when=all");
    expect(await db().selectFrom("holidays").select("id").where("id", "=", soon.id).executeTakeFirst()).toBeUndefined();
    expect((await post({ intent: "delete", id: String(soon.id) })).status).toBe(404);

    const audit = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "holiday")
      .where("entity_id", "=", soon.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["holiday.updated", "holiday.deleted"]);
  });
});

// ---------------------------------------------------------------------------

describe("admin/teachers", () => {
  it("creates a professor with a hashed password and an audit row; a taken email is refused next to the field", async () => {
    const form = { name: "Nora Nueva", email: "Nora.Nueva@School.Example.com", password: "ten-chars-at-least" };
    const response = await callAction(teachersRoute, request("/admin/teachers", { cookie: cookies.coordinator, form }));
    expect(answer(response)).toBe("/admin/teachers");
    const nora = await db()
      .selectFrom("users")
      .select(["id", "role", "password_hash", "status"])
      .where("email", "=", "nora.nueva@school.example.com")
      .executeTakeFirstOrThrow();
    expect(nora.role).toBe("professor");
    expect(nora.status).toBe("active");
    expect(await verifyPassword(nora.password_hash!, "ten-chars-at-least")).toBe(true);
    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "user_id"])
      .where("entity", "=", "user")
      .where("entity_id", "=", nora.id)
      .execute();
    expect(audit).toEqual([{ action: "user.created", user_id: users.coordinator.id }]);

    const again = await callAction(
      teachersRoute,
      request("/admin/teachers", { cookie: cookies.admin_staff, form: { ...form, name: "Other" } }),
    );
    expect(again.status).toBe(400);
    expect((await fieldErrors(again)).email).toEqual(["users:errors.emailTaken"]);

    const short = await callAction(
      teachersRoute,
      request("/admin/teachers", {
        cookie: cookies.admin_staff,
        form: { name: "Short", email: "short@school.example.com", password: "123456789" },
      }),
    );
    expect(short.status).toBe(400);
    expect((await fieldErrors(short)).password).toEqual(["users:errors.passwordTooShort"]);
  });

  it("lists professors with their courses and weekly hours (running courses only)", async () => {
    const prof = await createUser({ role: "professor", name: "Hugo Horas", email: "hugo@school.example.com" });
    await insertCourse({
      course_id: "HRS-MW",
      professor_id: prof.id,
      schedule_days: "MO,WE",
      start_time: "09:00",
      end_time: "11:00",
      start_date: "2020-01-06",
      end_date: "2099-12-31",
    });
    await insertCourse({
      course_id: "HRS-FR",
      professor_id: prof.id,
      schedule_days: "FR",
      start_time: "14:00",
      end_time: "18:30",
      start_date: "2020-01-06",
      end_date: "2099-12-31",
    });
    await insertCourse({
      course_id: "HRS-NEXT",
      professor_id: prof.id,
      schedule_days: "SA",
      start_time: "09:00",
      end_time: "13:00",
      start_date: "2099-01-03",
      end_date: "2099-12-31",
    });
    await insertCourse({
      course_id: "HRS-OLD",
      professor_id: prof.id,
      start_date: "2019-01-07",
      end_date: "2019-03-29",
    });
    const data = await (
      await callLoader(teachersRoute, request("/admin/teachers?q=hugo", { cookie: cookies.receptionist }))
    ).json();
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0]).toMatchObject({
      name: "Hugo Horas",
      email: "hugo@school.example.com",
      weeklyHours: 8.5,
      courses: [
        // Each by its readable label's parts, the professor implied (issue 19).
        {
          course_id: "HRS-FR",
          level: "A1",
          schedule_days: "FR",
          start_time: "14:00",
          end_time: "18:30",
          running: true,
        },
        { course_id: "HRS-MW", level: "A1", schedule_days: "MO,WE", running: true },
        { course_id: "HRS-NEXT", level: "A1", schedule_days: "SA", running: false },
      ],
    });
  });
});

// ---------------------------------------------------------------------------

describe("coordinator/professors", () => {
  it("counts sessions held, attendance taken and grades entered per course", async () => {
    const prof = await createUser({ role: "professor", name: "Olga Overview", email: "olga@school.example.com" });
    // Finished: Mondays 2024-09-02 .. 2024-09-30 = 5 sessions, one of them a course holiday.
    const course = await insertCourse({
      course_id: "OVR-MO",
      professor_id: prof.id,
      schedule_days: "MO",
      start_date: "2024-09-02",
      end_date: "2024-09-30",
    });
    await insertHoliday("Course break", "2024-09-16", "2024-09-16", course.id);
    const [a, b, gone] = [await insertStudent(), await insertStudent(), await insertStudent()];
    await enroll(a.id, course.id);
    await enroll(b.id, course.id);
    await enroll(gone.id, course.id, "2024-09-03");
    await db()
      .insertInto("attendance")
      .values(
        ["2024-09-02", "2024-09-09", "2024-09-23"].flatMap((date) =>
          [a, b].map((s) => ({
            course_id: course.id,
            student_id: s.id,
            session_date: date,
            status: "present" as const,
            recorded_by: null,
            recorded_at: now(),
          })),
        ),
      )
      .execute();
    const items = await db()
      .insertInto("grading_items")
      .values(
        [1, 2, 3, 4].map((position) => ({
          course_id: course.id,
          item_name: `Item ${position}`,
          category: "ASSIGNMENTS" as const,
          position,
        })),
      )
      .returning("id")
      .execute();
    // a: 4 grades, b: 2, the student who left: 1 (not counted) → 6 of 2 × 4.
    await db()
      .insertInto("grades")
      .values([
        ...items.map((it) => ({ grading_item_id: it.id, student_id: a.id, grade: 80, updated_at: now() })),
        ...items.slice(0, 2).map((it) => ({ grading_item_id: it.id, student_id: b.id, grade: 75, updated_at: now() })),
        { grading_item_id: items[0].id, student_id: gone.id, grade: 60, updated_at: now() },
      ])
      .execute();

    const data = await (
      await callLoader(
        professorsRoute,
        request("/coordinator/professors?term=finished&limit=100", { cookie: cookies.receptionist }),
      )
    ).json();
    const olga = data.rows.find((r: { name: string }) => r.name === "Olga Overview");
    expect(olga.courses).toEqual([
      expect.objectContaining({
        code: "OVR-MO",
        // With the level, what the course's readable label shows (issue 19).
        level: "A1",
        schedule_days: "MO",
        start_time: "09:00",
        end_time: "11:00",
        held: 4,
        attendanceTaken: 3,
        enrolled: 2,
        gradesEntered: 6,
        gradesExpected: 8,
        gradesPercent: 75,
      }),
    ]);

    const running = await (
      await callLoader(professorsRoute, request("/coordinator/professors?limit=100", { cookie: cookies.coordinator }))
    ).json();
    expect(running.rows.find((r: { name: string }) => r.name === "Olga Overview").courses).toEqual([]);
  });
});

// ---------------------------------------------------------------------------

describe("/dashboard", () => {
  it("counts students, registrations, transfers, running courses and professors", async () => {
    const before = await (
      await callLoader(dashboardRoute, request("/dashboard", { cookie: cookies.financial }))
    ).json();
    const value = (data: { cards: { key: string; value: number }[] }, key: string) =>
      data.cards.find((c) => c.key === key)!.value;

    await insertStudent();
    await insertStudent();
    await insertStudent({ status: "inactive" });
    const running = await insertCourse({ course_id: "CNT-RUN", start_date: "2020-01-06", end_date: "2099-12-31" });
    await insertCourse({
      course_id: "CNT-INACTIVE",
      start_date: "2020-01-06",
      end_date: "2099-12-31",
      status: "inactive",
    });
    await insertCourse({ course_id: "CNT-PAST", start_date: "2019-01-07", end_date: "2019-03-29" });
    await db()
      .insertInto("registrations")
      .values([
        {
          ...person(++seq),
          reference: `REG-T-${seq}`,
          message: null,
          accepted_terms: 1,
          status: "pending",
          reject_reason: null,
          student_id: null,
          decided_by: null,
          decided_at: null,
          created_at: now(),
        },
        {
          ...person(++seq),
          reference: `REG-T-${seq}`,
          message: null,
          accepted_terms: 1,
          status: "rejected",
          reject_reason: "x",
          student_id: null,
          decided_by: null,
          decided_at: now(),
          created_at: now(),
        },
      ])
      .execute();
    const transfer = (status: "pending" | "approved") =>
      transferRow({ selected_course_id: running.id, selected_level_id: 2, status });
    await db()
      .insertInto("transfers")
      .values([transfer("pending"), transfer("pending"), transfer("approved")])
      .execute();
    await createUser({ role: "professor", name: "Counted Profe", email: "counted@school.example.com" });
    await createUser({ role: "professor", name: "Gone Profe", email: "gone@school.example.com", status: "inactive" });

    const after = await (await callLoader(dashboardRoute, request("/dashboard", { cookie: cookies.financial }))).json();
    expect(value(after, "activeStudents") - value(before, "activeStudents")).toBe(2);
    expect(value(after, "inactiveStudents") - value(before, "inactiveStudents")).toBe(1);
    expect(value(after, "pendingRegistrations") - value(before, "pendingRegistrations")).toBe(1);
    expect(value(after, "pendingTransfers") - value(before, "pendingTransfers")).toBe(2);
    expect(value(after, "runningCourses") - value(before, "runningCourses")).toBe(1);
    expect(value(after, "professors") - value(before, "professors")).toBe(1);

    // Cards link only to the lists the role may open: financial has no courses or teachers pages.
    const href = (key: string) => after.cards.find((c: { key: string }) => c.key === key).href;
    expect(href("activeStudents")).toBe("/admin/students?status=active");
    expect(href("pendingRegistrations")).toBe("/admin/registered-students?status=pending");
    expect(href("runningCourses")).toBeNull();
    expect(href("professors")).toBeNull();
  });

  it("lists active students at warning (12 to <20) and danger (≥20) in their current course", async () => {
    const course = await insertCourse({ course_id: "ABS-NOW", start_date: "2020-01-06", end_date: "2099-12-31" });
    const old = await insertCourse({ course_id: "ABS-OLD", start_date: "2020-01-06", end_date: "2099-12-31" });
    const warning = await insertStudent({ first_name: "Wanda" });
    const danger = await insertStudent({ first_name: "Dora" });
    const below = await insertStudent({ first_name: "Bela" });
    const inactive = await insertStudent({ first_name: "Ines", status: "inactive" });
    const moved = await insertStudent({ first_name: "Mora" });
    for (const s of [warning, danger, below, inactive]) await enroll(s.id, course.id);
    await enroll(moved.id, old.id, "2020-06-01");
    await enroll(moved.id, course.id);
    await attendance(warning.id, course.id, [...repeat<AttendanceValue>("absent", 11), "late", "late", "present"]); // 12
    await attendance(danger.id, course.id, [...repeat<AttendanceValue>("absent", 19), "late", "late"]); // 20
    await attendance(below.id, course.id, [...repeat<AttendanceValue>("absent", 11), "late", "recovered"]); // 11.5
    await attendance(inactive.id, course.id, repeat<AttendanceValue>("absent", 25));
    await attendance(moved.id, old.id, repeat<AttendanceValue>("absent", 30)); // the old course: history

    const data = await (
      await callLoader(dashboardRoute, request("/dashboard", { cookie: cookies.receptionist }))
    ).json();
    const alerts = data.alerts.map((a: { id: number; absences: number; course_code: string }) => [
      a.id,
      a.absences,
      a.course_code,
    ]);
    expect(alerts).toEqual([
      [danger.id, 20, "ABS-NOW"],
      [warning.id, 12, "ABS-NOW"],
    ]);
    expect(data.alertsTotal).toBe(2);
    expect(data.alertsMore).toBe(false);
  });

  it("shows the week's held sessions (holidays left out), filtered by professor and level, with previous/next weeks", async () => {
    const a = await insertCourse({
      course_id: "WK-A",
      professor_id: profA.id,
      level_id: 2,
      schedule_days: "TU,TH",
      start_time: "17:00",
      end_time: "19:00",
      start_date: "2033-01-03",
      end_date: "2033-03-31",
    });
    const b = await insertCourse({
      course_id: "WK-B",
      professor_id: profB.id,
      level_id: 3,
      schedule_days: "TU",
      start_time: "09:00",
      end_time: "11:00",
      start_date: "2033-01-03",
      end_date: "2033-03-31",
    });
    await insertHoliday("Thursday off", "2033-01-13", "2033-01-13");

    type Data = {
      monday: string;
      previous: string;
      next: string;
      calendar: {
        view: "today" | "week";
        events: {
          id: string;
          date: string;
          start: string;
          title: string;
          subtitle: string;
          detail: string;
          href: string | null;
        }[];
        days: { date: string; holidays: { name: string }[] }[];
      };
    };
    // The week view (a ?week= or a filter asks for it): its days and events, with the week links.
    const load = async (query: string, role: Role = "coordinator") => {
      const data: Data = await (
        await callLoader(dashboardRoute, request(`/dashboard${query}`, { cookie: cookies[role] }))
      ).json();
      return { ...data, ...data.calendar };
    };

    // Any day of the week picks its Monday.
    const week = await load("?week=2033-01-12");
    expect(week.view).toBe("week");
    expect(week.monday).toBe("2033-01-10");
    expect(week.previous).toBe("2033-01-03");
    expect(week.next).toBe("2033-01-17");
    expect(week.days.map((d) => d.date)).toEqual([
      "2033-01-10",
      "2033-01-11",
      "2033-01-12",
      "2033-01-13",
      "2033-01-14",
      "2033-01-15",
      "2033-01-16",
    ]);
    const mine = week.events.filter((e) => e.title.startsWith("WK-"));
    expect(mine.map((e) => [e.date, e.start, e.title])).toEqual([
      ["2033-01-11", "09:00", "WK-B"],
      ["2033-01-11", "17:00", "WK-A"],
    ]);
    expect(mine[1]).toMatchObject({ subtitle: "A2", detail: "Alba Profe", href: `/admin/courses/${a.id}` });
    expect(week.days[3].holidays.map((h) => h.name)).toEqual(["Thursday off"]);

    const byProfessor = await load(`?week=2033-01-10&professor=${profB.id}`);
    expect(byProfessor.events.map((e) => e.title)).toEqual(["WK-B"]);
    const byLevel = await load("?week=2033-01-17&level=2");
    expect(byLevel.events.map((e) => [e.date, e.title])).toEqual([
      ["2033-01-18", "WK-A"],
      ["2033-01-20", "WK-A"],
    ]);

    // A receptionist cannot open course pages: the events lead nowhere rather than to Access Denied.
    const reception = await load(`?week=2033-01-10&professor=${profB.id}`, "receptionist");
    expect(reception.events[0].href).toBeNull();
    expect(b.id).toBeGreaterThan(0);

    // No ?week: the week of today in the school's time zone; nonsense is ignored.
    const plain = await load("");
    expect(plain.view).toBe("today");
    expect(plain.monday).toBe(mondayOf(today));
    expect((await load("?week=2033-02-31&professor=abc")).monday).toBe(mondayOf(today));
  });
});

// ---------------------------------------------------------------------------

describe("/teachers for a professor", () => {
  it("shows their courses, today's and the week's sessions linking to the course home, and holidays ahead", async () => {
    const prof = await createUser({ role: "professor", name: "Tina Teacher", email: "tina@school.example.com" });
    const cookie = await signIn(prof.email);
    const everyDay = "MO,TU,WE,TH,FR,SA,SU";
    const mine = await insertCourse({
      course_id: "TCH-MINE",
      professor_id: prof.id,
      schedule_days: everyDay,
      start_date: addDays(today, -30),
      end_date: addDays(today, 60),
    });
    const other = await insertCourse({
      course_id: "TCH-OTHER",
      professor_id: profA.id,
      schedule_days: everyDay,
      start_date: addDays(today, -30),
      end_date: addDays(today, 60),
    });
    await insertHoliday("Not mine", addDays(today, 2), addDays(today, 2), other.id);
    await insertCourse({
      course_id: "TCH-DONE",
      professor_id: prof.id,
      start_date: "2019-01-07",
      end_date: "2019-03-29",
    });
    const [s1, s2] = [await insertStudent(), await insertStudent()];
    await enroll(s1.id, mine.id);
    await enroll(s2.id, mine.id);
    await insertHoliday("Mine only", addDays(today, 3), addDays(today, 3), mine.id);

    const data = await (await callLoader(teachersHomeRoute, request("/teachers", { cookie }))).json();
    const t = data.teaching;
    expect(t.courses.map((c: { code: string; enrolled: number }) => [c.code, c.enrolled])).toEqual([["TCH-MINE", 2]]);
    expect(t.todays.map((e: { title: string; href: string }) => [e.title, e.href])).toEqual([
      ["TCH-MINE", `/course/${mine.id}/home`],
    ]);
    expect(
      t.events.every(
        (e: { title: string; href: string }) => e.title === "TCH-MINE" && e.href === `/course/${mine.id}/home`,
      ),
    ).toBe(true);
    expect(t.monday).toBe(mondayOf(today));
    expect(t.holidays.map((h: { name: string }) => h.name)).toContain("Mine only");
    expect(t.holidays.map((h: { name: string }) => h.name)).not.toContain("Not mine");

    // The course's own holiday is left out of whichever week it falls in.
    const holiday = addDays(today, 3);
    const nextMonday = addDays(mondayOf(today), 7);
    expect(t.events.map((e: { date: string }) => e.date)).toHaveLength(holiday >= nextMonday ? 7 : 6);
    const next = await (
      await callLoader(teachersHomeRoute, request(`/teachers?week=${nextMonday}`, { cookie }))
    ).json();
    expect(next.teaching.monday).toBe(nextMonday);
    const dates = next.teaching.events.map((e: { date: string }) => e.date);
    expect(dates).not.toContain(holiday);
    expect(dates).toHaveLength(holiday >= nextMonday ? 6 : 7);
  });
});

describe("FAQs", () => {
  it("answer the roles they are for", async () => {
    expect((await callLoader(faqRoute, request("/coordinator/faq", { cookie: cookies.coordinator }))).status).toBe(200);
    expect((await callLoader(teachersFaqRoute, request("/teachers/faq", { cookie: cookies.professor }))).status).toBe(
      200,
    );
  });
});
