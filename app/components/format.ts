import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

// Every date, number and percentage the app shows goes through Intl in the
// user's language (never toFixed, toLocaleString() without a locale, or a
// hand-made "d/m/y" or `${n}%`). The plain functions serve the server and the
// unit tests; useFormat() binds them to the user's language and the school's
// time zone. A run that must read left to right inside Arabic ("12 / 18",
// a phone number) goes in <bdi dir="ltr">: the bidi algorithm would show
// "18 / 12".

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The format for `options`, kept by `key`, a short name for them (a table formats a number a cell). */
function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions) {
  const full = `${locale}|${key}`;
  let f = numberFormats.get(full);
  if (!f) numberFormats.set(full, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

const listFormats = new Map<string, Intl.ListFormat>();

/**
 * Items joined as the language joins a list ("A, B and C", "A、B和C",
 * "A و B و C"), never with a hand-made ", ": Intl.ListFormat in the reader's
 * language; "unit" for a plain enumeration without "and" ("Mon, Wed").
 */
export function formatList(locale: string, items: readonly string[], type: "conjunction" | "unit" = "conjunction") {
  const key = `${locale}|${type}`;
  let f = listFormats.get(key);
  if (!f) listFormats.set(key, (f = new Intl.ListFormat(locale, { type, style: type === "unit" ? "short" : "long" })));
  return f.format(items);
}

/** A count or measure with up to `maxDecimals` decimals: "1,234", "12.5", "12,5". */
export function formatNumber(locale: string, n: number, maxDecimals = 2): string {
  return numberFormat(locale, `n${maxDecimals}`, { maximumFractionDigits: maxDecimals }).format(n);
}

/** A number with exactly `decimals` decimals: scores "81.50" / "81,50". */
export function formatFixed(locale: string, n: number, decimals = 2): string {
  return numberFormat(locale, `f${decimals}`, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(n);
}

/** A percentage given on a 0–100 scale: 85.5 → "85.50%", "85,50 %", "%85.50"… as the language writes it. */
export function formatPercent(locale: string, value: number, decimals = 2): string {
  return numberFormat(locale, `p${decimals}`, {
    style: "percent",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value / 100);
}

/** The character a language writes between whole and decimal part ("." or ","). */
export function decimalSeparator(locale: string): string {
  return (
    numberFormat(locale, "", {})
      .formatToParts(1.5)
      .find((p) => p.type === "decimal")?.value ?? "."
  );
}

/** A calendar date (YYYY-MM-DD) in the language, never shifted by a time zone. */
export function formatDay(
  locale: string,
  ymd: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium" },
): string {
  const key = `${locale}|${JSON.stringify(options)}|${ymd}`;
  let day = days.get(key);
  if (day === undefined) {
    day = dateFormat(locale, { ...options, timeZone: "UTC" }).format(new Date(`${ymd}T00:00:00Z`));
    if (days.size > 20_000) days.clear();
    days.set(key, day);
  }
  return day;
}

// Pages show the same calendar days on every view (a course's sessions): each is formatted once.
const days = new Map<string, string>();

// Timestamps are formatted per table row and in the bell on every page: their
// formats are kept by a short key, without building and serialising options.
const timestampFormats = new Map<string, Intl.DateTimeFormat>();

/** A stored timestamp (ISO) as a date, or date and time, in the school's time zone. */
export function formatTimestamp(locale: string, iso: string, timeZone: string, withTime = false): string {
  const key = `${locale}|${timeZone}|${withTime ? "t" : "d"}`;
  let f = timestampFormats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = withTime
      ? { dateStyle: "medium", timeStyle: "short", timeZone }
      : { dateStyle: "medium", timeZone };
    timestampFormats.set(key, (f = dateFormat(locale, options)));
  }
  return f.format(new Date(iso));
}

/** Dates, numbers and percentages in the user's language (and the school's time zone). */
export function useFormat() {
  const { i18n } = useTranslation();
  const root = useRouteLoaderData("root") as { timeZone?: string } | undefined;
  const timeZone = root?.timeZone ?? "America/Guayaquil";
  const locale = i18n.language || "en";
  return {
    locale,
    /** A stored timestamp (ISO) as a local date. */
    date(iso: string | null | undefined) {
      return iso ? formatTimestamp(locale, iso, timeZone) : "";
    },
    /** A calendar date (YYYY-MM-DD), never shifted by a time zone. */
    day(ymd: string | null | undefined, options?: Intl.DateTimeFormatOptions) {
      return ymd ? formatDay(locale, ymd, options) : "";
    },
    dateTime(iso: string | null | undefined) {
      return iso ? formatTimestamp(locale, iso, timeZone, true) : "";
    },
    number: (n: number, maxDecimals = 2) => formatNumber(locale, n, maxDecimals),
    percent: (value: number, decimals = 2) => formatPercent(locale, value, decimals),
    list: (items: readonly string[], type: "conjunction" | "unit" = "conjunction") => formatList(locale, items, type),
  };
}
