import { createContext, useContext } from "react";

/** The app's whole stylesheet, handed by entry.server (never in loader data or a client chunk). */
export const CssContext = createContext("");

const ID = "app-css";
let fromDocument: string | undefined;

/**
 * The stylesheet inside the page's <head> rather than a linked file
 * (ADR 020): on a slow line a linked stylesheet is a request the first paint
 * waits for, and it shares the line with the scripts Remix preloads. The
 * browser renders the same text it hydrates: the server's copy, read back
 * from the document once.
 */
export function InlineCss() {
  const css =
    useContext(CssContext) ||
    (fromDocument ??= typeof document === "undefined" ? "" : (document.getElementById(ID)?.textContent ?? ""));
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
