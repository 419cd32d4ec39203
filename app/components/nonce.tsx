import { createContext, useContext } from "react";

/** The per-request CSP nonce, handed from entry.server to <Scripts>; never in loader data. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
