import { type Expression, type SqlBool, sql } from "kysely";
import { containsPattern } from "./listing";

/** Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL. */
export function containsText(column: Expression<unknown> | string, text: string): Expression<SqlBool> {
  const col = typeof column === "string" ? sql.ref(column) : column;
  return sql<SqlBool>`lower(${col}) like ${containsPattern(text)} escape '\\'`;
}
