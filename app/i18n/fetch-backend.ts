import { type BackendModule } from "i18next";
import { localeUrl } from "./locale-url";

/**
 * The browser's i18next backend: /locales/{lng}/{ns}.json?v={version} (the
 * build's version of the locale files, given as the backend option `version`:
 * entry.client reads it from <html data-locales>) with the browser's
 * own fetch. It replaces i18next-http-backend and the fetch polyfill that
 * came with it, about 7 KB of gzip on every page (ADR 020). A network error
 * or a 5xx, 408 or 429 answer asks i18next to retry (i18next's
 * `maxRetries` and `retryTimeout`, set in config.ts); a 404 does not.
 */
let version: string | undefined;

export const fetchBackend: BackendModule<{ version?: string }> = {
  type: "backend",
  init(_services, options) {
    version = options?.version || undefined;
  },
  read(language, namespace, callback) {
    fetch(localeUrl(language, namespace, version), {
      credentials: "same-origin",
    })
      .then(async (response) => {
        if (!response.ok) {
          const retry = response.status >= 500 || response.status === 408 || response.status === 429;
          return callback(`failed loading ${response.url}: ${response.status}`, retry);
        }
        callback(null, await response.json());
      })
      .catch((error: unknown) => callback(String(error), true));
  },
};
