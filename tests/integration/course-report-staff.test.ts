import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import * as reportRoute from "~/routes/_app.admin.courses.$id_.report";
import { addDays, schoolDay } from "../helpers/clock";
import { useTestDatabase } from "../helpers/db";
import { callAction, callLoader, createRoleUsers, redirectedTo, request, signIn } from "../helpers/fixtures";
import { courseRow, studentRow } from "../helpers/rows";

useTestDatabase();

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
let a1: number;
let a2: number;
const NOW = new Date().toISOString();
// The courses run around the school's today (read in beforeAll): promotion offers only courses not yet over.
let today = "";

async function course(code: string, level: number) {
  const row = await db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: code,
        course_id: code,
        level_id: level,
        start_date: addDays(today, -60),
        end_date: addDays(today, 300),
        professor_id: users.professor.id,
        capacity: 30,
        created_at: NOW,
        updated_at: NOW,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  today = await schoolDay();
  users = await createRoleUsers();
  for (const role of ["admin_staff", "coordinator", "receptionist", "financial", "professor"] as Role[])
    cookies[role] = await signIn(users[role].email);
  a1 = await course("R-A1", 1);
  a2 = await course("R-A2", 2);
  const item = await db()
    .insertInto("grading_items")
    .values({ course_id: a1, item_name: "Quiz", category: "ASSIGNMENTS", position: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Two pass (above 70), one fails at exactly 70.
  for (const [i, grade] of [
    [1, 95],
    [2, 70.01],
    [3, 70],
  ] as const) {
    const s = await db()
      .insertInto("students")
      .values(
        studentRow({
          first_name: `Stu${i}`,
          last_name: `Last${i}`,
          second_last_name: "X",
          id_number: `11000000${i}0`,
          birthday: "2000-01-01",
          phone_number: "0991234567",
          email: `r${i}@x.test`,
          address: "Quito",
          created_at: NOW,
          updated_at: NOW,
        }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("enrollments")
      .values({ student_id: s.id, course_id: a1, start_date: addDays(today, -60), end_date: null, end_reason: null })
      .execute();
    await db()
      .insertInto("grades")
      .values({ grading_item_id: item.id, student_id: s.id, grade, updated_at: NOW })
      .execute();
  }
});

const page = (role: Role) =>
  callLoader(reportRoute, request(`/admin/courses/${a1}/report`, { cookie: cookies[role] }), { id: String(a1) });

describe("the staff's read-only report of a course", () => {
  it("is for admin and coordinator; receptionist and financial get 403, a professor goes to /teachers", async () => {
    expect((await page("admin_staff")).status).toBe(200);
    expect((await page("coordinator")).status).toBe(200);
    expect((await page("receptionist")).status).toBe(403);
    expect((await page("financial")).status).toBe(403);
    expect(redirectedTo(await page("professor"))).toBe("/teachers");
  });

  it("shows the same numbers as the gradebook and offers the passing students for promotion", async () => {
    const data = await (await page("coordinator")).json();
    expect(data.rows.map((r: { final: number; result: string }) => [r.final, r.result])).toEqual([
      [95, "PASS"],
      [70.01, "PASS"],
      [70, "FAIL"],
    ]);
    expect(data.promote.students.map((s: { name: string }) => s.name)).toEqual(["Stu1 Last1 X", "Stu2 Last2 X"]);
    expect(data.promote.nextLevel).toBe("A2");
    expect(data.promote.courses).toEqual([{ id: a2, course_id: "R-A2" }]);
  });

  it("promotes: one pending group transfer to the next level; again, nobody is left to promote", async () => {
    expect(
      (
        await callAction(
          reportRoute,
          request(`/admin/courses/${a1}/report`, {
            cookie: cookies.receptionist,
            form: { selected_course_id: String(a2) },
          }),
          { id: String(a1) },
        )
      ).status,
    ).toBe(403);
    const bad = await callAction(
      reportRoute,
      request(`/admin/courses/${a1}/report`, { cookie: cookies.coordinator, form: { selected_course_id: String(a1) } }),
      { id: String(a1) },
    );
    expect(bad.status).toBe(400);
    const done = await callAction(
      reportRoute,
      request(`/admin/courses/${a1}/report`, { cookie: cookies.coordinator, form: { selected_course_id: String(a2) } }),
      { id: String(a1) },
    );
    expect(done.status).toBe(302);
    const t = await db()
      .selectFrom("transfers")
      .select(["id", "is_group", "status", "selected_level_id", "selected_course_id", "from_course_id"])
      .executeTakeFirstOrThrow();
    expect(t).toMatchObject({
      is_group: 1,
      status: "pending",
      selected_level_id: 2,
      selected_course_id: a2,
      from_course_id: a1,
    });
    const moved = await db()
      .selectFrom("transfer_students")
      .select("student_id")
      .where("transfer_id", "=", t.id)
      .execute();
    expect(moved).toHaveLength(2);
    const again = await callAction(
      reportRoute,
      request(`/admin/courses/${a1}/report`, { cookie: cookies.coordinator, form: { selected_course_id: String(a2) } }),
      { id: String(a1) },
    );
    expect(again.status).toBe(409);
  });
});
