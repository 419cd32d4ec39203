import fs from "node:fs";
import path from "node:path";
import { createInstance } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES, i18nConfig } from "~/i18n/config";
import { type Resources, Translations, exists, translate } from "~/i18n/translate";

// ADR 055: the pages' own t() (app/i18n/translate.ts) gives, for every key of
// every language and what the app passes with it, the text i18next gives
// (the loaders, mails and PDFs still translate with i18next). A difference
// here would be a page whose server render and browser render disagree with
// the server's other messages.

const resources: Resources = {};
for (const lng of LANGUAGES) {
  resources[lng] = {};
  for (const ns of NAMESPACES)
    resources[lng][ns] = JSON.parse(fs.readFileSync(path.join("public/locales", lng, `${ns}.json`), "utf8"));
}

const i18next = createInstance();
beforeAll(async () => {
  await i18next.init({ ...i18nConfig, resources, ns: [...NAMESPACES] });
});

/** i18next as react-i18next hands it to a page in a language: an instance in that language, t() fixed to namespaces. */
const theirT = (lng: string, ns: string | string[]) => i18next.cloneInstance({ lng }).getFixedT(null, ns);

/** Every key of a namespace, flattened ("a.b.c"), plural forms also by their base key. */
function keysOf(node: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(node).flatMap(([k, v]) => {
    const key = prefix + k;
    if (v && typeof v === "object") return keysOf(v as Record<string, unknown>, `${key}.`);
    const base = /^(.*)_(zero|one|two|few|many|other)$/.exec(key)?.[1];
    return base ? [key, base] : [key];
  });
}

const variablesOf = (text: string) => [...text.matchAll(/{{-?\s*([^,}]+?)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]);

/** Values a page passes: words, numbers, and hostile text (replacement patterns, placeholders, markup). */
const VALUES: unknown[] = ["Ana María", 7, "$& $1 $$", "{{name}}", "$t(common:app.name)", "<b>x</b>", "", 0];
const COUNTS = [0, 1, 2, 3, 11, 100, 1.5, 1234];

function optionSets(key: string, text: string): Record<string, unknown>[] {
  const names = [...new Set([...variablesOf(text), "count"])];
  const sets: Record<string, unknown>[] = [{}];
  for (const value of VALUES) sets.push(Object.fromEntries(names.map((n) => [n, value])));
  for (const count of COUNTS) sets.push({ ...Object.fromEntries(names.map((n) => [n, "x"])), count });
  sets.push({ defaultValue: "Default {{count}}", count: 2 });
  sets.push({ defaultValue: `Default for ${key}` });
  return sets;
}

describe("the pages' t() gives i18next's text", () => {
  for (const lng of LANGUAGES) {
    it(`for every key of every namespace in ${lng}, with words, numbers, counts and hostile values`, () => {
      let compared = 0;
      for (const ns of NAMESPACES) {
        const theirs = theirT(lng, ns);
        const ours = new Translations(lng, resources).fixedT([ns]);
        for (const key of new Set(keysOf(resources.en[ns]))) {
          for (const options of optionSets(key, findText(ns, key))) {
            expect(ours(key, options), `${lng} ${ns}:${key} ${JSON.stringify(options)}`).toBe(theirs(key, options));
            compared++;
          }
          // The same key named with its namespace from another page's t().
          expect(new Translations(lng, resources).fixedT(["users"])(`${ns}:${key}`)).toBe(
            theirT(lng, "users")(`${ns}:${key}`),
          );
        }
      }
      expect(compared).toBeGreaterThan(10_000);
    });
  }

  it("looks a key up in a list of namespaces in turn (useTranslation's nsMode fallback), and names one with ns:", () => {
    for (const lng of LANGUAGES) {
      const theirs = theirT(lng, ["courses", "common"]);
      const ours = new Translations(lng, resources).fixedT(["courses", "common"]);
      for (const key of [...keysOf(resources.en.common).slice(0, 200), ...keysOf(resources.en.courses).slice(0, 200)])
        expect(ours(key, { count: 2 })).toBe(theirs(key, { count: 2 }));
      expect(ours("users:title", { ns: "users" })).toBe(theirs("users:title", { ns: "users" }));
    }
  });

  it("answers keys that are not there, plain words and odd keys as i18next does", () => {
    const odd = [
      "missing.key",
      "common:missing.key",
      "nope:missing",
      "Not found, sorry",
      "Could not save: try again",
      "a:b:c",
      "pagination",
      "pagination.summary.deeper",
      "",
      "Something went wrong.",
      "errors.notFound: page",
      "x".repeat(5000),
    ];
    for (const lng of LANGUAGES) {
      const theirs = theirT(lng, "common");
      const ours = new Translations(lng, resources).fixedT(["common"]);
      for (const key of odd) {
        expect(ours(key), key).toBe(theirs(key));
        expect(ours(key, { defaultValue: "Fallback" }), key).toBe(theirs(key, { defaultValue: "Fallback" }));
        expect(ours(key, "Fallback {{n}}", { n: 3 }), key).toBe(theirs(key, "Fallback {{n}}", { n: 3 }));
        expect(exists(resources, lng, key), key).toBe(i18next.exists(key, { lng }));
      }
      // The one intended difference: a key is never read as a directive to
      // translate another key (i18next nests "$t(…)" found in a missing key).
      expect(ours("$t(common:app.name)")).toBe("$t(common:app.name)");
      expect(ours(undefined)).toBe(theirs(undefined as unknown as string));
      expect(ours(null)).toBe("");
    }
  });

  it("is what a page's t() gives when translate() is called directly with a language and namespaces", () => {
    expect(translate(resources, "fr", ["common"], "pagination.summary", { page: 1, pages: 1, count: 1 })).toBe(
      "Page 1 sur 1 · 1 résultat",
    );
    expect(translate(resources, "zh", ["common"], "common:pagination.summaryMore", { page: 2, count: 1000 })).toBe(
      "第 2 页 · 超过 1,000 条结果",
    );
  });

  it("has no text that nests another ($t(…)), which the pages' t() does not do", () => {
    expect(JSON.stringify(resources)).not.toContain("$t(");
  });
});

/** The English text of a key, or of its "other" form for a plural's base key. */
function findText(ns: string, key: string): string {
  const at = (k: string) => {
    let node: unknown = resources.en[ns];
    for (const part of k.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === "string" ? node : undefined;
  };
  return at(key) ?? at(`${key}_other`) ?? "";
}
