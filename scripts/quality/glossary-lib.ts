/**
 * The glossary (docs/glossary.json): one word per thing per language.
 *
 * Read by tests/unit/glossary.test.ts (rejected variants, agreement of status
 * labels, docs/glossary.md up to date) and by scripts/quality/glossary.ts
 * (lists the variants found in the locale files; writes docs/glossary.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const GLOSSARY_JSON = join(ROOT, "docs/glossary.json");
export const GLOSSARY_MD = join(ROOT, "docs/glossary.md");
export const LOCALES_DIR = join(ROOT, "public/locales");

export const TARGETS = ["zh", "ar", "nl", "es", "fr", "pt"] as const;
export type Target = (typeof TARGETS)[number];
export type Gender = "m" | "f";

/**
 * Namespaces the glossary does not check yet: pdf.json is being reworked for
 * issue 20's PDF part (its Portuguese and Spanish variety) by another branch.
 */
export const UNCHECKED_NAMESPACES: ReadonlySet<string> = new Set<string>([]);

export interface Rejection {
  pattern: string;
  why: string;
}
export interface Rendering {
  use: string;
  gender?: string;
  reject?: Rejection[];
}
export type Term = { id: string; en: string; note?: string } & Partial<Record<Target, Rendering>>;
export type StatusLabels = Record<string, Record<string, string>>;
export interface Glossary {
  varieties: Record<string, string>;
  terms: Term[];
  statusKinds: Record<string, { term: string; statuses: string[] }>;
  agreement: Partial<Record<Target, Record<string, Record<Gender, string>>>>;
  statusLabels: Partial<Record<"en" | Target, StatusLabels>>;
}

export function loadGlossary(): Glossary {
  return JSON.parse(readFileSync(GLOSSARY_JSON, "utf8")) as Glossary;
}

/**
 * A glossary pattern as a RegExp: case-insensitive and Unicode-aware; `\b` is a
 * word edge for every script (JavaScript's own `\b` only knows ASCII letters,
 * so "\bélève" would never match).
 */
export function toRegExp(pattern: string): RegExp {
  const edge = "(?:(?<![\\p{L}\\p{N}])(?=[\\p{L}\\p{N}])|(?<=[\\p{L}\\p{N}])(?![\\p{L}\\p{N}]))";
  return new RegExp(pattern.replaceAll("\\b", edge), "giu");
}

/** "a.b.c" → value, for every string in a nested translation object. */
export function flatten(value: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (typeof value === "string") {
    out.set(prefix, value);
  }
  return out;
}

/** Every checked value of a language, keyed "namespace:key". */
export function localeValues(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(join(LOCALES_DIR, lang)).sort()) {
    const ns = file.replace(/\.json$/, "");
    if (!file.endsWith(".json") || UNCHECKED_NAMESPACES.has(ns)) continue;
    const flat = flatten(JSON.parse(readFileSync(join(LOCALES_DIR, lang, file), "utf8")));
    for (const [key, value] of flat) out.set(`${ns}:${key}`, value);
  }
  return out;
}

/** A value's lines, without its {{placeholders}} (names of variables, not words of the language). */
export function textLines(value: string): string[] {
  return value.replace(/\{\{[^}]*\}\}/g, "…").split("\n");
}

export interface Finding {
  lang: Target;
  term: string;
  pattern: string;
  why: string;
  key: string;
  match: string;
  value: string;
}

/** Every place a locale value uses a variant the glossary rejects. */
export function rejectedUses(glossary: Glossary, langs: readonly Target[] = TARGETS): Finding[] {
  const findings: Finding[] = [];
  for (const lang of langs) {
    const values = localeValues(lang);
    for (const term of glossary.terms) {
      for (const { pattern, why } of term[lang]?.reject ?? []) {
        const re = toRegExp(pattern);
        for (const [key, value] of values) {
          for (const line of textLines(value)) {
            for (const m of line.matchAll(re)) {
              findings.push({ lang, term: term.id, pattern, why, key, match: m[0], value });
            }
          }
        }
      }
    }
  }
  return findings;
}

/** The gender a status label of this kind agrees with (a user account is masculine everywhere). */
export function kindGender(glossary: Glossary, kind: string, lang: Target): Gender {
  const termId = glossary.statusKinds[kind]?.term;
  const gender = glossary.terms.find((t) => t.id === termId)?.[lang]?.gender;
  return gender === "f" ? "f" : "m";
}

/** The label each kind of record shows for each status, per language. */
export function expectedStatusLabels(glossary: Glossary, lang: "en" | Target): StatusLabels {
  const given = glossary.statusLabels[lang];
  if (given) return given;
  const forms = glossary.agreement[lang as Target];
  if (!forms) throw new Error(`docs/glossary.json has no status labels for ${lang}`);
  const labels: StatusLabels = {};
  for (const [kind, { statuses }] of Object.entries(glossary.statusKinds)) {
    const gender = kindGender(glossary, kind, lang as Target);
    labels[kind] = Object.fromEntries(statuses.map((s) => [s, forms[s][gender]]));
  }
  return labels;
}

const LANGUAGE_NAMES: Record<Target, string> = {
  zh: "中文",
  ar: "العربية",
  nl: "Nederlands",
  es: "Español",
  fr: "Français",
  pt: "Português",
};

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** docs/glossary.md, generated from docs/glossary.json and formatted as the repository formats Markdown. */
export async function renderMarkdown(glossary: Glossary): Promise<string> {
  const options = (await resolveConfig(GLOSSARY_MD)) ?? {};
  return format(markdownOf(glossary), { ...options, filepath: GLOSSARY_MD });
}

function markdownOf(glossary: Glossary): string {
  const lines: string[] = [
    "# Glossary: one word for one thing",
    "",
    "<!-- Generated from docs/glossary.json by `npm run glossary -- --write`; edit the JSON, not this file. -->",
    "",
    "Every translation uses the word below for each of the school's things, and",
    "never a rejected variant: `tests/unit/glossary.test.ts` fails when a locale",
    "file (`public/locales/<lang>/*.json`) uses one, and when a status label does",
    "not agree with the record it describes. `npm run glossary` lists, per",
    "language, where each variant is used.",
    "",
    "## Language varieties",
    "",
    "| language | variety |",
    "| --- | --- |",
    ...Object.entries(glossary.varieties).map(([lang, variety]) => `| ${lang} | ${cell(variety)} |`),
    "",
    "## Terms",
    "",
    "Gender: m masculine, f feminine, c common (Dutch de-word); given where",
    "adjectives and participles agree with the word.",
    "",
  ];
  for (const term of glossary.terms) {
    lines.push(`### ${term.en}`, "");
    if (term.note) lines.push(term.note, "");
    lines.push("| language | use | gender | rejected variants |", "| --- | --- | --- | --- |");
    for (const lang of TARGETS) {
      const r = term[lang];
      if (!r) continue;
      const rejected = (r.reject ?? []).map((x) => `\`${cell(x.pattern)}\` (${cell(x.why)})`).join("; ");
      lines.push(`| ${lang} ${LANGUAGE_NAMES[lang]} | ${cell(r.use)} | ${r.gender ?? ""} | ${rejected} |`);
    }
    lines.push("");
  }
  lines.push(
    "## Status labels, per kind of record",
    "",
    "A badge says the status of one kind of record and agrees with its word",
    "(`common:statuses.<kind>.<status>`): French _Approuvée_ for an inscription,",
    "_Approuvé_ for a transfert; Arabic نشطة for a دورة, نشط for a طالب.",
    "",
  );
  const langs = ["en", ...TARGETS] as const;
  lines.push(`| kind | status | ${langs.join(" | ")} |`, `| --- | --- | ${langs.map(() => "---").join(" | ")} |`);
  const all = Object.fromEntries(langs.map((l) => [l, expectedStatusLabels(glossary, l)]));
  for (const [kind, { statuses }] of Object.entries(glossary.statusKinds)) {
    for (const status of statuses) {
      lines.push(`| ${kind} | ${status} | ${langs.map((l) => cell(all[l][kind][status])).join(" | ")} |`);
    }
  }
  lines.push("");
  return lines.join("\n");
}
