// PURE (client and server): what can be a row id.

/**
 * The largest row id. Ids are PostgreSQL `serial` columns (32-bit): a bigger
 * number names no row, and sent in a query it makes PostgreSQL fail the query
 * (a 500 instead of a 404 or a 400). Every id that comes from a URL, a query
 * string, a form or a JSON body is checked against this before any query.
 */
export const MAX_ID = 2_147_483_647;

/** A whole number that can be a row id. */
export function isRowId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;
}

/**
 * The id a text (a route param, a query parameter, a form field) names, or
 * null when it can name no row. The one grammar of an id in text: decimal
 * digits ("042" is 42; blanks around are ignored), no sign, fraction,
 * exponent or hex, 1 to MAX_ID. Routes reach it through app/http/ids.server.
 */
export function rowId(raw: string | null | undefined): number | null {
  const text = raw?.trim();
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return isRowId(id) ? id : null;
}
