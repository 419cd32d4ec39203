import { createContext, useContext } from "react";

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
 * pages link it instead of carrying it.
 */
export function InlineCss() {
  const { css, href } = useContext(CssContext) ?? (fromDocument ??= readDocument());
  return css ? (
    <>
      <style id={ID} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />
      <link rel="prefetch" href={href} />
    </>
  ) : (
    <link id={ID} rel="stylesheet" href={href} />
  );
}
