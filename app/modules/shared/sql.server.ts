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
