import { useTranslation } from "~/i18n/react";
import { DEFAULT_BANDS } from "~/modules/grades/default-bands";
import { NOT_REPORTED } from "~/modules/grades/grading";

// The names the app itself creates (ADR 040), shown in the reader's language:
// PASS / FAIL and NOT REPORTED, the level names that are words ("B2 Upper
// Intermediate", "Private Classes"), the seeded grade bands ("Excellent"…)
// and the default syllabus items ("Assignment 1", "Progress Test 2", the
// exam modules). They are stored in English, the app's own spelling, which
// marks them as the app's; any other name is one the school typed and is
// shown as typed. One translation per word (common:grading.*), which the
// PDFs and the help text use too.

const LEVEL_KEYS: Record<string, string> = {
  "B2 Upper Intermediate": "b2UpperIntermediate",
  "Private Classes": "privateClasses",
};

const BAND_KEYS: Record<string, string> = Object.fromEntries(
  DEFAULT_BANDS.map((b, i) => [b.name, ["excellent", "veryGood", "good"][i]]),
);

const MODULE_KEYS: Record<string, string> = {
  "Reading & Writing": "readingWriting",
  Reading: "reading",
  Writing: "writing",
  Listening: "listening",
  Speaking: "speaking",
};

const ITEM_PATTERNS: readonly [RegExp, string][] = [
  [/^Assignment (\d{1,3})$/, "appNames.items.assignment"],
  [/^Progress Test (\d{1,3})$/, "appNames.items.progressTest"],
];

/** The translation key (and its values) of a name the app created, or null for a name the school typed. */
export function appNameKey(
  kind: "level" | "band" | "item",
  name: string,
): { key: string; values?: Record<string, unknown> } | null {
  if (kind === "level") return LEVEL_KEYS[name] ? { key: `appNames.levels.${LEVEL_KEYS[name]}` } : null;
  if (kind === "band") {
    if (name === NOT_REPORTED) return { key: "grading.notReported" };
    return BAND_KEYS[name] ? { key: `grading.bands.${BAND_KEYS[name]}` } : null;
  }
  if (MODULE_KEYS[name]) return { key: `appNames.modules.${MODULE_KEYS[name]}` };
  for (const [re, key] of ITEM_PATTERNS) {
    const m = re.exec(name);
    if (m) return { key, values: { n: Number(m[1]) } };
  }
  return null;
}

/** The same on the server (a page title): `t` of any namespace, the keys are named in full. */
export function appName(
  t: (key: string, options?: Record<string, unknown>) => string,
  kind: "level" | "band" | "item",
  name: string,
) {
  const found = appNameKey(kind, name);
  if (!found) return name;
  const key = found.key.includes(":") ? found.key : `common:${found.key}`;
  return t(key, { ...found.values, defaultValue: name });
}

/** Shows the app's own names in the reader's language, and the school's as typed. */
export function useAppNames() {
  // common only: every page has it loaded (another namespace would suspend a page that did not preload it).
  const { t } = useTranslation();
  const show = (kind: "level" | "band" | "item") => (name: string | null | undefined) => {
    if (name === null || name === undefined) return name ?? "";
    const found = appNameKey(kind, name);
    return found ? (t(found.key, { ...found.values, defaultValue: name }) as string) : name;
  };
  return {
    level: show("level"),
    band: show("band"),
    item: show("item"),
    /** PASS / FAIL in the reader's language (the spec's words in English). */
    result: (result: "PASS" | "FAIL") => t(result === "PASS" ? "grading.pass" : "grading.fail"),
  };
}
