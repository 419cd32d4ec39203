import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorView } from "~/components/error-view";
import { LANGUAGES } from "~/i18n/config";
import { TranslationsProvider } from "~/i18n/react";
import { Translations } from "~/i18n/translate";

// Issue 15: the shared error page shows the server's message in the reader's
// language, and nothing of a module's English or of Remix's own text.

const files = import.meta.glob<{ default: Record<string, unknown> }>("../../public/locales/*/{common,transfers}.json", {
  eager: true,
});
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[lng] ??= {})[ns] = mod.default;
}
const text = (lng: string, ns: string, path: string) =>
  path
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[lng][ns]) as string;

beforeAll(() => {
  // The test router's layout effects cannot run in a server render; React says so once per render.
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    error(...args);
  };
});

/** What Remix hands an error boundary for a thrown `json(data, { status })`, or its own refusal. */
const errorResponse = (status: number, data: unknown, internal = false) => ({ status, statusText: "", internal, data });

async function render(error: unknown, lng = "en") {
  const i18n = new Translations(lng, resources);
  const Stub = createRemixStub([{ path: "/", id: "root", Component: () => <ErrorView error={error} standalone /> }]);
  return renderToString(
    <TranslationsProvider value={i18n}>
      <Stub />
    </TranslationsProvider>,
  )
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}

describe("the shared error page", () => {
  it.each(LANGUAGES)("a 409 with a message key shows it in %s", async (lng) => {
    const html = await render(errorResponse(409, { message: "transfers:errors.notPending" }), lng);
    expect(html).toContain(text(lng, "transfers", "errors.notPending"));
    expect(html).toContain(text(lng, "common", "errors.oops"));
    expect(html).not.toContain("transfers:errors.notPending");
  });

  it.each(LANGUAGES)("a 413 (a body too large, ADR 026) is its own page in %s, not Oops", async (lng) => {
    const html = await render(errorResponse(413, { message: "errors.bodies.tooLarge" }), lng);
    expect(html).toContain(text(lng, "common", "errors.bodies.title"));
    expect(html).toContain(text(lng, "common", "errors.bodies.tooLarge"));
    expect(html).toContain("413");
    expect(html).not.toContain(text(lng, "common", "errors.oops"));
  });

  it("a module's English text is never shown (the heading says Oops)", async () => {
    const html = await render(errorResponse(409, { message: "This transfer is no longer pending." }), "es");
    expect(html).not.toContain("This transfer is no longer pending.");
    expect(html).toContain(text("es", "common", "errors.oops"));
  });

  it("Remix's refusal of a method is a clean, translated 405 page, without its internal text", async () => {
    const internal =
      'Error: You made a PUT request to "/dashboard" but did not provide an `action` for route "routes/_app.dashboard", so there is no way to handle the request.';
    for (const lng of ["en", "fr"]) {
      const html = await render(errorResponse(405, internal, true), lng);
      expect(html).not.toContain("did not provide");
      expect(html).not.toContain("You made a PUT request");
      expect(html).toContain(text(lng, "common", "errors.methodNotAllowedTitle"));
      expect(html).toContain(text(lng, "common", "errors.methodNotAllowed"));
    }
  });

  it("a 500 shows only 'Oops! Something went wrong!', not the error", async () => {
    const html = await render(new Error("SQLITE_BUSY: database is locked"));
    expect(html).toContain("Oops! Something went wrong!");
    expect(html).not.toContain("SQLITE_BUSY");
  });

  it("any other 403 is the Access Denied dialog; 'Account has been locked' the Account Locked one", async () => {
    const denied = await render(errorResponse(403, { message: "Cross-site request refused." }), "nl");
    expect(denied).toContain(text("nl", "common", "errors.accessDeniedTitle"));
    expect(denied).not.toContain("Cross-site request refused.");
    const locked = await render(
      errorResponse(403, { message: "Account has been locked. Please contact the school administration." }),
    );
    expect(locked).toContain("Account Locked");
  });
});
