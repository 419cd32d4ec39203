import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/i18n/config";
import { FAQS } from "~/modules/teachers/faq";

// The FAQ pages list their questions from app/modules/teachers/faq.ts; the
// text is in school.json. One list of keys, the same in every language.

const school = (lng: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/school.json`, import.meta.url)), "utf8"),
  ) as Record<string, { items: Record<string, { q: string; a: string }> }>;

describe("the staff FAQs", () => {
  it.each(LANGUAGES)("ask, in %s, exactly the questions school.json answers, in its order", (lng) => {
    const texts = school(lng);
    for (const [section, questions] of Object.entries(FAQS)) {
      expect([section, Object.keys(texts[section].items)]).toEqual([section, [...questions]]);
      for (const key of questions) {
        expect(texts[section].items[key].q, `${lng} ${section}.${key}.q`).toBeTruthy();
        expect(texts[section].items[key].a, `${lng} ${section}.${key}.a`).toBeTruthy();
      }
    }
  });
});
