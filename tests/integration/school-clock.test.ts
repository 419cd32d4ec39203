import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { audit } from "~/modules/audit/audit.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import * as layoutRoute from "~/routes/_app";
import * as auditRoute from "~/routes/_app.admin.audit";
import * as registrationRoute from "~/routes/_app.admin.registered-students.$id";
import * as registrationsRoute from "~/routes/_app.admin.registered-students._index";
import * as transfersRoute from "~/routes/_app.admin.transfer-students._index";
import * as attendanceRoute from "~/routes/_app.course.$id.attendance";
import { useTestDatabase } from "../helpers/db";
import { callAction, callLoader, createRoleUsers, redirectedTo, request, signIn } from "../helpers/fixtures";
import { insertRegistration } from "../helpers/registration";
import { courseRow, studentRow, transferRow } from "../helpers/rows";

// Issue 15: every "today" is the school's date. At these instants the UTC date
// and the school's date differ, one case in each direction; approvals, the
// enrollments they write and the attendance sheet must all agree with the school.
//
// The cases run in this order, the second instant more than a minute after the
// first: settings.server.ts may keep the time zone for 60 s (of the faked clock).

useTestDatabase();

const CASES = [
  {
    name: "west of UTC: 22:30 on Tuesday in Guayaquil, UTC already Wednesday",
    zone: "America/Guayaquil",
    instant: "2026-11-25T03:30:00Z",
    school: "2026-11-24",
    yesterday: "2026-11-23",
    utc: "2026-11-25",
  },
  {
    name: "east of UTC: 01:00 on Thursday in Tokyo, UTC still Wednesday",
    zone: "Asia/Tokyo",
    instant: "2026-11-25T16:00:00Z",
    school: "2026-11-26",
    yesterday: "2026-11-25",
    utc: "2026-11-25",
  },
  {
    name: "New Year's Eve: 23:30 on 31 December in Guayaquil, UTC already in the new year",
    zone: "America/Guayaquil",
    instant: "2027-01-01T04:30:00Z",
    school: "2026-12-31",
    yesterday: "2026-12-30",
    utc: "2027-01-01",
  },
] as const;

let users: Record<Role, User>;

beforeAll(async () => {
  // Only Date is faked: timers (vitest's timeouts, the database driver) keep running.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(CASES[0].instant));
  users = await createRoleUsers();
});

afterAll(() => {
  vi.useRealTimers();
});

let seq = 0;
async function course(fields: { level_id: number; end_date: string }) {
  seq += 1;
  const row = await db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: `C${seq}`,
        course_id: `CLOCK-${seq}`,
        age_category: "adults",
        schedule_days: "MO,TU,WE,TH,FR",
        start_time: "19:00",
        end_time: "21:00",
        start_date: "2026-09-07",
        professor_id: users.professor.id,
        ...fields,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function enrolledStudent(courseId: number) {
  seq += 1;
  const n = `31${String(seq).padStart(8, "0")}`;
  const row = await db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: "Clock",
        last_name: `Student${seq}`,
        id_number: n,
        phone_number: `09${n.slice(-8)}`,
        email: `clock${seq}@example.com`,
        level_id: 1,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("enrollments")
    .values({ student_id: row.id, course_id: courseId, start_date: "2026-09-07", end_date: null, end_reason: null })
    .execute();
  return row.id;
}

/** The ids on a course's attendance sheet of that date (the professor's page). */
async function sheet(cookie: string, courseId: number, date: string) {
  const response = await callLoader(
    attendanceRoute,
    request(`/course/${courseId}/attendance?date=${date}`, { cookie }),
    { id: String(courseId) },
  );
  expect(response.status).toBe(200);
  const data = (await response.json()) as { session: { date: string } | null; roster: { id: number }[] };
  expect(data.session?.date).toBe(date);
  return data.roster.map((r) => r.id).sort((a, b) => a - b);
}

describe.each(CASES)("$name", ({ zone, instant, school, yesterday, utc }) => {
  const cookies = {} as Record<"coordinator" | "admin_staff" | "professor", string>;

  beforeAll(async () => {
    vi.setSystemTime(new Date(instant));
    await db().updateTable("settings").set({ value: zone }).where("key", "=", "time_zone").execute();
    for (const role of ["coordinator", "admin_staff", "professor"] as const)
      cookies[role] = await signIn(users[role].email);
  });

  it("the clock is the school's: its date is not the UTC date", async () => {
    expect(new Date().toISOString().startsWith(`${utc}T`)).toBe(true);
    expect(utc).not.toBe(school);
    expect(await schoolToday()).toBe(school);
    // The footer's year too (the server's and the browser's clocks may disagree on it).
    const layout = await callLoader(layoutRoute, request("/dashboard", { cookie: cookies.admin_staff }));
    expect(((await layout.json()) as { year: string }).year).toBe(school.slice(0, 4));
  });

  it("a transfer approved now moves the students on the school's date: they are on the new course's sheet this evening, not the old one's", async () => {
    const from = await course({ level_id: 1, end_date: "2027-06-30" });
    const to = await course({ level_id: 2, end_date: "2027-06-30" });
    const moved = [await enrolledStudent(from), await enrolledStudent(from)].sort((a, b) => a - b);
    const transfer = await db()
      .insertInto("transfers")
      .values(transferRow({ is_group: 1, from_course_id: from, selected_course_id: to, selected_level_id: 2 }))
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("transfer_students")
      .values(moved.map((student_id) => ({ transfer_id: transfer.id, student_id })))
      .execute();

    const approved = await callAction(
      transfersRoute,
      request(`/admin/transfer-students?id=${transfer.id}&confirm=approve`, {
        cookie: cookies.coordinator,
        form: { id: String(transfer.id), intent: "approve" },
      }),
    );
    expect(approved.status).toBe(302);
    expect(redirectedTo(approved)).toBeTruthy();

    const enrollments = await db()
      .selectFrom("enrollments")
      .select(["student_id", "course_id", "start_date", "end_date", "end_reason"])
      .where("student_id", "in", moved)
      .orderBy("student_id")
      .orderBy("id")
      .execute();
    expect(enrollments).toEqual(
      moved.flatMap((id) => [
        { student_id: id, course_id: from, start_date: "2026-09-07", end_date: school, end_reason: "transfer" },
        { student_id: id, course_id: to, start_date: school, end_date: null, end_reason: null },
      ]),
    );

    expect(await sheet(cookies.professor, to, school)).toEqual(moved);
    expect(await sheet(cookies.professor, from, school)).toEqual([]);
    // The day before is still the old course's.
    expect(await sheet(cookies.professor, from, yesterday)).toEqual(moved);
    expect(await sheet(cookies.professor, to, yesterday)).toEqual([]);
  });

  it("a registration approved now is offered a course ending today and enrolled from the school's date, on this evening's sheet", async () => {
    const lastDay = await course({ level_id: 3, end_date: school });
    const registration = await insertRegistration({ level_id: 3, age_category: "adults" });

    const page = await callLoader(
      registrationRoute,
      request(`/admin/registered-students/${registration.id}`, { cookie: cookies.admin_staff }),
      {
        id: String(registration.id),
      },
    );
    expect(page.status).toBe(200);
    const { courses } = (await page.json()) as { courses: { id: number }[] };
    expect(courses.map((c) => c.id)).toContain(lastDay);

    const approved = await callAction(
      registrationRoute,
      request(`/admin/registered-students/${registration.id}`, {
        cookie: cookies.admin_staff,
        form: { intent: "approve", course_id: String(lastDay) },
      }),
      { id: String(registration.id) },
    );
    expect(redirectedTo(approved)).toBe(`/admin/registered-students/${registration.id}`);

    const student = await db()
      .selectFrom("students")
      .select("id")
      .where("id_number", "=", registration.id_number)
      .executeTakeFirstOrThrow();
    const enrollment = await db()
      .selectFrom("enrollments")
      .select(["course_id", "start_date", "end_date"])
      .where("student_id", "=", student.id)
      .execute();
    expect(enrollment).toEqual([{ course_id: lastDay, start_date: school, end_date: null }]);
    expect(await sheet(cookies.professor, lastDay, school)).toEqual([student.id]);
  });

  it("the registrations', transfers' and audit log's lists filter on the school's days: what happened now is today's", async () => {
    const registration = await insertRegistration({ level_id: 3, age_category: "adults" });
    const to = await course({ level_id: 2, end_date: "2027-06-30" });
    const transfer = await db()
      .insertInto("transfers")
      .values(transferRow({ selected_course_id: to }))
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(users.admin_staff.id, "transfer.created", "transfer", transfer.id);
    const line = await db().selectFrom("audit_log").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
    const ids = async (
      route: typeof registrationsRoute | typeof transfersRoute | typeof auditRoute,
      path: string,
      query: string,
    ) => {
      const response = await callLoader(route, request(`${path}?${query}&limit=100`, { cookie: cookies.admin_staff }));
      expect(response.status).toBe(200);
      return ((await response.json()) as { rows: { id: number }[] }).rows.map((r) => r.id);
    };
    for (const [route, path, id] of [
      [registrationsRoute, "/admin/registered-students", registration.id],
      [transfersRoute, "/admin/transfer-students", transfer.id],
      [auditRoute, "/admin/audit", line.id],
    ] as const) {
      expect(await ids(route, path, `from=${school}&to=${school}`)).toContain(id);
      expect(await ids(route, path, `to=${yesterday}`)).not.toContain(id);
      // Filtered on the UTC date, it would be found on the wrong day.
      expect(await ids(route, path, utc > school ? `from=${utc}` : `to=${utc}`)).not.toContain(id);
    }
  });
});
