import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, connect, database, db, useDatabase } from "~/db/kysely.server";
import { type AttendanceValue } from "~/db/schema";
import { courseAttendanceSummary, saveSessionAttendance } from "~/modules/attendance/attendance.server";
import { absenceAlerts } from "~/modules/dashboard/dashboard.server";
import { loadCourseSheet } from "~/modules/grades/gradebook.server";
import { listStudents, parseStudentFilters } from "~/modules/students/students.server";
import { coursesOfProfessor } from "~/modules/teachers/teachers.server";
import { listTransfers, parseTransferFilters } from "~/modules/transfers/transfers.server";
import { testDialect, useTestDatabase } from "../helpers/db";
import { createUser } from "../helpers/fixtures";
import { courseRow, studentRow } from "../helpers/rows";

useTestDatabase();

// Issue 9 (ADR 012): the absence counts the dashboard reads are kept by
// triggers, whoever writes attendance; and the busy pages' queries read
// indexes, not whole tables (checked on SQLite's plans, which do not depend
// on the data without ANALYZE: the bench school's plans are these).

let course: number;
let other: number;
let professor: number;
const students: number[] = [];

beforeAll(async () => {
  professor = (await createUser({ role: "professor" })).id;
  course = (
    await db()
      .insertInto("courses")
      .values(courseRow({ course_id: "PERF-1" }))
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  other = (
    await db()
      .insertInto("courses")
      .values(courseRow({ course_id: "PERF-2" }))
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  for (let i = 0; i < 4; i++) {
    const s = await db()
      .insertInto("students")
      .values(studentRow({ id_number: `091000000${i}`, first_name: `Perf${i}` }))
      .returning("id")
      .executeTakeFirstOrThrow();
    students.push(s.id);
    await db()
      .insertInto("enrollments")
      .values([{ student_id: s.id, course_id: course, start_date: "2026-09-07", end_date: null, end_reason: null }])
      .execute();
  }
});

/** absence_counts as the attendance rows say it should be (absent 2, late 1 per mark). */
async function expectCountsToMatchMarks() {
  const marks = await db().selectFrom("attendance").select(["student_id", "course_id", "status"]).execute();
  const expected = new Map<string, number>();
  for (const m of marks) {
    const half = m.status === "absent" ? 2 : m.status === "late" ? 1 : 0;
    const key = `${m.student_id}:${m.course_id}`;
    expected.set(key, (expected.get(key) ?? 0) + half);
  }
  const stored = await db().selectFrom("absence_counts").select(["student_id", "course_id", "half_absences"]).execute();
  const actual = new Map(stored.map((r) => [`${r.student_id}:${r.course_id}`, Number(r.half_absences)]));
  for (const [key, half] of expected) expect([key, actual.get(key) ?? 0]).toEqual([key, half]);
  for (const [key, half] of actual) expect([key, half]).toEqual([key, expected.get(key) ?? 0]);
}

describe("absence counts follow attendance", () => {
  it("through inserts, the attendance save's upsert, updates, moves and deletes", async () => {
    const now = new Date().toISOString();
    const mark = (student: number, date: string, status: AttendanceValue, courseId = course) => ({
      course_id: courseId,
      session_date: date,
      student_id: student,
      status,
      recorded_by: null,
      recorded_at: now,
    });
    await db()
      .insertInto("attendance")
      .values([
        mark(students[0], "2026-09-07", "absent"),
        mark(students[0], "2026-09-09", "late"),
        mark(students[1], "2026-09-07", "present"),
        mark(students[2], "2026-09-07", "recovered"),
        mark(students[3], "2026-09-07", "absent", other),
      ])
      .execute();
    await expectCountsToMatchMarks();

    // The attendance page's save: one multi-row upsert, changing some marks.
    const saved = await saveSessionAttendance(
      course,
      "2026-09-07",
      new Map<number, AttendanceValue>([
        [students[0], "present"],
        [students[1], "absent"],
        [students[2], "late"],
        [students[3], "absent"],
      ]),
      professor,
    );
    expect(saved.ok).toBe(true);
    await expectCountsToMatchMarks();

    await db().updateTable("attendance").set({ status: "late" }).where("student_id", "=", students[1]).execute();
    await expectCountsToMatchMarks();
    // A mark moved to another course and student (a correction): both pairs move.
    await db()
      .updateTable("attendance")
      .set({ course_id: other, student_id: students[2] })
      .where("student_id", "=", students[3])
      .where("course_id", "=", course)
      .execute();
    await expectCountsToMatchMarks();
    await db().updateTable("attendance").set({ recorded_at: new Date().toISOString() }).execute();
    await expectCountsToMatchMarks();
    await db().deleteFrom("attendance").where("status", "=", "absent").execute();
    await expectCountsToMatchMarks();
    await db().deleteFrom("attendance").execute();
    await expectCountsToMatchMarks();
  });
});

describe("student counts follow students (migration 0014)", () => {
  async function expectCountsToMatchStudents() {
    const rows = await db()
      .selectFrom("students")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute();
    const expected = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    const stored = await db().selectFrom("student_counts").select(["status", "n"]).where("n", "<>", 0).execute();
    expect(Object.fromEntries(stored.map((r) => [r.status, Number(r.n)]))).toEqual(expected);
  }

  it("through inserts, status changes, other updates and deletes", async () => {
    await expectCountsToMatchStudents();
    const added = [];
    for (let i = 0; i < 3; i++) {
      const row = studentRow({ id_number: `092000000${i}`, first_name: `Count${i}` });
      added.push((await db().insertInto("students").values(row).returning("id").executeTakeFirstOrThrow()).id);
    }
    await expectCountsToMatchStudents();
    await db().updateTable("students").set({ status: "inactive" }).where("id", "in", added.slice(0, 2)).execute();
    await expectCountsToMatchStudents();
    // The same status again, and a change of another column: no count moves.
    await db().updateTable("students").set({ status: "inactive", notes: "moved" }).where("id", "=", added[0]).execute();
    await expectCountsToMatchStudents();
    await db().updateTable("students").set({ status: "active" }).where("id", "=", added[1]).execute();
    await expectCountsToMatchStudents();
    await db().deleteFrom("students").where("id", "in", added).execute();
    await expectCountsToMatchStudents();
  });
});

describe.runIf(testDialect === "sqlite")("the busy pages' queries read indexes (SQLite plans)", () => {
  let app: DatabaseHandle;
  let logging: DatabaseHandle;
  let captured: { sql: string; parameters: readonly unknown[] }[] = [];

  beforeAll(() => {
    app = database();
    logging = connect(process.env.DATABASE_URL, {
      log: (event) => {
        if (event.level === "query") captured.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
  });
  afterAll(async () => {
    useDatabase(app);
    await logging.db.destroy();
  });

  /** The plan of every SELECT `run` makes, one line per step (EXPLAIN QUERY PLAN). */
  async function plansOf(run: () => Promise<unknown>) {
    captured = [];
    useDatabase(logging);
    try {
      await run();
    } finally {
      useDatabase(app);
    }
    const out: { sql: string; plan: string[] }[] = [];
    for (const q of captured.filter((c) => /^\s*select/i.test(c.sql))) {
      const r = await db().executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
      );
      out.push({ sql: q.sql, plan: r.rows.map((row) => row.detail) });
    }
    return out;
  }

  /** No step reads a whole table among `tables` (aliases included): SCAN of a subquery is fine. */
  function expectNoScan(plans: { sql: string; plan: string[] }[], names: string[]) {
    for (const { sql, plan } of plans) {
      const scans = plan.filter((step) => names.some((n) => new RegExp(`^SCAN ${n}\\b`).test(step)));
      expect({ sql, scans }).toEqual({ sql, scans: [] });
    }
  }

  it("dashboard alerts: the counts over the threshold, by absence_counts_half_idx", async () => {
    const plans = await plansOf(() => absenceAlerts("2026-11-20"));
    expect(
      plans.find((p) => p.sql.includes("absence_counts"))!.plan.some((s) => s.includes("absence_counts_half_idx")),
    ).toBe(true);
    expectNoScan(plans, ["absence_counts", "ac", "attendance", "enrollments", "e", "students", "s"]);
  });

  it("transfers list: newest first from transfers_created_idx, no sort; filtered by course from its indexes", async () => {
    const all = await plansOf(() => listTransfers(parseTransferFilters(new URLSearchParams())));
    const page = all.find((p) => p.sql.includes("order by"))!;
    expect(page.plan.some((s) => s.includes("transfers_created_idx"))).toBe(true);
    expect(page.plan.some((s) => s.includes("TEMP B-TREE FOR ORDER BY"))).toBe(false);
    const byCourse = await plansOf(() =>
      listTransfers(parseTransferFilters(new URLSearchParams({ course: String(course) }))),
    );
    expectNoScan(byCourse, ["transfers"]);
  });

  it("gradebook sheet and attendance summary: the course's rows only", async () => {
    expectNoScan(await plansOf(() => loadCourseSheet(course, "2026-11-20")), [
      "grades",
      "grading_items",
      "enrollments",
      "students",
      "s",
    ]);
    const summary = await plansOf(() => courseAttendanceSummary(course, "2026-11-20"));
    expect(summary.some((p) => p.plan.some((s) => s.includes("COVERING INDEX attendance_course_student_idx")))).toBe(
      true,
    );
    expectNoScan(summary, ["attendance", "enrollments", "students", "s"]);
  });

  it("a professor's courses count their own enrollments, not the school's (/teachers)", async () => {
    const plans = await plansOf(() => coursesOfProfessor(professor, "2026-09-07"));
    expectNoScan(plans, ["enrollments"]);
    expect(plans.some((p) => p.plan.some((s) => s.includes("enrollments_course_idx")))).toBe(true);
  });

  it("students list: a course filter reads that course's enrollments; the page's details only its students", async () => {
    const plans = await plansOf(() =>
      listStudents(parseStudentFilters(new URLSearchParams({ course: String(course), q: "perf" }))),
    );
    expectNoScan(plans, ["enrollments", "absence_counts", "ac"]);
    // The page's ids and the count of matches: each reads the course's enrollments.
    const matching = plans.filter((p) => p.sql.includes('from "students" as "s" where'));
    expect(matching).toHaveLength(2);
    for (const m of matching) expect(m.plan.some((s) => s.includes("enrollments_course_idx"))).toBe(true);
  });

  it("students list: status, age and a search read students_list_idx alone, in the list's order", async () => {
    const plans = await plansOf(() =>
      listStudents(parseStudentFilters(new URLSearchParams({ status: "active", age: "adults", q: "perf", page: "2" }))),
    );
    const matching = plans.filter((p) => p.sql.includes('from "students" as "s" where'));
    expect(matching).toHaveLength(2);
    for (const m of matching) {
      expect(m.plan.join("\n")).toContain("COVERING INDEX students_list_idx");
      expect(m.plan.join("\n")).not.toContain("TEMP B-TREE");
    }
  });
});
