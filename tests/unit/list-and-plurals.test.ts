import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { formatList } from "~/components/format";
import { resources } from "~/i18n/i18n.server";

// Issue 20: lists joined in the reader's language (Intl.ListFormat, never a
// hand-made ", "), and counts that choose their plural ("1 result", Arabic's
// six forms) instead of "{{total}} results".

describe("formatList", () => {
  it("joins as each language joins a list", () => {
    expect(formatList("en", ["Ana", "Li", "Sam"])).toBe("Ana, Li, and Sam");
    expect(formatList("es", ["Ana", "Li", "Sam"])).toBe("Ana, Li y Sam");
    expect(formatList("zh", ["安娜", "李", "萨姆"])).toBe("安娜、李和萨姆");
    expect(formatList("ar", ["أ", "ب"])).toBe("أ وب");
    expect(formatList("en", ["Mon", "Wed"], "unit")).toBe("Mon, Wed");
    expect(formatList("fr", ["Ana"])).toBe("Ana");
  });
});

describe("counted sentences choose their plural", () => {
  const i18n = createInstance();
  const ready = i18n.init({ resources, lng: "en", fallbackLng: "en", ns: ["common", "courses", "users"] });
  const t = async (lng: string, key: string, options: Record<string, unknown>) => {
    await ready;
    return i18n.getFixedT(lng)(key, options) as string;
  };

  it("the pagination summary: 1 result, 2 results; thousands grouped; Arabic's forms", async () => {
    expect(await t("en", "common:pagination.summary", { page: 1, pages: 1, count: 1 })).toBe("Page 1 of 1 · 1 result");
    expect(await t("en", "common:pagination.summary", { page: 1, pages: 3, count: 1234 })).toBe(
      "Page 1 of 3 · 1,234 results",
    );
    expect(await t("ar", "common:pagination.summary", { page: 1, pages: 1, count: 1 })).toContain("نتيجة واحدة");
    expect(await t("ar", "common:pagination.summary", { page: 1, pages: 1, count: 2 })).toContain("نتيجتان");
    expect(await t("ar", "common:pagination.summary", { page: 1, pages: 1, count: 5 })).toContain("نتائج");
    expect(await t("fr", "common:pagination.summary", { page: 1, pages: 1, count: 1 })).toBe(
      "Page 1 sur 1 · 1 résultat",
    );
  });

  it("a search counted up to its cap says more than (ADR 052), in every language", async () => {
    expect(await t("en", "common:pagination.summaryMore", { page: 40, count: 1000 })).toBe(
      "Page 40 · more than 1,000 results",
    );
    expect(await t("es", "common:pagination.summaryMore", { page: 2, count: 1000 })).toBe(
      "Página 2 · más de 1000 resultados",
    );
    expect(await t("zh", "common:pagination.summaryMore", { page: 2, count: 1000 })).toBe(
      "第 2 页 · 超过 1,000 条结果",
    );
    expect(await t("ar", "common:pagination.summaryMore", { page: 2, count: 1000 })).toContain("أكثر من");
    for (const lng of ["nl", "fr", "pt"])
      expect(await t(lng, "common:pagination.summaryMore", { page: 2, count: 1000 })).not.toContain("more");
  });

  it("a course's sessions and the audit log's counts", async () => {
    const sessions = { held: 0, holiday: 0, upcoming: 1 };
    expect(await t("en", "courses:sessions.summary", { count: 1, ...sessions })).toMatch(/^1 session:/);
    expect(await t("en", "courses:sessions.summary", { count: 2, ...sessions })).toMatch(/^2 sessions:/);
    expect(await t("en", "users:audit.values.changed", { count: 1 })).toBe("1 change");
    expect(await t("ar", "users:audit.values.changed", { count: 2 })).toBe("تغييران");
  });
});

describe("no sentence is assembled outside the translations", () => {
  // A label's colon is the language's own (common:colon: "Label:", French
  // "Label :", Chinese "Label："), never a ": " typed after a translation.
  it('no ": " or ", " written after a translated word in the components and routes', async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".tsx") ? [join(dir, e.name)] : [],
      );
    const found: string[] = [];
    for (const file of [...files("app/components"), ...files("app/routes")]) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          // {t("…")}: …   {t("…")}:{" "}   {t("…")}, {…}
          if (/\bt\([^)]*\)\}\s*[:,](\s|\{" "\}|$)/.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
