import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/i18n/config";
import { resources } from "~/i18n/i18n.server";
import { sourceFiles } from "../helpers/sources";

// Issue 19, docs/writing.md: messages are sentences and end as one (".", or
// "。" in Chinese; "?" and "!" too), in every language. Held here for the
// toasts and the refusals' messages (the form's alert): every key the app
// hands to toastTo / infoTo or names as a toast or a message, found in the
// sources.

/** The spec's own strings, kept exactly as written in English (the translations follow the rule). */
const SPEC_STRINGS_IN_ENGLISH = new Set(["students:saved"]); // "Student saved correctly"

const KEY = String.raw`"([a-zA-Z]+:[A-Za-z0-9_.]+)"`;
const MESSAGE_KEYS = new RegExp(String.raw`(?:toastTo|infoTo)\([^;]*?${KEY}|(?:toast|message): ${KEY}`, "g");

function messageKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sourceFiles(path.resolve("app")))
    for (const match of fs.readFileSync(file, "utf8").matchAll(MESSAGE_KEYS)) keys.add(match[1] ?? match[2]);
  return [...keys].sort();
}

function text(lng: string, key: string): unknown {
  const [ns, rest] = key.split(":");
  let node: unknown = (resources as Record<string, Record<string, unknown>>)[lng]?.[ns];
  for (const part of rest.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe("toasts and refusals end as sentences", () => {
  const keys = messageKeys();

  it("finds the app's toasts and refusals", () => {
    expect(keys.length).toBeGreaterThan(40);
    expect(keys).toContain("attendance:take.saved");
  });

  it("in every language", () => {
    const wrong: string[] = [];
    for (const key of keys)
      for (const lng of LANGUAGES) {
        const value = text(lng, key);
        expect(typeof value, `${lng} ${key}`).toBe("string");
        if (lng === "en" && SPEC_STRINGS_IN_ENGLISH.has(key)) continue;
        if (!/[.。!！?？؟]$/.test(String(value).trim())) wrong.push(`${lng} ${key}: ${String(value)}`);
      }
    expect(wrong).toEqual([]);
  });
});

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("empty states and field hints end as sentences", () => {
  // An empty state ("No student matches.") is a key named empty…; a field's hint
  // under it, a key named …hint or …Hint. Not these: a search box's
  // placeholder (…searchHint, …SearchHint: the fields it searches, a label) and the menu's
  // tooltips (menuTools.…Hint: names of actions). Plural forms are checked as
  // each language has them.
  const keys = new Set<string>();
  for (const [ns, tree] of Object.entries((resources as Record<string, Record<string, unknown>>).en)) {
    const walk = (node: unknown, prefix: string) => {
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        const key = prefix ? `${prefix}.${k}` : k;
        if (v && typeof v === "object") walk(v, key);
        else if (
          /(^|\.)(empty\w*|\w*[hH]int)$/.test(key.replace(PLURAL, "")) &&
          !/[sS]earchHint$|^menuTools\./.test(key)
        )
          keys.add(`${ns}:${key.replace(PLURAL, "")}`);
      }
    };
    walk(tree, "");
  }

  it("finds them", () => {
    expect(keys.size).toBeGreaterThan(10);
  });

  it("in every language", () => {
    const wrong: string[] = [];
    for (const key of keys)
      for (const lng of LANGUAGES) {
        const [ns, rest] = key.split(":");
        const parent = rest.includes(".")
          ? text(lng, `${ns}:${rest.slice(0, rest.lastIndexOf("."))}`)
          : (resources as Record<string, Record<string, unknown>>)[lng]?.[ns];
        const leaf = rest.slice(rest.lastIndexOf(".") + 1);
        const forms = Object.entries((parent ?? {}) as Record<string, unknown>).filter(
          ([k]) => k === leaf || (k.startsWith(`${leaf}_`) && PLURAL.test(k)),
        );
        if (forms.length === 0) wrong.push(`${lng} ${key}: missing`);
        for (const [k, value] of forms)
          if (!/[.。!！?？؟]$/.test(String(value).trim())) wrong.push(`${lng} ${ns}:${k}: ${String(value)}`);
      }
    expect(wrong).toEqual([]);
  });
});
