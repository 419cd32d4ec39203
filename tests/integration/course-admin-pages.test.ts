import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { toasts } from "~/http/toast.server";
import {
  courseEditPage,
  courseListPage,
  coursePage,
  courseReportPage,
  newCoursePage,
} from "~/modules/courses/admin-pages.server";
import { ENROLL_SEARCH_MAX } from "~/modules/courses/schema";
import * as courseRoute from "~/routes/_app.admin.courses.$id";
import { addDays, schoolDay } from "../helpers/clock";
import { useTestDatabase } from "../helpers/db";
import { callAction, createRoleUsers, redirectedTo, request, setCookies, signIn } from "../helpers/fixtures";
import { courseRow, studentRow } from "../helpers/rows";

// The read models of the staff's course pages (modules/courses/admin-pages.server.ts): one call per loader.

useTestDatabase();

let courseId: number;
let professorId: number;
let studentId: number;
let cookie: string;
const MISSING = 2_000_000_000;

beforeAll(async () => {
  const today = await schoolDay();
  const users = await createRoleUsers();
  professorId = users.professor.id;
  const course = await db()
    .insertInto("courses")
    .values(
      courseRow({
        course_id: "RM-1",
        level_id: 2,
        start_date: addDays(today, -30),
        end_date: addDays(today, 60),
        professor_id: professorId,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  courseId = course.id;
  const student = await db()
    .insertInto("students")
    .values(studentRow({ first_name: "Zacarías", last_name: "Readmodel", id_number: "0911111111" }))
    .returning("id")
    .executeTakeFirstOrThrow();
  studentId = student.id;
  cookie = await signIn(users.admin_staff.email);
});

describe("the staff's course read models", () => {
  it("the list: its rows with the level's name, the paging, the professors", async () => {
    const page = await courseListPage(new URLSearchParams({ level: "2" }));
    expect(page.rows.map((r) => [r.course_id, r.level])).toEqual([["RM-1", "A2"]]);
    expect(page).toMatchObject({ total: 1, page: 1 });
    expect(page.professors.map((p) => p.id)).toContain(professorId);
    expect((await newCoursePage()).professors.map((p) => p.id)).toContain(professorId);
  });

  it("the course page: the course with its level, phase and search; a course that does not exist is null", async () => {
    const page = await coursePage(courseId, `  ${"zacarías".padEnd(ENROLL_SEARCH_MAX + 20, " ")}x`);
    expect(page?.course).toMatchObject({ course_id: "RM-1", level: "A2" });
    expect(page?.phase).toBe("running");
    expect(page?.q?.length).toBe(ENROLL_SEARCH_MAX);
    expect((await coursePage(courseId, "zacarías"))?.search?.rows.map((s) => s.last_name)).toEqual(["Readmodel"]);
    expect((await coursePage(courseId, null))?.search).toBeNull();
    expect(await coursePage(MISSING, null)).toBeNull();
  });

  it("the edit page: the course as the form's values; the report: its rows; null when the course does not exist", async () => {
    const edit = await courseEditPage(courseId);
    expect(edit).toMatchObject({ id: courseId, code: "RM-1" });
    expect(edit?.defaults).toMatchObject({ course_id: "RM-1", level_id: "2", professor_id: String(professorId) });
    expect(await courseEditPage(MISSING)).toBeNull();
    const report = await courseReportPage(courseId, new URLSearchParams({ sort: "final", dir: "desc" }));
    expect(report).toMatchObject({ course: { id: courseId, code: "RM-1" }, sort: "final", dir: "desc", rows: [] });
    expect(await courseReportPage(MISSING, new URLSearchParams())).toBeNull();
  });
});

describe("the course page's Enroll answer", () => {
  const enroll = () =>
    callAction(
      courseRoute,
      request(`/admin/courses/${courseId}?q=zac`, {
        cookie,
        form: new URLSearchParams({ intent: "enroll", student_ids: String(studentId) }),
      }),
      { id: String(courseId) },
    );
  async function toastOf(response: Response) {
    const set = setCookies(response, "toast")[0];
    return (await toasts(request("/")).getToast(request("/", { cookie: set.split(";")[0] }))).toast;
  }

  it("enrolled: a success toast with the count, back to the search; nobody new: an info toast naming who was skipped", async () => {
    const first = await enroll();
    expect(redirectedTo(first)).toBe(`/admin/courses/${courseId}?q=zac#enroll`);
    expect(await toastOf(first)).toMatchObject({ type: "success" });
    const again = await enroll();
    expect(redirectedTo(again)).toBe(`/admin/courses/${courseId}?q=zac#enroll`);
    expect(await toastOf(again)).toMatchObject({ type: "info", message: "courses:enroll.noneEnrolled" });
    expect((await toastOf(again))?.description).toContain("Zacarías Readmodel");
  });
});
