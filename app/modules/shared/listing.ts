import { z } from "zod";

export const MAX_LIMIT = 100;

/** page/limit from the query string; anything odd falls back to the defaults. */
export function parsePaging(params: URLSearchParams, defaultLimit: number) {
  const page = z.coerce.number().int().min(1).max(100_000).catch(1).parse(params.get("page") ?? undefined);
  const limit = z.coerce.number().int().min(1).max(MAX_LIMIT).catch(defaultLimit).parse(params.get("limit") ?? undefined);
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * A LIKE pattern that matches the text literally anywhere (\ escapes % and _).
 * NUL is dropped: no stored text holds it, and PostgreSQL refuses it in a query.
 */
export function containsPattern(text: string) {
  return `%${text.replace(/\u0000/g, "").toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function isIsoDate(v: string | null | undefined): v is string {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export function nextDay(isoDate: string) {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
