import { createStaticHandler } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/http/session.server";

// Issue 16 M1: a redirectTo is judged by the location the browser finally
// receives (after the Remix router normalised it), not by the text sent.

const SITE = "https://school.test";
const FALLBACK = "/home";

/**
 * The Location the server answers for a redirect an action returns: the
 * Remix router (the same @remix-run/router the server runtime uses) resolves
 * dot segments and double slashes of a relative location before it is sent.
 */
async function answeredLocation(location: string): Promise<string | null> {
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      children: [
        {
          id: "login",
          path: "authentication/login",
          action: () => new Response(null, { status: 302, headers: { Location: location } }),
        },
      ],
    },
  ]);
  const result = await handler.query(
    new Request(`${SITE}/authentication/login`, { method: "POST", body: new URLSearchParams() }),
  );
  return result instanceof Response ? result.headers.get("Location") : null;
}

/** A path of this site as a browser reads it from a Location header. */
function expectSameOriginPath(location: string | null) {
  expect(location).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
  const url = new URL(location!, `${SITE}/authentication/login`);
  expect(url.origin).toBe(SITE);
  expect(url.pathname + url.search + url.hash).toBe(location);
}

// [redirectTo as the form sends it, the location answered]
const REFUSED: string[] = [
  // The finding's two payloads: the router drops the dot segment, then "/\" is "//".
  "/./\\evil.test/phish",
  "/x/../\\evil.test",
  // Backslashes
  "/\\evil.test",
  "/\\/evil.test",
  "\\\\evil.test",
  "\\/evil.test",
  "/.\\evil.test",
  "/\\\\evil.test",
  "/a/b/../../../\\evil.test",
  // Protocol-relative and their dot-segment disguises
  "//evil.test",
  "///evil.test",
  "/.//evil.test",
  "/x/..//evil.test",
  "/x/./../..//evil.test",
  "//evil.test@school.test",
  // Encoded slashes, backslashes and dots (decoded once by a proxy, or %2e read as a dot)
  "/%2e/%5cevil.test",
  "/%2e%2e/%5cevil.test",
  "/%5cevil.test",
  "/%5C%5Cevil.test",
  "/%2f/evil.test",
  "/%2F%2Fevil.test",
  "/.%2e/\\evil.test",
  "/x/%2e%2e/evil.test",
  "/%2e%2e%2f%5cevil.test",
  "/admin%2F..%2F..%2F%2Fevil.test",
  "/%E0/evil.test",
  // Control characters browsers drop (tab, newline) or choke on
  "/\t/evil.test",
  "/\n/evil.test",
  "/\r\n/evil.test",
  "/\u0000/evil.test",
  "/\u007f/evil.test",
  "/\u0085/evil.test",
  "/\u2028/evil.test",
  "/%09/evil.test",
  "/%0A/evil.test",
  "/%00/evil.test",
  "\t//evil.test",
  " //evil.test",
  // Schemes and no leading slash
  "https://evil.test",
  "HTTPS://evil.test/x",
  "https:evil.test",
  "https:/evil.test",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.test",
  "@evil.test",
  // IDN hosts behind a double slash
  "//evil\u3002test",
  "//b\u00fccher.example",
  "//xn--bcher-kva.example",
  // Empty and over-long
  "",
  `/${"a".repeat(3000)}`,
];

const KEPT: [string, string][] = [
  ["/admin/students", "/admin/students"],
  ["/admin/students?page=2&q=a%20b", "/admin/students?page=2&q=a%20b"],
  ["/admin/students#//evil.test", "/admin/students#//evil.test"],
  ["/admin/students?next=//evil.test", "/admin/students?next=//evil.test"],
  ["/..;/evil.test", "/..;/evil.test"],
  ["/@evil.test", "/@evil.test"],
  // Unicode slashes are not slashes: kept, percent-encoded
  ["/\uff0fevil.test", "/%EF%BC%8Fevil.test"],
  ["/\uff3cevil.test", "/%EF%BC%BCevil.test"],
  ["/\u2215evil.test", "/%E2%88%95evil.test"],
  // Characters outside Latin-1 (a Location header refuses them raw): encoded
  ["/\u00e9l\u00e8ves", "/%C3%A9l%C3%A8ves"],
  ["/admin/students?q=\u5f20\u4f1f", "/admin/students?q=%E5%BC%A0%E4%BC%9F"],
  ["/admin/students?q=\u0645\u062d\u0645\u062f", "/admin/students?q=%D9%85%D8%AD%D9%85%D8%AF"],
];

describe("safeRedirect judges the location the browser receives", () => {
  it("has at least 30 bypass payloads", () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(30);
  });

  it.each(REFUSED.map((p) => [JSON.stringify(p).slice(0, 80), p]))("refuses %s", async (_, payload) => {
    const to = safeRedirect(payload, FALLBACK);
    expect(to).toBe(FALLBACK);
    const answered = await answeredLocation(to);
    expect(answered).toBe(FALLBACK);
    expectSameOriginPath(answered);
  });

  it.each(KEPT)("keeps %j as %s", async (payload, expected) => {
    const to = safeRedirect(payload, FALLBACK);
    expect(to).toBe(expected);
    // The router sends it unchanged, and the browser reads it as this path of this site.
    const answered = await answeredLocation(to);
    expect(answered).toBe(expected);
    expectSameOriginPath(answered);
  });

  it("answers the fallback for what is not text", () => {
    for (const value of [null, undefined, new File(["/x"], "x.txt")])
      expect(safeRedirect(value, FALLBACK)).toBe(FALLBACK);
  });
});
