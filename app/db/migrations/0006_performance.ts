import { type Kysely, PostgresAdapter, sql } from "kysely";

// Issue 9 (ADR 012): indexes for the filters, joins and orders of the busy
// pages, checked with their query plans on the bench school (5,000 students,
// 390,000 attendance marks) on both databases; and each student's absence
// count per course, kept by triggers, so the dashboard's alerts no longer add
// up the whole school's attendance on every view.

function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>) {
  // Transfers list: newest first, with or without a status (transfers_status_idx),
  // a course (either side), a level or a date range.
  await db.schema.createIndex("transfers_created_idx").on("transfers").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("transfers_from_course_idx").on("transfers").column("from_course_id").execute();
  await db.schema.createIndex("transfers_selected_course_idx").on("transfers").column("selected_course_id").execute();
  await db.schema
    .createIndex("transfers_level_idx")
    .on("transfers")
    .columns(["selected_level_id", "created_at"])
    .execute();

  // Students list: its default order (surnames, names, id) and the "newest" order.
  await db.schema.dropIndex("students_name_idx").execute();
  await db.schema
    .createIndex("students_name_idx")
    .on("students")
    .columns(["last_name", "second_last_name", "first_name", "middle_name", "id"])
    .execute();
  await db.schema.createIndex("students_created_idx").on("students").columns(["created_at", "id"]).execute();

  // A course's attendance summed per student (attendance page, report): read from the index alone.
  await db.schema
    .createIndex("attendance_course_student_idx")
    .on("attendance")
    .columns(["course_id", "student_id", "status"])
    .execute();

  // Absence count (absent + 0.5·late, PRODUCT 6) per student and course, in
  // half absences so it stays an integer: absent 2, late 1.
  await db.schema
    .createTable("absence_counts")
    .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
    .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("half_absences", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("absence_counts_pk", ["student_id", "course_id"])
    .execute();
  await db.schema
    .createIndex("absence_counts_half_idx")
    .on("absence_counts")
    .columns(["half_absences", "student_id"])
    .execute();
  await db.schema.createIndex("absence_counts_course_idx").on("absence_counts").column("course_id").execute();

  // Every change to attendance, whoever makes it, moves the count in the same statement.
  if (isPostgres(db)) {
    await sql`
      create function attendance_absences() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.status in ('absent', 'late') then
          update absence_counts set half_absences = half_absences - (case old.status when 'absent' then 2 else 1 end)
          where student_id = old.student_id and course_id = old.course_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.status in ('absent', 'late') then
          insert into absence_counts (student_id, course_id, half_absences)
          values (new.student_id, new.course_id, case new.status when 'absent' then 2 else 1 end)
          on conflict (student_id, course_id) do update set half_absences = absence_counts.half_absences + excluded.half_absences;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger attendance_absences_insert after insert on attendance
      for each row when (new.status in ('absent', 'late')) execute function attendance_absences()`.execute(db);
    await sql`create trigger attendance_absences_delete after delete on attendance
      for each row when (old.status in ('absent', 'late')) execute function attendance_absences()`.execute(db);
    await sql`create trigger attendance_absences_update after update of status, student_id, course_id on attendance
      for each row when (old.status in ('absent', 'late') or new.status in ('absent', 'late')) execute function attendance_absences()`.execute(
      db,
    );
  } else {
    await sql`create trigger attendance_absences_insert after insert on attendance
      when new.status in ('absent', 'late')
      begin
        insert into absence_counts (student_id, course_id, half_absences)
        values (new.student_id, new.course_id, case new.status when 'absent' then 2 else 1 end)
        on conflict (student_id, course_id) do update set half_absences = half_absences + excluded.half_absences;
      end`.execute(db);
    await sql`create trigger attendance_absences_delete after delete on attendance
      when old.status in ('absent', 'late')
      begin
        update absence_counts set half_absences = half_absences - (case old.status when 'absent' then 2 else 1 end)
        where student_id = old.student_id and course_id = old.course_id;
      end`.execute(db);
    await sql`create trigger attendance_absences_update after update of status, student_id, course_id on attendance
      when old.status in ('absent', 'late') or new.status in ('absent', 'late')
      begin
        update absence_counts set half_absences = half_absences - (case old.status when 'absent' then 2 when 'late' then 1 else 0 end)
        where student_id = old.student_id and course_id = old.course_id;
        insert into absence_counts (student_id, course_id, half_absences)
        select new.student_id, new.course_id, case new.status when 'absent' then 2 else 1 end
        where new.status in ('absent', 'late')
        on conflict (student_id, course_id) do update set half_absences = half_absences + excluded.half_absences;
      end`.execute(db);
  }

  // The counts of the attendance already taken.
  await sql`
    insert into absence_counts (student_id, course_id, half_absences)
    select student_id, course_id, sum(case status when 'absent' then 2 else 1 end)
    from attendance where status in ('absent', 'late')
    group by student_id, course_id`.execute(db);
  // PostgreSQL plans with statistics: give the new table its own now, not at autovacuum's next pass.
  if (isPostgres(db)) await sql`analyze absence_counts`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const t of ["attendance_absences_insert", "attendance_absences_delete", "attendance_absences_update"]) {
    await sql`drop trigger if exists ${sql.raw(t)}${sql.raw(isPostgres(db) ? " on attendance" : "")}`.execute(db);
  }
  if (isPostgres(db)) await sql`drop function if exists attendance_absences()`.execute(db);
  await db.schema.dropTable("absence_counts").ifExists().execute();
  await db.schema.dropIndex("attendance_course_student_idx").execute();
  await db.schema.dropIndex("students_created_idx").execute();
  await db.schema.dropIndex("students_name_idx").execute();
  await db.schema.createIndex("students_name_idx").on("students").columns(["last_name", "first_name"]).execute();
  for (const i of [
    "transfers_level_idx",
    "transfers_selected_course_idx",
    "transfers_from_course_idx",
    "transfers_created_idx",
  ]) {
    await db.schema.dropIndex(i).execute();
  }
}
