// PURE module (client and server): grade bands (PRODUCT 7) — name, min, max,
// both bounds inclusive, 0 to 100 with up to two decimals; no two overlap.
// The band form's schema is in schema.ts (no zod here: the pages that show
// bands do not bring it to the browser).

export const BAND_NAME_MAX = 40;

export { DEFAULT_BANDS } from "./default-bands";

export interface Band {
  id?: number;
  name: string;
  min: number;
  max: number;
}

/** Inclusive ranges overlap when each starts before the other ends. */
export function overlaps(a: Pick<Band, "min" | "max">, b: Pick<Band, "min" | "max">) {
  return a.min <= b.max && b.min <= a.max;
}

/** The first band (other than `exceptId`) that the range would overlap. */
export function overlappingBand<B extends Band>(
  range: Pick<Band, "min" | "max">,
  bands: readonly B[],
  exceptId?: number,
): B | undefined {
  return bands.find((b) => b.id !== exceptId && overlaps(range, b));
}

/** The band a final grade falls in, or null (shown NOT REPORTED). */
export function bandOf<B extends Band>(grade: number, bands: readonly B[]): B | null {
  return bands.find((b) => b.min <= grade && grade <= b.max) ?? null;
}
