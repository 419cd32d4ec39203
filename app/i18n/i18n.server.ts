import { createHash } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { type TFunction, createInstance } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { schoolLanguage } from "~/modules/settings/settings.server";
import { FALLBACK_LANGUAGE, LANGUAGES, i18nConfig } from "./config";

// Every public/locales/<lng>/<namespace>.json, bundled into the server build.
const files = import.meta.glob<{ default: Record<string, unknown> }>("../../public/locales/*/*.json", { eager: true });

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, mod] of Object.entries(files)) {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!m) continue;
  (resources[m[1]] ??= {})[m[2]] = mod.default;
}
export const NAMESPACES = Object.keys(resources[FALLBACK_LANGUAGE] ?? { common: {} });

/**
 * The version of the locale files this build serves: a hash of their content
 * (sorted by path), so any change to any translation gives every file a new
 * address (locale-url.ts) and browsers may keep one for a year (server/serve.js
 * reads this through entry.server's export).
 */
export const LOCALES_VERSION = createHash("sha256")
  .update(
    JSON.stringify(
      Object.keys(files)
        .sort()
        .map((path) => [path, files[path].default]),
    ),
  )
  .digest("hex")
  .slice(0, 12);

// The language a user picked; not secret, so not signed, but validated on read.
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * The browser's languages, most wanted first, by primary subtag
 * ("de-DE,fr;q=0.8,en;q=0.5" → de, fr, en). remix-i18next's own "header"
 * detection keeps only the first one, so that browser got English, not French.
 */
export function browserLanguages(request: Request): string[] | null {
  const header = request.headers.get("Accept-Language");
  if (!header) return null;
  const wanted = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.split(";").map((s) => s.trim());
      const q = params.find((p) => p.startsWith("q="));
      return { code: tag.split("-")[0].toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((l) => /^[a-z]{2,3}$/.test(l.code) && l.q > 0)
    .sort((a, b) => b.q - a.q);
  return wanted.length ? wanted.map((l) => l.code) : null;
}

/**
 * remix-i18next's detection, asked once per GET request (issue 18): the root
 * loader, the page's loader (its translator), entry.server and the PDF
 * routes each want the language of the same Request, and each ask parsed
 * the language cookie and Accept-Language again (and, without either, read
 * the school's language). A POST is asked afresh: its action may change
 * the language (the profile, the language menu) before it translates.
 */
class RequestLocales extends RemixI18Next {
  readonly #locales = new WeakMap<Request, Promise<string>>();

  override getLocale(request: Request): Promise<string> {
    if (request.method !== "GET" && request.method !== "HEAD") return super.getLocale(request);
    let locale = this.#locales.get(request);
    if (!locale) {
      locale = super.getLocale(request);
      this.#locales.set(request, locale);
      locale.catch(() => this.#locales.delete(request));
    }
    return locale;
  }
}

export const i18next = new RequestLocales({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: localeCookie,
    order: ["cookie", "custom"],
    // The browser's first language we have; without one, the school's default language (its settings page).
    findLocale: async (request) => {
      const ours = browserLanguages(request)?.filter((l) => (LANGUAGES as readonly string[]).includes(l));
      return ours?.length ? ours : [await schoolLanguage()];
    },
  },
  i18next: { ...i18nConfig, resources },
});

// The server's own strings (titles, PDF labels, API messages) come from one
// i18next instance made once: a t() fixed to a language and namespace keeps
// no state, so a request only picks its language. (remix-i18next's getFixedT
// builds and initialises a new instance on every call: most of a small
// page's translation cost, issue 9.)
const shared = createInstance();
const sharedReady = shared
  .init({ ...i18nConfig, resources, ns: [...NAMESPACES] })
  .then(() => rememberTranslations(shared));

// getFixedT builds a new function each call; one per language and namespace is enough.
const fixed = new Map<string, TFunction>();

export async function translator(request: Request, namespace = "common"): Promise<TFunction> {
  return languageTranslator(await i18next.getLocale(request), namespace);
}

/** The same t() for a language known already (a PDF's reader). */
export async function languageTranslator(locale: string, namespace = "common"): Promise<TFunction> {
  await sharedReady;
  const key = `${locale}:${namespace}`;
  let t = fixed.get(key);
  if (!t) {
    t = shared.getFixedT(locale, namespace);
    fixed.set(key, t);
  }
  return t;
}

/**
 * The English text of one of the app's translation keys ("ns:a.b", or "a.b"
 * in common); undefined for anything else (plain text, an unknown key).
 */
export function englishText(key: unknown): string | undefined {
  if (typeof key !== "string") return undefined;
  const m = /^([a-z]+):([\w.]+)$/.exec(key) ?? /^()([a-z]+\.[\w.]+)$/.exec(key);
  if (!m) return undefined;
  let node: unknown = resources[FALLBACK_LANGUAGE]?.[m[1] || "common"];
  for (const part of m[2].split("."))
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

type Translate = (keys: unknown, options?: Record<string, unknown>, lastKey?: unknown) => unknown;

/** Most texts a production server makes, a few thousand per language. */
const REMEMBERED_MAX = 20_000;

/**
 * Issue 18: i18next's translate() costs a few microseconds a call (key
 * parsing, resource lookup, plural rules, interpolation), and a page calls
 * it hundreds of times, mostly with the same keys and values as the page
 * before: 8 to 14% of the gradebook's and the lists' CPU. In production the
 * resources never change after start, so a call is a function of its keys
 * and options alone, for an instance whose language is fixed (the render
 * clones, one per language) or named in the options (the loaders' fixed t):
 * each text is made once and remembered. Only calls whose keys and options
 * are strings, numbers, booleans (or lists of them) are remembered; objects
 * (returnObjects, a postProcess, nested values) are translated every time.
 */
export function rememberTranslations(instance: { language?: string }) {
  // i18next's Translator is not in its types: the instance's `translator`.
  const translator = (instance as unknown as { translator: { translate: Translate } }).translator;
  const translate = translator.translate.bind(translator);
  const made = new Map<string, unknown>();
  translator.translate = (keys, options, lastKey) => {
    const key = lastKey === undefined ? rememberKey(instance.language ?? "", keys, options) : null;
    if (key === null) return translate(keys, options, lastKey);
    let text = made.get(key);
    if (text === undefined) {
      text = translate(keys, options);
      if (made.size >= REMEMBERED_MAX) made.clear();
      made.set(key, text);
    }
    return text;
  };
}

function rememberKey(language: string, keys: unknown, options: Record<string, unknown> | undefined): string | null {
  const keyText = plain(keys);
  if (keyText === null) return null;
  let key = `${language}\u0000${keyText}`;
  if (options) {
    if (options.returnObjects || options.returnDetails || options.postProcess) return null;
    for (const name in options) {
      const value = plain(options[name]);
      if (value === null) return null;
      key += `\u0000${name.length}:${name}=${value}`;
    }
  }
  return key;
}

/**
 * A value as text that says its type and length ("s5:hello", "n3"), so no two
 * different calls make the same key whatever their strings hold; null when it
 * is not a plain value.
 */
function plain(value: unknown): string | null {
  switch (typeof value) {
    case "string":
      return `s${value.length}:${value}`;
    case "number":
      return `n${value}`;
    case "boolean":
      return `b${value}`;
    case "undefined":
      return "u";
    case "object":
      if (value === null) return "z";
      if (Array.isArray(value) && value.every((v) => typeof v === "string")) return `a${JSON.stringify(value)}`;
      return null;
    default:
      return null;
  }
}
