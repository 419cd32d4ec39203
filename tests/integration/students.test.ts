import { type Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type AttendanceValue, type Database, type Role, type User } from "~/db/schema";
import { ROLES } from "~/modules/auth/permissions";
import { formValuesOf } from "~/modules/students/schema";
import * as detailRoute from "~/routes/_app.admin.students.$id";
import * as editRoute from "~/routes/_app.admin.students.$id_.edit";
import * as listRoute from "~/routes/_app.admin.students._index";
import * as newRoute from "~/routes/_app.admin.students.new";
import * as csvRoute from "~/routes/admin.students[.csv]";
import * as courseOptionsRoute from "~/routes/resources.course-options";
import { addDays } from "../helpers/clock";
import { useTestDatabase } from "../helpers/db";
import { callAction, callLoader, createRoleUsers, redirectedTo, request, signIn } from "../helpers/fixtures";
import { courseRow, studentFormValues, studentRow } from "../helpers/rows";

useTestDatabase();

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;

// ---------------------------------------------------------------------------
// Fixtures: students, courses, enrollments and attendance written directly.

let seq = 0;
function nextIdNumber() {
  seq += 1;
  return `17${String(seq).padStart(8, "0")}`;
}

type StudentRow = Insertable<Database["students"]>;

async function insertStudent(fields: Partial<StudentRow> = {}) {
  const n = nextIdNumber();
  const now = new Date().toISOString();
  return db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: "Test",
        middle_name: "Middle",
        last_name: `Person${n.slice(-3)}`,
        second_last_name: "Lopez",
        id_number: n,
        phone_number: `09${n.slice(-8)}`,
        email: `s${n}@example.com`,
        address: "Calle 1 # 2-3",
        created_at: now,
        updated_at: now,
        ...fields,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function insertCourse(code: string, levelId: number) {
  const now = new Date().toISOString();
  return db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: code.slice(-3),
        course_id: code,
        level_id: levelId,
        start_date: "2026-01-05",
        end_date: "2099-12-18",
        created_at: now,
        updated_at: now,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function enroll(
  studentId: number,
  courseId: number,
  endDate: string | null = null,
  endReason: string | null = null,
) {
  return db()
    .insertInto("enrollments")
    .values({
      student_id: studentId,
      course_id: courseId,
      start_date: "2026-01-05",
      end_date: endDate,
      end_reason: endReason,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One attendance row per value, on consecutive days from 2026-02-02. */
async function attendance(studentId: number, courseId: number, values: AttendanceValue[], firstDay = 1) {
  if (values.length === 0) return;
  await db()
    .insertInto("attendance")
    .values(
      values.map((status, i) => ({
        course_id: courseId,
        student_id: studentId,
        session_date: addDays("2026-02-01", firstDay - 1 + i),
        status,
        recorded_by: null,
        recorded_at: new Date().toISOString(),
      })),
    )
    .execute();
}

const repeat = <T>(value: T, n: number): T[] => Array.from({ length: n }, () => value);

async function count(table: "students" | "audit_log") {
  const row = await db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function auditOf(studentId: number) {
  const rows = await db()
    .selectFrom("audit_log")
    .select(["user_id", "action", "entity", "entity_id", "details"])
    .where("entity", "=", "student")
    .where("entity_id", "=", studentId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, details: r.details ? JSON.parse(r.details) : null }));
}

function validForm(overrides: Record<string, string> = {}): Record<string, string> {
  return studentFormValues({ id_number: nextIdNumber(), ...overrides });
}

/** The field errors of a 4xx answer (conform's reply). */
async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  const body = (await response.json()) as { result?: { error?: Record<string, string[] | null> | null } };
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(body.result?.error ?? {})) if (v) errors[k] = v;
  return errors;
}

type ListData = {
  rows: {
    id: number;
    first_name: string;
    last_name: string;
    level: string;
    course: Record<string, unknown> | null;
    absences: number | null;
    status: string;
  }[];
  total: number;
  page: number;
  limit: number;
  sort: string;
  dir: string;
  canEdit: boolean;
};

async function list(query: string, role: Role = "admin_staff"): Promise<ListData> {
  const response = await callLoader(listRoute, request(`/admin/students${query}`, { cookie: cookies[role] }));
  expect(response.status).toBe(200);
  return response.json();
}

// ---------------------------------------------------------------------------
// The school of this file

let courseA: { id: number };
let courseB: { id: number };
const s = {} as Record<
  "ok" | "warning" | "danger" | "moved" | "kid" | "inactive" | "promo",
  { id: number; id_number: string; email: string; phone_number: string }
>;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);

  courseA = await insertCourse("TST-A1-MW", 1);
  courseB = await insertCourse("TST-B1-TT", 3);

  s.ok = await insertStudent({
    first_name: "Alma",
    last_name: "Zamora",
    level_id: 1,
    created_at: "2026-03-01T10:00:00.000Z",
  });
  s.warning = await insertStudent({
    first_name: "Bruno",
    last_name: "Yepez",
    level_id: 1,
    created_at: "2026-03-02T10:00:00.000Z",
  });
  s.danger = await insertStudent({
    first_name: "Carla",
    last_name: "Xavier",
    level_id: 1,
    created_at: "2026-03-03T10:00:00.000Z",
  });
  s.moved = await insertStudent({
    first_name: "Dario",
    last_name: "Werner",
    level_id: 3,
    schedule: "TUE-THU-17-19",
    created_at: "2026-03-04T10:00:00.000Z",
  });
  s.kid = await insertStudent({
    first_name: "Elena",
    last_name: "Vega",
    age_category: "kids",
    level_id: 8,
    birthday: "2016-06-01",
    emergency_contact_name: "Rosa Vega",
    emergency_contact_phone: "0987000111",
    emergency_contact_relationship: "Mother",
    created_at: "2026-03-05T10:00:00.000Z",
  });
  s.inactive = await insertStudent({
    first_name: "Fabian",
    last_name: "Uribe",
    status: "inactive",
    level_id: 7,
    created_at: "2026-03-06T10:00:00.000Z",
  });
  s.promo = await insertStudent({
    first_name: "Gloria",
    last_name: "Torres",
    promotion: "Navidad",
    level_id: 14,
    created_at: "2026-03-07T10:00:00.000Z",
  });

  await enroll(s.ok.id, courseA.id);
  await enroll(s.warning.id, courseA.id);
  await enroll(s.danger.id, courseA.id);
  // Moved from A to B: A's attendance is history, B's counts.
  await enroll(s.moved.id, courseA.id, "2026-02-20", "transfer");
  const current = await enroll(s.moved.id, courseB.id);
  expect(current.id).toBeGreaterThan(0);

  await attendance(s.ok.id, courseA.id, ["present", "late", "absent", "recovered"]); // 1.5
  await attendance(s.warning.id, courseA.id, [...repeat<AttendanceValue>("absent", 11), "late", "late", "present"]); // 12
  await attendance(s.danger.id, courseA.id, [...repeat<AttendanceValue>("absent", 19), "late", "late"]); // 20
  await attendance(s.moved.id, courseA.id, repeat<AttendanceValue>("absent", 15)); // old course: not counted
  await attendance(s.moved.id, courseB.id, ["late"], 20); // 0.5
});

// ---------------------------------------------------------------------------

describe("who may do what (PRODUCT 2)", () => {
  const STAFF: Role[] = ["admin_staff", "coordinator", "receptionist", "financial"];
  const EDITORS: Role[] = ["admin_staff", "coordinator", "receptionist"];
  type Who = Role | "anonymous";
  const WHO: Who[] = ["anonymous", ...ROLES];

  function expected(who: Who, capability: "view" | "edit", okStatus: number) {
    if (who === "anonymous") return "login";
    if (who === "student") return "/student"; // PRODUCT 2: a student goes to the portal
    if (!STAFF.includes(who)) return "/teachers";
    if (capability === "edit" && !EDITORS.includes(who)) return 403;
    return okStatus;
  }

  function answer(response: Response) {
    const to = redirectedTo(response);
    if (to?.startsWith("/authentication/login")) return "login";
    return to ?? response.status;
  }

  const cookieOf = (who: Who) => (who === "anonymous" ? undefined : cookies[who]);

  it.each(WHO)("%s: loaders", async (who) => {
    const cookie = cookieOf(who);
    const id = String(s.ok.id);
    expect(answer(await callLoader(listRoute, request("/admin/students", { cookie })))).toBe(
      expected(who, "view", 200),
    );
    expect(answer(await callLoader(detailRoute, request(`/admin/students/${id}`, { cookie }), { id }))).toBe(
      expected(who, "view", 200),
    );
    expect(answer(await callLoader(csvRoute, request("/admin/students.csv", { cookie })))).toBe(
      expected(who, "view", 200),
    );
    expect(answer(await callLoader(newRoute, request("/admin/students/new", { cookie })))).toBe(
      expected(who, "edit", 200),
    );
    expect(answer(await callLoader(editRoute, request(`/admin/students/${id}/edit`, { cookie }), { id }))).toBe(
      expected(who, "edit", 200),
    );
  });

  it.each(WHO)("%s: actions (an empty post is refused or rejected as invalid; nothing is written)", async (who) => {
    const cookie = cookieOf(who);
    const id = String(s.ok.id);
    const before = [await count("students"), await count("audit_log")];
    const post = (path: string) => request(path, { method: "POST", cookie, form: {} });
    expect(answer(await callAction(newRoute, post("/admin/students/new")))).toBe(expected(who, "edit", 400));
    expect(answer(await callAction(editRoute, post(`/admin/students/${id}/edit`), { id }))).toBe(
      expected(who, "edit", 400),
    );
    expect(answer(await callAction(detailRoute, post(`/admin/students/${id}`), { id }))).toBe(
      expected(who, "edit", 400),
    );
    expect([await count("students"), await count("audit_log")]).toEqual(before);
  });

  it("financial: a valid deactivation or edit is refused too, and changes nothing", async () => {
    const id = String(s.ok.id);
    const deactivate = await callAction(
      detailRoute,
      request(`/admin/students/${id}`, { cookie: cookies.financial, form: { intent: "deactivate" } }),
      { id },
    );
    expect(deactivate.status).toBe(403);
    const student = await db().selectFrom("students").selectAll().where("id", "=", s.ok.id).executeTakeFirstOrThrow();
    const edit = await callAction(
      editRoute,
      request(`/admin/students/${id}/edit`, {
        cookie: cookies.financial,
        form: { ...formValuesOf(student), phone_number: "0990000000" },
      }),
      { id },
    );
    expect(edit.status).toBe(403);
    const after = await db()
      .selectFrom("students")
      .select(["status", "phone_number"])
      .where("id", "=", s.ok.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: "active", phone_number: student.phone_number });
  });

  it("the list offers editing only to the roles that may edit", async () => {
    expect((await list("", "financial")).canEdit).toBe(false);
    for (const role of EDITORS) expect((await list("", role)).canEdit).toBe(true);
    const detail = await callLoader(detailRoute, request(`/admin/students/${s.ok.id}`, { cookie: cookies.financial }), {
      id: String(s.ok.id),
    });
    expect(((await detail.json()) as { canEdit: boolean }).canEdit).toBe(false);
  });
});

describe("the list", () => {
  const names = (d: ListData) => d.rows.map((r) => r.first_name);

  it("shows level, current course, status and absence count (absent + 0.5·late of the current course only)", async () => {
    const data = await list("?limit=100");
    const row = (id: number) => data.rows.find((r) => r.id === id)!;
    expect(row(s.ok.id)).toMatchObject({ level: "A1", absences: 1.5, status: "active" });
    // The current course by its readable label's parts (issue 19): code, level, schedule, professor.
    expect(row(s.ok.id).course).toEqual({
      course_id: "TST-A1-MW",
      level: "A1",
      schedule_days: "MO,WE",
      start_time: "09:00",
      end_time: "11:00",
      professor: null,
    });
    expect(row(s.warning.id).absences).toBe(12);
    expect(row(s.danger.id).absences).toBe(20);
    expect(row(s.moved.id)).toMatchObject({ absences: 0.5, level: "B1" });
    expect(row(s.moved.id).course).toMatchObject({ course_id: "TST-B1-TT", level: "B1" });
    expect(row(s.kid.id)).toMatchObject({ course: null, absences: null, level: "A1.1" });
    expect(row(s.inactive.id).status).toBe("inactive");
  });

  it("filters by status, age, level, course, schedule and promotion", async () => {
    expect(names(await list("?status=inactive"))).toEqual(["Fabian"]);
    expect(names(await list("?age=kids"))).toEqual(["Elena"]);
    expect(names(await list("?level=3"))).toEqual(["Dario"]);
    // The current enrollment only: Dario left course A.
    expect(names(await list(`?course=${courseA.id}`)).sort()).toEqual(["Alma", "Bruno", "Carla"]);
    expect(names(await list(`?course=${courseB.id}`))).toEqual(["Dario"]);
    expect(names(await list("?schedule=TUE-THU-17-19"))).toEqual(["Dario"]);
    expect(names(await list("?promotion=Navidad"))).toEqual(["Gloria"]);
    expect(names(await list(`?status=active&level=1&course=${courseA.id}`)).sort()).toEqual(["Alma", "Bruno", "Carla"]);
  });

  it("filters by a course search: the current students of every course whose code or professor contains it (issue 18)", async () => {
    expect(names(await list("?course_q=tst-a1")).sort()).toEqual(["Alma", "Bruno", "Carla"]);
    expect(names(await list("?course_q=TST-")).sort()).toEqual(["Alma", "Bruno", "Carla", "Dario"]);
    expect(names(await list("?course_q=b1-tt&level=3"))).toEqual(["Dario"]);
    expect(names(await list("?course_q=b1-tt&level=1"))).toEqual([]);
    expect((await list("?course_q=no-such-course")).total).toBe(0);
    // LIKE wildcards are literal; blank is no filter.
    expect((await list("?course_q=%25")).total).toBe(0);
    expect((await list("?course_q=+")).total).toBe((await list("")).total);
    await db().updateTable("courses").set({ professor_id: users.professor.id }).where("id", "=", courseB.id).execute();
    try {
      expect(names(await list(`?course_q=${encodeURIComponent(users.professor.name.toUpperCase())}`))).toEqual([
        "Dario",
      ]);
    } finally {
      await db().updateTable("courses").set({ professor_id: null }).where("id", "=", courseB.id).execute();
    }
  });

  it("carries no course list: only the code of a course a link filtered by (issue 18)", async () => {
    const all = await list("");
    expect(all).not.toHaveProperty("courses");
    expect(all).toMatchObject({ course: null });
    expect(await list(`?course=${courseA.id}`)).toMatchObject({ course: "TST-A1-MW" });
    expect(await list("?course=99999999")).toMatchObject({ course: null, total: 0 });
  });

  it("suggests courses by code or professor as the user types, to the roles that filter by course (issue 18)", async () => {
    const suggest = async (q: string, role: Role = "receptionist") => {
      const response = await callLoader(
        courseOptionsRoute,
        request(`/resources/course-options?q=${encodeURIComponent(q)}`, { cookie: cookies[role] }),
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { courses: { id: number; course_id: string; level: string }[] }).courses;
    };
    expect((await suggest("tst-")).map((c) => c.course_id)).toEqual(["TST-A1-MW", "TST-B1-TT"]);
    expect(await suggest("a1-mw", "financial")).toEqual([
      expect.objectContaining({ id: courseA.id, course_id: "TST-A1-MW", level: "A1", professor: null }),
    ]);
    // One character suggests nothing; neither does a wildcard.
    expect(await suggest("t")).toEqual([]);
    expect(await suggest("%%")).toEqual([]);
    expect(
      redirectedTo(
        await callLoader(courseOptionsRoute, request("/resources/course-options?q=tst", { cookie: cookies.professor })),
      ),
    ).toBe("/teachers");
    expect(redirectedTo(await callLoader(courseOptionsRoute, request("/resources/course-options?q=tst")))).toMatch(
      /^\/authentication\/login/,
    );
  });

  it("ignores filter values it does not know", async () => {
    const all = (await list("")).total;
    expect((await list("?status=deleted&age=x&level=abc&course=-1&schedule=never&promotion=free")).total).toBe(all);
  });

  it("searches first, middle, last and second last name, id number, email and phone, case-insensitively", async () => {
    expect(names(await list("?q=alma"))).toEqual(["Alma"]);
    expect(names(await list("?q=ZAMORA"))).toEqual(["Alma"]);
    expect(names(await list(`?q=${s.warning.id_number}`))).toEqual(["Bruno"]);
    expect(names(await list(`?q=${encodeURIComponent(s.danger.email.toUpperCase())}`))).toEqual(["Carla"]);
    expect(names(await list(`?q=${s.moved.phone_number}`))).toEqual(["Dario"]);
    // Several words: each must match some column.
    expect(names(await list("?q=elena+vega"))).toEqual(["Elena"]);
    expect(names(await list("?q=elena+zamora"))).toEqual([]);
    // LIKE wildcards are literal.
    expect((await list("?q=%25")).total).toBe(0);
    expect((await list("?q=_")).total).toBe(0);
  });

  it("a search follows every write of the searched columns, in any script (issue 18: SQLite reads them from an index)", async () => {
    const id = Number(
      (
        await db()
          .insertInto("students")
          .values(
            studentRow({
              first_name: "\u0130zzet",
              last_name: "Y\u0131lmaz",
              id_number: "0955500001",
              email: "iz@example.com",
            }),
          )
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect(names(await list("?q=zzet"))).toEqual(["\u0130zzet"]);
    expect(names(await list("?q=\u0130ZZET"))).toEqual(["\u0130zzet"]);
    expect(names(await list("?q=y\u0131lmaz"))).toEqual(["\u0130zzet"]);
    const update = (set: Partial<Insertable<Database["students"]>>) =>
      db().updateTable("students").set(set).where("id", "=", id).execute();
    // Renamed, with a Kelvin sign: the new name is found, the old one is not.
    await update({ first_name: "\u212aarl", last_name: "Zo\u00eb" });
    expect(names(await list("?q=zzet"))).toEqual([]);
    expect(names(await list("?q=karl+zo\u00cb"))).toEqual(["\u212aarl"]);
    // Any searched column: the e-mail and phone changed too.
    await update({ email: "new.mail@example.com", phone_number: "0987770000" });
    expect(names(await list("?q=new.mail"))).toEqual(["\u212aarl"]);
    expect(names(await list("?q=0987770000"))).toEqual(["\u212aarl"]);
    expect(names(await list("?q=iz%40example"))).toEqual([]);
    await db().deleteFrom("students").where("id", "=", id).execute();
  });

  it("sorts by name, level or registration date, both ways", async () => {
    const q = "?status=active&limit=100&q=Lopez";
    // By last name: Torres, Vega, Werner, Xavier, Yepez, Zamora.
    expect(names(await list(`${q}&sort=name&dir=asc`))).toEqual(["Gloria", "Elena", "Dario", "Carla", "Bruno", "Alma"]);
    expect(names(await list(`${q}&sort=name&dir=desc`))[0]).toBe("Alma"); // Zamora
    expect(names(await list(`${q}&sort=created&dir=asc`))).toEqual([
      "Alma",
      "Bruno",
      "Carla",
      "Dario",
      "Elena",
      "Gloria",
    ]);
    expect(names(await list(`${q}&sort=created&dir=desc`))).toEqual([
      "Gloria",
      "Elena",
      "Dario",
      "Carla",
      "Bruno",
      "Alma",
    ]);
    // Level by progression (CEFR band, then place in its list): A1 and A1.1 share a rank, then by name;
    // B1 (Dario), Private Classes (Gloria) last.
    expect(names(await list(`${q}&sort=level&dir=asc`))).toEqual([
      "Elena",
      "Carla",
      "Bruno",
      "Alma",
      "Dario",
      "Gloria",
    ]);
    expect(names(await list(`${q}&sort=level&dir=desc`))[0]).toBe("Gloria");
  });

  it("an unknown or hostile sort is the name order, never SQL", async () => {
    const byName = names(await list("?limit=100&sort=name"));
    for (const hostile of ["name;drop table students", "s.id desc", "1", "level--", "(select 1)"]) {
      const data = await list(
        `?limit=100&sort=${encodeURIComponent(hostile)}&dir=${encodeURIComponent("asc; delete from students")}`,
      );
      expect(data.sort).toBe("name");
      expect(data.dir).toBe("asc");
      expect(names(data)).toEqual(byName);
    }
    expect(await count("students")).toBeGreaterThanOrEqual(7);
  });

  it("pages with page and limit (default 25), keeping the order", async () => {
    const all = await list("?limit=100");
    expect((await list("")).limit).toBe(25);
    const p1 = await list("?limit=3&page=1");
    const p2 = await list("?limit=3&page=2");
    expect(p1.rows).toHaveLength(3);
    expect(p1.total).toBe(all.total);
    expect([...names(p1), ...names(p2)]).toEqual(names(all).slice(0, 6));
    const beyond = await list("?limit=3&page=999");
    expect(beyond.rows).toEqual([]);
    const odd = await list("?limit=-5&page=zero");
    expect([odd.limit, odd.page]).toEqual([25, 1]);
  });
});

describe("CSV export", () => {
  async function csv(query: string, role: Role = "admin_staff") {
    const response = await callLoader(csvRoute, request(`/admin/students.csv${query}`, { cookie: cookies[role] }));
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // Excel needs the UTF-8 BOM (response.text() would hide it); the rest is the text without it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return { response, text: new TextDecoder().decode(bytes) };
  }

  it("downloads every matching row (not one page) with a header, a BOM and the attachment headers", async () => {
    const { response, text } = await csv("?status=active&limit=2&page=2");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "First name,Middle name,Last name,Second last name,ID number,Email,Phone,Age category,Level,Schedule,Promotion,Current course,Status,Absences,Registered",
    );
    const active = (await list("?status=active&limit=100")).total;
    expect(lines).toHaveLength(active + 1);
    expect(text).not.toContain("Fabian");
    const danger = lines.find((l) => l.startsWith("Carla,"))!;
    expect(danger).toContain(",TST-A1-MW,Active,20,");
  });

  it("is refused to professors and anonymous visitors", async () => {
    expect(
      redirectedTo(await callLoader(csvRoute, request("/admin/students.csv", { cookie: cookies.professor }))),
    ).toBe("/teachers");
    expect(redirectedTo(await callLoader(csvRoute, request("/admin/students.csv")))).toMatch(
      /^\/authentication\/login/,
    );
  });

  it("neutralises formulas and quotes commas, quotes and line breaks", async () => {
    await insertStudent({
      first_name: '=HYPERLINK("x")',
      middle_name: "+1",
      last_name: "-2",
      second_last_name: "@x",
      notes: null,
      address: "a",
    });
    await insertStudent({
      first_name: 'Ana, "la jefa"',
      middle_name: "\tTab",
      last_name: "Quote",
      second_last_name: "Line\nBreak",
    });
    const { text } = await csv("?q=hyperlink");
    const row = text.split("\r\n")[1];
    expect(row.startsWith(`"'=HYPERLINK(""x"")",'+1,'-2,'@x,`)).toBe(true);
    const { text: other } = await csv("?q=jefa");
    expect(other).toContain(`"Ana, ""la jefa""",'\tTab,Quote,"Line\nBreak",`);
  });

  it("gives the day a student was registered in the school's time zone, as the list shows it, not the UTC date", async () => {
    // 02:00 UTC on 1 March is still 28 February in Guayaquil (UTC-5), the school's zone.
    await insertStudent({ first_name: "Evening", last_name: "Registrant", created_at: "2026-03-01T02:00:00.000Z" });
    const { text } = await csv("?q=registrant");
    const row = text.trimEnd().split("\r\n")[1];
    expect(row.startsWith("Evening,")).toBe(true);
    expect(row.endsWith(",2026-02-28")).toBe(true);
  });
});

describe("create", () => {
  it("bad data: 400 with messages next to the fields, nothing written", async () => {
    const before = [await count("students"), await count("audit_log")];
    const response = await callAction(
      newRoute,
      request("/admin/students/new", {
        cookie: cookies.receptionist,
        form: validForm({
          first_name: "",
          id_number: "123",
          phone_number: "12ab",
          email: "a@@@b..c",
          birthday: "2999-01-01",
          level_id: "8",
          same_billing: "no",
        }),
      }),
    );
    expect(response.status).toBe(400);
    const errors = await fieldErrors(response);
    expect(errors.first_name).toEqual(["registration.errors.firstName"]);
    expect(errors.id_number?.[0]).toBe("registration.errors.idNumberMin");
    expect(errors.phone_number?.[0]).toBe("registration.errors.phoneDigits");
    expect(errors.email?.[0]).toBe("registration.errors.emailInvalid");
    expect(errors.birthday?.[0]).toBe("registration.errors.birthdayInvalid");
    expect(errors.level_id?.[0]).toBe("registration.errors.levelInvalid"); // A1.1 is a kids' level
    expect(errors.billing_address?.[0]).toBe("registration.errors.billingAddress");
    expect([await count("students"), await count("audit_log")]).toEqual(before);
  });

  it("kids need an emergency contact with another phone", async () => {
    const response = await callAction(
      newRoute,
      request("/admin/students/new", {
        cookie: cookies.coordinator,
        form: validForm({
          age_category: "kids",
          level_id: "8",
          birthday: "2016-01-01",
          emergency_contact_phone: "099 555 1234",
        }),
      }),
    );
    expect(response.status).toBe(400);
    const errors = await fieldErrors(response);
    expect(errors.emergency_contact_name?.[0]).toBe("registration.errors.emergencyName");
    expect(errors.emergency_contact_phone?.[0]).toBe("registration.errors.emergencyPhoneSame");
  });

  it("saves, audits in the same change and redirects to the student with the toast", async () => {
    const form = validForm();
    const response = await callAction(newRoute, request("/admin/students/new", { cookie: cookies.receptionist, form }));
    expect(response.status).toBe(302);
    const to = redirectedTo(response)!;
    expect(to).toMatch(/^\/admin\/students\/\d+$/);
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
    const id = Number(to.split("/").pop());
    const row = await db().selectFrom("students").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: "Lucía",
      id_number: form.id_number,
      phone_number: "0995551234",
      email: "lucia.cardenas@example.com",
      level_id: 3,
      schedule: "MON-WED-19-21",
      same_billing: 1,
      billing_address: null,
      promotion: "2x1",
      notes: "Prefers evenings.",
      status: "active",
      emergency_contact_name: null,
    });
    const log = await auditOf(id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ user_id: users.receptionist.id, action: "student.created", entity: "student" });
    expect(log[0].details.changes.id_number).toEqual({ from: null, to: form.id_number });
  });

  it("a duplicate id_number is a field error (409), also when two saves race", async () => {
    const form = validForm();
    const first = await callAction(newRoute, request("/admin/students/new", { cookie: cookies.admin_staff, form }));
    expect(first.status).toBe(302);
    const before = await count("students");
    const again = await callAction(
      newRoute,
      request("/admin/students/new", { cookie: cookies.admin_staff, form: { ...form, email: "other@example.com" } }),
    );
    expect(again.status).toBe(409);
    expect((await fieldErrors(again)).id_number).toEqual(["students:errors.idNumberTaken"]);
    expect(await count("students")).toBe(before);

    const racing = validForm();
    const answers = await Promise.all(
      [cookies.admin_staff, cookies.coordinator].map((cookie) =>
        callAction(newRoute, request("/admin/students/new", { cookie, form: racing })),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect((await fieldErrors(loser)).id_number).toEqual(["students:errors.idNumberTaken"]);
    const rows = await db().selectFrom("students").select("id").where("id_number", "=", racing.id_number).execute();
    expect(rows).toHaveLength(1);
    expect(await auditOf(rows[0].id)).toHaveLength(1);
  });

  it("a name that looks like markup is kept as text", async () => {
    const xss = "<img src=x onerror=alert(1)>";
    const response = await callAction(
      newRoute,
      request("/admin/students/new", { cookie: cookies.admin_staff, form: validForm({ first_name: xss }) }),
    );
    expect(response.status).toBe(302);
    const id = redirectedTo(response)!.split("/").pop()!;
    const detail = await callLoader(detailRoute, request(`/admin/students/${id}`, { cookie: cookies.admin_staff }), {
      id,
    });
    const data = (await detail.json()) as { student: { first_name: string } };
    expect(data.student.first_name).toBe(xss);
    expect((await list(`?q=${encodeURIComponent("onerror")}`)).rows.map((r) => r.first_name)).toEqual([xss]);
  });
});

describe("edit", () => {
  async function editForm(id: number, overrides: Record<string, string> = {}) {
    const row = await db().selectFrom("students").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    return { ...formValuesOf(row), ...overrides };
  }

  it("the edit page starts from the stored values", async () => {
    const response = await callLoader(
      editRoute,
      request(`/admin/students/${s.kid.id}/edit`, { cookie: cookies.coordinator }),
      { id: String(s.kid.id) },
    );
    const data = (await response.json()) as { defaults: Record<string, string> };
    expect(data.defaults).toMatchObject({
      first_name: "Elena",
      age_category: "kids",
      level_id: "8",
      same_billing: "yes",
      emergency_contact_relationship: "Mother",
    });
  });

  it("saves only what changed and audits the changed fields with old and new values", async () => {
    const student = await insertStudent({ first_name: "Hugo", phone_number: "0991112222" });
    const id = String(student.id);
    const response = await callAction(
      editRoute,
      request(`/admin/students/${id}/edit`, {
        cookie: cookies.coordinator,
        form: await editForm(student.id, { phone_number: "0993334444", notes: "Call after 6" }),
      }),
      { id },
    );
    expect(redirectedTo(response)).toBe(`/admin/students/${id}`);
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
    const log = await auditOf(student.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ user_id: users.coordinator.id, action: "student.updated" });
    expect(log[0].details.changes).toEqual({
      phone_number: { from: "0991112222", to: "0993334444" },
      notes: { from: null, to: "Call after 6" },
    });
    const row = await db()
      .selectFrom("students")
      .select(["phone_number", "notes", "updated_at", "created_at"])
      .where("id", "=", student.id)
      .executeTakeFirstOrThrow();
    expect(row.phone_number).toBe("0993334444");
    expect(row.updated_at >= row.created_at).toBe(true);

    // Saving again without changes writes no audit line.
    const again = await callAction(
      editRoute,
      request(`/admin/students/${id}/edit`, { cookie: cookies.coordinator, form: await editForm(student.id) }),
      { id },
    );
    expect(again.status).toBe(302);
    expect(await auditOf(student.id)).toHaveLength(1);
  });

  it("a bad phone is reported next to the field and nothing changes", async () => {
    const student = await insertStudent();
    const id = String(student.id);
    const response = await callAction(
      editRoute,
      request(`/admin/students/${id}/edit`, {
        cookie: cookies.receptionist,
        form: await editForm(student.id, { phone_number: "12345" }),
      }),
      { id },
    );
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).phone_number).toEqual(["registration.errors.phoneMin"]);
    const row = await db()
      .selectFrom("students")
      .select("phone_number")
      .where("id", "=", student.id)
      .executeTakeFirstOrThrow();
    expect(row.phone_number).toBe(student.phone_number);
    expect(await auditOf(student.id)).toEqual([]);
  });

  it("another student's id_number is refused as a field error", async () => {
    const student = await insertStudent();
    const id = String(student.id);
    const response = await callAction(
      editRoute,
      request(`/admin/students/${id}/edit`, {
        cookie: cookies.admin_staff,
        form: await editForm(student.id, { id_number: s.ok.id_number }),
      }),
      { id },
    );
    expect(response.status).toBe(409);
    expect((await fieldErrors(response)).id_number).toEqual(["students:errors.idNumberTaken"]);
    const row = await db()
      .selectFrom("students")
      .select("id_number")
      .where("id", "=", student.id)
      .executeTakeFirstOrThrow();
    expect(row.id_number).toBe(student.id_number);
  });

  it("keeps a stored 'where did you hear about us' outside today's list, refuses a new unknown one", async () => {
    const student = await insertStudent({ where_hear_about_us: "Radio" });
    const id = String(student.id);
    const keep = await callAction(
      editRoute,
      request(`/admin/students/${id}/edit`, {
        cookie: cookies.admin_staff,
        form: await editForm(student.id, { address: "New address 1" }),
      }),
      { id },
    );
    expect(keep.status).toBe(302);
    const other = await callAction(
      editRoute,
      request(`/admin/students/${id}/edit`, {
        cookie: cookies.admin_staff,
        form: await editForm(student.id, { where_hear_about_us: "Billboard" }),
      }),
      { id },
    );
    expect(other.status).toBe(400);
    expect((await fieldErrors(other)).where_hear_about_us).toEqual(["students:errors.hearInvalid"]);
  });

  it("unknown students are 404", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5"]) {
      const loader = await callLoader(
        editRoute,
        request(`/admin/students/${id}/edit`, { cookie: cookies.admin_staff }),
        { id },
      );
      expect(loader.status).toBe(404);
      const detail = await callLoader(detailRoute, request(`/admin/students/${id}`, { cookie: cookies.admin_staff }), {
        id,
      });
      expect(detail.status).toBe(404);
    }
    const action = await callAction(
      editRoute,
      request("/admin/students/999999/edit", { cookie: cookies.admin_staff, form: validForm() }),
      { id: "999999" },
    );
    expect(action.status).toBe(404);
  });
});

describe("activate and deactivate", () => {
  it("deactivates then activates with an audit line each; repeating is refused with a message", async () => {
    const student = await insertStudent({ first_name: "Iris" });
    const id = String(student.id);
    const post = (intent: string, role: Role = "receptionist") =>
      callAction(
        detailRoute,
        request(`/admin/students/${id}?confirm=${intent}`, { cookie: cookies[role], form: { intent } }),
        { id },
      );
    const statusOf = async () =>
      (await db().selectFrom("students").select("status").where("id", "=", student.id).executeTakeFirstOrThrow())
        .status;

    const off = await post("deactivate");
    expect(redirectedTo(off)).toBe(`/admin/students/${id}`);
    expect(await statusOf()).toBe("inactive");

    const again = await post("deactivate", "coordinator");
    expect(again.status).toBe(409);
    const body = (await again.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error[""]).toEqual(["students:errors.alreadyInactive"]);

    const on = await post("activate", "admin_staff");
    expect(redirectedTo(on)).toBe(`/admin/students/${id}`);
    expect(await statusOf()).toBe("active");
    expect((await post("activate")).status).toBe(409);

    const log = await auditOf(student.id);
    expect(log.map((l) => [l.action, l.user_id, l.details.changes.status])).toEqual([
      ["student.deactivated", users.receptionist.id, { from: "active", to: "inactive" }],
      ["student.activated", users.admin_staff.id, { from: "inactive", to: "active" }],
    ]);
  });

  it("an unknown intent is a 400 and changes nothing", async () => {
    const id = String(s.ok.id);
    const response = await callAction(
      detailRoute,
      request(`/admin/students/${id}`, { cookie: cookies.admin_staff, form: { intent: "delete" } }),
      { id },
    );
    expect(response.status).toBe(400);
  });
});

describe("detail", () => {
  it("shows the enrollment history with how each ended, newest first", async () => {
    const id = String(s.moved.id);
    const response = await callLoader(detailRoute, request(`/admin/students/${id}`, { cookie: cookies.financial }), {
      id,
    });
    const data = (await response.json()) as {
      student: Record<string, unknown>;
      enrollments: {
        course_code: string;
        end_date: string | null;
        end_reason: string | null;
        current: boolean;
        absences: number;
      }[];
    };
    expect(data.student).toMatchObject({ first_name: "Dario", status: "active", level_id: 3 });
    expect(data.student).not.toHaveProperty("user_id");
    expect(data.enrollments.map((e) => [e.course_code, e.end_date, e.end_reason, e.current, e.absences])).toEqual([
      ["TST-B1-TT", null, null, true, 0.5],
      ["TST-A1-MW", "2026-02-20", "transfer", false, 15],
    ]);
  });
});
