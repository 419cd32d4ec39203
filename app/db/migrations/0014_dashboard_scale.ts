import { type Kysely, PostgresAdapter, sql } from "kysely";

// Issue 18 target 5: the dashboard's cost grew 2.93x on a school ten times
// larger (bench:explain on the x10 school). Three of its reads walked the
// whole school:
// - students by status: a count of every student (2.3 ms on 50,000). Now
//   student_counts, one row a status, kept by triggers on students as
//   absence_counts is on attendance (every writer keeps it: the app, a test,
//   a shell);
// - the absence alerts: each count over the threshold looked up the
//   student's current enrollment (latest still open) through
//   enrollments_student_idx and sorted by id (a temporary b-tree a row).
//   enrollments_current_idx answers it from the index, in id order;
// - today's classes: every course read and a holidays lookup a course.
//   courses_running_idx reads only the courses not ended (the holidays of the
//   day are read once, week.server.ts).
// And the attendance page's list of sessions with the time each was saved
// (max recorded_at a session date) read every mark of the course from the
// table; attendance_session_saved_idx answers it from the index.

function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const STUDENT_TRIGGERS = ["students_count_insert", "students_count_delete", "students_count_update"];

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("student_counts")
    .addColumn("status", "text", (c) => c.primaryKey())
    .addColumn("n", "integer", (c) => c.notNull())
    .execute();
  if (isPostgres(db)) {
    await sql`
      create function students_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update student_counts set n = n - 1 where status = old.status;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into student_counts (status, n) values (new.status, 1)
          on conflict (status) do update set n = student_counts.n + 1;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger students_count_insert after insert on students
      for each row execute function students_count()`.execute(db);
    await sql`create trigger students_count_delete after delete on students
      for each row execute function students_count()`.execute(db);
    await sql`create trigger students_count_update after update of status on students
      for each row when (old.status is distinct from new.status) execute function students_count()`.execute(db);
  } else {
    const add = sql`insert into student_counts (status, n) values (new.status, 1)
        on conflict (status) do update set n = n + 1;`;
    const remove = sql`update student_counts set n = n - 1 where status = old.status;`;
    await sql`create trigger students_count_insert after insert on students begin ${add} end`.execute(db);
    await sql`create trigger students_count_delete after delete on students begin ${remove} end`.execute(db);
    await sql`create trigger students_count_update after update of status on students
      when old.status is not new.status begin ${remove} ${add} end`.execute(db);
  }
  await sql`insert into student_counts (status, n) select status, count(*) from students group by status`.execute(db);

  await db.schema
    .createIndex("enrollments_current_idx")
    .on("enrollments")
    .columns(["student_id", "id", "end_date", "course_id"])
    .execute();
  await db.schema
    .createIndex("courses_running_idx")
    .on("courses")
    .columns(["status", "end_date", "start_date"])
    .execute();
  await db.schema
    .createIndex("attendance_session_saved_idx")
    .on("attendance")
    .columns(["course_id", "session_date", "recorded_at"])
    .execute();
  if (isPostgres(db)) await sql`analyze student_counts`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("attendance_session_saved_idx").execute();
  await db.schema.dropIndex("courses_running_idx").execute();
  await db.schema.dropIndex("enrollments_current_idx").execute();
  for (const t of STUDENT_TRIGGERS) {
    await sql`drop trigger if exists ${sql.raw(t)}${sql.raw(isPostgres(db) ? " on students" : "")}`.execute(db);
  }
  if (isPostgres(db)) await sql`drop function if exists students_count()`.execute(db);
  await db.schema.dropTable("student_counts").execute();
}
