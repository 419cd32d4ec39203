import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IntlWarmUp, IntlWarmUpContext } from "~/components/intl-warm-up";
import { intlWarmUpCode } from "~/components/intl-warm-up.server";

/** root.tsx's element as entry.server renders it. */
function render(locale: string, timeZone: string, nonce?: string) {
  return renderToStaticMarkup(
    <IntlWarmUpContext.Provider value={intlWarmUpCode(locale, timeZone)}>
      <IntlWarmUp nonce={nonce} />
    </IntlWarmUpContext.Provider>,
  );
}

/** The inline script's code, run with a stand-in Worker: returns the worker's source, from its data: address. */
function workerSource(html: string): string {
  const code = /^<script[^>]*>([\s\S]*)<\/script>$/.exec(html)?.[1];
  if (code === undefined) throw new Error(`not one script element: ${html}`);
  let url = "";
  class FakeWorker {
    constructor(address: string) {
      url = address;
    }
  }
  new Function("Worker", code)(FakeWorker);
  const prefix = "data:text/javascript,";
  expect(url.startsWith(prefix)).toBe(true);
  return decodeURIComponent(url.slice(prefix.length));
}

describe("IntlWarmUp (root.tsx)", () => {
  it("is an empty script in the browser's render, whose text hydration leaves as the server sent it", () => {
    expect(renderToStaticMarkup(<IntlWarmUp />)).toBe("<script></script>");
  });

  it("starts a worker that makes the page's formatters in its language and the school's zone, then closes", () => {
    const html = render("ar", "America/Guayaquil", "n0nce");
    expect(html).toContain('nonce="n0nce"');
    const source = workerSource(html);
    expect(source).toContain('new Intl.NumberFormat("ar")');
    expect(source).toContain('timeZone:"America/Guayaquil"');
    expect(source).toContain('new Intl.PluralRules("ar")');
    // The worker's code runs as it is (here in Node, with its own close()).
    let closed = false;
    new Function("close", source)(() => (closed = true));
    expect(closed).toBe(true);
  });

  it("a hostile time zone stays inside its string: no markup, no code of its own", () => {
    const zone = '"});</script><script>alert(1)</script>';
    const html = render("en", zone);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.match(/<script/gi)).toHaveLength(1);
    const source = workerSource(html);
    expect(source).toContain(`timeZone:${JSON.stringify(zone)}`);
    // An unknown zone only makes the worker throw (the page's own formatters then pay ICU's load as before).
    expect(() => new Function("close", source)(() => undefined)).toThrow(RangeError);
  });
});
