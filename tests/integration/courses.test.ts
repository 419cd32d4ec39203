import { type Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Database, type Role, type User } from "~/db/schema";
import { ROLES } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { mondayOf } from "~/modules/calendar/week";
import * as detailRoute from "~/routes/_app.admin.courses.$id";
import * as editRoute from "~/routes/_app.admin.courses.$id_.edit";
import * as listRoute from "~/routes/_app.admin.courses._index";
import * as newRoute from "~/routes/_app.admin.courses.new";
import * as bandsRoute from "~/routes/_app.admin.grade-bands";
import * as syllabusRoute from "~/routes/_app.admin.syllabus";
import { addDays } from "../helpers/clock";
import { useTestDatabase } from "../helpers/db";
import { callAction, callLoader, createRoleUsers, redirectedTo, request, signIn } from "../helpers/fixtures";
import { courseFormValues, courseRow, studentRow } from "../helpers/rows";

useTestDatabase();

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
let today: string;

// ---------------------------------------------------------------------------
// Fixtures

let seq = 0;
type StudentRow = Insertable<Database["students"]>;

async function insertStudent(fields: Partial<StudentRow> = {}) {
  seq += 1;
  const n = `18${String(seq).padStart(8, "0")}`;
  const now = new Date().toISOString();
  return db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: "Test",
        last_name: `Student${seq}`,
        second_last_name: "Lopez",
        id_number: n,
        phone_number: `09${n.slice(-8)}`,
        email: `c${n}@example.com`,
        created_at: now,
        updated_at: now,
        ...fields,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function insertCourse(code: string, fields: Partial<Insertable<Database["courses"]>> = {}) {
  const now = new Date().toISOString();
  return db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: "900",
        course_id: code,
        start_date: "2026-01-05",
        end_date: "2099-12-18",
        created_at: now,
        updated_at: now,
        ...fields,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function count(table: keyof Database, where?: [string, unknown]) {
  let q = db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"));
  // biome-ignore lint: test helper
  if (where) q = q.where(where[0] as never, "=", where[1] as never);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The field errors of a 4xx answer (conform's reply). */
async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  const body = (await response.json()) as { result?: { error?: Record<string, string[] | null> | null } };
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(body.result?.error ?? {})) if (v) errors[k] = v;
  return errors;
}

function courseForm(overrides: Record<string, string> = {}): Record<string, string> {
  seq += 1;
  return courseFormValues({ course_id: `TST-NEW-${seq}`, professor_id: String(users.professor.id), ...overrides });
}

/** A form body; array values become repeated fields, as checkboxes post them. */
function body(values: Record<string, string | string[]>) {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) for (const one of Array.isArray(v) ? v : [v]) out.append(k, one);
  return out;
}

const post = (path: string, role: Role | null, form: Record<string, string | string[]> | URLSearchParams) =>
  request(path, {
    method: "POST",
    cookie: role ? cookies[role] : undefined,
    form: form instanceof URLSearchParams ? form : body(form),
  });

async function createCourse(form: Record<string, string>, role: Role = "admin_staff") {
  return callAction(newRoute, post("/admin/courses/new", role, form));
}

async function courseByCode(code: string) {
  return db().selectFrom("courses").selectAll().where("course_id", "=", code).executeTakeFirst();
}

let course: Awaited<ReturnType<typeof insertCourse>>;
let kid: Awaited<ReturnType<typeof insertStudent>>;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
  today = await schoolToday();
  course = await insertCourse("TST-PERM");
  kid = await insertStudent({ age_category: "kids", level_id: 8, first_name: "Kiki" });
});

// ---------------------------------------------------------------------------

describe("who may do what (PRODUCT 2: courses, syllabus, grade bands)", () => {
  type Who = Role | "anonymous";
  const WHO: Who[] = ["anonymous", ...ROLES];
  const ALLOWED: Role[] = ["admin_staff", "coordinator"];

  function expected(who: Who, okStatus: number) {
    if (who === "anonymous") return "login";
    if (who === "student") return "/student";
    if (who === "professor") return "/teachers";
    if (!ALLOWED.includes(who)) return 403;
    return okStatus;
  }

  function answer(response: Response) {
    const to = redirectedTo(response);
    if (to?.startsWith("/authentication/login")) return "login";
    return to ?? response.status;
  }

  const cookieOf = (who: Who) => (who === "anonymous" ? undefined : cookies[who]);

  it.each(WHO)("%s: every loader", async (who) => {
    const cookie = cookieOf(who);
    const id = String(course.id);
    const get = (path: string) => request(path, { cookie });
    expect(answer(await callLoader(listRoute, get("/admin/courses")))).toBe(expected(who, 200));
    expect(answer(await callLoader(newRoute, get("/admin/courses/new")))).toBe(expected(who, 200));
    expect(answer(await callLoader(detailRoute, get(`/admin/courses/${id}`), { id }))).toBe(expected(who, 200));
    expect(answer(await callLoader(detailRoute, get(`/admin/courses/${id}?q=`), { id }))).toBe(expected(who, 200));
    expect(answer(await callLoader(editRoute, get(`/admin/courses/${id}/edit`), { id }))).toBe(expected(who, 200));
    expect(answer(await callLoader(syllabusRoute, get("/admin/syllabus")))).toBe(expected(who, 200));
    expect(answer(await callLoader(syllabusRoute, get("/admin/syllabus?level=1")))).toBe(expected(who, 200));
    expect(answer(await callLoader(bandsRoute, get("/admin/grade-bands")))).toBe(expected(who, 200));
  });

  it.each(WHO)(
    "%s: every action (an empty post is refused or rejected as invalid; nothing is written)",
    async (who) => {
      const id = String(course.id);
      const tables = ["courses", "enrollments", "syllabus_items", "grade_bands", "grading_items", "audit_log"] as const;
      const before = await Promise.all(tables.map((t) => count(t)));
      const empty = (path: string) => request(path, { method: "POST", cookie: cookieOf(who), form: {} });
      expect(answer(await callAction(newRoute, empty("/admin/courses/new")))).toBe(expected(who, 400));
      expect(answer(await callAction(editRoute, empty(`/admin/courses/${id}/edit`), { id }))).toBe(expected(who, 400));
      expect(answer(await callAction(detailRoute, empty(`/admin/courses/${id}`), { id }))).toBe(expected(who, 400));
      expect(answer(await callAction(syllabusRoute, empty("/admin/syllabus?level=1")))).toBe(expected(who, 400));
      expect(answer(await callAction(bandsRoute, empty("/admin/grade-bands")))).toBe(expected(who, 400));
      expect(await Promise.all(tables.map((t) => count(t)))).toEqual(before);
    },
  );

  it("receptionist and financial: valid posts are refused too, and change nothing", async () => {
    for (const role of ["receptionist", "financial"] as const) {
      const form = courseForm();
      expect((await createCourse(form, role)).status).toBe(403);
      expect(await courseByCode(form.course_id)).toBeUndefined();
      const band = await callAction(
        bandsRoute,
        post("/admin/grade-bands", role, { intent: "create", name: "X", min: "0", max: "10" }),
      );
      expect(band.status).toBe(403);
      const enroll = await callAction(
        detailRoute,
        post(`/admin/courses/${course.id}`, role, { intent: "enroll", student_ids: String(kid.id) }),
        { id: String(course.id) },
      );
      expect(enroll.status).toBe(403);
    }
    expect(await count("grade_bands", ["name", "X"])).toBe(0);
  });

  it("a professor posting is sent to /teachers and nothing is written", async () => {
    const form = courseForm();
    expect(redirectedTo(await createCourse(form, "professor"))).toBe("/teachers");
    expect(await courseByCode(form.course_id)).toBeUndefined();
  });

  it("an unknown or malformed course id is a 404", async () => {
    for (const id of ["999999", "abc", "-1", "1e3", "0"]) {
      const response = await callLoader(detailRoute, request(`/admin/courses/${id}`, { cookie: cookies.admin_staff }), {
        id,
      });
      expect(response.status).toBe(404);
    }
  });
});

// ---------------------------------------------------------------------------

describe("create and edit a course", () => {
  it("creates a course from a standard schedule and copies its level's syllabus (same order) into grading items", async () => {
    await callAction(syllabusRoute, post("/admin/syllabus?level=3", "admin_staff", { intent: "defaults" }));
    const syllabus = await db()
      .selectFrom("syllabus_items")
      .select(["item_name", "category", "position"])
      .where("level_id", "=", 3)
      .orderBy("position")
      .execute();
    expect(syllabus).toHaveLength(3 + 2 + 4); // PRELIM: four modules

    const form = courseForm({ level_id: "3", schedule: "TUE-THU-17-19", course_id: "tst-b1-create" });
    const response = await createCourse(form, "coordinator");
    const created = await courseByCode("tst-b1-create");
    expect(created).toBeDefined();
    expect(redirectedTo(response)).toBe(`/admin/courses/${created!.id}`);
    expect(created).toMatchObject({
      level_id: 3,
      schedule_days: "TU,TH",
      start_time: "17:00",
      end_time: "19:00",
      professor_id: users.professor.id,
      assig_percentage: 30,
      capacity: 20,
      status: "active",
    });
    const items = await db()
      .selectFrom("grading_items")
      .select(["item_name", "category", "position"])
      .where("course_id", "=", created!.id)
      .orderBy("position")
      .execute();
    expect(items.map((i) => [i.item_name, i.category])).toEqual(syllabus.map((s) => [s.item_name, s.category]));
    const log = await db()
      .selectFrom("audit_log")
      .select(["action", "user_id"])
      .where("entity", "=", "course")
      .where("entity_id", "=", created!.id)
      .execute();
    expect(log).toEqual([{ action: "course.created", user_id: users.coordinator.id }]);
  });

  it("the default items are created in the school's default language (English: the app's own names)", async () => {
    const named = async (levelId: number) =>
      (
        await db()
          .selectFrom("syllabus_items")
          .select("item_name")
          .where("level_id", "=", levelId)
          .orderBy("position")
          .execute()
      ).map((i) => i.item_name);
    await db()
      .insertInto("settings")
      .values({ key: "default_language", value: "es" })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: "es" }))
      .execute();
    try {
      await callAction(syllabusRoute, post("/admin/syllabus?level=2", "admin_staff", { intent: "defaults" }));
      // A2 for adults: KEY, three modules.
      expect(await named(2)).toEqual([
        "Tarea 1",
        "Tarea 2",
        "Tarea 3",
        "Prueba de progreso 1",
        "Prueba de progreso 2",
        "Lectura y escritura",
        "Comprensión auditiva",
        "Expresión oral",
      ]);
    } finally {
      await db().updateTable("settings").set({ value: "en" }).where("key", "=", "default_language").execute();
    }
    await callAction(syllabusRoute, post("/admin/syllabus?level=1", "admin_staff", { intent: "defaults" }));
    expect((await named(1)).slice(0, 4)).toEqual(["Assignment 1", "Assignment 2", "Assignment 3", "Progress Test 1"]);
  });

  it("a custom schedule stores its days in week order and its times", async () => {
    const form = courseForm({ schedule: "custom", start_time: "10:30", end_time: "12:00" });
    const body = new URLSearchParams(form);
    body.append("days", "FR");
    body.append("days", "MO");
    const response = await callAction(newRoute, post("/admin/courses/new", "admin_staff", body));
    expect(redirectedTo(response)).toMatch(/^\/admin\/courses\/\d+$/);
    expect(await courseByCode(form.course_id)).toMatchObject({
      schedule_days: "MO,FR",
      start_time: "10:30",
      end_time: "12:00",
    });
  });

  it.each([
    [
      "percentages that do not add up to 100",
      { assig_percentage: "30", test_percentage: "30", exam_percentage: "30" },
      "percentages",
      "courses:errors.percentagesSum",
    ],
    [
      "a percentage that is not whole",
      { assig_percentage: "30.5", test_percentage: "29.5" },
      "assig_percentage",
      "courses:errors.wholeNumber",
    ],
    [
      "a percentage over 100",
      { assig_percentage: "120", test_percentage: "0", exam_percentage: "0" },
      "assig_percentage",
      "courses:errors.percentageRange",
    ],
    [
      "an end date before the start",
      { start_date: "2026-12-18", end_date: "2026-09-07" },
      "end_date",
      "courses:errors.endBeforeStart",
    ],
    [
      "an end date equal to the start",
      { start_date: "2026-09-07", end_date: "2026-09-07" },
      "end_date",
      "courses:errors.endBeforeStart",
    ],
    ["an impossible date", { start_date: "2026-02-30" }, "start_date", "courses:errors.dateInvalid"],
    [
      "a level of the other age's list",
      { age_category: "kids", level_id: "1" },
      "level_id",
      "courses:errors.levelInvalid",
    ],
    [
      "a custom schedule without days",
      { schedule: "custom", start_time: "10:00", end_time: "12:00" },
      "days",
      "courses:errors.days",
    ],
    [
      "a custom schedule ending before it starts",
      { schedule: "custom", days: "MO", start_time: "12:00", end_time: "10:00" },
      "end_time",
      "courses:errors.endTimeBeforeStart",
    ],
    ["an unknown schedule", { schedule: "SUN-03-04" }, "schedule", "courses:errors.schedule"],
    ["a capacity of 0", { capacity: "0" }, "capacity", "courses:errors.capacityRange"],
    ["a code with spaces", { course_id: "A B" }, "course_id", "courses:errors.codeChars"],
  ])("refuses %s with a field message (400) and writes nothing", async (_label, overrides, field, message) => {
    const before = [await count("courses"), await count("grading_items"), await count("audit_log")];
    const form = courseForm(overrides as Record<string, string>);
    const response = await createCourse(form);
    expect(response.status).toBe(400);
    const errors = await fieldErrors(response);
    expect(errors[field]).toEqual([message]);
    expect([await count("courses"), await count("grading_items"), await count("audit_log")]).toEqual(before);
  });

  it("reports every problem at once and keeps what was typed", async () => {
    const response = await createCourse(
      courseForm({ assig_percentage: "50", end_date: "2026-01-01", course_number: "" }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      result: { initialValue: Record<string, string>; error: Record<string, string[]> };
    };
    expect(Object.keys(body.result.error).sort()).toEqual(["course_number", "end_date", "percentages"]);
    expect(body.result.initialValue).toMatchObject({ assig_percentage: "50", end_date: "2026-01-01" });
  });

  it("refuses a duplicate code (whatever its case) with a clear field message and writes nothing", async () => {
    const before = await count("courses");
    const response = await createCourse(courseForm({ course_id: "tst-perm" }));
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).course_id).toEqual(["courses:errors.codeTaken"]);
    expect(await count("courses")).toBe(before);
  });

  it("refuses a professor id that is not a professor", async () => {
    const response = await createCourse(courseForm({ professor_id: String(users.receptionist.id) }));
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).professor_id).toEqual(["courses:errors.professor"]);
  });

  it("editing saves the data but never rewrites the grading items", async () => {
    const form = courseForm({ level_id: "3" });
    await createCourse(form);
    const c = (await courseByCode(form.course_id))!;
    const itemsBefore = await db()
      .selectFrom("grading_items")
      .selectAll()
      .where("course_id", "=", c.id)
      .orderBy("id")
      .execute();
    expect(itemsBefore.length).toBeGreaterThan(0);

    const loaded = await callLoader(
      editRoute,
      request(`/admin/courses/${c.id}/edit`, { cookie: cookies.coordinator }),
      { id: String(c.id) },
    );
    const { defaults } = (await loaded.json()) as { defaults: Record<string, string | string[]> };
    expect(defaults).toMatchObject({
      course_id: form.course_id,
      schedule: "MON-WED-09-11",
      level_id: "3",
      assig_percentage: "30",
    });

    const response = await callAction(
      editRoute,
      post(`/admin/courses/${c.id}/edit`, "coordinator", {
        ...defaults,
        level_id: "4",
        course_number: "777",
        assig_percentage: "20",
        exam_percentage: "50",
      }),
      { id: String(c.id) },
    );
    expect(redirectedTo(response)).toBe(`/admin/courses/${c.id}`);
    expect(await courseByCode(form.course_id)).toMatchObject({
      level_id: 4,
      course_number: "777",
      assig_percentage: 20,
      exam_percentage: 50,
    });
    const itemsAfter = await db()
      .selectFrom("grading_items")
      .selectAll()
      .where("course_id", "=", c.id)
      .orderBy("id")
      .execute();
    expect(itemsAfter).toEqual(itemsBefore);
  });

  it("editing may keep its own code but not take another course's", async () => {
    const mine = await insertCourse("TST-EDIT-CODE");
    const loaded = await callLoader(
      editRoute,
      request(`/admin/courses/${mine.id}/edit`, { cookie: cookies.admin_staff }),
      { id: String(mine.id) },
    );
    const { defaults } = (await loaded.json()) as { defaults: Record<string, string | string[]> };
    const same = await callAction(
      editRoute,
      post(`/admin/courses/${mine.id}/edit`, "admin_staff", { ...defaults, course_number: "55" }),
      { id: String(mine.id) },
    );
    expect(redirectedTo(same)).toBe(`/admin/courses/${mine.id}`);
    const taken = await callAction(
      editRoute,
      post(`/admin/courses/${mine.id}/edit`, "admin_staff", { ...defaults, course_id: "TST-PERM" }),
      { id: String(mine.id) },
    );
    expect(taken.status).toBe(400);
    expect((await fieldErrors(taken)).course_id).toEqual(["courses:errors.codeTaken"]);
    expect((await courseByCode("TST-EDIT-CODE"))?.course_number).toBe("55");
  });

  it("the capacity cannot go below the students enrolled now", async () => {
    const c = await insertCourse("TST-CAP-EDIT");
    for (let i = 0; i < 3; i++) {
      const s = await insertStudent();
      await db()
        .insertInto("enrollments")
        .values({ student_id: s.id, course_id: c.id, start_date: "2026-01-05", end_date: null, end_reason: null })
        .execute();
    }
    const loaded = await callLoader(
      editRoute,
      request(`/admin/courses/${c.id}/edit`, { cookie: cookies.admin_staff }),
      { id: String(c.id) },
    );
    const { defaults } = (await loaded.json()) as { defaults: Record<string, string | string[]> };
    const response = await callAction(
      editRoute,
      post(`/admin/courses/${c.id}/edit`, "admin_staff", { ...defaults, capacity: "2" }),
      { id: String(c.id) },
    );
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).capacity).toEqual(["courses:errors.capacityBelowEnrolled"]);
    expect((await courseByCode("TST-CAP-EDIT"))?.capacity).toBe(20);
    const ok = await callAction(
      editRoute,
      post(`/admin/courses/${c.id}/edit`, "admin_staff", { ...defaults, capacity: "3" }),
      { id: String(c.id) },
    );
    expect(redirectedTo(ok)).toBe(`/admin/courses/${c.id}`);
  });
});

// ---------------------------------------------------------------------------

describe("the list", () => {
  type Row = {
    id: number;
    course_id: string;
    enrolled: number;
    capacity: number;
    professor_name: string | null;
    level: string;
  };
  async function list(query: string) {
    const response = await callLoader(listRoute, request(`/admin/courses${query}`, { cookie: cookies.admin_staff }));
    expect(response.status).toBe(200);
    return (await response.json()) as { rows: Row[]; total: number; page: number; limit: number };
  }
  const codes = (d: { rows: Row[] }) => d.rows.map((r) => r.course_id).sort();

  beforeAll(async () => {
    await insertCourse("LST-RUN", {
      level_id: 6,
      type: "online",
      schedule_days: "FR",
      start_time: "14:00",
      end_time: "18:00",
      start_date: "2020-01-03",
      end_date: "2099-01-01",
      professor_id: users.professor.id,
    });
    await insertCourse("LST-OLD", {
      level_id: 6,
      start_date: "2019-01-07",
      end_date: "2019-06-30",
      status: "inactive",
    });
    await insertCourse("LST-NEXT", {
      level_id: 6,
      age_category: "adults",
      start_date: "2098-01-05",
      end_date: "2098-06-30",
      schedule_days: "MO,TH",
      start_time: "07:00",
      end_time: "08:00",
    });
    await insertCourse("LST-KIDS", {
      level_id: 8,
      age_category: "kids",
      schedule_days: "SA",
      start_time: "09:00",
      end_time: "13:00",
    });
    const run = (await courseByCode("LST-RUN"))!;
    const s1 = await insertStudent();
    const s2 = await insertStudent();
    await db()
      .insertInto("enrollments")
      .values([
        { student_id: s1.id, course_id: run.id, start_date: "2020-01-03", end_date: null, end_reason: null },
        {
          student_id: s2.id,
          course_id: run.id,
          start_date: "2020-01-03",
          end_date: "2020-02-01",
          end_reason: "unenrolled",
        },
      ])
      .execute();
  });

  it("filters by level, age, type, schedule, professor, status and phase", async () => {
    expect(codes(await list("?level=6"))).toEqual(["LST-NEXT", "LST-OLD", "LST-RUN"]);
    expect(codes(await list("?age=kids"))).toEqual(["LST-KIDS"]);
    expect(codes(await list("?type=online"))).toEqual(["LST-RUN"]);
    expect(codes(await list("?schedule=FRI-INTENSIVE-14-18"))).toEqual(["LST-RUN"]);
    expect(codes(await list("?schedule=SAT-09-13"))).toEqual(["LST-KIDS"]);
    expect(codes(await list("?level=6&schedule=custom"))).toEqual(["LST-NEXT"]);
    expect(codes(await list(`?professor=${users.professor.id}&level=6`))).toEqual(["LST-RUN"]);
    expect(codes(await list("?status=inactive"))).toEqual(["LST-OLD"]);
    expect(codes(await list("?level=6&phase=running"))).toEqual(["LST-RUN"]);
    expect(codes(await list("?level=6&phase=upcoming"))).toEqual(["LST-NEXT"]);
    expect(codes(await list("?level=6&phase=finished"))).toEqual(["LST-OLD"]);
  });

  it("counts only current enrollments against the capacity and names the professor", async () => {
    const row = (await list("?level=6&phase=running")).rows[0];
    expect(row).toMatchObject({
      course_id: "LST-RUN",
      enrolled: 1,
      capacity: 20,
      professor_name: users.professor.name,
      level: "B2 First",
    });
  });

  it("pages", async () => {
    const all = await list("?limit=100");
    const first = await list("?limit=2&page=1");
    const second = await list("?limit=2&page=2");
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBe(all.total);
    expect(second.rows.map((r) => r.id)).toEqual(all.rows.slice(2, 4).map((r) => r.id));
  });

  it("a hostile filter value is no filter: a normal page", async () => {
    const all = await list("");
    const hostile = await list(
      `?level=${encodeURIComponent("1 OR 1=1")}&age=${encodeURIComponent("<script>")}&type=${encodeURIComponent("'; drop table courses; --")}` +
        `&schedule=${encodeURIComponent("x' OR '1'='1")}&professor=abc&status=%00&phase=${encodeURIComponent("running' --")}&page=-3&limit=100000`,
    );
    expect(hostile.total).toBe(all.total);
    expect(hostile.page).toBe(1);
    expect(await count("courses")).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------

describe("enroll and unenroll", () => {
  type Detail = {
    enrollments: {
      current: { id: number; student_id: number }[];
      ended: { id: number; student_id: number; end_reason: string }[];
    };
    search: { rows: { id: number; enrolled: boolean }[]; more: boolean } | null;
    sessions: { date: string; status: string; holiday: string | null }[];
    items: { item_name: string }[];
  };
  async function detail(id: number, query = "") {
    const response = await callLoader(
      detailRoute,
      request(`/admin/courses/${id}${query}`, { cookie: cookies.admin_staff }),
      { id: String(id) },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as Detail;
  }
  const enroll = (courseId: number, ids: number[], role: Role = "admin_staff") => {
    const body = new URLSearchParams({ intent: "enroll" });
    for (const id of ids) body.append("student_ids", String(id));
    return callAction(detailRoute, post(`/admin/courses/${courseId}`, role, body), { id: String(courseId) });
  };
  const current = async (courseId: number) =>
    db()
      .selectFrom("enrollments")
      .select(["student_id", "start_date", "end_date", "end_reason"])
      .where("course_id", "=", courseId)
      .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">", today)]))
      .execute();

  it("the search lists active students of the course's age category, flagging those already enrolled", async () => {
    const c = await insertCourse("ENR-SEARCH");
    const ana = await insertStudent({ first_name: "Anastasia", last_name: "Quiroga" });
    const inactive = await insertStudent({ first_name: "Anastasia", last_name: "Inactiva", status: "inactive" });
    const child = await insertStudent({
      first_name: "Anastasia",
      last_name: "Niña",
      age_category: "kids",
      level_id: 8,
    });
    await enroll(c.id, [ana.id]);
    const d = await detail(c.id, `?q=${encodeURIComponent("anastasia")}`);
    expect(d.search?.rows.map((r) => [r.id, r.enrolled])).toEqual([[ana.id, true]]);
    expect(d.search?.rows.some((r) => r.id === inactive.id || r.id === child.id)).toBe(false);
    expect((await detail(c.id)).search).toBeNull();
  });

  it("enrolls several students at once in one post, from today", async () => {
    const c = await insertCourse("ENR-MANY", { start_date: "2020-01-06" });
    const a = await insertStudent();
    const b = await insertStudent();
    const response = await enroll(c.id, [a.id, b.id], "coordinator");
    expect(redirectedTo(response)).toBe(`/admin/courses/${c.id}`);
    const rows = await current(c.id);
    expect(rows.map((r) => r.student_id).sort()).toEqual([a.id, b.id].sort());
    expect(rows.every((r) => r.start_date === today && r.end_date === null)).toBe(true);
    expect((await detail(c.id)).enrollments.current.map((e) => e.student_id).sort()).toEqual([a.id, b.id].sort());
  });

  it("a course that has not started enrolls from its start date", async () => {
    const c = await insertCourse("ENR-FUTURE", { start_date: "2098-03-02", end_date: "2098-06-30" });
    const a = await insertStudent();
    await enroll(c.id, [a.id]);
    expect((await current(c.id))[0].start_date).toBe("2098-03-02");
  });

  it("skips a student already enrolled and says so", async () => {
    const c = await insertCourse("ENR-SKIP");
    const a = await insertStudent({ first_name: "Yolanda", last_name: "Yánez" });
    const b = await insertStudent();
    await enroll(c.id, [a.id]);
    const response = await enroll(c.id, [a.id, b.id]);
    expect(redirectedTo(response)).toBe(`/admin/courses/${c.id}`);
    expect(response.headers.get("Set-Cookie")).toMatch(/toast=/);
    const rows = await current(c.id);
    expect(rows.map((r) => r.student_id).sort()).toEqual([a.id, b.id].sort());
    expect(rows.filter((r) => r.student_id === a.id)).toHaveLength(1);
  });

  it("refuses an over-capacity enrollment with a field message and writes nothing", async () => {
    const c = await insertCourse("ENR-FULL", { capacity: 2 });
    const [a, b, x] = [await insertStudent(), await insertStudent(), await insertStudent()];
    await enroll(c.id, [a.id]);
    const before = [await count("enrollments"), await count("audit_log")];
    const response = await enroll(c.id, [b.id, x.id]);
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).student_ids).toEqual(["courses:enroll.errors.overCapacity"]);
    expect([await count("enrollments"), await count("audit_log")]).toEqual(before);
    // One still fits.
    expect(redirectedTo(await enroll(c.id, [b.id]))).toBe(`/admin/courses/${c.id}`);
    expect(await current(c.id)).toHaveLength(2);
  });

  it("refuses students of another age category or inactive ones, and an empty choice", async () => {
    const c = await insertCourse("ENR-BAD");
    const off = await insertStudent({ status: "inactive" });
    let response = await enroll(c.id, [kid.id]);
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).student_ids).toEqual(["courses:enroll.errors.studentsInvalid"]);
    response = await enroll(c.id, [off.id]);
    expect((await fieldErrors(response)).student_ids).toEqual(["courses:enroll.errors.studentsInvalid"]);
    response = await enroll(c.id, []);
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).student_ids).toEqual(["courses:enroll.errors.none"]);
    expect(await current(c.id)).toEqual([]);
  });

  it("refuses enrolling in a finished course", async () => {
    const c = await insertCourse("ENR-DONE", { start_date: "2019-01-07", end_date: "2019-06-30" });
    const a = await insertStudent();
    const response = await enroll(c.id, [a.id]);
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).student_ids).toEqual(["courses:enroll.errors.finished"]);
  });

  it("unenroll ends the enrollment today and keeps it as history", async () => {
    const c = await insertCourse("ENR-UN");
    const a = await insertStudent();
    await enroll(c.id, [a.id]);
    const [row] = await db().selectFrom("enrollments").select("id").where("course_id", "=", c.id).execute();
    const response = await callAction(
      detailRoute,
      post(`/admin/courses/${c.id}`, "admin_staff", { intent: "unenroll", enrollment_id: String(row.id) }),
      { id: String(c.id) },
    );
    expect(redirectedTo(response)).toBe(`/admin/courses/${c.id}`);
    const kept = await db().selectFrom("enrollments").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ student_id: a.id, course_id: c.id, end_date: today, end_reason: "unenrolled" });
    const d = await detail(c.id);
    expect(d.enrollments.current).toEqual([]);
    expect(d.enrollments.ended.map((e) => [e.student_id, e.end_reason])).toEqual([[a.id, "unenrolled"]]);
    // A second unenroll changes nothing.
    const again = await callAction(
      detailRoute,
      post(`/admin/courses/${c.id}`, "admin_staff", { intent: "unenroll", enrollment_id: String(row.id) }),
      { id: String(c.id) },
    );
    expect(again.status).toBe(409);
    // The place is free again, and the student may come back.
    expect(redirectedTo(await enroll(c.id, [a.id]))).toBe(`/admin/courses/${c.id}`);
    expect(await count("enrollments", ["student_id", a.id])).toBe(2);
  });

  it("an enrollment of another course cannot be ended from this one", async () => {
    const c1 = await insertCourse("ENR-OWN-1");
    const c2 = await insertCourse("ENR-OWN-2");
    const a = await insertStudent();
    await enroll(c1.id, [a.id]);
    const [row] = await db().selectFrom("enrollments").select("id").where("course_id", "=", c1.id).execute();
    const response = await callAction(
      detailRoute,
      post(`/admin/courses/${c2.id}`, "admin_staff", { intent: "unenroll", enrollment_id: String(row.id) }),
      { id: String(c2.id) },
    );
    expect(response.status).toBe(409);
    expect(await current(c1.id)).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------

describe("the course page", () => {
  it("shows sessions held / holiday / upcoming from the school's and the course's own holidays only", async () => {
    // Mondays from four weeks back: the 1000-session cap ends about 19 years after today, whatever the day.
    const start = mondayOf(addDays(today, -28));
    const week = (n: number) => addDays(start, 7 * n);
    const c = await insertCourse("SES-1", {
      schedule_days: "MO",
      start_date: start,
      end_date: addDays(start, 7 * 1100),
    });
    const other = await insertCourse("SES-2");
    await db()
      .insertInto("holidays")
      .values([
        { name: "School closed", start_date: week(1), end_date: week(1), course_id: null },
        { name: "Own break", start_date: week(2), end_date: week(2), course_id: c.id },
        { name: "Not ours", start_date: week(3), end_date: week(3), course_id: other.id },
      ])
      .execute();
    const response = await callLoader(detailRoute, request(`/admin/courses/${c.id}`, { cookie: cookies.coordinator }), {
      id: String(c.id),
    });
    const d = (await response.json()) as { sessions: { date: string; status: string; holiday: string | null }[] };
    expect(d.sessions).toHaveLength(1000); // the cap
    expect(d.sessions.slice(0, 4)).toEqual([
      { date: week(0), start_time: "09:00", end_time: "11:00", holiday: null, status: "held" },
      { date: week(1), start_time: "09:00", end_time: "11:00", holiday: "School closed", status: "holiday" },
      { date: week(2), start_time: "09:00", end_time: "11:00", holiday: "Own break", status: "holiday" },
      { date: week(3), start_time: "09:00", end_time: "11:00", holiday: null, status: "held" },
    ]);
    expect(d.sessions.at(-1)).toMatchObject({ date: week(999), status: "upcoming" });
    expect(d.sessions.filter((s) => s.date < today).every((s) => s.status !== "upcoming")).toBe(true);
  });
});

// ---------------------------------------------------------------------------

describe("the syllabus", () => {
  type Page = {
    level: { id: number; exam: string | null; ages: string[] } | null;
    items: { id: number; item_name: string; category: string; position: number }[];
  };
  async function page(level: number | string) {
    const response = await callLoader(
      syllabusRoute,
      request(`/admin/syllabus?level=${level}`, { cookie: cookies.coordinator }),
    );
    expect(response.status).toBe(200);
    return (await response.json()) as Page;
  }
  const act = (level: number, form: Record<string, string>) =>
    callAction(syllabusRoute, post(`/admin/syllabus?level=${level}`, "coordinator", form));

  it("creates the default items of an empty level: 3 assignments, 2 progress tests, one EXAM item per module", async () => {
    expect((await page(13)).items).toEqual([]);
    expect(redirectedTo(await act(13, { intent: "defaults" }))).toBe("/admin/syllabus?level=13");
    const p = await page(13);
    expect(p.level).toMatchObject({ id: 13, exam: "FLYERS", ages: ["kids"] });
    expect(p.items.map((i) => [i.category, i.item_name])).toEqual([
      ["ASSIGNMENTS", "Assignment 1"],
      ["ASSIGNMENTS", "Assignment 2"],
      ["ASSIGNMENTS", "Assignment 3"],
      ["PROGRESS TESTS", "Progress Test 1"],
      ["PROGRESS TESTS", "Progress Test 2"],
      ["EXAM", "Reading & Writing"],
      ["EXAM", "Listening"],
      ["EXAM", "Speaking"],
    ]);
    // Not twice.
    const again = await act(13, { intent: "defaults" });
    expect(again.status).toBe(409);
    expect((await page(13)).items).toHaveLength(8);
  });

  it("A2 for adults prepares KEY; Pre-A1 is in both lists; Private Classes has no exam items", async () => {
    expect((await page(2)).level).toMatchObject({ exam: "KEY", ages: ["adults"] });
    expect((await page(7)).level).toMatchObject({ exam: "STARTERS", ages: ["adults", "kids"] });
    await act(14, { intent: "defaults" });
    const pc = await page(14);
    expect(pc.level?.exam).toBeNull();
    expect(pc.items.map((i) => i.category)).not.toContain("EXAM");
  });

  it("adds, renames, moves within its category and removes an item", async () => {
    await act(12, { intent: "defaults" });
    expect(redirectedTo(await act(12, { intent: "add", item_name: "  Oral project ", category: "ASSIGNMENTS" }))).toBe(
      "/admin/syllabus?level=12",
    );
    let items = (await page(12)).items;
    const project = items.find((i) => i.item_name === "Oral project")!;
    expect(project.category).toBe("ASSIGNMENTS");
    expect(items.filter((i) => i.category === "ASSIGNMENTS").map((i) => i.item_name)).toEqual([
      "Assignment 1",
      "Assignment 2",
      "Assignment 3",
      "Oral project",
    ]);

    await act(12, { intent: "move", item_id: String(project.id), direction: "up" });
    await act(12, { intent: "move", item_id: String(project.id), direction: "up" });
    items = (await page(12)).items;
    expect(items.filter((i) => i.category === "ASSIGNMENTS").map((i) => i.item_name)).toEqual([
      "Assignment 1",
      "Oral project",
      "Assignment 2",
      "Assignment 3",
    ]);
    // At the top of its category it stays.
    const first = items[0];
    await act(12, { intent: "move", item_id: String(first.id), direction: "up" });
    expect((await page(12)).items[0].id).toBe(first.id);

    await act(12, { intent: "rename", item_id: String(project.id), item_name: "Oral presentation" });
    items = (await page(12)).items;
    expect(items.find((i) => i.id === project.id)?.item_name).toBe("Oral presentation");

    await act(12, { intent: "remove", item_id: String(project.id) });
    expect((await page(12)).items.some((i) => i.id === project.id)).toBe(false);
  });

  it("refuses an empty name and an unknown category with field messages; an item of another level is not found", async () => {
    await act(10, { intent: "defaults" });
    const before = await count("syllabus_items");
    let response = await act(10, { intent: "add", item_name: "  ", category: "HOMEWORK" });
    expect(response.status).toBe(400);
    expect(await fieldErrors(response)).toEqual({
      item_name: ["courses:syllabus.errors.name"],
      category: ["courses:syllabus.errors.category"],
    });
    const item = (await page(10)).items[0];
    response = await act(11, { intent: "rename", item_id: String(item.id), item_name: "Hijack" });
    expect(response.status).toBe(404);
    response = await act(11, { intent: "remove", item_id: String(item.id) });
    expect(response.status).toBe(404);
    expect(await count("syllabus_items")).toBe(before);
    expect((await page(10)).items[0].item_name).toBe(item.item_name);
  });

  it("an unknown level shows the level picker only; posting to it is a 404", async () => {
    expect((await page("99")).level).toBeNull();
    expect((await page("1;drop")).level).toBeNull();
    const response = await callAction(
      syllabusRoute,
      post("/admin/syllabus?level=99", "coordinator", { intent: "defaults" }),
    );
    expect(response.status).toBe(404);
  });

  it("a new course copies the syllabus as it is now; later syllabus changes leave it alone", async () => {
    const form = courseForm({ level_id: "12", age_category: "kids" });
    expect(redirectedTo(await createCourse(form))).toMatch(/^\/admin\/courses\/\d+$/);
    const c = (await courseByCode(form.course_id))!;
    const before = await db()
      .selectFrom("grading_items")
      .select(["item_name", "category", "position"])
      .where("course_id", "=", c.id)
      .orderBy("position")
      .execute();
    const syllabus = (await page(12)).items;
    expect(before.map((i) => i.item_name)).toEqual(syllabus.map((i) => i.item_name));
    await act(12, { intent: "rename", item_id: String(syllabus[0].id), item_name: "Renamed later" });
    const after = await db()
      .selectFrom("grading_items")
      .select(["item_name", "category", "position"])
      .where("course_id", "=", c.id)
      .orderBy("position")
      .execute();
    expect(after).toEqual(before);
  });
});

// ---------------------------------------------------------------------------

describe("grade bands", () => {
  type Band = { id: number; name: string; min: number; max: number };
  async function bands() {
    const response = await callLoader(bandsRoute, request("/admin/grade-bands", { cookie: cookies.admin_staff }));
    return ((await response.json()) as { bands: Band[] }).bands;
  }
  const act = (form: Record<string, string>, query = "") =>
    callAction(bandsRoute, post(`/admin/grade-bands${query}`, "admin_staff", form));

  it("starts with PRODUCT 7's defaults", async () => {
    expect((await bands()).map((b) => [b.name, b.min, b.max])).toEqual([
      ["Excellent", 90, 100],
      ["Very Good", 80, 89.99],
      ["Good", 70.01, 79.99],
    ]);
  });

  it.each([
    ["inside another", "75", "76"],
    ["touching an end (inclusive)", "60", "70.01"],
    ["covering others", "0", "100"],
    ["at the exact top", "100", "100"],
  ])("refuses a band %s with a field message and writes nothing", async (_label, min, max) => {
    const before = await count("grade_bands");
    const response = await act({ intent: "create", name: "Overlap", min, max });
    expect(response.status).toBe(400);
    const errors = await fieldErrors(response);
    expect(errors.min?.[0]).toMatch(/^This range overlaps the band /);
    expect(await count("grade_bands")).toBe(before);
  });

  it.each([
    [{ name: "", min: "10", max: "20" }, "name", "courses:bands.errors.name"],
    [{ name: "Low", min: "-1", max: "20" }, "min", "courses:bands.errors.scoreFormat"],
    [{ name: "Low", min: "10.123", max: "20" }, "min", "courses:bands.errors.scoreFormat"],
    [{ name: "Low", min: "10", max: "100.5" }, "max", "courses:bands.errors.scoreRange"],
    [{ name: "Low", min: "30", max: "20" }, "max", "courses:bands.errors.minAboveMax"],
  ])("refuses %j with a field message", async (form, field, message) => {
    const before = await count("grade_bands");
    const response = await act({ intent: "create", ...form });
    expect(response.status).toBe(400);
    expect((await fieldErrors(response))[field]).toEqual([message]);
    expect(await count("grade_bands")).toBe(before);
  });

  it("adds a band that fits (two decimals, a comma too), edits it, and deletes it", async () => {
    expect(redirectedTo(await act({ intent: "create", name: "Pass", min: "60", max: "70" }))).toBe(
      "/admin/grade-bands",
    );
    const pass = (await bands()).find((b) => b.name === "Pass")!;
    expect([pass.min, pass.max]).toEqual([60, 70]);
    // Its own range does not count as an overlap when editing.
    const edited = await act(
      { intent: "update", band_id: String(pass.id), name: "Fair", min: "60,5", max: "70" },
      `?edit=${pass.id}`,
    );
    expect(redirectedTo(edited)).toBe("/admin/grade-bands");
    expect((await bands()).find((b) => b.id === pass.id)).toMatchObject({ name: "Fair", min: 60.5, max: 70 });
    // Editing into another band is refused.
    const clash = await act(
      { intent: "update", band_id: String(pass.id), name: "Fair", min: "60", max: "80" },
      `?edit=${pass.id}`,
    );
    expect(clash.status).toBe(400);
    expect((await bands()).find((b) => b.id === pass.id)).toMatchObject({ min: 60.5, max: 70 });
    expect(redirectedTo(await act({ intent: "delete", band_id: String(pass.id) }))).toBe("/admin/grade-bands");
    expect((await bands()).some((b) => b.id === pass.id)).toBe(false);
    const gone = await act({ intent: "delete", band_id: String(pass.id) });
    expect(gone.status).toBe(404);
  });
});
