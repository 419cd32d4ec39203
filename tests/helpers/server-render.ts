import i18next, { type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { beforeAll } from "vitest";

/**
 * An i18next instance for rendering components on the server in a unit test,
 * initialised before the file's tests with `resources` (English), and React's
 * one warning a Remix test router gives in a server render muted.
 */
export function serverRenderI18n(resources: Resource["en"]) {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    // The test router's layout effects cannot run in a server render; React says so once per render.
    const error = console.error;
    console.error = (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
      error(...args);
    };
    await i18n.use(initReactI18next).init({
      lng: "en",
      resources: { en: resources },
      defaultNS: "common",
      interpolation: { escapeValue: false },
    });
  });
  return i18n;
}
