import { createInstance } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchBackend } from "~/i18n/fetch-backend";
import { localeUrl } from "~/i18n/locale-url";

// The browser's translation loader (app/i18n/fetch-backend.ts) with the
// spec's policy: up to 5 retries from 350 ms (here 1 ms, to stay fast).

function answer(status: number, body: unknown = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

async function load(fetchMock: ReturnType<typeof vi.fn>, version?: string) {
  vi.stubGlobal("fetch", fetchMock);
  const i18n = createInstance();
  await i18n.use(fetchBackend).init({
    lng: "fr",
    fallbackLng: false,
    ns: ["common"],
    defaultNS: "common",
    maxRetries: 5,
    retryTimeout: 1,
    backend: { version },
  });
  return i18n;
}

afterEach(() => vi.unstubAllGlobals());

describe("the browser's translation loader", () => {
  it("reads /locales/{lng}/{ns}.json", async () => {
    const fetchMock = vi.fn(async () => answer(200, { hello: "Bonjour" }));
    const i18n = await load(fetchMock);
    expect(fetchMock).toHaveBeenCalledWith("/locales/fr/common.json", { credentials: "same-origin" });
    expect(i18n.t("hello")).toBe("Bonjour");
  });

  it("reads the build's versioned address when given the version (the same as root.tsx's preloads)", async () => {
    const fetchMock = vi.fn(async () => answer(200, { hello: "Bonjour" }));
    const i18n = await load(fetchMock, "abc123def456");
    expect(fetchMock).toHaveBeenCalledWith("/locales/fr/common.json?v=abc123def456", { credentials: "same-origin" });
    expect(localeUrl("fr", "common", "abc123def456")).toBe("/locales/fr/common.json?v=abc123def456");
    expect(i18n.t("hello")).toBe("Bonjour");
  });

  it("retries a failed request and a 5xx answer, then uses what arrives", async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("network down"))
      .mockResolvedValueOnce(answer(503))
      .mockResolvedValueOnce(answer(200, { hello: "Bonjour" }));
    const i18n = await load(fetchMock);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(i18n.t("hello")).toBe("Bonjour");
  });

  it("gives up after 5 retries, and does not retry a 404", async () => {
    const down = vi.fn(async () => answer(500));
    await load(down);
    expect(down).toHaveBeenCalledTimes(6);
    const missing = vi.fn(async () => answer(404));
    await load(missing);
    expect(missing).toHaveBeenCalledTimes(1);
  });
});
