import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { TRANSFER_REFUSALS, refusalStatus } from "~/http/outcome.server";
import { decideTransfer } from "~/modules/transfers/transfers.server";
import * as editRoute from "~/routes/_app.admin.transfer-students.$id.edit";
import * as listRoute from "~/routes/_app.admin.transfer-students._index";
import * as newRoute from "~/routes/_app.admin.transfer-students.new";
import * as bellRoute from "~/routes/resources.pending-transfers";
import * as apiLogin from "~/routes/v1.api.auth.login";
import * as apiApprove from "~/routes/v1.api.transfer-data.approve.$id";
import * as apiCreate from "~/routes/v1.api.transfer-data.create";
import * as apiGetAll from "~/routes/v1.api.transfer-data.get-all";
import * as apiPending from "~/routes/v1.api.transfer-data.get-pending";
import * as apiReject from "~/routes/v1.api.transfer-data.reject.$id";
import * as apiUpdate from "~/routes/v1.api.transfer-data.update.$id";
import { schoolDay } from "../helpers/clock";
import { useTestDatabase } from "../helpers/db";
import {
  PASSWORD,
  callAction,
  callLoader,
  createRoleUsers,
  emailFor,
  redirectedTo,
  request,
  signIn,
} from "../helpers/fixtures";
import { courseRow, studentRow, transferRow } from "../helpers/rows";

useTestDatabase();

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
let a1: number;
let a2: number;
let b1: number;
const students: number[] = [];
const NOW = new Date().toISOString();

function form(values: Record<string, string | string[]>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) p.append(k, one);
  return p;
}

async function course(code: string, level: number) {
  const row = await db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: code,
        course_id: code,
        level_id: level,
        start_date: "2026-01-05",
        end_date: "2027-12-18",
        capacity: 30,
        created_at: NOW,
        updated_at: NOW,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function student(i: number) {
  const row = await db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: `Ana${i}`,
        middle_name: "M",
        last_name: `Núñez${i}`,
        second_last_name: "P",
        id_number: `09000000${String(i).padStart(2, "0")}`,
        birthday: "2000-01-01",
        phone_number: "0991234567",
        email: `s${i}@x.test`,
        address: "Quito",
        created_at: NOW,
        updated_at: NOW,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("enrollments")
    .values({ student_id: row.id, course_id: a1, start_date: "2026-01-05", end_date: null, end_reason: null })
    .execute();
  return row.id;
}

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of Object.keys(users) as Role[])
    if (role !== "student") cookies[role] = await signIn(users[role].email);
  a1 = await course("T-A1", 1);
  a2 = await course("T-A2", 2);
  b1 = await course("T-B1", 3);
  for (let i = 1; i <= 6; i++) students.push(await student(i));
  // Past attendance and a grade in the old course, which a transfer must not touch.
  const item = await db()
    .insertInto("grading_items")
    .values({ course_id: a1, item_name: "Quiz", category: "ASSIGNMENTS", position: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("grades")
    .values({ grading_item_id: item.id, student_id: students[0], grade: 88.5, updated_at: NOW })
    .execute();
  await db()
    .insertInto("attendance")
    .values({
      course_id: a1,
      session_date: "2026-02-02",
      student_id: students[0],
      status: "late",
      recorded_by: null,
      recorded_at: NOW,
    })
    .execute();
});

const create = (role: Role, values: Record<string, string | string[]>) =>
  callAction(newRoute, request("/admin/transfer-students/new", { cookie: cookies[role], form: form(values) }));

const decide = (role: Role, id: number, intent: "approve" | "reject") =>
  callAction(
    listRoute,
    request(`/admin/transfer-students?id=${id}&confirm=${intent}`, {
      cookie: cookies[role],
      form: { id: String(id), intent },
    }),
  );

async function latestTransferId() {
  const row = await db().selectFrom("transfers").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
  return row.id;
}

describe("transfers through the pages", () => {
  it("a receptionist creates a single and a group transfer", async () => {
    const single = await create("receptionist", {
      from_course_id: String(a1),
      student_ids: String(students[0]),
      selected_course_id: String(a2),
      selected_level_id: "2",
      reason: "Ready",
    });
    expect(single.status).toBe(302);
    const singleId = await latestTransferId();
    expect(redirectedTo(single)).toBe(`/admin/transfer-students?id=${singleId}`);
    const group = await create("receptionist", {
      from_course_id: String(a1),
      student_ids: [String(students[1]), String(students[2])],
      selected_course_id: String(a2),
      selected_level_id: "2",
    });
    expect(group.status).toBe(302);
    const groupRow = await db()
      .selectFrom("transfers")
      .select(["is_group", "status", "created_by"])
      .where("id", "=", await latestTransferId())
      .executeTakeFirstOrThrow();
    expect(groupRow).toEqual({ is_group: 1, status: "pending", created_by: users.receptionist.id });
  });

  it("refuses a second pending transfer for a student, a student of another course, and bad input, writing nothing", async () => {
    const before = await db()
      .selectFrom("transfers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const again = await create("coordinator", {
      from_course_id: String(a1),
      student_ids: String(students[0]),
      selected_course_id: String(b1),
      selected_level_id: "3",
    });
    expect(again.status).toBe(409);
    const wrongCourse = await create("coordinator", {
      from_course_id: String(a2),
      student_ids: String(students[3]),
      selected_course_id: String(b1),
      selected_level_id: "3",
    });
    expect(wrongCourse.status).toBe(400);
    const empty = await create("coordinator", {
      from_course_id: String(a1),
      selected_course_id: String(a2),
      selected_level_id: "2",
    });
    expect(empty.status).toBe(400);
    const same = await create("coordinator", {
      from_course_id: String(a1),
      student_ids: String(students[3]),
      selected_course_id: String(a1),
      selected_level_id: "2",
    });
    expect(same.status).toBe(400);
    const after = await db()
      .selectFrom("transfers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("financial may look but not create; a professor is sent to /teachers", async () => {
    expect(
      (await callLoader(listRoute, request("/admin/transfer-students", { cookie: cookies.financial }))).status,
    ).toBe(200);
    expect(
      (
        await create("financial", {
          from_course_id: String(a1),
          student_ids: String(students[4]),
          selected_course_id: String(a2),
          selected_level_id: "2",
        })
      ).status,
    ).toBe(403);
    expect(
      redirectedTo(await callLoader(listRoute, request("/admin/transfer-students", { cookie: cookies.professor }))),
    ).toBe("/teachers");
  });

  it("updates a pending transfer, and not once it is decided", async () => {
    const id = await latestTransferId();
    const ok = await callAction(
      editRoute,
      request(`/admin/transfer-students/${id}/edit`, {
        cookie: cookies.receptionist,
        form: form({
          from_course_id: String(a1),
          student_ids: [String(students[1]), String(students[2])],
          selected_course_id: String(b1),
          selected_level_id: "3",
          reason: "Better fit",
        }),
      }),
      { id: String(id) },
    );
    expect(ok.status).toBe(302);
    const row = await db()
      .selectFrom("transfers")
      .select(["selected_course_id", "reason"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ selected_course_id: b1, reason: "Better fit" });
  });

  it("a receptionist cannot approve; a coordinator approves once, atomically, and past records stay", async () => {
    const singleId = (await db().selectFrom("transfers").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    expect((await decide("receptionist", singleId, "approve")).status).toBe(403);
    const approved = await decide("coordinator", singleId, "approve");
    expect(approved.status).toBe(302);
    const enrollments = await db()
      .selectFrom("enrollments")
      .select(["course_id", "end_date", "end_reason"])
      .where("student_id", "=", students[0])
      .orderBy("id")
      .execute();
    const today = await schoolDay();
    expect(enrollments).toEqual([
      { course_id: a1, end_date: today, end_reason: "transfer" },
      { course_id: a2, end_date: null, end_reason: null },
    ]);
    const level = await db()
      .selectFrom("students")
      .select("level_id")
      .where("id", "=", students[0])
      .executeTakeFirstOrThrow();
    expect(level.level_id).toBe(2);
    const grade = await db()
      .selectFrom("grades")
      .select("grade")
      .where("student_id", "=", students[0])
      .executeTakeFirstOrThrow();
    expect(grade.grade).toBe(88.5);
    const attendance = await db()
      .selectFrom("attendance")
      .select(["course_id", "status"])
      .where("student_id", "=", students[0])
      .execute();
    expect(attendance).toEqual([{ course_id: a1, status: "late" }]);
    expect((await decide("coordinator", singleId, "approve")).status).toBe(409);
    expect((await decide("admin_staff", singleId, "reject")).status).toBe(409);
    const audit = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "transfer")
      .where("entity_id", "=", singleId)
      .execute();
    expect(audit.map((a) => a.action)).toContain("transfer.approved");
  });

  it("of 20 simultaneous approvals exactly one wins", async () => {
    const created = await create("coordinator", {
      from_course_id: String(a1),
      student_ids: String(students[5]),
      selected_course_id: String(a2),
      selected_level_id: "2",
    });
    expect(created.status).toBe(302);
    const id = await latestTransferId();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => decideTransfer(id, users.coordinator.id, "approve")),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && refusalStatus(TRANSFER_REFUSALS[o.reason]) === 409)).toHaveLength(19);
    const open = await db()
      .selectFrom("enrollments")
      .select("id")
      .where("student_id", "=", students[5])
      .where("course_id", "=", a2)
      .execute();
    expect(open).toHaveLength(1);
  });

  it("the bell's data is for admin, coordinator and financial only", async () => {
    expect(
      (await callLoader(bellRoute, request("/resources/pending-transfers", { cookie: cookies.receptionist }))).status,
    ).toBe(403);
    const res = await callLoader(bellRoute, request("/resources/pending-transfers", { cookie: cookies.financial }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.count).toBeGreaterThan(0);
    expect(body.items[0]).toHaveProperty("is_group");
  });
});

describe("the /v1/api transfer-data calls", () => {
  async function token(role: Role) {
    const res = await callAction(
      apiLogin,
      new Request("http://localhost/v1/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: emailFor(role), password: PASSWORD }),
      }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.user.role).toBe(role);
    return body.data.token as string;
  }
  const api = (tok: string | null, path: string, init: RequestInit = {}) =>
    new Request(`http://localhost/v1/api/${path}`, {
      ...init,
      headers: { ...(tok ? { Authorization: `Bearer ${tok}` } : {}), ...(init.headers ?? {}) },
    });

  it("answers 401 without a token and 403 for a professor", async () => {
    const none = await callLoader(apiPending, api(null, "transfer-data/get-pending"));
    expect(none.status).toBe(401);
    expect((await none.json()).message).toBe("Not authorized, token not sent");
    expect((await callLoader(apiGetAll, api(await token("professor"), "transfer-data/get-all"))).status).toBe(403);
  });

  it("get-pending has the spec's shape, field by field", async () => {
    const res = await callLoader(apiPending, api(await token("coordinator"), "transfer-data/get-pending"));
    const body = await res.json();
    const group = body.data.find((d: { transfer_data: { is_group: boolean } }) => d.transfer_data.is_group);
    expect(Object.keys(group).sort()).toEqual(["students", "transfer_data"]);
    expect(Object.keys(group.transfer_data).sort()).toEqual([
      "created_at",
      "id",
      "is_group",
      "selected_course",
      "selected_level",
    ]);
    expect(group.transfer_data.selected_course).toEqual({ course_name: "T-B1" });
    expect(group.transfer_data.selected_level).toEqual({ full_level: "B1" });
    expect(group.students).toHaveLength(2);
    expect(group.students[0]).toEqual({
      student: { cedula: expect.any(String), user: { name: expect.stringMatching(/^Ana\d Núñez\d P$/) } },
    });
  });

  it("creates (201), refuses a bad body (400), approves once (200 then 409), and a receptionist's approval is 403", async () => {
    const tok = await token("coordinator");
    const bad = await callAction(
      apiCreate,
      api(tok, "transfer-data/create", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{nope",
      }),
    );
    expect(bad.status).toBe(400);
    const missing = await callAction(
      apiCreate,
      api(tok, "transfer-data/create", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ student_ids: [] }),
      }),
    );
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.student_ids[0]).toBe("Choose at least one student.");
    const created = await callAction(
      apiCreate,
      api(tok, "transfer-data/create", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          student_ids: [students[3]],
          from_course_id: a1,
          selected_course_id: a2,
          selected_level_id: 2,
        }),
      }),
    );
    expect(created.status).toBe(201);
    const { data } = await created.json();
    const rec = await token("receptionist");
    expect(
      (
        await callAction(apiApprove, api(rec, `transfer-data/approve/${data.id}`, { method: "PUT" }), {
          id: String(data.id),
        })
      ).status,
    ).toBe(403);
    const ok = await callAction(apiApprove, api(tok, `transfer-data/approve/${data.id}`, { method: "PUT" }), {
      id: String(data.id),
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.status).toBe("approved");
    const again = await callAction(apiReject, api(tok, `transfer-data/reject/${data.id}`, { method: "PUT" }), {
      id: String(data.id),
    });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This transfer is no longer pending; nothing was changed.");
  });

  it("updates a pending transfer through the API, and rejects one through the page", async () => {
    const tok = await token("receptionist");
    const created = await callAction(
      apiCreate,
      api(tok, "transfer-data/create", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          student_ids: [students[4]],
          from_course_id: a1,
          selected_course_id: a2,
          selected_level_id: 2,
        }),
      }),
    );
    expect(created.status).toBe(201);
    const { data } = await created.json();
    const updated = await callAction(
      apiUpdate,
      api(tok, `transfer-data/update/${data.id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          student_ids: [students[4]],
          from_course_id: a1,
          selected_course_id: b1,
          selected_level_id: 3,
          reason: "B1 fits",
        }),
      }),
      { id: String(data.id) },
    );
    expect(updated.status).toBe(200);
    const row = await db()
      .selectFrom("transfers")
      .select(["selected_course_id", "selected_level_id", "reason"])
      .where("id", "=", data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ selected_course_id: b1, selected_level_id: 3, reason: "B1 fits" });
    const rejected = await decide("coordinator", data.id, "reject");
    expect(rejected.status).toBe(302);
    const after = await db()
      .selectFrom("transfers")
      .select(["status", "decided_by"])
      .where("id", "=", data.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: "rejected", decided_by: users.coordinator.id });
    // A rejection moves nobody.
    const open = await db()
      .selectFrom("enrollments")
      .select("course_id")
      .where("student_id", "=", students[4])
      .where("end_date", "is", null)
      .execute();
    expect(open).toEqual([{ course_id: a1 }]);
    const again = await callAction(
      apiUpdate,
      api(tok, `transfer-data/update/${data.id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          student_ids: [students[4]],
          from_course_id: a1,
          selected_course_id: a2,
          selected_level_id: 2,
        }),
      }),
      { id: String(data.id) },
    );
    expect(again.status).toBe(409);
  });
});

describe("courses by their readable label (issue 19)", () => {
  it("the list, the opened transfer and the student search carry each course's code, level, schedule and professor", async () => {
    const now = new Date().toISOString();
    const to = await db()
      .insertInto("courses")
      .values(
        courseRow({
          course_number: "LBL",
          course_id: "T-LBL-TT",
          level_id: 3,
          schedule_days: "TU,TH",
          start_time: "17:00",
          end_time: "19:00",
          professor_id: users.professor.id,
          start_date: "2026-01-05",
          end_date: "2027-12-18",
          created_at: now,
          updated_at: now,
        }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    const transfer = await db()
      .insertInto("transfers")
      .values(transferRow({ from_course_id: a1, selected_course_id: to.id, selected_level_id: 3 }))
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().insertInto("transfer_students").values({ transfer_id: transfer.id, student_id: students[5] }).execute();

    const from = {
      course_id: "T-A1",
      level: "A1",
      schedule_days: "MO,WE",
      start_time: "09:00",
      end_time: "11:00",
      professor: null,
    };
    const toLabel = {
      course_id: "T-LBL-TT",
      level: "B1",
      schedule_days: "TU,TH",
      start_time: "17:00",
      end_time: "19:00",
      professor: users.professor.name,
    };
    const response = await callLoader(
      listRoute,
      request(`/admin/transfer-students?id=${transfer.id}&limit=100`, { cookie: cookies.coordinator }),
    );
    const data = (await response.json()) as {
      rows: { id: number; from_course: unknown; to_course: unknown }[];
      open: { from_course: unknown; to_course: unknown };
    };
    const row = data.rows.find((r) => r.id === transfer.id)!;
    expect(row.from_course).toEqual(from);
    expect(row.to_course).toEqual(toLabel);
    expect(data.open.from_course).toEqual(from);
    expect(data.open.to_course).toEqual(toLabel);

    // A student of this test's own (in T-A1 today): the earlier tests moved the others.
    const seventh = await student(7);
    const search = await callLoader(
      newRoute,
      request("/admin/transfer-students/new?q=Ana7", { cookie: cookies.coordinator }),
    );
    const found = ((await search.json()) as { found: { id: number; course: unknown }[] }).found;
    expect(found.find((f) => f.id === seventh)?.course).toEqual(from);

    // The course filter is a search (issue 18): transfers from or to a course
    // whose code or professor contains it; the page carries no course list.
    const filtered = async (query: string) => {
      const answer = await callLoader(
        listRoute,
        request(`/admin/transfer-students?limit=100&${query}`, { cookie: cookies.coordinator }),
      );
      return (await answer.json()) as { rows: { id: number }[]; course: string | null };
    };
    const ids = async (query: string) => (await filtered(query)).rows.map((r) => r.id);
    expect(await ids("course_q=t-lbl")).toEqual([transfer.id]);
    expect(await ids(`course_q=${encodeURIComponent(users.professor.name.toLowerCase())}`)).toEqual([transfer.id]);
    expect(await ids("course_q=t-a1")).toContain(transfer.id);
    expect(await ids("course_q=no-such-course")).toEqual([]);
    expect(await ids("course_q=%25")).toEqual([]);
    expect(await filtered(`course=${to.id}`)).toMatchObject({ course: "T-LBL-TT", rows: [{ id: transfer.id }] });
    expect(await filtered("")).not.toHaveProperty("courses");
  });
});
