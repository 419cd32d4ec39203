import { describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { LANGUAGES } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18n.server";
import * as root from "~/root";
import * as login from "~/routes/authentication.login";
import * as localeRoute from "~/routes/resources.locale";
import { useTestDatabase } from "../helpers/db";
import {
  PASSWORD,
  callAction,
  callLoader,
  cookiePair,
  createUser,
  redirectedTo,
  request,
  setCookies,
} from "../helpers/fixtures";

useTestDatabase();

const setLocale = (form: Record<string, string>) => callAction(localeRoute, request("/resources/locale", { form }));

async function rootLocale(headers: Record<string, string>) {
  const response = await callLoader(root, request("/authentication/login", { headers }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { locale: string }).locale;
}

describe("resources.locale", () => {
  it.each(LANGUAGES)("remembers %s in the lng cookie and goes back", async (lng) => {
    const response = await setLocale({ lng, redirectTo: "/admin/students?page=2" });
    expect(redirectedTo(response)).toBe("/admin/students?page=2");
    const [cookie] = setCookies(response, "lng");
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    // The root loader reads it back.
    expect(await rootLocale({ Cookie: cookiePair(cookie) })).toBe(lng);
  });

  it.each(["de", "", "en-GB", "../etc", "<script>"])("ignores the unsupported language %j", async (lng) => {
    const response = await setLocale({ lng, redirectTo: "/dashboard" });
    expect(redirectedTo(response)).toBe("/dashboard");
    expect(setCookies(response)).toEqual([]);
  });

  it.each([
    ["//evil.com", "/"],
    ["https://evil.com/x", "/"],
    ["/\\evil.com", "/"],
    ["/teachers", "/teachers"],
  ])("redirectTo %j leads to %s", async (redirectTo, expected) => {
    expect(redirectedTo(await setLocale({ lng: "es", redirectTo }))).toBe(expected);
  });

  it("without redirectTo goes to /", async () => {
    expect(redirectedTo(await setLocale({ lng: "es" }))).toBe("/");
  });
});

describe("root loader locale", () => {
  it.each([
    [{ "Accept-Language": "ar,en;q=0.5" }, "ar"],
    [{ "Accept-Language": "de" }, "en"],
    [{ "Accept-Language": "de-DE,fr;q=0.8,en;q=0.5" }, "fr"],
    [{ "Accept-Language": "zh-CN" }, "zh"],
    [{}, "en"],
  ])("from Accept-Language %j → %s", async (headers, expected) => {
    expect(await rootLocale(headers)).toBe(expected);
  });

  it("the cookie wins over Accept-Language", async () => {
    const cookie = cookiePair(setCookies(await setLocale({ lng: "pt" }), "lng")[0]);
    expect(await rootLocale({ Cookie: cookie, "Accept-Language": "ar" })).toBe("pt");
  });

  it("a forged unsupported cookie value falls back to the header", async () => {
    const forged = `lng=${Buffer.from(JSON.stringify("de")).toString("base64")}`;
    expect(await rootLocale({ Cookie: forged, "Accept-Language": "nl" })).toBe("nl");
  });
});

describe("root loader, more browser preferences", () => {
  it.each([
    ["en-GB,fr;q=0.9", "en"],
    ["fr;q=0.2,es;q=0.9", "es"],
    ["ar;q=0,nl", "nl"],
    ["*", "en"],
    ["de, it;q=0.5", "en"],
  ])("Accept-Language %j → %s", async (header, expected) => {
    expect(await rootLocale({ "Accept-Language": header })).toBe(expected);
  });
});

describe("the language saved on the profile", () => {
  it("is set as the browser's language when the user signs in", async () => {
    const user = await createUser({ role: "coordinator", email: "polyglot@school.example.com" });
    await db().updateTable("users").set({ locale: "fr" }).where("id", "=", user.id).execute();
    const res = await callAction(
      login,
      request("/authentication/login", { form: { email: user.email, password: PASSWORD } }),
    );
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("token="))).toBe(true);
    const lng = cookies.find((c) => c.startsWith("lng="));
    expect(lng).toBeDefined();
    expect(await localeCookie.parse(lng!.split(";")[0])).toBe("fr");
  });
});
