import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { localeUrl } from "~/i18n/locale-url";

// The browser's translations (app/i18n/client.ts, ADR 055) with the spec's
// loading policy: up to 5 retries from 350 ms, doubling (fake timers here).

function answer(status: number, body: unknown = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A fresh copy of the module (its store is the page's), started in French with `common`. */
async function start(fetchMock: ReturnType<typeof vi.fn>, version?: string, namespaces: string[] = []) {
  vi.stubGlobal("fetch", fetchMock);
  const client = await import("~/i18n/client");
  const started = client.startTranslations("fr", namespaces, version);
  await vi.runAllTimersAsync();
  return { client, i18n: await started };
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the browser's translations", () => {
  it("read /locales/{lng}/{ns}.json, the page's language only, common always", async () => {
    const fetchMock = vi.fn(async () => answer(200, { hello: "Bonjour" }));
    const { i18n } = await start(fetchMock);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/locales/fr/common.json", { credentials: "same-origin" });
    expect(i18n.fixedT(["common"])("hello")).toBe("Bonjour");
    expect(i18n.hasNamespace("common")).toBe(true);
    expect(i18n.hasNamespace("users")).toBe(false);
  });

  it("read the build's versioned address when given the version (the same as root.tsx's preloads)", async () => {
    const fetchMock = vi.fn(async () => answer(200, { hello: "Bonjour" }));
    const { i18n } = await start(fetchMock, "abc123def456", ["users"]);
    expect(fetchMock).toHaveBeenCalledWith("/locales/fr/common.json?v=abc123def456", { credentials: "same-origin" });
    expect(fetchMock).toHaveBeenCalledWith("/locales/fr/users.json?v=abc123def456", { credentials: "same-origin" });
    expect(localeUrl("fr", "common", "abc123def456")).toBe("/locales/fr/common.json?v=abc123def456");
    expect(i18n.fixedT(["users"])("hello")).toBe("Bonjour");
  });

  it("retry a failed request and a 5xx answer, then use what arrives", async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("network down"))
      .mockResolvedValueOnce(answer(503))
      .mockResolvedValueOnce(answer(200, { hello: "Bonjour" }));
    const { i18n } = await start(fetchMock);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(i18n.fixedT(["common"])("hello")).toBe("Bonjour");
  });

  it("give up after 5 retries, and do not retry a 404: the keys show, the page is not held back", async () => {
    const down = vi.fn(async () => answer(500));
    const { i18n } = await start(down);
    expect(down).toHaveBeenCalledTimes(6);
    expect(i18n.hasNamespace("common")).toBe(true);
    expect(i18n.fixedT(["common"])("hello")).toBe("hello");
    vi.resetModules();
    const missing = vi.fn(async () => answer(404));
    await start(missing);
    expect(missing).toHaveBeenCalledTimes(1);
  });

  it("load a namespace once however many ask, and change language with the namespaces loaded so far", async () => {
    const fetchMock = vi.fn(async (url: string) => answer(200, { hello: url.includes("/es/") ? "Hola" : "Bonjour" }));
    const { client, i18n } = await start(fetchMock);
    await Promise.all([client.loadNamespaces(["users"]), client.loadNamespaces(["users", "common"])]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const changed = vi.fn();
    client.subscribeTranslations(changed);
    await i18n.changeLanguage("es");
    expect(changed).toHaveBeenCalledTimes(1);
    const now = client.currentTranslations();
    expect(now.language).toBe("es");
    expect(now.fixedT(["users"])("hello")).toBe("Hola");
    expect(fetchMock).toHaveBeenCalledWith("/locales/es/users.json", { credentials: "same-origin" });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
