import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type AttendanceValue, type Role, type User } from "~/db/schema";
import { englishMessage } from "~/http/api.server";
import { issueSession } from "~/http/session.server";
import { statusField } from "~/modules/attendance/session-choice";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { addDays } from "~/modules/calendar/week";
import { createTransfer } from "~/modules/transfers/transfers.server";
import * as transfersRoute from "~/routes/_app.admin.transfer-students._index";
import * as attendanceRoute from "~/routes/_app.course.$id.attendance";
import * as apiApprove from "~/routes/v1.api.transfer-data.approve.$id";
import * as apiReject from "~/routes/v1.api.transfer-data.reject.$id";
import { poolSize, throughGate } from "../helpers/concurrency";
import { testDialect, useTestDatabase } from "../helpers/db";
import { ORIGIN, callAction, createRoleUsers, createUser, redirectedTo, request, signIn } from "../helpers/fixtures";
import { Wizard, addressValues, adultPersonal, messageValues } from "../helpers/registration";
import { courseRow, studentRow } from "../helpers/rows";

useTestDatabase();

// Issue 10, part 3: the same change sent many times at once. On PostgreSQL
// each request runs on its own pool connection and a gate (tests/helpers/
// concurrency.ts) holds them until poolSize() of them wait in the database
// together, so the race is real; on SQLite the requests interleave.

let users: Record<Role, User>;
let secondCoordinator: User;
const cookies = {} as Record<Role, string>;
const bearers: string[] = [];
let today: string;
let fromCourse: number;
let toCourse: number;
let attendanceCourse: number;
const fromStudents: number[] = [];
const classList: number[] = [];

let seq = 0;
async function student() {
  seq += 1;
  const n = `55${String(seq).padStart(8, "0")}`;
  const row = await db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: `Con${seq}`,
        last_name: `Current${String(seq).padStart(3, "0")}`,
        id_number: n,
        email: `c${n}@example.com`,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function course(code: string, fields: Parameters<typeof courseRow>[0] = {}) {
  const row = await db()
    .insertInto("courses")
    .values(courseRow({ course_id: code, course_number: code, ...fields }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  users = await createRoleUsers();
  secondCoordinator = await createUser({
    role: "coordinator",
    email: "coordinator2@school.example.com",
    name: "Second Coordinator",
  });
  for (const role of ["admin_staff", "coordinator", "professor"] as const)
    cookies[role] = await signIn(users[role].email);
  for (const u of [users.admin_staff, users.coordinator, secondCoordinator])
    bearers.push((await issueSession(request("/"), u.id)).token);
  today = await schoolToday();

  fromCourse = await course("CON-FROM", { start_date: addDays(today, -60), end_date: addDays(today, 60), level_id: 1 });
  toCourse = await course("CON-TO", { start_date: addDays(today, -60), end_date: addDays(today, 60), level_id: 2 });
  for (let i = 0; i < 6; i++) {
    const id = await student();
    fromStudents.push(id);
    await db()
      .insertInto("enrollments")
      .values({
        student_id: id,
        course_id: fromCourse,
        start_date: addDays(today, -60),
        end_date: null,
        end_reason: null,
      })
      .execute();
  }

  // A class every day, so every one of the last 30 days is a session.
  attendanceCourse = await course("CON-ATT", {
    schedule_days: "MO,TU,WE,TH,FR,SA,SU",
    start_time: "00:00",
    end_time: "00:30",
    start_date: addDays(today, -30),
    end_date: addDays(today, 30),
    professor_id: users.professor.id,
  });
  for (let i = 0; i < 24; i++) {
    const id = await student();
    classList.push(id);
    await db()
      .insertInto("enrollments")
      .values({
        student_id: id,
        course_id: attendanceCourse,
        start_date: addDays(today, -30),
        end_date: null,
        end_reason: null,
      })
      .execute();
  }
});

// ---------------------------------------------------------------------------

describe("one transfer decided by many people at once", () => {
  async function groupTransfer(students: number[]) {
    const outcome = await createTransfer(
      {
        student_ids: students,
        from_course_id: fromCourse,
        selected_course_id: toCourse,
        selected_level_id: 2,
        reason: undefined,
      },
      users.receptionist.id,
    );
    if (!outcome.ok) throw new Error(`createTransfer: ${outcome.reason}`);
    return outcome.id;
  }

  /** The page's decide post (a plain form post) as admin or coordinator. */
  const viaPage = (id: number, intent: "approve" | "reject", cookie: string) =>
    callAction(
      transfersRoute,
      request(`/admin/transfer-students?id=${id}`, { cookie, form: { intent, id: String(id) } }),
    );

  /** The API's PUT with a bearer token. */
  const viaApi = (id: number, intent: "approve" | "reject", bearer: string) =>
    callAction(
      intent === "approve" ? apiApprove : apiReject,
      new Request(`${ORIGIN}/v1/api/transfer-data/${intent}/${id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${bearer}` },
      }),
      { id: String(id) },
    );

  /** Fires the requests through the gate (the transfer's row locked until they all wait). */
  async function race(id: number, requests: (() => Promise<Response>)[]) {
    const { result, blockedTogether } = await throughGate(
      "select id from transfers where id = $1 for update",
      [id],
      Math.min(requests.length, poolSize()),
      () => Promise.all(requests.map((send) => send())),
    );
    if (testDialect === "postgres") expect(blockedTogether).toBe(Math.min(requests.length, poolSize()));
    return result;
  }

  const won = (r: Response) => r.status === 302 || r.status === 200;

  async function refusals(responses: Response[]) {
    const lost = responses.filter((r) => !won(r));
    const bodies = await Promise.all(
      lost.map(async (r) => [r.status, ((await r.json()) as { message: string }).message] as const),
    );
    return bodies;
  }

  const auditOf = (id: number) =>
    db()
      .selectFrom("audit_log")
      .select(["action", "user_id"])
      .where("entity", "=", "transfer")
      .where("entity_id", "=", id)
      .where("action", "like", "transfer.%")
      .orderBy("id")
      .execute();

  it("20 approvals (10 on the page, 10 through the API): one wins, 19 get 409 'no longer pending', one audit line, one move", async () => {
    const movers = fromStudents.slice(0, 3);
    const id = await groupTransfer(movers);
    const cookieFor = [cookies.admin_staff, cookies.coordinator];
    const requests = [
      ...Array.from({ length: 10 }, (_, i) => () => viaPage(id, "approve", cookieFor[i % 2])),
      ...Array.from({ length: 10 }, (_, i) => () => viaApi(id, "approve", bearers[i % bearers.length])),
    ];
    const responses = await race(id, requests);

    const winners = responses.filter(won);
    expect(winners).toHaveLength(1);
    const lost = await refusals(responses);
    const pageMessage = "transfers:errors.notPending";
    const apiMessage = englishMessage(pageMessage);
    expect(apiMessage).toMatch(/no longer pending/);
    expect(lost).toHaveLength(19);
    for (const [status, message] of lost) {
      expect(status).toBe(409);
      expect([pageMessage, apiMessage]).toContain(message);
    }

    const transfer = await db()
      .selectFrom("transfers")
      .select(["status", "decided_by"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(transfer.status).toBe("approved");
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["transfer.created", "transfer.approved"]);
    expect(audit[1].user_id).toBe(transfer.decided_by);

    // Each student moved exactly once: the old enrollment ended once, one new one opened, the level set.
    for (const s of movers) {
      const enrollments = await db()
        .selectFrom("enrollments")
        .select(["course_id", "end_date", "end_reason"])
        .where("student_id", "=", s)
        .orderBy("id")
        .execute();
      expect(enrollments).toEqual([
        { course_id: fromCourse, end_date: expect.any(String), end_reason: "transfer" },
        { course_id: toCourse, end_date: null, end_reason: null },
      ]);
      expect(
        (await db().selectFrom("students").select("level_id").where("id", "=", s).executeTakeFirstOrThrow()).level_id,
      ).toBe(2);
    }
  });

  it("10 approvals racing 10 rejections: exactly one decision is taken, and only an approval moves anyone", async () => {
    const movers = fromStudents.slice(3, 5);
    const id = await groupTransfer(movers);
    const requests = [
      ...Array.from(
        { length: 10 },
        (_, i) => () => viaPage(id, "approve", i % 2 ? cookies.coordinator : cookies.admin_staff),
      ),
      ...Array.from({ length: 10 }, (_, i) => () => viaApi(id, "reject", bearers[i % bearers.length])),
    ];
    const responses = await race(id, requests);
    expect(responses.filter(won)).toHaveLength(1);
    expect((await refusals(responses)).map(([status]) => status)).toEqual(Array(19).fill(409));

    const { status } = await db()
      .selectFrom("transfers")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const decisions = (await auditOf(id)).map((a) => a.action).filter((a) => a !== "transfer.created");
    expect(decisions).toEqual([`transfer.${status}`]);
    const open = await db()
      .selectFrom("enrollments")
      .select("student_id")
      .where("student_id", "in", movers)
      .where("course_id", "=", toCourse)
      .execute();
    expect(open).toHaveLength(status === "approved" ? movers.length : 0);
  });
});

// ---------------------------------------------------------------------------

describe("one session's attendance saved from many tabs at once", () => {
  const VALUES: AttendanceValue[] = ["present", "recovered", "late", "absent"];

  /** Post k: a different mark per student, its fields in a different order (shuffled by k). */
  function post(k: number): Map<number, AttendanceValue> {
    const marks = new Map<number, AttendanceValue>();
    const order = classList
      .map((id, i) => ({ id, key: (i * (k + 7) * 2654435761) % 1000 }))
      .sort((a, b) => a.key - b.key);
    if (k % 2) order.reverse();
    for (const { id } of order) marks.set(id, VALUES[(Math.imul(id + 31 * k, 2654435761) >>> 29) & 3]);
    return marks;
  }

  const save = (date: string, marks: Map<number, AttendanceValue>) => {
    const form = new URLSearchParams({ date });
    for (const [id, value] of marks) form.append(statusField(id), value);
    return callAction(
      attendanceRoute,
      request(`/course/${attendanceCourse}/attendance?date=${date}`, { cookie: cookies.professor, form }),
      { id: String(attendanceCourse) },
    );
  };

  const saved = (date: string) =>
    db()
      .selectFrom("attendance")
      .select(["student_id", "status"])
      .where("course_id", "=", attendanceCourse)
      .where("session_date", "=", date)
      .orderBy("student_id")
      .execute();

  type Change = { student_id: number; from: AttendanceValue; to: AttendanceValue };
  /** The attendance.saved audit lines of one session, oldest first. */
  const audits = async (date: string) =>
    (
      await db()
        .selectFrom("audit_log")
        .select("details")
        .where("action", "=", "attendance.saved")
        .where("entity_id", "=", attendanceCourse)
        .orderBy("id")
        .execute()
    )
      .map((a) => JSON.parse(a.details ?? "{}") as { session_date: string; changes: Change[] })
      .filter((d) => d.session_date === date);

  it.each([
    ["a session never saved before (every row inserted at once)", -2],
    ["a session saved before (every row updated at once)", -3],
  ])(
    "%s: all saves succeed, one row per student, and the session is one post's marks, not a mix",
    async (_label, offset) => {
      const date = addDays(today, offset);
      if (offset === -3) expect((await save(date, post(99))).status).toBe(302);
      const posts = Array.from({ length: 8 }, (_, k) => post(k));
      // Every post differs from every other, so the final state names its post.
      const keys = posts.map((marks) =>
        [...marks]
          .sort(([a], [b]) => a - b)
          .map(([, v]) => v[0])
          .join(""),
      );
      expect(new Set(keys).size).toBe(posts.length);
      const { result: responses, blockedTogether } = await throughGate(
        "lock table attendance in share mode",
        [],
        Math.min(posts.length, poolSize()),
        () => Promise.all(posts.map((marks) => save(date, marks))),
      );
      if (testDialect === "postgres") expect(blockedTogether).toBe(Math.min(posts.length, poolSize()));
      expect(responses.map((r) => [r.status, redirectedTo(r)])).toEqual(
        posts.map(() => [302, `/course/${attendanceCourse}/attendance?date=${date}`]),
      );

      const rows = await saved(date);
      expect(rows.map((r) => r.student_id)).toEqual([...classList].sort((a, b) => a - b));
      const final = new Map(rows.map((r) => [r.student_id, r.status]));
      const matching = posts.filter((marks) => [...marks].every(([id, value]) => final.get(id) === value));
      expect(matching).toHaveLength(1);
      const log = await audits(date);
      expect(log).toHaveLength(posts.length + (offset === -3 ? 1 : 0));
      if (offset === -3) {
        // Replayed in order from the first save, the audit log's changes lead to
        // the final marks: each save's "from" values are what the save before it
        // left, never a stale read.
        const state = new Map(post(99));
        for (const entry of log.slice(1)) {
          for (const change of entry.changes) {
            expect([change.student_id, change.from]).toEqual([change.student_id, state.get(change.student_id)]);
            state.set(change.student_id, change.to);
          }
        }
        expect(state).toEqual(final);
      }
    },
  );
});

// ---------------------------------------------------------------------------

describe("a registration submitted more than once at once", () => {
  const registrationsFor = (idNumber: string) =>
    db().selectFrom("registrations").select(["id", "reference", "status"]).where("id_number", "=", idNumber).execute();

  async function race(posts: (() => Promise<Response>)[]) {
    const { result, blockedTogether } = await throughGate(
      "lock table registrations in share mode",
      [],
      Math.min(posts.length, poolSize()),
      () => Promise.all(posts.map((send) => send())),
    );
    if (testDialect === "postgres") expect(blockedTogether).toBe(Math.min(posts.length, poolSize()));
    return result;
  }

  it("the last step of one draft posted 5 times at once: one registration, every answer goes to Done with its reference", async () => {
    const w = new Wizard();
    const personal = await w.upToMessage(adultPersonal(), addressValues());
    const answers = await race(Array.from({ length: 5 }, () => () => w.post("message", messageValues())));
    expect(answers.map((a) => [a.status, redirectedTo(a)])).toEqual(
      Array(5).fill([302, "/students-registration/done"]),
    );
    const rows = await registrationsFor(personal.id_number);
    expect(rows).toHaveLength(1);
    expect((await w.data("done")).reference).toBe(rows[0].reference);
  });

  it("two browsers registering the same ID number at once: one registration, the other is told the ID number is taken", async () => {
    const personal = adultPersonal();
    const [a, b] = [new Wizard(), new Wizard()];
    await a.upToMessage(personal, addressValues());
    await b.upToMessage(personal, addressValues());
    const answers = await race([() => a.post("message", messageValues()), () => b.post("message", messageValues())]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([302, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await refused.json()) as { result: { error: Record<string, string[]> } }).toMatchObject({
      result: { error: { "": ["registration.errors.idNumberTaken"] } },
    });
    expect(await registrationsFor(personal.id_number)).toHaveLength(1);
  });
});
