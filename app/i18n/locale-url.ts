// PURE (client and server): the address of one translation file. With the
// build's version of the locale files (a hash of their content, computed by
// the server, i18n.server.ts LOCALES_VERSION) the address changes whenever a
// file does, so the server may let browsers keep it for a year (server/serve.js).

export function localeUrl(lng: string, ns: string, version?: string | null): string {
  const path = `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`;
  return version ? `${path}?v=${encodeURIComponent(version)}` : path;
}
