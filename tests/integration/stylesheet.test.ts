import { describe, expect, it } from "vitest";
import { STYLESHEET, STYLESHEET_PATH, STYLESHEET_VERSION, holdsStylesheet, pageStyles } from "~/http/stylesheet.server";
import * as route from "~/routes/styles.$version[.]css";
import { callLoader, request } from "../helpers/fixtures";

// ADR 051: the stylesheet inside a browser's first page, linked once the
// browser holds the file (the file's answer sets the cookie that says so).

describe("the stylesheet", () => {
  it("is inside the page until the browser says it holds this build's file", () => {
    const held = (cookie?: string) =>
      holdsStylesheet(new Request("http://localhost/dashboard", cookie ? { headers: { Cookie: cookie } } : undefined));
    expect(held()).toBe(false);
    expect(held(`token=abc; css=${STYLESHEET_VERSION}; lng=x`)).toBe(true);
    expect(held(`css=${STYLESHEET_VERSION}`)).toBe(true);
    // Another build's file, or a look-alike cookie: inside the page again.
    expect(held("css=AAAAAAAAAAAAAAAA")).toBe(false);
    expect(held(`xcss=${STYLESHEET_VERSION}`)).toBe(false);
    expect(held(`css=${STYLESHEET_VERSION}x`)).toBe(false);
    const page = (cookie?: string) =>
      pageStyles(new Request("http://localhost/dashboard", cookie ? { headers: { Cookie: cookie } } : undefined));
    expect(page()).toEqual({ css: STYLESHEET, href: STYLESHEET_PATH });
    expect(page(`css=${STYLESHEET_VERSION}`)).toEqual({ css: "", href: STYLESHEET_PATH });
    // (Vitest loads the stylesheet's text as ""; the e2e tests read it in the built app's pages.)
    expect(STYLESHEET_VERSION).toMatch(/^[\w-]{16}$/);
  });

  it("is served cached for good at its version's address, and sets the cookie; another version is a 404", async () => {
    expect(STYLESHEET_PATH).toBe(`/styles/${STYLESHEET_VERSION}.css`);
    const answer = await callLoader(route, request(STYLESHEET_PATH), { version: STYLESHEET_VERSION });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/css; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(answer.headers.get("Set-Cookie")).toMatch(
      new RegExp(`^css=${STYLESHEET_VERSION}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly$`),
    );
    expect(await answer.text()).toBe(STYLESHEET);
    const other = await callLoader(route, request("/styles/AAAAAAAAAAAAAAAA.css"), { version: "AAAAAAAAAAAAAAAA" });
    expect(other.status).toBe(404);
    expect(other.headers.get("Set-Cookie")).toBeNull();
  });
});
