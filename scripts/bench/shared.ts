// What scripts/bench/data.ts and scripts/bench/run.ts agree on.

/** Where the bench school lives on SQLite unless DATABASE_URL says otherwise. */
export const BENCH_SQLITE_URL = "file:./data/bench.db";

/**
 * The bench's known course: adults B1 of the running term, Mon-Wed 09-11,
 * exactly 30 current students and 15 grading items (the gradebook case),
 * taught by the demo professor. Every one of its students passes (the
 * certificate case). No transfer touches it, so its roster stays 30.
 */
export const BENCH_COURSE_CODE = "T2-ADU-B1-MW0911-001";
export const BENCH_COURSE_STUDENTS = 30;
export const BENCH_COURSE_ITEMS = 15;

export const BENCH_PROFESSOR = "professor@school.test";
export const BENCH_STAFF = "admin@school.test";
export { DEMO_PASSWORD as BENCH_PASSWORD } from "~/db/seed/demo.server";

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** The SQLite file of a DATABASE_URL (as app/db/kysely.server.ts reads it). */
export function sqliteFileOf(url: string) {
  return url.replace(/^file:(\/\/)?/, "");
}

/** A URL safe to print (no password). */
export function describeUrl(url: string) {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}
