import { type Kysely, PostgresAdapter, sql } from "kysely";

// Issue 18: the students list answers from one index. The list filters by
// status and age (and more), searches the names, id number, e-mail and phone,
// sorts by name and counts the matches; the table scan and sort of ~3,000
// rows behind it cost 6 to 8 ms a view on SQLite. students_list_idx holds, in
// the list's order, what the common view reads; on SQLite it also holds the
// searched columns joined (search_text), so the search reads no table row.
//
// search_text is the columns joined by U+001F (which a search cannot hold,
// modules/shared/sql.server.ts) with the only two characters whose lower case
// holds ASCII letters already folded (İ, K): SQLite's LIKE ignores ASCII case,
// so an ASCII search matches it exactly as it would the lowered text. Triggers
// keep it (plain SQL, no function of ours: every writer, the app's, a test's
// or the sqlite3 shell's, keeps it right). Not a generated column: SQLite
// adds only virtual ones to a table, and reads the table for those.
const SEARCHED = ["first_name", "middle_name", "last_name", "second_last_name", "id_number", "email", "phone_number"];
const LIST_ORDER = ["status", "age_category", "last_name", "second_last_name", "first_name", "middle_name", "id"];

/** The search text of a row (`row.` a trigger's NEW., or nothing for the table's own). */
function searchText(row: string) {
  const joined = SEARCHED.map((c) => `coalesce(${row}"${c}", '')`).join(" || char(31) || ");
  return `replace(replace(${joined}, char(304), 'i' || char(775)), char(8490), 'k')`;
}

export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!postgres) {
    await db.schema.alterTable("students").addColumn("search_text", "text").execute();
    await sql.raw(`update "students" set "search_text" = ${searchText("")}`).execute(db);
    const set = `update "students" set "search_text" = ${searchText("new.")} where "id" = new."id";`;
    await sql.raw(`create trigger "students_search_insert" after insert on "students" begin ${set} end`).execute(db);
    await sql
      .raw(
        `create trigger "students_search_update" after update of ${SEARCHED.map((c) => `"${c}"`).join(", ")} ` +
          `on "students" begin ${set} end`,
      )
      .execute(db);
  }
  await db.schema
    .createIndex("students_list_idx")
    .on("students")
    .columns(postgres ? LIST_ORDER : [...LIST_ORDER, "search_text"])
    .execute();
}

export async function down(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex("students_list_idx").execute();
  if (postgres) return;
  await sql.raw(`drop trigger "students_search_insert"`).execute(db);
  await sql.raw(`drop trigger "students_search_update"`).execute(db);
  await db.schema.alterTable("students").dropColumn("search_text").execute();
}
