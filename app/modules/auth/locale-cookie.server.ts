import { isHttps } from "~/env.server";
import { LANGUAGES } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18n.server";

/** The cookie that keeps a language in this browser, or null for a value that is none of the app's languages. */
export async function localeCookieFor(request: Request, lng: unknown): Promise<string | null> {
  if (typeof lng !== "string" || !(LANGUAGES as readonly string[]).includes(lng)) return null;
  return localeCookie.serialize(lng, { secure: isHttps(request) });
}
