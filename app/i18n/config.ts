export const LANGUAGES = ["en", "zh", "ar", "nl", "es", "fr", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
/** The namespace a key without "ns:" is read from. */
export const DEFAULT_NAMESPACE = "common";
export const RTL_LANGUAGES: readonly string[] = ["ar"];

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  zh: "中文",
  ar: "العربية",
  nl: "Nederlands",
  es: "Español",
  fr: "Français",
  pt: "Português",
};

export function dirOf(lng: string): "rtl" | "ltr" {
  return RTL_LANGUAGES.includes(lng) ? "rtl" : "ltr";
}

/** Every namespace file under public/locales/<lng>/ (a unit test keeps this list true). */
export const NAMESPACES = [
  "common",
  "attendance",
  "course",
  "courses",
  "gradebook",
  "school",
  "students",
  "transfers",
  "users",
  "pdf",
  "mail",
  "portal",
  "verify",
] as const;

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: ["common"],
  interpolation: { escapeValue: false },
  // The spec's loader policy: up to 5 retries, starting at 350 ms.
  maxRetries: 5,
  retryTimeout: 350,
};
