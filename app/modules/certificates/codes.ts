// PURE (client and server): the verification codes of certificates (issue 21,
// ADR 048). Twelve characters from an alphabet without the look-alikes
// 0/O, 1/I/L, shown in groups of four (ABCD-EFGH-JKMN); typed codes are read
// case-insensitively, with dashes and spaces ignored.

/** 31 characters: A–Z without I, L, O; 2–9. */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 12;
/** 31^12 ≈ 7.9·10^17 codes: unguessable at any lookup rate the limits allow. */
const GROUP = 4;

/** A code in its printed form, from CODE_LENGTH random values (each 0–255; rejection-sampled by the caller). */
export function formatCode(raw: string): string {
  const groups: string[] = [];
  for (let i = 0; i < raw.length; i += GROUP) groups.push(raw.slice(i, i + GROUP));
  return groups.join("-");
}

/**
 * What someone typed or scanned, as the stored form, or null when it cannot
 * be a code (wrong length, a character outside the alphabet). Bounded: a huge
 * input is refused before any work.
 */
export function normalizeCode(input: string): string | null {
  if (input.length > 64) return null;
  const compact = input.replace(/[\s-]+/g, "").toUpperCase();
  if (compact.length !== CODE_LENGTH) return null;
  for (const ch of compact) if (!CODE_ALPHABET.includes(ch)) return null;
  return formatCode(compact);
}

/** A fresh code from a source of random bytes (crypto's in production: codes.server.ts). */
export function codeFromBytes(next: () => number): string {
  let raw = "";
  // 248 = 8·31: bytes at or above it would favour the first characters.
  while (raw.length < CODE_LENGTH) {
    const b = next();
    if (b < 248) raw += CODE_ALPHABET[b % CODE_ALPHABET.length];
  }
  return formatCode(raw);
}

/** The verification page's path for a code. */
export const verifyPath = (code: string) => `/certificates/verify/${code}`;
