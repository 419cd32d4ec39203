import { type Kysely, PostgresAdapter, sql } from "kysely";

// Issue 18: the students list's search on PostgreSQL. Migration 0012 gave
// SQLite a stored search_text (the searched columns joined, kept by
// triggers); PostgreSQL built and lowered the joined text for every row of
// every search, twice a page (the page's ids and the count): 4 to 5 ms of the
// database's CPU each on the bench school, what held the list at 1.1x its
// baseline's throughput. Here search_text is a stored generated column: the
// same columns joined by U+001F and lowered, as containsTextInAny() lowers
// them, so a search is one LIKE over a stored column with the same answers.
// PostgreSQL keeps it on every write; nobody can write it by mistake. And
// students_list_idx carries it (INCLUDE), as SQLite's does: the page's ids in
// the list's order and the count are index-only scans, with no sort and no
// table row read (bench school, "ez" in active adults: count 2.5 -> 0.8 ms,
// page 40 4.6 -> 0.7 ms).
const LIST_ORDER = ["status", "age_category", "last_name", "second_last_name", "first_name", "middle_name", "id"];
const columns = LIST_ORDER.map((c) => `"${c}"`).join(", ");
const SEARCHED = ["first_name", "middle_name", "last_name", "second_last_name", "id_number", "email", "phone_number"];

export async function up(db: Kysely<any>) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const joined = SEARCHED.map((c) => `coalesce("${c}", '')`).join(" || chr(31) || ");
  await sql
    .raw(`alter table "students" add column "search_text" text generated always as (lower(${joined})) stored`)
    .execute(db);
  await db.schema.dropIndex("students_list_idx").execute();
  await sql.raw(`create index "students_list_idx" on "students" (${columns}) include ("search_text")`).execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.dropIndex("students_list_idx").execute();
  await db.schema.alterTable("students").dropColumn("search_text").execute();
  await sql.raw(`create index "students_list_idx" on "students" (${columns})`).execute(db);
}
