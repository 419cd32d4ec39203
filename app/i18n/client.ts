import { DEFAULT_NAMESPACE, i18nConfig } from "./config";
import { localeUrl } from "./locale-url";
import { type Resources, Translations, type TranslationsSource } from "./translate";

/**
 * The browser's translations (ADR 055): /locales/{lng}/{ns}.json?v={version}
 * (the build's version of the locale files, from <html data-locales>, the
 * same addresses as root.tsx's preloads) with the browser's own fetch, into
 * one store for the pages' t() (translate.ts). The page's language only:
 * every language has every key English has (tests/unit/locales.test.ts), so
 * the English files i18next also fetched as a fallback were never read. A
 * network error or a 5xx, 408 or 429 answer is retried up to 5 times, from
 * 350 ms and doubling (config.ts); a 404 is not. A namespace that never
 * arrives counts as loaded, its keys shown as keys, as with i18next: a page
 * is not held back for ever.
 */
const store: Resources = {};
const settled = new Set<string>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version: string | undefined;
let current: Translations | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchNamespace(language: string, ns: string): Promise<void> {
  let wait = i18nConfig.retryTimeout;
  for (let tried = 0; ; tried++) {
    let retry: boolean;
    try {
      const response = await fetch(localeUrl(language, ns, version), { credentials: "same-origin" });
      if (response.ok) {
        (store[language] ??= {})[ns] = (await response.json()) as Record<string, unknown>;
        return;
      }
      retry = response.status >= 500 || response.status === 408 || response.status === 429;
    } catch {
      retry = true;
    }
    if (!retry || tried >= i18nConfig.maxRetries) return;
    await sleep(wait);
    wait *= 2;
  }
}

const source: TranslationsSource = {
  has: (language, ns) => settled.has(`${language}/${ns}`),
  load(language, namespaces) {
    return Promise.all(
      namespaces.map((ns) => {
        const id = `${language}/${ns}`;
        if (settled.has(id)) return undefined;
        let promise = loading.get(id);
        if (!promise) {
          promise = fetchNamespace(language, ns).finally(() => {
            settled.add(id);
            loading.delete(id);
          });
          loading.set(id, promise);
        }
        return promise;
      }),
    ).then(() => undefined);
  },
  async changeLanguage(language) {
    if (!current || current.language === language) return;
    const had = [...settled].filter((id) => id.startsWith(`${current?.language}/`)).map((id) => id.split("/")[1]);
    await source.load(language, had);
    if (current.language === language) return;
    current = new Translations(language, store, source);
    listeners.forEach((listener) => listener());
  },
};

/** The page's language with the namespaces its routes name, loaded: what hydration renders with. */
export async function startTranslations(language: string, namespaces: readonly string[], localesVersion?: string) {
  version = localesVersion || undefined;
  current = new Translations(language, store, source);
  await source.load(language, [...new Set([DEFAULT_NAMESPACE, ...namespaces])]);
  return current;
}

/** More namespaces of the page's language (a layout's client loader, an idle prefetch). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return current ? current.loadNamespaces(namespaces) : Promise.resolve();
}

/** For useSyncExternalStore: a new Translations when the language changes. */
export function subscribeTranslations(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentTranslations(): Translations {
  if (!current) throw new Error("startTranslations() has not run");
  return current;
}
