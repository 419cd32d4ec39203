import { z } from "zod";
import { parseDate } from "~/modules/calendar/dates";
import { addDays } from "~/modules/calendar/week";

export const MAX_LIMIT = 100;

/** page/limit from the query string; anything odd falls back to the defaults. */
export function parsePaging(params: URLSearchParams, defaultLimit: number) {
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(params.get("page") ?? undefined);
  const limit = z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .catch(defaultLimit)
    .parse(params.get("limit") ?? undefined);
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * A LIKE pattern that matches the text literally anywhere (\ escapes % and _).
 * NUL is dropped: no stored text holds it, and PostgreSQL refuses it in a query.
 */
export function containsPattern(text: string) {
  return likePattern(text.toLowerCase());
}

/** A LIKE pattern (escape '\\') for "contains `text`", its case as given. */
export function likePattern(text: string) {
  return `%${text.replace(/\u0000/g, "").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(v: string | null | undefined): v is string {
  return !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && parseDate(v) !== null;
}

/** The calendar day after `isoDate` (YYYY-MM-DD). */
export function nextDay(isoDate: string) {
  return addDays(isoDate, 1);
}
