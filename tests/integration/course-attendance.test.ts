import { type Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type AttendanceValue, type Database, type Role, type User } from "~/db/schema";
import { type AttendanceSummary } from "~/modules/attendance/attendance";
import { statusField } from "~/modules/attendance/session-choice";
import { ROLES } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { addDays } from "~/modules/calendar/week";
import * as attendanceRoute from "~/routes/_app.course.$id.attendance";
import * as faqRoute from "~/routes/_app.course.$id.faq";
import * as holidaysRoute from "~/routes/_app.course.$id.holidays";
import * as homeRoute from "~/routes/_app.course.$id.home";
import { useTestDatabase } from "../helpers/db";
import {
  callAction,
  callLoader,
  createRoleUsers,
  createUser,
  redirectedTo,
  request,
  setCookies,
  signIn,
} from "../helpers/fixtures";
import { courseRow, studentRow } from "../helpers/rows";

useTestDatabase();

// The course has a class every day at 00:00, from 30 days ago to 30 days
// ahead (in the school's time zone), so "today" always has a held session
// whenever the tests run; holidays and enrollments are placed around it.

let users: Record<Role, User>;
let otherProfessor: User;
const cookies = {} as Record<Role | "otherProfessor", string>;
let today: string;
const day = (offset: number) => addDays(today, offset);

let seq = 0;
async function insertStudent(first_name: string) {
  seq += 1;
  const n = `17${String(seq).padStart(8, "0")}`;
  const now = new Date().toISOString();
  return db()
    .insertInto("students")
    .values(
      studentRow({
        first_name,
        last_name: `Att${String(seq).padStart(2, "0")}`,
        second_last_name: "Lopez",
        id_number: n,
        phone_number: `09${n.slice(-8)}`,
        email: `a${n}@example.com`,
        created_at: now,
        updated_at: now,
      }),
    )
    .returning(["id", "first_name", "last_name", "second_last_name"])
    .executeTakeFirstOrThrow();
}

async function insertCourse(code: string, fields: Partial<Insertable<Database["courses"]>>) {
  const now = new Date().toISOString();
  return db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: "700",
        course_id: code,
        schedule_days: "MO,TU,WE,TH,FR,SA,SU",
        start_time: "00:00",
        end_time: "00:30",
        start_date: day(-30),
        end_date: day(30),
        assig_percentage: 20,
        exam_percentage: 50,
        created_at: now,
        updated_at: now,
        ...fields,
      }),
    )
    .returning(["id", "course_id"])
    .executeTakeFirstOrThrow();
}

async function enroll(studentId: number, courseId: number, start_date: string, end_date: string | null = null) {
  await db()
    .insertInto("enrollments")
    .values({
      student_id: studentId,
      course_id: courseId,
      start_date,
      end_date,
      end_reason: end_date ? "transfer" : null,
    })
    .execute();
}

type Student = Awaited<ReturnType<typeof insertStudent>>;
let course: { id: number; course_id: string };
let otherCourse: { id: number; course_id: string };
/** s1–s3 from the start; s4 joins 5 days ago; s5 left 7 days ago; s6 is in the other course only. */
let s1: Student, s2: Student, s3: Student, s4: Student, s5: Student, s6: Student;

const HOLIDAY_OFFSET = -3;
const SCHOOL_HOLIDAY_OFFSET = -10;
const UPCOMING_HOLIDAY_OFFSET = 2;

beforeAll(async () => {
  users = await createRoleUsers();
  otherProfessor = await createUser({
    role: "professor",
    email: "other-professor@school.example.com",
    name: "Other Professor",
  });
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
  cookies.otherProfessor = await signIn(otherProfessor.email);
  today = await schoolToday();

  course = await insertCourse("ATT-MINE", { professor_id: users.professor.id });
  otherCourse = await insertCourse("ATT-OTHER", { professor_id: otherProfessor.id });
  [s1, s2, s3, s4, s5, s6] = await Promise.all(
    ["Ana", "Bea", "Carl", "Dora", "Eli", "Fay"].map((n) => insertStudent(n)),
  );
  for (const s of [s1, s2, s3]) await enroll(s.id, course.id, day(-30));
  await enroll(s4.id, course.id, day(-5));
  await enroll(s5.id, course.id, day(-30), day(-7));
  await enroll(s6.id, otherCourse.id, day(-30));

  await db()
    .insertInto("holidays")
    .values([
      { name: "Course day off", start_date: day(HOLIDAY_OFFSET), end_date: day(HOLIDAY_OFFSET), course_id: course.id },
      {
        name: "School closed",
        start_date: day(SCHOOL_HOLIDAY_OFFSET),
        end_date: day(SCHOOL_HOLIDAY_OFFSET + 1),
        course_id: null,
      },
      {
        name: "Coming soon",
        start_date: day(UPCOMING_HOLIDAY_OFFSET),
        end_date: day(UPCOMING_HOLIDAY_OFFSET),
        course_id: null,
      },
      { name: "Other course off", start_date: day(-4), end_date: day(-4), course_id: otherCourse.id },
      { name: "Long before", start_date: day(-90), end_date: day(-85), course_id: null },
    ])
    .execute();
});

// ---------------------------------------------------------------------------
// Helpers

const ROUTES = { home: homeRoute, attendance: attendanceRoute, holidays: holidaysRoute, faq: faqRoute } as const;
type Page = keyof typeof ROUTES;
type Who = Role | "otherProfessor" | "anonymous";

const cookieOf = (who: Who) => (who === "anonymous" ? undefined : cookies[who]);
const path = (page: Page, id = course.id, query = "") => `/course/${id}/${page}${query}`;

function get(page: Page, who: Who = "professor", query = "", id = course.id) {
  return callLoader(ROUTES[page], request(path(page, id, query), { cookie: cookieOf(who) }), { id: String(id) });
}

function body(values: Record<string, string>) {
  return new URLSearchParams(values);
}

function save(date: string, marks: Record<number, string>, who: Who = "professor", extra: Record<string, string> = {}) {
  const form = body({
    date,
    ...extra,
    ...Object.fromEntries(Object.entries(marks).map(([id, v]) => [statusField(Number(id)), v])),
  });
  return callAction(
    attendanceRoute,
    request(path("attendance", course.id, `?date=${date}`), { method: "POST", cookie: cookieOf(who), form }),
    {
      id: String(course.id),
    },
  );
}

async function rows(date?: string) {
  let q = db()
    .selectFrom("attendance")
    .select(["student_id", "session_date", "status", "recorded_by"])
    .where("course_id", "=", course.id);
  if (date) q = q.where("session_date", "=", date);
  return q.orderBy("session_date").orderBy("student_id").execute();
}

const statuses = async (date: string) => Object.fromEntries((await rows(date)).map((r) => [r.student_id, r.status]));

interface AttendanceData {
  choices: { date: string; saved: boolean }[];
  session: { date: string; savedAt: string | null } | null;
  roster: { id: number; status: AttendanceValue | null }[];
  problem: { reason: string; date: string | null; holiday?: string | null } | null;
  summary: { id: number; current: boolean; summary: AttendanceSummary }[];
  missing: { date: string }[];
}

async function attendancePage(query = "") {
  const response = await get("attendance", "professor", query);
  return { status: response.status, data: (await response.json()) as AttendanceData };
}

function answer(response: Response) {
  const to = redirectedTo(response);
  if (to?.startsWith("/authentication/login")) return "login";
  return to ?? response.status;
}

// ---------------------------------------------------------------------------

describe("who may open the course pages (PRODUCT 2)", () => {
  const WHO: Who[] = ["anonymous", ...ROLES, "otherProfessor"];
  const expected = (who: Who, ok: number) => {
    if (who === "anonymous") return "login";
    if (who === "professor") return ok;
    if (who === "otherProfessor") return 403;
    if (who === "student") return "/student"; // PRODUCT 2: a student goes to the portal
    return "/dashboard"; // every staff role: not a professor
  };

  it.each(WHO)("%s: every loader", async (who) => {
    for (const page of Object.keys(ROUTES) as Page[]) {
      expect([page, answer(await get(page, who))]).toEqual([page, expected(who, 200)]);
    }
  });

  it.each(WHO)("%s: the attendance action (a valid post; only the course's professor saves it)", async (who) => {
    const date = day(-25);
    const response = await save(date, { [s1.id]: "late" }, who);
    if (who === "professor") {
      expect(redirectedTo(response)).toBe(path("attendance", course.id, `?date=${date}`));
      await db().deleteFrom("attendance").where("course_id", "=", course.id).where("session_date", "=", date).execute();
    } else {
      expect(answer(response)).toBe(expected(who, 302));
      expect(await rows(date)).toEqual([]);
    }
  });

  it("the other professor opens their own course, and is refused on this one even with ?date", async () => {
    expect((await get("home", "otherProfessor", "", otherCourse.id)).status).toBe(200);
    expect((await get("attendance", "otherProfessor", `?date=${day(-1)}`)).status).toBe(403);
  });

  it("an unknown or malformed course id is a 404", async () => {
    for (const id of ["999999", "abc", "0", "-2"]) {
      const response = await callLoader(homeRoute, request(`/course/${id}/home`, { cookie: cookies.professor }), {
        id,
      });
      expect(response.status).toBe(404);
    }
  });
});

// ---------------------------------------------------------------------------

describe("the attendance page", () => {
  it("opens on today's class, lists only past-or-today classes that are not holidays, newest first", async () => {
    const { status, data } = await attendancePage();
    expect(status).toBe(200);
    expect(data.session?.date).toBe(today);
    const dates = data.choices.map((c) => c.date);
    expect(dates[0]).toBe(today);
    expect(dates).not.toContain(day(1));
    expect(dates).not.toContain(day(HOLIDAY_OFFSET));
    expect(dates).not.toContain(day(SCHOOL_HOLIDAY_OFFSET));
    expect(dates).not.toContain(day(SCHOOL_HOLIDAY_OFFSET + 1));
    expect(dates).toContain(day(-4)); // the other course's holiday does not cancel this course's class
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.at(-1)).toBe(day(-30));
  });

  it("lists the students enrolled on the chosen date, present by default", async () => {
    const todays = await attendancePage();
    expect(todays.data.roster.map((r) => r.id)).toEqual([s1.id, s2.id, s3.id, s4.id]); // s5 left, s6 is elsewhere
    const earlier = await attendancePage(`?date=${day(-20)}`);
    expect(earlier.status).toBe(200);
    expect(earlier.data.roster.map((r) => r.id)).toEqual([s1.id, s2.id, s3.id, s5.id]); // s4 not yet
    expect(earlier.data.roster.every((r) => r.status === null)).toBe(true);
    // The day s5 left is no longer theirs; the day s4 joined is.
    expect((await attendancePage(`?date=${day(-7)}`)).data.roster.map((r) => r.id)).not.toContain(s5.id);
    expect((await attendancePage(`?date=${day(-5)}`)).data.roster.map((r) => r.id)).toContain(s4.id);
  });

  it.each([
    ["a course holiday", () => day(HOLIDAY_OFFSET), "holiday"],
    ["a school holiday", () => day(SCHOOL_HOLIDAY_OFFSET), "holiday"],
    ["tomorrow", () => day(1), "future"],
    ["a day before the course", () => day(-31), "notSession"],
    ["not a date", () => "2026-02-31", "invalidDate"],
  ])("refuses %s in ?date with a message (400), showing no class list", async (_, date, reason) => {
    const { status, data } = await attendancePage(`?date=${date()}`);
    expect(status).toBe(400);
    expect(data.problem?.reason).toBe(reason);
    expect(data.session).toBeNull();
    expect(data.roster).toEqual([]);
    if (reason === "holiday") expect(data.problem?.holiday).toMatch(/Course day off|School closed/);
  });
});

describe("saving a session", () => {
  it("saves the whole session in one post, with a toast", async () => {
    const date = day(-20);
    const response = await save(date, { [s1.id]: "late", [s2.id]: "absent", [s3.id]: "present", [s5.id]: "recovered" });
    expect(redirectedTo(response)).toBe(`/course/${course.id}/attendance?date=${date}`);
    expect(setCookies(response, "toast")).toHaveLength(1);
    expect(await statuses(date)).toEqual({
      [s1.id]: "late",
      [s2.id]: "absent",
      [s3.id]: "present",
      [s5.id]: "recovered",
    });
    expect((await rows(date)).every((r) => r.recorded_by === users.professor.id)).toBe(true);

    const { data } = await attendancePage(`?date=${date}`);
    expect(Object.fromEntries(data.roster.map((r) => [r.id, r.status]))).toEqual({
      [s1.id]: "late",
      [s2.id]: "absent",
      [s3.id]: "present",
      [s5.id]: "recovered",
    });
    expect(data.session?.savedAt).toBeTruthy();
    expect(data.choices.find((c) => c.date === date)?.saved).toBe(true);
  });

  it("saving again updates the same rows: no duplicates, and the change is audited", async () => {
    const date = day(-20);
    const response = await save(date, { [s1.id]: "present", [s2.id]: "absent", [s3.id]: "late", [s5.id]: "recovered" });
    expect(response.status).toBe(302);
    expect(await rows(date)).toHaveLength(4);
    expect(await statuses(date)).toEqual({
      [s1.id]: "present",
      [s2.id]: "absent",
      [s3.id]: "late",
      [s5.id]: "recovered",
    });
    const log = await db()
      .selectFrom("audit_log")
      .select(["details"])
      .where("action", "=", "attendance.saved")
      .where("entity_id", "=", course.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details!)).toMatchObject({
      session_date: date,
      students: 4,
      changes: [
        { student_id: s1.id, from: "late", to: "present" },
        { student_id: s3.id, from: "present", to: "late" },
      ].sort((a, b) => a.student_id - b.student_id),
    });
  });

  it("a student not enrolled on that date → 400 and nothing is written (not even the others)", async () => {
    const date = day(-20);
    const before = await rows();
    for (const outsider of [s4, s6]) {
      const response = await save(date, { [s1.id]: "absent", [s2.id]: "present", [outsider.id]: "present" });
      expect(response.status).toBe(400);
      const data = (await response.json()) as { problem: { reason: string }; marks: Record<string, string> };
      expect(data.problem.reason).toBe("notEnrolled");
      expect(data.marks[s1.id]).toBe("absent"); // what was chosen comes back
    }
    const unknown = await save(date, { [s1.id]: "absent", 99999999: "present" });
    expect(unknown.status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it.each([
    ["a course holiday", () => day(HOLIDAY_OFFSET), "holiday"],
    ["a school holiday", () => day(SCHOOL_HOLIDAY_OFFSET + 1), "holiday"],
    ["a future class", () => day(1), "future"],
    ["a day without class", () => day(-40), "notSession"],
    ["a malformed date", () => "20-11-2026", "invalidDate"],
  ])("a post for %s → 400 and nothing is written", async (_, date, reason) => {
    const before = await rows();
    const response = await save(date(), { [s1.id]: "present", [s2.id]: "late" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { problem: { reason: string } }).problem.reason).toBe(reason);
    expect(await rows()).toEqual(before);
  });

  it("a bad value or an empty class list → 400 and nothing is written", async () => {
    const before = await rows();
    expect((await save(day(-19), { [s1.id]: "sick", [s2.id]: "present" })).status).toBe(400);
    expect((await save(day(-19), {})).status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it("parallel saves of the same session end with one consistent result and no duplicate rows", async () => {
    const date = day(-15);
    const posts: Record<number, AttendanceValue>[] = [
      { [s1.id]: "late", [s2.id]: "late", [s3.id]: "late", [s5.id]: "late" },
      { [s1.id]: "absent", [s2.id]: "absent", [s3.id]: "absent", [s5.id]: "absent" },
      { [s1.id]: "recovered", [s2.id]: "recovered", [s3.id]: "recovered", [s5.id]: "recovered" },
      { [s1.id]: "present", [s2.id]: "present", [s3.id]: "present", [s5.id]: "present" },
    ];
    const responses = await Promise.all(posts.map((p) => save(date, p)));
    expect(responses.map((r) => r.status)).toEqual([302, 302, 302, 302]);
    const saved = await rows(date);
    expect(saved).toHaveLength(4);
    expect(new Set(saved.map((r) => r.student_id)).size).toBe(4);
    // One post won entirely: the session is never a mix of two saves.
    expect(new Set(saved.map((r) => r.status)).size).toBe(1);
  });

  it("two professors' tabs saving a session with different students at once keep both (upsert per student)", async () => {
    const date = day(-14);
    const [a, b] = await Promise.all([
      save(date, { [s1.id]: "late", [s2.id]: "present" }),
      save(date, { [s3.id]: "absent", [s5.id]: "present" }),
    ]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(await statuses(date)).toEqual({
      [s1.id]: "late",
      [s2.id]: "present",
      [s3.id]: "absent",
      [s5.id]: "present",
    });
  });
});

// ---------------------------------------------------------------------------

describe("the numbers", () => {
  const SUMMARY_FROM = -29; // dates written here only, from this test's own block

  beforeAll(async () => {
    // A known history for s1–s3 on days -29..-26, through the action; plus 20 absences of s2 written directly.
    await save(day(SUMMARY_FROM), { [s1.id]: "present", [s2.id]: "absent", [s3.id]: "late", [s5.id]: "present" });
    await save(day(SUMMARY_FROM + 1), { [s1.id]: "recovered", [s2.id]: "absent", [s3.id]: "late", [s5.id]: "absent" });
    await save(day(SUMMARY_FROM + 2), { [s1.id]: "late", [s2.id]: "absent", [s3.id]: "present", [s5.id]: "present" });
  });

  async function expectedSummary(studentId: number) {
    const all = await db()
      .selectFrom("attendance")
      .select("status")
      .where("course_id", "=", course.id)
      .where("student_id", "=", studentId)
      .execute();
    const c = { present: 0, recovered: 0, late: 0, absent: 0 };
    for (const r of all) c[r.status] += 1;
    const total = c.present + c.recovered + c.late + c.absent;
    return {
      ...c,
      score: total ? Math.round(((c.present + c.recovered + 0.5 * c.late) / total) * 10000) / 100 : null,
      absences: c.absent + 0.5 * c.late,
    };
  }

  it("the summary table has each student's counts, score and absence count, from the saved records", async () => {
    const { data } = await attendancePage();
    const byId = new Map(data.summary.map((r) => [r.id, r]));
    for (const s of [s1, s2, s3, s5]) {
      expect(byId.get(s.id)?.summary).toMatchObject(await expectedSummary(s.id));
    }
    // A worked example: s3 has late, late, present here, plus earlier saves.
    const s3Rows = await db()
      .selectFrom("attendance")
      .select("status")
      .where("course_id", "=", course.id)
      .where("student_id", "=", s3.id)
      .execute();
    expect(s3Rows.length).toBeGreaterThanOrEqual(3);
    // s4 has no record: no score yet; s5 left but keeps a row, marked as not current.
    expect(byId.get(s4.id)?.summary).toMatchObject({ present: 0, score: null, absences: 0, severity: "ok" });
    expect(byId.get(s5.id)?.current).toBe(false);
    expect(byId.get(s1.id)?.current).toBe(true);
    expect(byId.has(s6.id)).toBe(false);
    // Current students first.
    expect(data.summary.at(-1)?.id).toBe(s5.id);
  });

  it("exact numbers for a controlled history: 3 present, 1 recovered, 2 late, 2 absent → 62.50 and 3 absences", async () => {
    const s = await insertStudent("Gus");
    await enroll(s.id, course.id, day(-30), day(-21));
    const values: AttendanceValue[] = [
      "present",
      "present",
      "present",
      "recovered",
      "late",
      "late",
      "absent",
      "absent",
    ];
    for (const [i, v] of values.entries()) expect((await save(day(-30 + i), { [s.id]: v })).status).toBe(302);
    const { data } = await attendancePage();
    expect(data.summary.find((r) => r.id === s.id)?.summary).toEqual({
      present: 3,
      recovered: 1,
      late: 2,
      absent: 2,
      score: 62.5,
      absences: 3,
      severity: "ok",
    });
  });

  it("the home page highlights 12 (warning) and 20 (danger) absence counts of current students", async () => {
    const warn = await insertStudent("Hal");
    const danger = await insertStudent("Ivy");
    await enroll(warn.id, course.id, day(-30));
    await enroll(danger.id, course.id, day(-30));
    const now = new Date().toISOString();
    // 11 absent + 2 late = 12 (warning); 20 absent (danger). Dates are the course's held sessions.
    // The oldest held classes, so the latest ones stay without attendance for the test below.
    const held = (await attendancePage()).data.choices
      .map((c) => c.date)
      .reverse()
      .slice(0, 22);
    const mk = (student_id: number, status: AttendanceValue, date: string) => ({
      course_id: course.id,
      session_date: date,
      student_id,
      status,
      recorded_by: users.professor.id,
      recorded_at: now,
    });
    await db()
      .insertInto("attendance")
      .values([
        ...held.slice(0, 11).map((d) => mk(warn.id, "absent", d)),
        ...held.slice(11, 13).map((d) => mk(warn.id, "late", d)),
        ...held.slice(0, 20).map((d) => mk(danger.id, "absent", d)),
        ...held.slice(20, 22).map((d) => mk(danger.id, "present", d)),
      ])
      .execute();

    const response = await get("home");
    expect(response.status).toBe(200);
    const home = (await response.json()) as { students: { id: number; summary: AttendanceSummary }[] };
    const byId = new Map(home.students.map((r) => [r.id, r.summary]));
    expect(byId.get(warn.id)).toMatchObject({ absences: 12, severity: "warning", absent: 11, late: 2 });
    expect(byId.get(warn.id)?.score).toBe(Math.round((1 / 13) * 10000) / 100); // 2·0.5 / 13 = 7.69
    expect(byId.get(danger.id)).toMatchObject({
      absences: 20,
      severity: "danger",
      score: Math.round((2 / 22) * 10000) / 100,
    });
    // Current students only: s5 left, s6 is elsewhere.
    expect(byId.has(s5.id)).toBe(false);
    expect(byId.has(s6.id)).toBe(false);
    expect(byId.has(s4.id)).toBe(true);
    for (const s of [s1, s2, s3]) expect(byId.get(s.id)).toMatchObject(await expectedSummary(s.id));
  });

  it("lists the held classes without attendance (never holidays, never future ones, never saved ones)", async () => {
    const { data } = await attendancePage();
    const missing = data.missing.map((m) => m.date);
    expect(missing).toContain(day(-1));
    expect(missing).not.toContain(day(-20));
    expect(missing).not.toContain(day(SUMMARY_FROM));
    expect(missing).not.toContain(day(HOLIDAY_OFFSET));
    expect(missing).not.toContain(day(1));
    expect(missing).toEqual([...missing].sort().reverse());
  });
});

// ---------------------------------------------------------------------------

describe("home, holidays and FAQ", () => {
  it("home: the course data, session counts and the next five classes from today, holidays marked", async () => {
    const home = (await (await get("home")).json()) as {
      course: { course_id: string; level: string; assig_percentage: number; schedule_days: string };
      counts: { held: number; holiday: number; upcoming: number };
      next: { date: string; status: string; holiday: string | null }[];
    };
    expect(home.course).toMatchObject({
      course_id: "ATT-MINE",
      level: "A1",
      assig_percentage: 20,
      schedule_days: "MO,TU,WE,TH,FR,SA,SU",
    });
    expect(home.next.map((s) => s.date)).toEqual([0, 1, 2, 3, 4].map(day));
    expect(home.next[0].status).toBe("held");
    expect(home.next[1].status).toBe("upcoming");
    expect(home.next[UPCOMING_HOLIDAY_OFFSET]).toMatchObject({ status: "holiday", holiday: "Coming soon" });
    expect(home.counts.held + home.counts.holiday + home.counts.upcoming).toBe(61);
    expect(home.counts.holiday).toBe(4); // -10, -9, -3 and +2
  });

  it("holidays: the school's and this course's within the course's dates, each with the classes it cancels", async () => {
    const data = (await (await get("holidays")).json()) as {
      holidays: { name: string; wholeSchool: boolean; cancels: { date: string }[] }[];
    };
    expect(data.holidays.map((h) => h.name)).toEqual(["School closed", "Course day off", "Coming soon"]);
    expect(data.holidays[0]).toMatchObject({ wholeSchool: true, cancels: [{ date: day(-10) }, { date: day(-9) }] });
    expect(data.holidays[1]).toMatchObject({ wholeSchool: false, cancels: [{ date: day(-3) }] });
  });

  it("FAQ: the teachers FAQ questions, titled with the course", async () => {
    const data = (await (await get("faq")).json()) as { title: string; questions: string[] };
    expect(data.title).toContain("ATT-MINE");
    expect(data.questions).toContain("attendance");
    expect(data.questions).toContain("absenceCount");
  });
});
