import { type Kysely } from "kysely";

// Issue 18 target 5: the dashboard's today's classes grew with the school
// (0.2 ms for the bench school's 52 classes a day, 0.9 ms for the x10
// school's 509): each running course's table row was read to test its
// weekday, then every match was joined to its professor, counted by a window
// and sorted for a page of 20. courses_today_idx holds what picking and
// ordering the day's classes needs (status, dates, days, start time, code,
// id), so the count and the page's ids are read from the index alone, and
// only the page's 20 rows from the table (week.server.ts, sessionsOnDay).
// It replaces courses_running_idx (migration 0014), a prefix of it.

export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("courses_today_idx")
    .on("courses")
    .columns(["status", "end_date", "start_date", "schedule_days", "start_time", "course_id", "id"])
    .execute();
  await db.schema.dropIndex("courses_running_idx").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema
    .createIndex("courses_running_idx")
    .on("courses")
    .columns(["status", "end_date", "start_date"])
    .execute();
  await db.schema.dropIndex("courses_today_idx").execute();
}
