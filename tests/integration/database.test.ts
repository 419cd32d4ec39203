import { describe, expect, it } from "vitest";
import { database, db, sql } from "~/db/kysely.server";
import { migrateToLatest } from "~/db/migrate.server";
import { type Database } from "~/db/schema";
import { testDialect, useTestDatabase } from "../helpers/db";

useTestDatabase();

// Every table of the Database interface: `satisfies` makes `npm run typecheck`
// fail when a table is added to (or removed from) schema.ts but not here.
const TABLES = {
  users: true,
  sessions: true,
  login_attempts: true,
  students: true,
  registrations: true,
  registration_drafts: true,
  courses: true,
  enrollments: true,
  holidays: true,
  syllabus_items: true,
  grading_items: true,
  grades: true,
  attendance: true,
  absence_counts: true,
  student_counts: true,
  transfers: true,
  transfer_students: true,
  grade_bands: true,
  audit_log: true,
  settings: true,
  password_tokens: true,
  certificates: true,
  menu_bookmarks: true,
  menu_pins: true,
  stored_images: true,
  outbox: true,
  absence_warnings: true,
  certificate_retired_codes: true,
  verify_lookups: true,
} satisfies Record<keyof Database, true>;

const now = () => new Date().toISOString();

function student(idNumber: string, email = `${idNumber}@example.com`) {
  return {
    first_name: "Ana",
    middle_name: "",
    last_name: "Test",
    second_last_name: "",
    id_number: idNumber,
    birthday: "2000-01-01",
    phone_number: "0999999999",
    email,
    address: "Somewhere 1",
    age_category: "adults" as const,
    emergency_contact_name: null,
    emergency_contact_phone: null,
    emergency_contact_relationship: null,
    level_id: 1,
    schedule: "morning",
    same_billing: 1,
    billing_address: null,
    where_hear_about_us: null,
    promotion: null,
    user_id: null,
    registration_id: null,
    status: "active" as const,
    notes: null,
    created_at: now(),
    updated_at: now(),
  };
}

async function addStudent(idNumber: string) {
  return (await db().insertInto("students").values(student(idNumber)).returning("id").executeTakeFirstOrThrow()).id;
}

async function addCourse(courseId: string) {
  const row = await db()
    .insertInto("courses")
    .values({
      course_number: "1",
      course_id: courseId,
      level_id: 1,
      age_category: "adults",
      type: "regular",
      schedule_days: "MO,WE",
      start_time: "08:00",
      end_time: "10:00",
      start_date: "2025-01-06",
      end_date: "2025-03-28",
      professor_id: null,
      assig_percentage: 30,
      test_percentage: 30,
      exam_percentage: 40,
      capacity: 20,
      status: "active",
      created_at: now(),
      updated_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const studentCount = async () =>
  Number(
    (
      await db()
        .selectFrom("students")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

it(`runs on the ${testDialect} database this project asked for`, () => {
  expect(database().dialect).toBe(testDialect);
});

it("migrations create every table of the schema, and nothing else", async () => {
  const tables = (await db().introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith("kysely_migration"));
  expect(tables.sort()).toEqual(Object.keys(TABLES).sort());
});

it("migrating again changes nothing", async () => {
  const before = await db().selectFrom("grade_bands").selectAll().execute();
  await migrateToLatest(db());
  expect(await db().selectFrom("grade_bands").selectAll().execute()).toEqual(before);
});

describe.runIf(testDialect === "sqlite")("SQLite pragmas", () => {
  it.each([
    ["foreign_keys", 1],
    ["journal_mode", "wal"],
    ["synchronous", 2], // FULL
  ])("%s = %s", async (pragma, expected) => {
    const { rows } = await sql.raw<Record<string, unknown>>(`PRAGMA ${pragma}`).execute(db());
    expect(rows[0]?.[pragma]).toBe(expected);
  });
});

describe("constraints", () => {
  it("students.id_number is unique", async () => {
    await addStudent("0102030405");
    await expect(addStudent("0102030405")).rejects.toThrow();
    await addStudent("0102030406");
  });

  it("one attendance mark per (course, session date, student)", async () => {
    const courseId = await addCourse("ATT-1");
    const studentId = await addStudent("ATT-STUDENT-1");
    const mark = (date: string) =>
      db()
        .insertInto("attendance")
        .values({
          course_id: courseId,
          session_date: date,
          student_id: studentId,
          status: "present",
          recorded_by: null,
          recorded_at: now(),
        })
        .execute();
    await mark("2025-01-06");
    await expect(mark("2025-01-06")).rejects.toThrow();
    await mark("2025-01-08");
    const rows = await db().selectFrom("attendance").select("session_date").where("course_id", "=", courseId).execute();
    expect(rows.map((r) => r.session_date).sort()).toEqual(["2025-01-06", "2025-01-08"]);
  });

  it("foreign keys are enforced", async () => {
    const studentId = await addStudent("FK-STUDENT-1");
    await expect(
      db()
        .insertInto("attendance")
        .values({
          course_id: 999_999,
          session_date: "2025-01-06",
          student_id: studentId,
          status: "present",
          recorded_by: null,
          recorded_at: now(),
        })
        .execute(),
    ).rejects.toThrow();
  });
});

describe("transactions", () => {
  it("a transaction that throws writes nothing", async () => {
    const before = await studentCount();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto("students").values(student("TX-1")).execute();
          await trx.insertInto("students").values(student("TX-2")).execute();
          throw new Error("boom");
        }),
    ).rejects.toThrow("boom");
    expect(await studentCount()).toBe(before);
  });

  it("a transaction whose later statement fails writes nothing", async () => {
    await addStudent("TX-EXISTING");
    const before = await studentCount();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto("students").values(student("TX-3")).execute();
          await trx.insertInto("students").values(student("TX-EXISTING")).execute(); // duplicate id_number
        }),
    ).rejects.toThrow();
    expect(await studentCount()).toBe(before);
    expect(await db().selectFrom("students").select("id").where("id_number", "=", "TX-3").execute()).toEqual([]);
  });

  it("a transaction that succeeds writes everything", async () => {
    const before = await studentCount();
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("students").values(student("TX-4")).execute();
        await trx.insertInto("students").values(student("TX-5")).execute();
      });
    expect(await studentCount()).toBe(before + 2);
  });
});
