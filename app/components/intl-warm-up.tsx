import { createContext, useContext } from "react";

/** The warm-up's code, handed by entry.server (intl-warm-up.server.ts); "" in the browser. */
export const IntlWarmUpContext = createContext("");

/**
 * Loads ICU's data in a throwaway worker while the page parses
 * (intl-warm-up.server.ts says why). The browser hydrates the element the
 * server sent and leaves its text as it is.
 */
export function IntlWarmUp({ nonce }: { nonce?: string }) {
  const code = useContext(IntlWarmUpContext);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}
