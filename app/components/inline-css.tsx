import { createContext, useContext, useEffect } from "react";

/** The page's styles, handed by entry.server (never in loader data or a client chunk): the text, or "" when linked. */
export const CssContext = createContext<{ css: string; href: string } | null>(null);

const ID = "app-css";
let fromDocument: { css: string; href: string } | undefined;

/** In the browser, what the server sent, read back from the document once: it renders the head it hydrates. */
function readDocument() {
  const element = document.getElementById(ID)!;
  const inline = element.tagName === "STYLE";
  return { css: inline ? element.textContent! : "", href: element.getAttribute(inline ? "data-href" : "href")! };
}

/**
 * The stylesheet (ADR 020, ADR 051). On a browser's first visit it is inside
 * the page's <head>: on a slow line a linked stylesheet is a request the
 * first paint waits for. The page then asks for the file itself, cached for
 * good, to be prefetched; once the browser holds it (its cookie says so), the
 * pages link it instead of carrying it. The prefetch is in a <noscript>: with
 * JavaScript it is asked for once the page has hydrated and the browser is
 * idle, for in the head it went out first and held one of the six
 * connections a browser opens to a host, and part of a slow line, while the
 * page's scripts waited (issue 18: 0.3 s of the registration's 7 s on Slow 3G).
 */
export function InlineCss() {
  const { css, href } = useContext(CssContext) ?? (fromDocument ??= readDocument());
  // After hydration (an effect), so the <link> added to the head is no node React finds unexpected there.
  useEffect(() => {
    if (!css) return;
    const later = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1000));
    later(() => {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.href = href;
      document.head.append(link);
    });
  }, [css, href]);
  return css ? (
    <>
      <style id={ID} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />
      <noscript>
        <link rel="prefetch" href={href} />
      </noscript>
    </>
  ) : (
    <link id={ID} rel="stylesheet" href={href} />
  );
}
