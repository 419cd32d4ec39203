import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { database, db } from "~/db/kysely.server";
import { containsPattern, likePattern } from "./listing";

/**
 * The only characters whose lower case holds ASCII letters ("İ" → "i̇",
 * KELVIN SIGN "K" → "k"), checked over every code point by
 * tests/unit/sql-contains.test.ts.
 */
export const FOLDS_TO_ASCII = ["\u0130", "\u212a"] as const;
/** What lowering makes of each of FOLDS_TO_ASCII. */
export const FOLDED = ["\u0130".toLowerCase(), "\u212a".toLowerCase()] as const;

/**
 * Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL.
 * `folded`: the column's text has FOLDS_TO_ASCII folded already (SQLite's
 * students.search_text), so it is not folded again per row.
 */
export function containsText(
  column: Expression<unknown> | string,
  text: string,
  { folded = false }: { folded?: boolean } = {},
): Expression<SqlBool> {
  const col = typeof column === "string" ? sql.ref(column) : column;
  // PostgreSQL lowers both sides itself: its lower() and JavaScript's differ on
  // a few letters (İ becomes "i" there, "i" + U+0307 here), and a search must
  // fold the query as it folds the text.
  if (database().dialect !== "sqlite") return sql<SqlBool>`lower(${col}) like lower(${likePattern(text)}) escape '\\'`;
  const pattern = containsPattern(text);
  // On SQLite our ulower() folds every script (kysely.server.ts), but each call
  // is a call into JavaScript, for every row (issue 18: 6 ms of the students
  // list). SQLite's own LIKE ignores ASCII case, and lowering changes no
  // character into ASCII, nor into more than one character, except the two
  // FOLDS_TO_ASCII ("İ" → "i" + U+0307, "K" → "k"; both facts checked over
  // every code point by tests/unit/sql-contains.test.ts). So for an ASCII
  // pattern, LIKE over the text with those two replaced as lowering would
  // (SQLite's replace(), no JavaScript) answers exactly as ulower() would:
  // same answers, one pass over the text (issue 18: the earlier form, LIKE
  // then instr() for the two characters, built the joined columns three times
  // a row; 4.4 → 3.3 ms for the students list's search).
  if (/^[\x00-\x7f]*$/.test(pattern))
    return folded
      ? sql<SqlBool>`${col} like ${pattern} escape '\\'`
      : sql<SqlBool>`replace(replace(${col}, ${FOLDS_TO_ASCII[0]}, ${FOLDED[0]}), ${FOLDS_TO_ASCII[1]}, ${FOLDED[1]}) like ${pattern} escape '\\'`;
  return sql<SqlBool>`ulower(${col}) like ${pattern} escape '\\'`;
}

/** Between the joined columns of containsTextInAny: a character nobody types into a search box. */
const SEPARATOR = "\u001f";

/**
 * containsText over several columns at once: true when `text` is inside one of
 * them. The columns are joined (with a separator `text` cannot hold) and
 * folded once per row, not once per column (issue 9: on SQLite each folding
 * is a call into JavaScript).
 */
export function containsTextInAny(columns: readonly string[], text: string): Expression<SqlBool> {
  if (text.includes(SEPARATOR)) return containsTextInEach(columns, text);
  return containsText(sql`(${joinedColumns(columns)})`, text);
}

/**
 * containsTextInAny over a stored column that holds `columns` joined as
 * joinedColumns() joins them, with FOLDS_TO_ASCII already folded (SQLite's
 * students.search_text, kept by triggers, migration 0012; on PostgreSQL a
 * generated column that holds it lowered, migration 0013): the same answers,
 * without building the text for every row.
 */
export function containsTextInJoined(joined: string, columns: readonly string[], text: string): Expression<SqlBool> {
  if (text.includes(SEPARATOR)) return containsTextInEach(columns, text);
  // PostgreSQL's column holds the joined text lowered already (migration 0013).
  if (database().dialect !== "sqlite")
    return sql<SqlBool>`${sql.ref(joined)} like lower(${likePattern(text)}) escape '\\'`;
  return containsText(joined, text, { folded: true });
}

function containsTextInEach(columns: readonly string[], text: string) {
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => containsText(c, text)),
    sql` or `,
  )})`;
}

function joinedColumns(columns: readonly string[]) {
  return sql.join(
    columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
    sql` || ${SEPARATOR} || `,
  );
}

/**
 * How many rows `query` (a SELECT of one column) has, counting no further than
 * `cap` (ADR 052): `total` at most `cap`, `more` when there are more. The
 * database stops reading at the cap's next row.
 */
export async function countUpTo(query: SelectQueryBuilder<any, any, any>, cap: number) {
  const { n } = await db()
    .selectFrom(query.limit(cap + 1).as("counted"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const found = Number(n);
  return { total: Math.min(found, cap), more: found > cap };
}
