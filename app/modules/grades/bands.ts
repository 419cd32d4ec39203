import { z } from "zod";

// PURE module (client and server): grade bands (PRODUCT 7) — name, min, max,
// both bounds inclusive, 0 to 100 with up to two decimals; no two overlap.

export const BAND_NAME_MAX = 40;

export { DEFAULT_BANDS } from "./default-bands";

export interface Band {
  id?: number;
  name: string;
  min: number;
  max: number;
}

const E = (key: string) => `courses:bands.errors.${key}`;

// Up to two decimals, a dot or a comma as the separator (typed by hand in many locales).
const SCORE_RE = /^\d{1,3}([.,]\d{1,2})?$/;

const score = (required: string) =>
  z
    .string({ required_error: E(required) })
    .trim()
    .min(1, E(required))
    .regex(SCORE_RE, E("scoreFormat"))
    .transform((v) => Number(v.replace(",", ".")))
    .refine((n) => n >= 0 && n <= 100, E("scoreRange"));

/** The plain field rules (also the browser's constraints). */
export const bandFields = z.object({
  name: z
    .string({ required_error: E("name") })
    .trim()
    .min(1, E("name"))
    .max(BAND_NAME_MAX, E("nameTooLong")),
  min: score("min"),
  max: score("max"),
});

/** The whole form: min ≤ max reported next to the maximum. */
export const bandSchema = bandFields.superRefine((v, ctx) => {
  if (v.min > v.max) ctx.addIssue({ code: "custom", path: ["max"], message: E("minAboveMax") });
});

export type BandInput = z.output<typeof bandSchema>;

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
