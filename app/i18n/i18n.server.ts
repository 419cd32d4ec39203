import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import ar from "../../public/locales/ar/common.json";
import en from "../../public/locales/en/common.json";
import es from "../../public/locales/es/common.json";
import fr from "../../public/locales/fr/common.json";
import nl from "../../public/locales/nl/common.json";
import pt from "../../public/locales/pt/common.json";
import zh from "../../public/locales/zh/common.json";
import { FALLBACK_LANGUAGE, LANGUAGES, i18nConfig } from "./config";

export const resources = {
  en: { common: en },
  zh: { common: zh },
  ar: { common: ar },
  nl: { common: nl },
  es: { common: es },
  fr: { common: fr },
  pt: { common: pt },
};

// The language a user picked; not secret, so not signed, but validated on read.
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: localeCookie,
    order: ["cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});

export async function translator(request: Request) {
  return i18next.getFixedT(request, "common");
}
