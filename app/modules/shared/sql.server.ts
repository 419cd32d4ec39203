import { type Expression, type SqlBool, sql } from "kysely";
import { database } from "~/db/kysely.server";
import { containsPattern } from "./listing";

/** Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL. */
export function containsText(column: Expression<unknown> | string, text: string): Expression<SqlBool> {
  const col = typeof column === "string" ? sql.ref(column) : column;
  // PostgreSQL's lower() folds every script; on SQLite our ulower() does (kysely.server.ts).
  const lower = sql.raw(database().dialect === "sqlite" ? "ulower" : "lower");
  return sql<SqlBool>`${lower}(${col}) like ${containsPattern(text)} escape '\\'`;
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
  if (text.includes(SEPARATOR))
    return sql<SqlBool>`(${sql.join(
      columns.map((c) => containsText(c, text)),
      sql` or `,
    )})`;
  const joined = sql.join(
    columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
    sql` || ${SEPARATOR} || `,
  );
  return containsText(sql`(${joined})`, text);
}
