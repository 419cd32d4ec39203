import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, LANGUAGES, dirOf } from "./config";

/**
 * The app's own t(), for the pages React renders, on the server and in the
 * browser (ADR 055). It gives the text i18next 23 gives for what the app asks
 * of it (tests/unit/translate.test.ts compares the two on every key of every
 * language): "ns:a.b" keys, a list of namespaces looked up in order, the
 * page's language then English, plural forms by the language's CLDR rules
 * (`count`, `_zero` at 0), `defaultValue`, and `{{name}}`, `{{- name}}` and
 * `{{count, number}}` with the value left unescaped (config.ts). What
 * i18next has besides (nesting, context, ordinals, post-processors, backends,
 * events) the app does not use; the loaders' messages, mails and PDFs keep
 * i18next (i18n.server.ts). About 2 KB of the browser's JavaScript instead of
 * i18next's and react-i18next's 16 KB.
 */

/** Loaded translations: language → namespace → nested keys. */
export type Resources = Record<string, Record<string, Record<string, unknown>>>;
export type TranslateOptions = Record<string, unknown>;

const NS_SEPARATOR = ":";
const KEY_SEPARATOR = ".";
const PLURAL_SEPARATOR = "_";
const NATURAL_LANGUAGE = /( |,|\?|!|;)/;
const NESTING = /\$t\((.+?)\)/;

/** The languages a key is looked up in, first to last (i18next's toResolveHierarchy with fallbackLng "en"). */
export function lookupLanguages(language: string): string[] {
  if (!(LANGUAGES as readonly string[]).includes(language) || language === FALLBACK_LANGUAGE)
    return [FALLBACK_LANGUAGE];
  return [language, FALLBACK_LANGUAGE];
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralSuffix(language: string, count: number): string {
  const code = language.replace("_", "-");
  let rules = pluralRules.get(code);
  if (!rules) pluralRules.set(code, (rules = new Intl.PluralRules(code)));
  return `${PLURAL_SEPARATOR}${rules.select(count)}`;
}

// What Intl.NumberFormat reads of its options: i18next hands it all of t()'s
// options, so a call naming one of these formats differently.
const NUMBER_FORMAT_OPTIONS = [
  "localeMatcher",
  "style",
  "currency",
  "currencyDisplay",
  "currencySign",
  "unit",
  "unitDisplay",
  "numberingSystem",
  "notation",
  "compactDisplay",
  "useGrouping",
  "signDisplay",
  "minimumIntegerDigits",
  "minimumFractionDigits",
  "maximumFractionDigits",
  "minimumSignificantDigits",
  "maximumSignificantDigits",
  "roundingPriority",
  "roundingIncrement",
  "roundingMode",
  "trailingZeroDisplay",
];
const numberFormats = new Map<string, Intl.NumberFormat>();
function formatNumber(value: unknown, language: string, options: TranslateOptions): string {
  const code = language.replace("_", "-");
  const own = NUMBER_FORMAT_OPTIONS.filter((name) => options[name] !== undefined);
  const key = own.length ? `${code}${JSON.stringify(own.map((name) => [name, options[name]]))}` : code;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(code, options as Intl.NumberFormatOptions);
    if (numberFormats.size > 100) numberFormats.clear();
    numberFormats.set(key, format);
  }
  return format.format(value as number);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A value at a dotted path, also through keys that hold a dot themselves (i18next's deepFind). */
function deepFind(node: unknown, path: string): unknown {
  if (!isObject(node)) return undefined;
  if (Object.hasOwn(node, path) && node[path]) return node[path];
  const tokens = path.split(KEY_SEPARATOR);
  let current: unknown = node;
  for (let i = 0; i < tokens.length;) {
    if (!isObject(current)) return undefined;
    let next: unknown;
    let nextPath = "";
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += KEY_SEPARATOR;
      nextPath += tokens[j];
      next = Object.hasOwn(current, nextPath) ? current[nextPath] : undefined;
      if (next !== undefined) {
        if (["string", "number", "boolean"].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    if (next === undefined) return undefined;
    current = next;
  }
  return current;
}

/** A value at a dotted path, own properties only (i18next's getPath). */
function getPath(node: unknown, parts: readonly string[]): unknown {
  let current = node;
  for (const part of parts) {
    if (!isObject(current) || !Object.hasOwn(current, part)) return undefined;
    current = current[part];
  }
  return current;
}

function getResource(store: Resources, language: string, ns: string, key: string): unknown {
  const found = getPath(store[language]?.[ns], key.split(KEY_SEPARATOR));
  if (found) return found;
  return deepFind(store[language]?.[ns], key);
}

/** Plain words ("Not found, sorry") are not read as "namespace:key" (i18next's looksLikeObjectPath). */
function looksLikeObjectPath(key: string) {
  if (!NATURAL_LANGUAGE.test(key)) return true;
  const dot = key.indexOf(KEY_SEPARATOR);
  return dot > 0 && !NATURAL_LANGUAGE.test(key.slice(0, dot));
}

function extractFromKey(key: string, namespaces: readonly string[]) {
  if (key.includes(NS_SEPARATOR) && looksLikeObjectPath(key) && !NESTING.test(key)) {
    const parts = key.split(NS_SEPARATOR);
    const ns = parts.shift() as string;
    return { key: parts.join(KEY_SEPARATOR), namespaces: [ns] };
  }
  return { key, namespaces };
}

const isValid = (value: unknown) => value !== undefined && value !== null;
const hasCount = (options: TranslateOptions) => options.count !== undefined && typeof options.count !== "string";

function resolve(
  store: Resources,
  language: string,
  keys: readonly string[],
  namespaces: readonly string[],
  options: TranslateOptions,
) {
  const plural = hasCount(options);
  const zero = plural && !options.ordinal && options.count === 0;
  for (const k of keys) {
    const extracted = extractFromKey(k, namespaces);
    for (const ns of extracted.namespaces) {
      for (const code of lookupLanguages(language)) {
        // i18next tries the zero form first, then the language's plural form, then the key itself.
        const candidates = [extracted.key];
        if (plural) candidates.push(extracted.key + pluralSuffix(code, options.count as number));
        if (zero) candidates.push(`${extracted.key}${PLURAL_SEPARATOR}zero`);
        for (let i = candidates.length - 1; i >= 0 && candidates[i]; i--) {
          const found = getResource(store, code, ns, candidates[i]);
          if (isValid(found)) return found;
        }
      }
    }
  }
  return undefined;
}

function makeString(value: unknown) {
  return value === null || value === undefined ? "" : String(value);
}

/** i18next's interpolation of {{- name}} then {{name}}, values as they are (no escaping), skipping values that hold placeholders. */
function interpolate(text: string, data: TranslateOptions, language: string, options: TranslateOptions): string {
  const lookup = (name: string): unknown => {
    const comma = name.indexOf(",");
    if (comma < 0) return variable(data, name);
    const variableName = name.slice(0, comma).trim();
    const formats = name.slice(comma + 1).trim();
    let value = variable(data, variableName);
    for (const format of formats.split(",")) {
      if (format.toLowerCase().trim() === "number") value = formatNumber(value, language, { ...options, ...data });
    }
    return value;
  };
  for (const regex of [/{{-(.+?)}}/g, /{{(.+?)}}/g]) {
    let replaces = 0;
    let match: RegExpExecArray | null;
    while ((match = regex.exec(text))) {
      const name = match[1].trim();
      let value = lookup(name);
      if (value === undefined) {
        if (Object.hasOwn(options, name)) value = "";
        else continue;
      } else if (typeof value !== "string") {
        value = makeString(value);
      }
      const replacement = value as string;
      text = text.replace(match[0], () => replacement);
      regex.lastIndex += replacement.length - match[0].length;
      if (++replaces >= 1000) break;
    }
  }
  return text;
}

function variable(data: TranslateOptions, name: string): unknown {
  const value = getPath(data, name.split(KEY_SEPARATOR));
  return value === undefined ? deepFind(data, name) : value;
}

function hasDefaultValue(options: TranslateOptions) {
  for (const name in options) {
    if (Object.hasOwn(options, name) && name.startsWith("defaultValue") && options[name] !== undefined) return true;
  }
  return false;
}

/** t(key, options) in a language, looking the key up in `namespaces` in turn (a "ns:" prefix picks one). */
export function translate(
  store: Resources,
  language: string,
  namespaces: readonly string[],
  keys: unknown,
  options: TranslateOptions = {},
): string {
  if (keys === undefined || keys === null) return "";
  const list = Array.isArray(keys) ? keys.map(String) : [String(keys)];
  const lng = typeof options.lng === "string" ? options.lng : language;
  const own = options.ns === undefined ? namespaces : ([] as string[]).concat(options.ns as string | string[]);
  const { key } = extractFromKey(list[list.length - 1], own);
  let found: unknown = resolve(store, lng, list, own, options);
  if (isValid(found) && typeof found === "object")
    return `key '${key} (${language})' returned an object instead of string.`;
  if (!isValid(found) && hasDefaultValue(options)) {
    const plural = hasCount(options);
    const suffix = plural ? pluralSuffix(lng, options.count as number) : "";
    const zero = plural && !options.ordinal && options.count === 0;
    found =
      (zero && options[`defaultValue${PLURAL_SEPARATOR}zero`]) ||
      options[`defaultValue${suffix}`] ||
      options.defaultValue;
  }
  if (!isValid(found)) found = key;
  if (typeof found !== "string") return found as string;
  const data = isObject(options.replace) ? options.replace : options;
  return found.includes("{{") ? interpolate(found, data, lng, options) : found;
}

/** Whether a key has a text (i18next's exists(), in the default namespace unless the key names one). */
export function exists(store: Resources, language: string, key: unknown): boolean {
  if (key === undefined || key === null) return false;
  return resolve(store, language, [String(key)], [DEFAULT_NAMESPACE], {}) !== undefined;
}

export type T = (key: unknown, options?: TranslateOptions | string, more?: TranslateOptions) => string;

/** t(key, "default text") and t(key, "default text", { values }), as i18next reads them. */
function optionsOf(
  options: TranslateOptions | string | undefined,
  more: TranslateOptions | undefined,
): TranslateOptions {
  if (typeof options !== "string") return options ?? {};
  return { defaultValue: options, ...more };
}

/** Where translations come from in the browser (client.ts); on the server every namespace is there from the start. */
export interface TranslationsSource {
  has(language: string, ns: string): boolean;
  load(language: string, namespaces: readonly string[]): Promise<void>;
  changeLanguage(language: string): Promise<void>;
}

/**
 * One language's translations: what a component's useTranslation() hands
 * it as `i18n`. The store is shared with the other languages and, in the
 * browser, fills as namespaces arrive (client.ts).
 */
export class Translations {
  readonly #fixed = new Map<string, T>();

  constructor(
    readonly language: string,
    readonly store: Resources,
    private readonly source?: TranslationsSource,
  ) {}

  dir(language = this.language) {
    return dirOf(language);
  }

  exists(key: unknown) {
    return exists(this.store, this.language, key);
  }

  hasNamespace(ns: string) {
    return this.source ? this.source.has(this.language, ns) : true;
  }

  loadNamespaces(namespaces: readonly string[]): Promise<void> {
    return this.source ? this.source.load(this.language, namespaces) : Promise.resolve();
  }

  changeLanguage(language: string): Promise<void> {
    return this.source ? this.source.changeLanguage(language) : Promise.resolve();
  }

  /** A t() for one namespace, or for a list looked up in turn; made once per list. */
  fixedT(namespaces: readonly string[]): T {
    const id = namespaces.join(",");
    let t = this.#fixed.get(id);
    if (!t) {
      const translateNow: T = (key, options, more) =>
        translate(this.store, this.language, namespaces, key, optionsOf(options, more));
      if (this.source) {
        t = translateNow;
      } else {
        // On the server the files never change after start: a text asked for
        // without options (most of a page's) is made once per process.
        const made = new Map<string, string>();
        t = (key, options, more) => {
          if (options !== undefined || typeof key !== "string") return translateNow(key, options, more);
          let text = made.get(key);
          if (text === undefined) {
            text = translateNow(key);
            if (made.size >= 5_000) made.clear();
            made.set(key, text);
          }
          return text;
        };
      }
      this.#fixed.set(id, t);
    }
    return t;
  }
}
