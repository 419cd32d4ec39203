import { describe, expect, it } from "vitest";
import {
  decimalSeparator,
  formatDay,
  formatFixed,
  formatNumber,
  formatPercent,
  formatTimestamp,
} from "~/components/format";
import { LANGUAGES } from "~/i18n/config";

// Intl output carries invisible direction marks (LRM, RLM, ALM) and narrow or
// no-break spaces in some languages; compare what a reader sees.
const visible = (s: string) => s.replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, "").replace(/[\u00a0\u202f]/g, " ");

describe("numbers in the user's language", () => {
  it("groups thousands and writes the decimal separator of each language", () => {
    expect(formatNumber("en", 1234.5)).toBe("1,234.5");
    expect(visible(formatNumber("fr", 1234.5))).toBe("1 234,5");
    expect(formatNumber("es", 12.5)).toBe("12,5");
    expect(formatNumber("nl", 1234.5)).toBe("1.234,5");
    expect(formatNumber("pt", 12.5)).toBe("12,5");
    expect(formatNumber("zh", 1234.5)).toBe("1,234.5");
    // Arabic: the digits Intl picks for "ar", with the Arabic decimal and group separators if it picks Arabic-Indic ones.
    expect(visible(formatNumber("ar", 12.5))).toMatch(/^(12\.5|١٢٫٥)$/);
  });

  it("keeps at most the decimals asked for, and scores always two", () => {
    expect(formatNumber("en", 20.25, 1)).toBe("20.3");
    expect(formatNumber("en", 3, 0)).toBe("3");
    expect(formatFixed("en", 81.5)).toBe("81.50");
    expect(formatFixed("es", 81.5)).toBe("81,50");
    expect(formatFixed("de", 70)).toBe("70,00");
  });

  it("writes percentages (given on a 0–100 scale) where each language puts the sign", () => {
    expect(formatPercent("en", 85.5)).toBe("85.50%");
    expect(visible(formatPercent("fr", 85.5))).toBe("85,50 %");
    expect(visible(formatPercent("es", 30, 0))).toBe("30 %");
    expect(formatPercent("nl", 30, 0)).toBe("30%");
    expect(formatPercent("zh", 100, 0)).toBe("100%");
    expect(visible(formatPercent("ar", 30, 0))).toMatch(/^(30%|٣٠٪)$/);
  });

  it("knows which languages write a decimal comma", () => {
    expect(LANGUAGES.map((l) => [l, decimalSeparator(l)])).toEqual([
      ["en", "."],
      ["zh", "."],
      ["ar", decimalSeparator("ar")],
      ["nl", ","],
      ["es", ","],
      ["fr", ","],
      ["pt", ","],
    ]);
    expect([".", "٫"]).toContain(decimalSeparator("ar"));
  });
});

describe("dates in the user's language", () => {
  it("shows a calendar date on that day in every language, whatever the time zone", () => {
    expect(formatDay("en", "2026-11-02")).toBe("Nov 2, 2026");
    expect(formatDay("es", "2026-11-02")).toBe("2 nov 2026");
    expect(formatDay("fr", "2026-11-02")).toBe("2 nov. 2026");
    expect(formatDay("zh", "2026-11-02")).toBe("2026年11月2日");
    expect(visible(formatDay("ar", "2026-11-02"))).toMatch(/2026|٢٠٢٦/);
    // The first and last day of a year stay there (no shift by the machine's zone).
    expect(formatDay("en", "2027-01-01")).toBe("Jan 1, 2027");
    expect(formatDay("en", "2026-12-31", { weekday: "short", year: "numeric", month: "short", day: "numeric" })).toBe(
      "Thu, Dec 31, 2026",
    );
  });

  it("shows a stored timestamp in the school's time zone", () => {
    // 03:30 UTC on 2 Nov is still 1 Nov in Guayaquil (UTC−5).
    expect(formatTimestamp("en", "2026-11-02T03:30:00.000Z", "America/Guayaquil")).toBe("Nov 1, 2026");
    expect(formatTimestamp("en", "2026-11-02T03:30:00.000Z", "UTC")).toBe("Nov 2, 2026");
    expect(visible(formatTimestamp("en", "2026-11-02T03:30:00.000Z", "America/Guayaquil", true))).toBe(
      "Nov 1, 2026, 10:30 PM",
    );
    expect(formatTimestamp("es", "2026-11-02T15:00:00.000Z", "America/Guayaquil", true)).toBe("2 nov 2026, 10:00");
  });
});
