import { WEEKDAY_CODES, type WeekdayCode } from "./schedules";

// PURE (client and server): plain calendar dates, without rrule, so pages
// can use them without shipping it (./calendar expands schedules).

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-09-07" → Date at 2026-09-07T00:00:00Z, or null when not a real date. */
export function parseDate(value: string): Date | null {
  const m = DATE_RE.exec(value?.trim?.() ?? "");
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** The UTC calendar date of `date` as YYYY-MM-DD. */
export function formatDate(date: Date): string {
  const y = String(date.getUTCFullYear()).padStart(4, "0");
  const m = String(date.getUTCMonth() + 1).padStart(2, "0");
  const d = String(date.getUTCDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** "MO, we,XX" → ["MO", "WE"] (unknown codes dropped, duplicates removed, week order). */
export function parseScheduleDays(days: string | null | undefined): WeekdayCode[] {
  const wanted = new Set(
    (days ?? "")
      .split(",")
      .map((d) => d.trim().toUpperCase())
      .filter(Boolean),
  );
  return WEEKDAY_CODES.filter((c) => wanted.has(c));
}
