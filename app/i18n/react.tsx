import { type TFunction } from "i18next";
import { createContext, useContext, useEffect } from "react";
import { DEFAULT_NAMESPACE } from "./config";
import { type Translations } from "./translate";

/**
 * useTranslation() for the app's components (ADR 055): the same call and
 * answer as react-i18next's — `t` for one namespace, or a list looked up in
 * turn with `{ nsMode: "fallback" }`, and `i18n` (its language, dir(),
 * exists()) — over the app's own t() (translate.ts), in a few hundred bytes.
 * A namespace the browser has not loaded yet suspends the render until it
 * arrives, as react-i18next's did.
 */
const TranslationsContext = createContext<Translations | null>(null);

export const TranslationsProvider = TranslationsContext.Provider;

export function useTranslation(ns?: string | readonly string[], options?: { nsMode?: "fallback" }) {
  const i18n = useContext(TranslationsContext);
  if (!i18n) throw new Error("useTranslation() needs a TranslationsProvider above it");
  const namespaces = ns === undefined ? [DEFAULT_NAMESPACE] : typeof ns === "string" ? [ns] : ns;
  if (!namespaces.every((n) => i18n.hasNamespace(n))) throw i18n.loadNamespaces(namespaces);
  const t = i18n.fixedT(options?.nsMode === "fallback" ? namespaces : namespaces.slice(0, 1));
  return { t: t as unknown as TFunction, i18n, ready: true as const };
}

/** The browser follows the language the root loader answers with (a changed preference, a new cookie). */
export function useChangeLanguage(locale: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
}
