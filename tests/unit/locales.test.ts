/**
 * Translation files stay complete and consistent with English.
 *
 * For every namespace file in public/locales/en/ and every other locale folder:
 * - the same keys (no missing, no extra ones);
 * - the same interpolation variables ({{x}}) in each value;
 * - no empty (or non-string) values;
 * - i18next v23 plural keys: every form the language needs
 *   (Intl.PluralRules categories; Arabic has six, checked against full CLDR
 *   data so a small-ICU Node cannot weaken the test), and no English text
 *   that counts ({{count}}) without plural forms;
 * - the same namespace files in every language;
 * - at most 2% of the values left identical to English (untranslated),
 *   not counting names, codes, numbers and the short allow-list below.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it, expect } from "vitest";
import { LANGUAGES, LANGUAGE_NAMES } from "../../app/i18n/config";

const LOCALES_DIR = fileURLToPath(new URL("../../public/locales/", import.meta.url));
const SOURCE = "en";

/** Largest share of a locale's values that may equal English. */
const MAX_IDENTICAL_RATIO = 0.02;

/**
 * Values that are legitimately the same as English in some languages and so
 * never count as "untranslated". Keep this list short: add a word only when it
 * is the normal term in a target language, not to silence a missing translation.
 * - "OK": the usual button label in Dutch, French, Portuguese, …
 * - "FAQ": the usual menu label in French (and common in Dutch/Portuguese).
 * - "Email": spelled "Email" in some locales' UI conventions.
 */
const ALLOWED_IDENTICAL: ReadonlySet<string> = new Set(["OK", "FAQ", "Email"]);

/** Key (in common.json) whose value is the app's (school's) name: a proper name, never translated. */
const APP_NAME_KEY = "app.name";

const PLURAL_SUFFIX = /^(.*)_(ordinal_)?(zero|one|two|few|many|other)$/;

type Flat = Map<string, unknown>;

function readJson(file: string): unknown {
  const text = readFileSync(file, "utf8");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Nested object → "a.b.c" → leaf value (arrays are indexed like objects). */
function flatten(value: unknown, prefix = "", out: Flat = new Map()): Flat {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function variables(value: unknown): string[] {
  if (typeof value !== "string") return [];
  // {{name}}, {{ name }}, {{value, number}} → "name" / "value"
  const names = [...value.matchAll(/\{\{\s*-?\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]);
  return [...new Set(names)].sort();
}

interface PluralKey {
  base: string;
  ordinal: boolean;
  category: string;
}

function parsePlural(key: string): PluralKey | null {
  const m = PLURAL_SUFFIX.exec(key);
  return m ? { base: m[1], ordinal: Boolean(m[2]), category: m[3] } : null;
}

const groupId = (p: { base: string; ordinal: boolean }) => `${p.base}${p.ordinal ? "_ordinal" : ""}`;
const formKey = (p: { base: string; ordinal: boolean }, category: string) =>
  `${p.base}_${p.ordinal ? "ordinal_" : ""}${category}`;

function pluralCategories(lng: string, ordinal: boolean): string[] {
  return new Intl.PluralRules(lng, { type: ordinal ? "ordinal" : "cardinal" }).resolvedOptions().pluralCategories;
}

/** English's plural groups: "base" (or "base_ordinal") → its parsed form. */
function pluralGroups(source: Flat): Map<string, PluralKey> {
  const groups = new Map<string, PluralKey>();
  for (const key of source.keys()) {
    const p = parsePlural(key);
    if (p) groups.set(groupId(p), p);
  }
  return groups;
}

/** The keys a locale must have, and those it may have, given English's keys. */
function expectedKeys(source: Flat, lng: string) {
  const required = new Set<string>();
  const allowed = new Set<string>();
  for (const key of source.keys()) {
    if (!parsePlural(key)) {
      required.add(key);
      allowed.add(key);
    }
  }
  for (const group of pluralGroups(source).values()) {
    for (const category of pluralCategories(lng, group.ordinal)) {
      required.add(formKey(group, category));
      allowed.add(formKey(group, category));
    }
    // i18next also honours an optional "_zero" form (count === 0) in every language.
    if (!group.ordinal) allowed.add(formKey(group, "zero"));
  }
  return { required, allowed };
}

/** The English value a locale's key is compared with (plural forms → English's same form, else "_other"). */
function englishCounterpart(source: Flat, key: string): { key: string; value: unknown } | undefined {
  if (source.has(key)) return { key, value: source.get(key) };
  const p = parsePlural(key);
  if (!p) return undefined;
  const other = formKey(p, "other");
  return source.has(other) ? { key: other, value: source.get(other) } : undefined;
}

// Letters outside {{variables}}: "{{days}} {{start}}–{{end}}" has none to translate.
const hasLetter = (s: string) => /\p{L}/u.test(s.replace(/{{[^}]*}}/g, ""));

function listLocales(): string[] {
  return readdirSync(LOCALES_DIR)
    .filter((name) => statSync(join(LOCALES_DIR, name)).isDirectory())
    .sort();
}

function listNamespaces(): string[] {
  return readdirSync(join(LOCALES_DIR, SOURCE))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

const locales = listLocales();
const targets = locales.filter((lng) => lng !== SOURCE);
const namespaces = listNamespaces();

function load(lng: string, ns: string): Flat {
  const file = join(LOCALES_DIR, lng, `${ns}.json`);
  if (!existsSync(file)) throw new Error(`Missing translation file public/locales/${lng}/${ns}.json`);
  return flatten(readJson(file));
}

describe("locale files", () => {
  it("exist for English and at least one namespace", () => {
    expect(locales).toContain(SOURCE);
    expect(namespaces.length).toBeGreaterThan(0);
  });

  it("exist for every supported language", () => {
    const missing = LANGUAGES.filter((lng) => !locales.includes(lng));
    expect(missing, `No public/locales/<lng>/ folder for: ${missing.join(", ")}`).toEqual([]);
  });

  it("are the same namespace files in every language (none only outside English)", () => {
    for (const lng of locales) {
      const files = readdirSync(join(LOCALES_DIR, lng))
        .filter((file) => file.endsWith(".json"))
        .map((file) => file.slice(0, -5))
        .sort();
      expect(files, `public/locales/${lng}/`).toEqual(namespaces);
    }
  });
});

describe("plural forms", () => {
  // The checks below take each language's forms from Intl.PluralRules: a Node
  // built without full ICU data would give every language English's forms and
  // let a missing Arabic form pass.
  it("come from full CLDR data: Arabic has six, Chinese one, the others two", () => {
    expect(pluralCategories("ar", false).sort()).toEqual(["few", "many", "one", "other", "two", "zero"]);
    expect(pluralCategories("zh", false)).toEqual(["other"]);
    for (const lng of ["en", "nl"]) expect(pluralCategories(lng, false).sort()).toEqual(["one", "other"]);
    for (const lng of ["es", "fr", "pt"]) expect(pluralCategories(lng, false)).toContain("many");
  });

  it("are used: English has plural keys, and Arabic writes all six forms of each", () => {
    let groups = 0;
    for (const ns of namespaces) {
      const arabic = load("ar", ns);
      for (const group of pluralGroups(load(SOURCE, ns)).values()) {
        groups += 1;
        const forms = ["zero", "one", "two", "few", "many", "other"].filter((c) => arabic.has(formKey(group, c)));
        expect(forms, `ar/${ns}.json ${group.base}`).toHaveLength(6);
      }
    }
    expect(groups).toBeGreaterThan(0);
  });

  it("are there wherever an English text counts something: {{count}} outside a plural key only follows a colon", () => {
    // "Failed sign-ins in a row: {{count}}" needs no agreement; "{{count}} students" does, so it must be a plural key.
    const bad: string[] = [];
    for (const ns of namespaces) {
      for (const [key, value] of load(SOURCE, ns)) {
        if (parsePlural(key) || typeof value !== "string") continue;
        for (const m of value.matchAll(/\{\{\s*count\b[^}]*\}\}/g)) {
          if (!/:\s*$/.test(value.slice(0, m.index))) bad.push(`${ns}:${key} = ${JSON.stringify(value)}`);
        }
      }
    }
    expect(bad, `Counted texts without plural forms:\n  ${bad.join("\n  ")}`).toEqual([]);
  });
});

for (const ns of namespaces) {
  describe(`namespace "${ns}"`, () => {
    it.each(locales)("%s has no empty or non-string values", (lng) => {
      const bad = [...load(lng, ns)]
        .filter(([, value]) => typeof value !== "string" || value.trim() === "")
        .map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
      expect(bad, `Empty or non-string values in ${lng}/${ns}.json:\n  ${bad.join("\n  ")}`).toEqual([]);
    });

    it.each(targets)("%s has exactly the keys English has", (lng) => {
      const source = load(SOURCE, ns);
      const keys = new Set(load(lng, ns).keys());
      const { required, allowed } = expectedKeys(source, lng);
      // Missing plural forms are reported by the plural test below.
      const missing = [...required].filter((key) => !keys.has(key) && !parsePlural(key));
      const extra = [...keys].filter((key) => !allowed.has(key));
      const problems = [
        ...missing.map((key) => `missing: ${key}`),
        ...extra.map((key) => `not in English (or not a plural form ${lng} uses): ${key}`),
      ];
      expect(problems, `${lng}/${ns}.json keys differ from English:\n  ${problems.join("\n  ")}`).toEqual([]);
    });

    it.each(targets)("%s has every plural form its language needs", (lng) => {
      const source = load(SOURCE, ns);
      const target = load(lng, ns);
      const missing: string[] = [];
      for (const group of pluralGroups(source).values()) {
        for (const category of pluralCategories(lng, group.ordinal)) {
          const key = formKey(group, category);
          if (!target.has(key)) missing.push(key);
        }
      }
      expect(missing, `${lng}/${ns}.json lacks plural forms:\n  ${missing.join("\n  ")}`).toEqual([]);
    });

    it.each(targets)("%s uses the same interpolation variables as English", (lng) => {
      const source = load(SOURCE, ns);
      const bad: string[] = [];
      for (const [key, value] of load(lng, ns)) {
        const en = englishCounterpart(source, key);
        if (!en) continue; // reported by the key test
        const expected = variables(en.value);
        let actual = variables(value);
        // A plural form may leave out {{count}} ("one item", Arabic dual, …) but nothing else.
        if (parsePlural(key) && expected.includes("count") && !actual.includes("count")) {
          actual = [...actual, "count"].sort();
        }
        if (expected.join() !== actual.join()) {
          bad.push(`${key}: expected {{${expected.join("}}, {{")}}} got {{${actual.join("}}, {{")}}}`);
        }
      }
      expect(bad, `Interpolation variables differ from English in ${lng}/${ns}.json:\n  ${bad.join("\n  ")}`).toEqual(
        [],
      );
    });
  });
}

describe("translation coverage", () => {
  // Counted over all of a locale's namespaces together, so one short namespace
  // with a single cognate does not fail on its own.
  it.each(targets)(`%s leaves at most ${MAX_IDENTICAL_RATIO * 100}% of values identical to English`, (lng) => {
    const languageNames = new Set<string>(Object.values(LANGUAGE_NAMES));
    const appName = namespaces.includes("common") ? load(SOURCE, "common").get(APP_NAME_KEY) : undefined;
    let compared = 0;
    const identical: string[] = [];
    for (const ns of namespaces) {
      const source = load(SOURCE, ns);
      const target = load(lng, ns);
      for (const [key, value] of target) {
        const en = englishCounterpart(source, key);
        if (typeof value !== "string" || typeof en?.value !== "string") continue;
        const exempt =
          !hasLetter(en.value) || // numbers, codes, punctuation
          en.key === APP_NAME_KEY ||
          en.value === appName ||
          languageNames.has(en.value);
        if (exempt) continue;
        compared += 1;
        if (value === en.value && !ALLOWED_IDENTICAL.has(value))
          identical.push(`${ns}:${key} = ${JSON.stringify(value)}`);
      }
    }
    const ratio = compared === 0 ? 0 : identical.length / compared;
    expect(
      ratio,
      `${lng}: ${identical.length} of ${compared} values (${(ratio * 100).toFixed(1)}%) are identical to English:\n  ${identical.join("\n  ")}`,
    ).toBeLessThanOrEqual(MAX_IDENTICAL_RATIO);
  });
});
