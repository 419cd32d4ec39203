import { type Insertable } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Database, type GradingCategory, type Role, type User } from "~/db/schema";
import { ROLES } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { loadCourseReport } from "~/modules/grades/report.server";
import * as gradebookRoute from "~/routes/_app.course.$id.gradebook";
import * as reportRoute from "~/routes/_app.course.$id.student-report";
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
import { courseRow, studentRow } from "../helpers/rows";

useTestDatabase();

// ---------------------------------------------------------------------------
// Fixtures: two courses of two professors, with items, students and enrollments.

let users: Record<Role, User>;
let otherProfessor: User;
const cookies = {} as Record<Role | "otherProfessor", string>;
let today: string;

let seq = 0;
async function insertStudent(first: string, last: string) {
  seq += 1;
  const n = `17${String(seq).padStart(8, "0")}`;
  const now = new Date().toISOString();
  return db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: first,
        last_name: last,
        second_last_name: "Test",
        id_number: n,
        phone_number: `09${n.slice(-8)}`,
        email: `g${n}@example.com`,
        created_at: now,
        updated_at: now,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

async function insertCourse(code: string, professorId: number, fields: Partial<Insertable<Database["courses"]>> = {}) {
  const now = new Date().toISOString();
  return db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: "900",
        course_id: code,
        start_date: "2026-01-05",
        end_date: "2099-12-18",
        professor_id: professorId,
        created_at: now,
        updated_at: now,
        ...fields,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

async function insertItems(courseId: number, items: [string, GradingCategory][]) {
  const rows = await db()
    .insertInto("grading_items")
    .values(items.map(([item_name, category], i) => ({ course_id: courseId, item_name, category, position: i + 1 })))
    .returning(["id"])
    .execute();
  return rows.map((r) => Number(r.id));
}

async function enroll(courseId: number, studentId: number, end: string | null = null) {
  await db()
    .insertInto("enrollments")
    .values({
      course_id: courseId,
      student_id: studentId,
      start_date: "2026-01-05",
      end_date: end,
      end_reason: end ? "transfer" : null,
    })
    .execute();
}

let course: number;
let otherCourse: number;
/** Items of `course`: A1, A2 (assignments), T1 (progress test), E1, E2 (MOVERS exam). */
let items: { a1: number; a2: number; t1: number; e1: number; e2: number };
let otherItem: number;
let ana: number;
let bruno: number;
let carla: number;
let stranger: number;
let leaver: number;

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

  course = Number((await insertCourse("GB-MINE", users.professor.id)).id);
  otherCourse = Number((await insertCourse("GB-OTHER", otherProfessor.id)).id);
  const [a1, a2, t1, e1, e2] = await insertItems(course, [
    ["Assignment 1", "ASSIGNMENTS"],
    ["Assignment 2", "ASSIGNMENTS"],
    ["Progress Test 1", "PROGRESS TESTS"],
    ["Reading & Writing", "EXAM"],
    ["Listening", "EXAM"],
  ]);
  items = { a1, a2, t1, e1, e2 };
  [otherItem] = await insertItems(otherCourse, [["Assignment 1", "ASSIGNMENTS"]]);

  ana = Number((await insertStudent("Ana", "Alvarez")).id);
  bruno = Number((await insertStudent("Bruno", "Benitez")).id);
  carla = Number((await insertStudent("Carla", "Cordero")).id);
  stranger = Number((await insertStudent("Sara", "Stranger")).id);
  leaver = Number((await insertStudent("Luis", "Leaver")).id);
  for (const s of [ana, bruno, carla]) await enroll(course, s);
  await enroll(otherCourse, stranger);
  await enroll(course, leaver, "2026-02-01");
});

beforeEach(async () => {
  await db().deleteFrom("grades").execute();
  await db().deleteFrom("audit_log").where("action", "=", "grades.changed").execute();
});

const id = () => String(course);
const gradebookPath = () => `/course/${course}/gradebook`;
const g = (studentId: number, itemId: number) => `g_${studentId}_${itemId}`;
const o = (studentId: number, itemId: number) => `o_${studentId}_${itemId}`;

type Cookie = Role | "otherProfessor" | null;

const load = (who: Cookie = "professor", path = gradebookPath()) =>
  callLoader(gradebookRoute, request(path, { cookie: who ? cookies[who] : undefined }), { id: id() });

const save = (form: Record<string, string> | URLSearchParams, who: Cookie = "professor") =>
  callAction(
    gradebookRoute,
    request(gradebookPath(), { method: "POST", cookie: who ? cookies[who] : undefined, form }),
    { id: id() },
  );

interface GradebookData {
  items: { id: number; item_name: string; category: GradingCategory }[];
  rows: {
    id: number;
    name: string;
    grades: Record<string, number>;
    averages: Record<GradingCategory, number | null>;
    final: number | null;
    result: "PASS" | "FAIL";
  }[];
}

/** What a browser would post back untouched: every cell with its original. */
async function formOf(who: Cookie = "professor"): Promise<Record<string, string>> {
  const response = await load(who);
  expect(response.status).toBe(200);
  const data = (await response.json()) as GradebookData;
  const form: Record<string, string> = {};
  for (const row of data.rows) {
    for (const item of data.items) {
      const v = row.grades[item.id];
      form[g(row.id, item.id)] = v === undefined ? "" : String(v);
      form[o(row.id, item.id)] = v === undefined ? "" : String(v);
    }
  }
  return form;
}

async function stored() {
  const rows = await db().selectFrom("grades").select(["student_id", "grading_item_id", "grade"]).execute();
  return Object.fromEntries(rows.map((r) => [g(Number(r.student_id), Number(r.grading_item_id)), Number(r.grade)]));
}

async function put(values: Record<string, number>) {
  const now = new Date().toISOString();
  await db()
    .insertInto("grades")
    .values(
      Object.entries(values).map(([name, grade]) => {
        const [, s, i] = name.split("_");
        return { student_id: Number(s), grading_item_id: Number(i), grade, updated_at: now };
      }),
    )
    .execute();
}

function answer(response: Response) {
  const to = redirectedTo(response);
  if (to?.startsWith("/authentication/login")) return "login";
  return to ?? response.status;
}

// ---------------------------------------------------------------------------

describe("who may open and post the gradebook and the student report", () => {
  type Who = Role | "otherProfessor" | "anonymous";
  const WHO: Who[] = ["anonymous", ...ROLES, "otherProfessor"];

  function expected(who: Who, ok: number | string) {
    if (who === "anonymous") return "login";
    if (who === "professor") return ok;
    if (who === "otherProfessor") return 403;
    if (who === "student") return "/student"; // PRODUCT 2: a student goes to the portal
    return "/dashboard";
  }
  const cookieOf = (who: Who) => (who === "anonymous" ? undefined : cookies[who]);

  it.each(WHO)("%s: loaders", async (who) => {
    const cookie = cookieOf(who);
    expect(answer(await callLoader(gradebookRoute, request(gradebookPath(), { cookie }), { id: id() }))).toBe(
      expected(who, 200),
    );
    expect(
      answer(await callLoader(reportRoute, request(`/course/${course}/student-report`, { cookie }), { id: id() })),
    ).toBe(expected(who, 200));
    expect(
      answer(
        await callLoader(reportRoute, request(`/course/${course}/student-report?sort=final&dir=desc`, { cookie }), {
          id: id(),
        }),
      ),
    ).toBe(expected(who, 200));
  });

  it.each(WHO)("%s: the save action (a valid post) writes only for the course's professor", async (who) => {
    const response = await callAction(
      gradebookRoute,
      request(gradebookPath(), {
        method: "POST",
        cookie: cookieOf(who),
        form: { [g(ana, items.a1)]: "90", [o(ana, items.a1)]: "" },
      }),
      { id: id() },
    );
    expect(answer(response)).toBe(expected(who, gradebookPath()));
    expect(await stored()).toEqual(who === "professor" ? { [g(ana, items.a1)]: 90 } : {});
  });

  it("an unknown course is a 404", async () => {
    const response = await callLoader(
      gradebookRoute,
      request("/course/999999/gradebook", { cookie: cookies.professor }),
      { id: "999999" },
    );
    expect(response.status).toBe(404);
  });
});

describe("the gradebook page", () => {
  it("lists the course's items in syllabus order and only its current students, by surname", async () => {
    const data = (await (await load()).json()) as GradebookData & { course: { exam: string } };
    expect(data.items.map((i) => i.item_name)).toEqual([
      "Assignment 1",
      "Assignment 2",
      "Progress Test 1",
      "Reading & Writing",
      "Listening",
    ]);
    expect(data.rows.map((r) => r.name)).toEqual(["Ana Alvarez Test", "Bruno Benitez Test", "Carla Cordero Test"]);
    expect(data.course.exam).toBe("MOVERS");
  });

  it("per student: category averages of the entered grades, final grade renormalised, PASS/FAIL", async () => {
    await put({
      [g(ana, items.a1)]: 80,
      [g(ana, items.a2)]: 90,
      [g(ana, items.t1)]: 70,
      [g(bruno, items.a1)]: 70,
      [g(bruno, items.e1)]: 70,
      [g(bruno, items.e2)]: 70.01,
    });
    const data = (await (await load()).json()) as GradebookData;
    const [a, b, c] = data.rows;
    expect(a.averages).toEqual({ ASSIGNMENTS: 85, "PROGRESS TESTS": 70, EXAM: null });
    // (85×30 + 70×30) / 60
    expect(a.final).toBe(77.5);
    expect(a.result).toBe("PASS");
    // (70×30 + 70.005×40) / 70 = 70.00285… → 70.00: FAIL
    expect(b.final).toBe(70);
    expect(b.result).toBe("FAIL");
    expect(c.final).toBeNull();
    expect(c.result).toBe("FAIL");
  });
});

describe("saving", () => {
  it("a good save writes the typed cells (a comma is a decimal point) and redirects with a toast", async () => {
    const form = await formOf();
    form[g(ana, items.a1)] = "85,5";
    form[g(bruno, items.t1)] = " 100 ";
    form[g(carla, items.e2)] = "0";
    form[g(carla, items.e1)] = "72.25";
    const response = await save(form);
    expect(redirectedTo(response)).toBe(gradebookPath());
    expect(response.headers.get("Set-Cookie")).toMatch(/toast=/);
    expect(await stored()).toEqual({
      [g(ana, items.a1)]: 85.5,
      [g(bruno, items.t1)]: 100,
      [g(carla, items.e2)]: 0,
      [g(carla, items.e1)]: 72.25,
    });
    // Saving again unchanged writes nothing new and duplicates nothing.
    const again = await save(await formOf());
    expect(redirectedTo(again)).toBe(gradebookPath());
    expect(Object.keys(await stored())).toHaveLength(4);
  });

  it("emptying a cell deletes that grade", async () => {
    await put({ [g(ana, items.a1)]: 60, [g(ana, items.a2)]: 61 });
    const form = await formOf();
    form[g(ana, items.a1)] = "";
    expect(redirectedTo(await save(form))).toBe(gradebookPath());
    expect(await stored()).toEqual({ [g(ana, items.a2)]: 61 });
  });

  it.each(["101", "-1", "1.234", "abc", "1e2", "100.01", "85..5"])(
    "a bad cell (%s) → 400, marked next to the cell, all typed values kept, nothing saved",
    async (bad) => {
      await put({ [g(carla, items.t1)]: 50 });
      const form = await formOf();
      form[g(ana, items.a1)] = "88";
      form[g(bruno, items.a2)] = bad;
      form[g(carla, items.t1)] = "55,5";
      const response = await save(form);
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        state: {
          formError: string;
          values: Record<string, string>;
          originals: Record<string, string>;
          errors: Record<string, { code: string }>;
        };
      };
      expect(body.state.formError).toBe("invalid");
      expect(Object.keys(body.state.errors)).toEqual([g(bruno, items.a2)]);
      expect(body.state.errors[g(bruno, items.a2)].code).toMatch(/^(format|range|decimals)$/);
      expect(body.state.values[g(ana, items.a1)]).toBe("88");
      expect(body.state.values[g(bruno, items.a2)]).toBe(bad);
      expect(body.state.values[g(carla, items.t1)]).toBe("55,5");
      expect(body.state.originals[g(carla, items.t1)]).toBe("50");
      expect(await stored()).toEqual({ [g(carla, items.t1)]: 50 });
    },
  );

  it("the error code says what is wrong", async () => {
    const codes: Record<string, string> = {};
    for (const [value, code] of [
      ["101", "range"],
      ["-1", "range"],
      ["1.234", "decimals"],
      ["abc", "format"],
    ]) {
      const form = await formOf();
      form[g(ana, items.a1)] = value;
      const body = (await (await save(form)).json()) as { state: { errors: Record<string, { code: string }> } };
      codes[value] = body.state.errors[g(ana, items.a1)].code;
      expect(codes[value]).toBe(code);
    }
  });

  it("a grade for a student of another course, a student who left, or another course's item → 400, nothing saved", async () => {
    for (const extra of [g(stranger, items.a1), g(leaver, items.a1), g(ana, otherItem), "g_abc_1"]) {
      const form = await formOf();
      form[g(ana, items.a1)] = "90";
      form[extra] = "80";
      const response = await save(form);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { state: { formError: string } }).state.formError).toBe("foreign");
    }
    expect(await stored()).toEqual({});
  });

  it("the other professor cannot post into this course, even with their own student", async () => {
    const response = await save({ [g(stranger, otherItem)]: "90" }, "otherProfessor");
    expect(response.status).toBe(403);
    expect(await stored()).toEqual({});
  });
});

describe("one item at a time (?item=, the phone's view)", () => {
  const itemPath = (item: number | string) => `${gradebookPath()}?item=${item}`;
  const saveItem = (item: number, form: Record<string, string>) =>
    callAction(gradebookRoute, request(itemPath(item), { method: "POST", cookie: cookies.professor, form }), {
      id: id(),
    });

  it("the page says which item is chosen, and each student's band; an item of no (or another) course is a 404 with the items to choose from", async () => {
    const chosen = (await (await load("professor", itemPath(items.t1))).json()) as { item: number | null };
    expect(chosen.item).toBe(items.t1);
    const grid = (await (await load()).json()) as { item: number | null; rows: { band: string }[] };
    expect(grid.item).toBeNull();
    expect(grid.rows.every((r) => typeof r.band === "string" && r.band !== "")).toBe(true);
    for (const bad of [String(otherItem), "999999", "abc", "1;drop"]) {
      const response = await load("professor", itemPath(bad));
      expect(response.status, bad).toBe(404);
      const data = (await response.json()) as { item: number | null; unknownItem: boolean; items: unknown[] };
      expect(data).toMatchObject({ item: null, unknownItem: true });
      expect(data.items).toHaveLength(5);
    }
  });

  it("a save of one item's cells writes only those and comes back to that item; the other items' grades stay", async () => {
    await put({ [g(ana, items.a1)]: 50, [g(bruno, items.a2)]: 61, [g(carla, items.t1)]: 40 });
    // What the item's view posts: its cells, with their originals (packed, ADR 009).
    const form = {
      [g(ana, items.t1)]: "88",
      [g(bruno, items.t1)]: "",
      [g(carla, items.t1)]: "45,5",
      originals: `${g(ana, items.t1)}=&${g(bruno, items.t1)}=&${g(carla, items.t1)}=40`,
    };
    const response = await saveItem(items.t1, form);
    expect(redirectedTo(response)).toBe(itemPath(items.t1));
    expect(await stored()).toEqual({
      [g(ana, items.a1)]: 50,
      [g(bruno, items.a2)]: 61,
      [g(ana, items.t1)]: 88,
      [g(carla, items.t1)]: 45.5,
    });
  });

  it("an invalid grade in one item's post is refused with the summary's state, and nothing is written", async () => {
    await put({ [g(ana, items.a1)]: 50 });
    const response = await saveItem(items.a2, {
      [g(ana, items.a2)]: "70",
      [g(bruno, items.a2)]: "150",
      originals: `${g(ana, items.a2)}=&${g(bruno, items.a2)}=`,
    });
    expect(response.status).toBe(400);
    const body = JSON.stringify(await response.json());
    expect(body).toContain('"formError":"invalid"');
    expect(body).toContain(`"${g(bruno, items.a2)}":{"code":"range"}`);
    expect(await stored()).toEqual({ [g(ana, items.a1)]: 50 });
  });
});

describe("two tabs (or two professors' sessions) saving the same gradebook", () => {
  it("each writes only the cells it changed: both saves are kept", async () => {
    await put({ [g(ana, items.a1)]: 50, [g(bruno, items.a1)]: 60 });
    const tabA = await formOf();
    const tabB = await formOf();
    tabA[g(ana, items.a1)] = "75";
    tabB[g(bruno, items.a1)] = "65";
    tabB[g(carla, items.t1)] = "80";
    expect(redirectedTo(await save(tabA))).toBe(gradebookPath());
    // B still carries Ana's old 50 as typed and original: not a change, so not written.
    expect(redirectedTo(await save(tabB))).toBe(gradebookPath());
    expect(await stored()).toEqual({ [g(ana, items.a1)]: 75, [g(bruno, items.a1)]: 65, [g(carla, items.t1)]: 80 });
  });

  it("a cell emptied in one tab is not brought back by the other", async () => {
    await put({ [g(ana, items.a1)]: 50 });
    const tabA = await formOf();
    const tabB = await formOf();
    tabA[g(ana, items.a1)] = "";
    tabB[g(bruno, items.a2)] = "66";
    expect(redirectedTo(await save(tabA))).toBe(gradebookPath());
    expect(redirectedTo(await save(tabB))).toBe(gradebookPath());
    expect(await stored()).toEqual({ [g(bruno, items.a2)]: 66 });
  });

  it("both change the same cell: the second save gets 409, the current values, and nothing of it is saved", async () => {
    await put({ [g(ana, items.a1)]: 50 });
    const tabA = await formOf();
    const tabB = await formOf();
    tabA[g(ana, items.a1)] = "75";
    tabB[g(ana, items.a1)] = "80";
    tabB[g(bruno, items.a2)] = "66";
    expect(redirectedTo(await save(tabA))).toBe(gradebookPath());
    const response = await save(tabB);
    expect(response.status).toBe(409);
    const body = (await response.json()) as {
      state: {
        formError: string;
        values: Record<string, string>;
        originals: Record<string, string>;
        errors: Record<string, { code: string; mine?: string; theirs?: string }>;
      };
    };
    expect(body.state.formError).toBe("conflict");
    expect(body.state.errors).toEqual({ [g(ana, items.a1)]: { code: "conflict", mine: "80", theirs: "75" } });
    // The cell shows what is stored now; B's other change is kept as typed, to save again.
    expect(body.state.values[g(ana, items.a1)]).toBe("75");
    expect(body.state.originals[g(ana, items.a1)]).toBe("75");
    expect(body.state.values[g(bruno, items.a2)]).toBe("66");
    expect(body.state.originals[g(bruno, items.a2)]).toBe("");
    expect(await stored()).toEqual({ [g(ana, items.a1)]: 75 });

    // Posting the re-rendered form again saves B's other change.
    const retry: Record<string, string> = {};
    for (const [name, value] of Object.entries(body.state.values)) retry[name] = value;
    for (const [name, value] of Object.entries(body.state.originals)) retry[`o_${name.slice(2)}`] = value;
    expect(redirectedTo(await save(retry))).toBe(gradebookPath());
    expect(await stored()).toEqual({ [g(ana, items.a1)]: 75, [g(bruno, items.a2)]: 66 });
  });

  it("both typing the same new value is not a conflict", async () => {
    const tabA = await formOf();
    const tabB = await formOf();
    tabA[g(ana, items.a1)] = "75";
    tabB[g(ana, items.a1)] = "75.00";
    expect(redirectedTo(await save(tabA))).toBe(gradebookPath());
    expect(redirectedTo(await save(tabB))).toBe(gradebookPath());
    expect(await stored()).toEqual({ [g(ana, items.a1)]: 75 });
  });
});

describe("the audit log", () => {
  async function auditRows() {
    return db()
      .selectFrom("audit_log")
      .select(["user_id", "entity", "entity_id", "details"])
      .where("action", "=", "grades.changed")
      .execute();
  }

  it("a first grade is not logged; changing or removing an existing one is, with old → new, by whom", async () => {
    const first = await formOf();
    first[g(ana, items.a1)] = "60";
    first[g(bruno, items.a1)] = "70";
    await save(first);
    expect(await auditRows()).toEqual([]);

    const second = await formOf();
    second[g(ana, items.a1)] = "65.5";
    second[g(bruno, items.a1)] = "";
    second[g(carla, items.a1)] = "90";
    await save(second);
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].user_id)).toBe(users.professor.id);
    expect(rows[0].entity).toBe("course");
    expect(Number(rows[0].entity_id)).toBe(course);
    const details = JSON.parse(rows[0].details ?? "{}") as {
      changes: { student_id: number; grading_item_id: number; old: number; new: number | null }[];
    };
    expect(details.changes).toEqual(
      expect.arrayContaining([
        { student_id: ana, grading_item_id: items.a1, old: 60, new: 65.5 },
        { student_id: bruno, grading_item_id: items.a1, old: 70, new: null },
      ]),
    );
    expect(details.changes).toHaveLength(2);
  });

  it("a refused post logs nothing", async () => {
    await put({ [g(ana, items.a1)]: 60 });
    const form = await formOf();
    form[g(ana, items.a1)] = "61";
    form[g(bruno, items.a1)] = "abc";
    expect((await save(form)).status).toBe(400);
    expect(await auditRows()).toEqual([]);
  });
});

describe("the student report", () => {
  beforeEach(async () => {
    await db().deleteFrom("attendance").execute();
  });

  it("has the gradebook's numbers, with attendance, band, exam, modules and next level", async () => {
    await put({
      [g(ana, items.a1)]: 95,
      [g(ana, items.t1)]: 90,
      [g(ana, items.e1)]: 92.5,
      [g(bruno, items.a1)]: 60,
      [g(bruno, items.e2)]: 89.99,
    });
    const now = new Date().toISOString();
    const statuses = [
      ...Array.from({ length: 10 }, () => "present" as const),
      ...Array.from({ length: 2 }, () => "recovered" as const),
      ...Array.from({ length: 5 }, () => "late" as const),
      ...Array.from({ length: 10 }, () => "absent" as const),
    ];
    await db()
      .insertInto("attendance")
      .values(
        statuses.map((status, i) => ({
          course_id: course,
          session_date: `2026-0${1 + Math.floor(i / 28)}-${String((i % 28) + 1).padStart(2, "0")}`,
          student_id: bruno,
          status,
          recorded_by: users.professor.id,
          recorded_at: now,
        })),
      )
      .execute();

    const gradebook = (await (await load()).json()) as GradebookData;
    const response = await callLoader(
      reportRoute,
      request(`/course/${course}/student-report`, { cookie: cookies.professor }),
      { id: id() },
    );
    expect(response.status).toBe(200);
    const report = (await response.json()) as {
      exam: string;
      rows: {
        id: number;
        averages: Record<string, number | null>;
        final: number | null;
        result: string;
        band: string;
        exam: string;
        modules: string[];
        nextLevel: string;
        attendance: {
          present: number;
          recovered: number;
          late: number;
          absent: number;
          score: number;
          absences: number;
          severity: string;
        };
      }[];
    };
    for (const row of gradebook.rows) {
      const same = report.rows.find((r) => r.id === row.id)!;
      expect(same.averages).toEqual(row.averages);
      expect(same.final).toBe(row.final);
      expect(same.result).toBe(row.result);
    }
    const [a, b, c] = ["ana", "bruno", "carla"].map((_, i) =>
      report.rows.find((r) => r.id === [ana, bruno, carla][i])!,
    );
    expect(a.final).toBe(92.5); // (95×30 + 90×30 + 92.5×40) / 100
    expect(a.band).toBe("Excellent");
    expect(a.result).toBe("PASS");
    // (60×30 + 89.99×40) / 70 = 77.14
    expect(b.final).toBe(77.14);
    expect(b.band).toBe("Good");
    expect(c.final).toBeNull();
    expect(c.band).toBe("NOT REPORTED");
    expect(b.attendance).toMatchObject({
      present: 10,
      recovered: 2,
      late: 5,
      absent: 10,
      absences: 12.5,
      severity: "warning",
    });
    // (10 + 2 + 2.5) / 27
    expect(b.attendance.score).toBe(53.7);
    expect(a.attendance).toMatchObject({ present: 0, absences: 0, score: null, severity: "ok" });
    expect(a.exam).toBe("MOVERS");
    expect(a.modules).toEqual(["Reading & Writing", "Listening", "Speaking"]);
    expect(a.nextLevel).toBe("A2");
  });

  it("sorts by a whitelisted column; anything else is by name", async () => {
    await put({ [g(ana, items.a1)]: 50, [g(bruno, items.a1)]: 90 });
    const order = async (query: string) => {
      const response = await callLoader(
        reportRoute,
        request(`/course/${course}/student-report${query}`, { cookie: cookies.professor }),
        { id: id() },
      );
      const body = (await response.json()) as { sort: string; rows: { id: number }[] };
      return { sort: body.sort, ids: body.rows.map((r) => r.id) };
    };
    expect(await order("")).toEqual({ sort: "name", ids: [ana, bruno, carla] });
    expect(await order("?sort=name&dir=desc")).toEqual({ sort: "name", ids: [carla, bruno, ana] });
    expect(await order("?sort=final&dir=desc")).toEqual({ sort: "final", ids: [bruno, ana, carla] });
    // No final grade stays last either way.
    expect(await order("?sort=final&dir=asc")).toEqual({ sort: "final", ids: [ana, bruno, carla] });
    expect(await order("?sort=s.password_hash")).toEqual({ sort: "name", ids: [ana, bruno, carla] });
    expect(await order("?sort=absences&dir=asc")).toEqual({ sort: "absences", ids: [ana, bruno, carla] });
  });

  it("loadCourseReport (for the PDFs and the admin view) gives the same rows", async () => {
    await put({ [g(ana, items.a1)]: 77 });
    const report = await loadCourseReport(course, today);
    expect(report.rows.map((r) => [r.id, r.final, r.result, r.band])).toEqual([
      [ana, 77, "PASS", "Good"],
      [bruno, null, "FAIL", "NOT REPORTED"],
      [carla, null, "FAIL", "NOT REPORTED"],
    ]);
  });
});
