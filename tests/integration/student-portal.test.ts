import { type Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Database, type Role, type User } from "~/db/schema";
import { issueSession } from "~/http/session.server";
import { schoolToday, sessionsOfCourse } from "~/modules/calendar/sessions.server";
import { loadCourseReport } from "~/modules/grades/report.server";
import { NEXT_SESSIONS } from "~/modules/portal/portal.server";
import * as reportRoute from "~/routes/_app.course.$id.student-report";
import * as profileRoute from "~/routes/_app.profile";
import * as homeRoute from "~/routes/_app.student._index";
import * as attendanceRoute from "~/routes/_app.student.courses.$id.attendance";
import * as gradesRoute from "~/routes/_app.student.courses.$id.grades";
import * as certificatePdf from "~/routes/student.courses.$id.certificate[.pdf]";
import * as reportPdf from "~/routes/student.courses.$id.report[.pdf]";
import * as apiLogin from "~/routes/v1.api.auth.login";
import * as apiGetAll from "~/routes/v1.api.transfer-data.get-all";
import { useTestDatabase } from "../helpers/db";
import {
  ORIGIN,
  PASSWORD,
  callAction,
  callLoader,
  createRoleUsers,
  createUser,
  redirectedTo,
  request,
  signIn,
} from "../helpers/fixtures";
import { courseRow, studentRow } from "../helpers/rows";

useTestDatabase();

// The student portal (issue 21, ADR 047): its read models give the
// professor's numbers, and a student reaches only their own record. Every
// page, PDF and API call is tried with other students' and other courses' ids.

let users: Record<Role, User>;
let cookie: string;
let unlinkedCookie: string;
let mine: number; // running, the student and the stranger enrolled
let other: number; // running, only the stranger
let ended: number; // ended, the student passed every item
let me: number;
let stranger: number;

let seq = 0;
async function insertStudent(first: string, userId: number | null = null) {
  seq += 1;
  const n = `17${String(seq).padStart(8, "0")}`;
  const row = await db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: first,
        last_name: "Portal",
        id_number: n,
        phone_number: `09${n.slice(-8)}`,
        email: `p${n}@example.com`,
        user_id: userId,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function insertCourse(code: string, fields: Partial<Insertable<Database["courses"]>> = {}) {
  const row = await db()
    .insertInto("courses")
    .values(courseRow({ course_id: code, professor_id: users.professor.id, ...fields }))
    .returning(["id"])
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function enroll(courseId: number, studentId: number, start = "2026-01-05") {
  await db()
    .insertInto("enrollments")
    .values({ course_id: courseId, student_id: studentId, start_date: start, end_date: null, end_reason: null })
    .execute();
}

async function items(courseId: number, grades: Record<number, number[]>) {
  const names = [
    ["Assignment 1", "ASSIGNMENTS"],
    ["Progress Test 1", "PROGRESS TESTS"],
    ["Final Exam", "EXAM"],
  ] as const;
  for (const [i, [item_name, category]] of names.entries()) {
    const item = await db()
      .insertInto("grading_items")
      .values({ course_id: courseId, item_name, category, position: i + 1 })
      .returning(["id"])
      .executeTakeFirstOrThrow();
    for (const [student, list] of Object.entries(grades)) {
      if (list[i] === undefined) continue;
      await db()
        .insertInto("grades")
        .values({
          student_id: Number(student),
          grading_item_id: Number(item.id),
          grade: list[i],
          updated_at: new Date().toISOString(),
        })
        .execute();
    }
  }
}

async function mark(
  courseId: number,
  studentId: number,
  date: string,
  status: "present" | "late" | "absent" | "recovered",
) {
  await db()
    .insertInto("attendance")
    .values({
      course_id: courseId,
      student_id: studentId,
      session_date: date,
      status,
      recorded_by: null,
      recorded_at: new Date().toISOString(),
    })
    .execute();
}

beforeAll(async () => {
  users = await createRoleUsers();
  const unlinked = await createUser({ role: "student", email: "unlinked-student@school.example.com", name: "Nobody" });
  cookie = await signIn(users.student.email);
  unlinkedCookie = await signIn(unlinked.email);
  me = await insertStudent("Mine", users.student.id);
  stranger = await insertStudent("Stranger");
  mine = await insertCourse("PORTAL-MINE", { start_date: "2026-09-07", end_date: "2099-12-18" });
  other = await insertCourse("PORTAL-OTHER", { start_date: "2026-09-07", end_date: "2099-12-18" });
  ended = await insertCourse("PORTAL-ENDED", { start_date: "2026-01-05", end_date: "2026-03-30" });
  await enroll(mine, me, "2026-09-07");
  await enroll(mine, stranger, "2026-09-07");
  await enroll(other, stranger, "2026-09-07");
  await enroll(ended, me);
  await items(mine, { [me]: [80, 70], [stranger]: [50, 60, 40] });
  await items(other, { [stranger]: [90] });
  await items(ended, { [me]: [95, 90, 92] });
  await mark(mine, me, "2026-09-07", "present");
  await mark(mine, me, "2026-09-09", "late");
  await mark(mine, me, "2026-09-14", "absent");
  await mark(mine, me, "2026-09-16", "recovered");
  await mark(mine, stranger, "2026-09-07", "absent");
});

const json = async (response: Response) => {
  expect(response.status).toBe(200);
  return response.json();
};

describe("the portal's pages show the student's own record, with the professor's numbers", () => {
  it("home: the current course with its professor and next classes, the ended one apart, never another's course", async () => {
    const data = await json(await callLoader(homeRoute, request("/student", { cookie })));
    expect(data.linked).toBe(true);
    expect(data.current.map((c: { code: string }) => c.code)).toEqual(["PORTAL-MINE"]);
    expect(data.current[0].professor).toBe(users.professor.name);
    // The calendar's next sessions of the course, from the calendar module. PRODUCT 5
    // ends a course at its 1,000th class: this Monday-Wednesday one in April 2036, so
    // at a later instant (the CI's faketime run in 2045) it has none left.
    const calendar = (await sessionsOfCourse(mine))?.sessions ?? [];
    const upcoming = calendar.filter((s) => s.status === "upcoming").map((s) => s.date);
    expect(upcoming.length > 0 || calendar.at(-1)!.date < (await schoolToday())).toBe(true);
    expect(data.current[0].next.map((s: { date: string }) => s.date)).toEqual(upcoming.slice(0, NEXT_SESSIONS));
    expect(data.other.map((c: { code: string }) => c.code)).toEqual(["PORTAL-ENDED"]);
    expect(JSON.stringify(data)).not.toContain("PORTAL-OTHER");
  });

  it("attendance: each held class with the mark, and the same summary as the professor's report", async () => {
    const data = await json(
      await callLoader(attendanceRoute, request(`/student/courses/${mine}/attendance`, { cookie }), {
        id: String(mine),
      }),
    );
    const marks = Object.fromEntries(data.sessions.map((s: { date: string; mark: string | null }) => [s.date, s.mark]));
    expect(marks).toMatchObject({
      "2026-09-07": "present",
      "2026-09-09": "late",
      "2026-09-14": "absent",
      "2026-09-16": "recovered",
      "2026-09-21": null,
    });
    const report = await loadCourseReport(mine);
    const row = report.rows.find((r) => r.id === me)!;
    expect(data.summary).toEqual(row.attendance);
    expect(data.summary).toMatchObject({ absences: 1.5, score: 62.5 });
  });

  it("grades: each item and the professor's report row for them (the professor's own page)", async () => {
    const data = await json(
      await callLoader(gradesRoute, request(`/student/courses/${mine}/grades`, { cookie }), { id: String(mine) }),
    );
    expect(data.items.map((i: { name: string; grade: number | null }) => [i.name, i.grade])).toEqual([
      ["Assignment 1", 80],
      ["Progress Test 1", 70],
      ["Final Exam", null],
    ]);
    const professorCookie = await signIn(users.professor.email);
    const page = await json(
      await callLoader(reportRoute, request(`/course/${mine}/student-report`, { cookie: professorCookie }), {
        id: String(mine),
      }),
    );
    const row = page.rows.find((r: { id: number }) => r.id === me);
    for (const key of ["averages", "final", "result", "band", "nextLevel", "certificate"] as const)
      expect(data.result[key]).toEqual(row[key]);
    expect(data.result.certificate).toEqual({ eligible: false, reason: "course-not-ended" });
    expect(JSON.stringify(data)).not.toContain("Stranger");
  });

  it("profile: the student's own account and their own open sessions only", async () => {
    const data = await json(await callLoader(profileRoute, request("/profile", { cookie })));
    expect(data.profile).toMatchObject({ email: users.student.email, role: "student" });
    const own = await db().selectFrom("sessions").select("id").where("user_id", "=", users.student.id).execute();
    expect(data.profile.sessions.map((s: { id: number }) => s.id).sort()).toEqual(own.map((s) => Number(s.id)).sort());
    expect(data.profile.sessions.length).toBeGreaterThan(0);
  });

  it("an account no student record is linked to: an empty home, and no course page", async () => {
    const data = await json(await callLoader(homeRoute, request("/student", { cookie: unlinkedCookie })));
    expect(data).toMatchObject({ linked: false, current: [], other: [] });
    const page = await callLoader(gradesRoute, request(`/student/courses/${mine}/grades`, { cookie: unlinkedCookie }), {
      id: String(mine),
    });
    expect(page.status).toBe(404);
  });
});

describe("a student reaches only their own data", () => {
  const pages = [
    ["attendance", attendanceRoute, "attendance"],
    ["grades", gradesRoute, "grades"],
    ["report.pdf", reportPdf, "report.pdf"],
    ["certificate.pdf", certificatePdf, "certificate.pdf"],
  ] as const;

  it.each(pages)("%s of another student's course, of no course, or of a junk id: 404", async (_name, route, tail) => {
    for (const id of [String(other), "999999", "0", "abc", "2147483648"]) {
      const response = await callLoader(route, request(`/student/courses/${id}/${tail}`, { cookie }), { id });
      expect([id, response.status]).toEqual([id, 404]);
    }
  });

  it("the certificate's POST into another student's course: 404, nothing issued", async () => {
    const response = await callAction(
      certificatePdf,
      request(`/student/courses/${other}/certificate.pdf?student=${stranger}`, { cookie, method: "POST", form: {} }),
      { id: String(other) },
    );
    expect(response.status).toBe(404);
    expect(await db().selectFrom("certificates").selectAll().execute()).toEqual([]);
  });

  it("the report PDF is the student's own, whatever ?student= the address names", async () => {
    const response = await callLoader(
      reportPdf,
      request(`/student/courses/${mine}/report.pdf?student=${stranger}`, { cookie }),
      { id: String(mine) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain("mine-portal");
    expect(response.headers.get("Content-Disposition")).not.toContain("stranger");
  });

  it("the certificate: refused while the course runs; in the ended course the POST issues the student's own, then the GET prints it", async () => {
    const running = await callLoader(certificatePdf, request(`/student/courses/${mine}/certificate.pdf`, { cookie }), {
      id: String(mine),
    });
    expect(running.status).toBe(409);
    const before = await callLoader(certificatePdf, request(`/student/courses/${ended}/certificate.pdf`, { cookie }), {
      id: String(ended),
    });
    expect(before.status).toBe(409); // eligible, not issued yet: the page offers to issue it
    const issued = await callAction(
      certificatePdf,
      request(`/student/courses/${ended}/certificate.pdf?student=${stranger}`, { cookie, method: "POST", form: {} }),
      { id: String(ended) },
    );
    expect(redirectedTo(issued)).toBe(`/student/courses/${ended}/certificate.pdf`);
    const rows = await db().selectFrom("certificates").select(["student_id", "course_id"]).execute();
    expect(rows.map((r) => [Number(r.student_id), Number(r.course_id)])).toEqual([[me, ended]]);
    const pdf = await callLoader(certificatePdf, request(`/student/courses/${ended}/certificate.pdf`, { cookie }), {
      id: String(ended),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
  });

  it("the staff and professor pages of the same ids send the student to /student", async () => {
    const professorReport = await callLoader(reportRoute, request(`/course/${mine}/student-report`, { cookie }), {
      id: String(mine),
    });
    expect(redirectedTo(professorReport)).toBe("/student");
  });

  it("the API: a student cannot sign in to it, and a student's session token is refused (403 JSON)", async () => {
    const login = await callAction(
      apiLogin,
      new Request(`${ORIGIN}/v1/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: users.student.email, password: PASSWORD }),
      }),
    );
    expect(login.status).toBe(403);
    expect(await login.json()).toHaveProperty("message");
    const { token } = await issueSession(request("/"), users.student.id);
    const getAll = await callLoader(
      apiGetAll,
      new Request(`${ORIGIN}/v1/api/transfer-data/get-all`, { headers: { Authorization: `Bearer ${token}` } }),
    );
    expect(getAll.status).toBe(403);
  });
});
