import { beforeAll } from "vitest";
import { Translations } from "~/i18n/translate";

/**
 * The pages' translations for rendering components on the server in a unit
 * test (English, `resources` by namespace), and React's one warning a Remix
 * test router gives in a server render muted.
 */
export function serverRenderI18n(resources: Record<string, Record<string, unknown>>) {
  beforeAll(() => {
    // The test router's layout effects cannot run in a server render; React says so once per render.
    const error = console.error;
    console.error = (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
      error(...args);
    };
  });
  return new Translations("en", { en: resources });
}
