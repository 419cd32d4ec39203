import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES, dirOf, i18nConfig } from "~/i18n/config";

describe("i18n configuration", () => {
  it("lists exactly the namespace files English has", () => {
    const files = fs
      .readdirSync("public/locales/en")
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""));
    expect([...NAMESPACES].sort()).toEqual(files.sort());
  });
  it("has the seven languages, English as fallback, Arabic right to left, and the spec's loader retries", () => {
    expect([...LANGUAGES]).toEqual(["en", "zh", "ar", "nl", "es", "fr", "pt"]);
    expect(i18nConfig.fallbackLng).toBe("en");
    expect(dirOf("ar")).toBe("rtl");
    expect(LANGUAGES.filter((l) => dirOf(l) === "rtl")).toEqual(["ar"]);
    expect(i18nConfig.maxRetries).toBe(5);
    expect(i18nConfig.retryTimeout).toBe(350);
  });
});
