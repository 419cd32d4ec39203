import { z } from "zod";
import { MAX_ID } from "~/modules/shared/ids";
import { BAND_NAME_MAX } from "./bands";
import { GRADING_CATEGORIES, ITEM_NAME_MAX } from "./syllabus";

// The forms of the grade bands and syllabus pages, by intent: shared by the
// browser (instant checks) and the server (the real ones). Messages are
// translation keys of the "courses" namespace.

const rowId = z.coerce.number().int().positive().max(MAX_ID);

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

/** The grade bands page (its create and edit forms check as bandSchema; bandFields gives the browser's constraints). */
export const gradeBandForms = {
  create: bandSchema,
  update: bandSchema.and(z.object({ band_id: rowId })),
  delete: z.object({ band_id: rowId }),
};

const itemName = z
  .string({ required_error: "courses:syllabus.errors.name" })
  .trim()
  .min(1, "courses:syllabus.errors.name")
  .max(ITEM_NAME_MAX, "courses:syllabus.errors.nameTooLong");

/** A new syllabus item. */
export const addItemSchema = z.object({
  intent: z.literal("add"),
  item_name: itemName,
  category: z.enum(GRADING_CATEGORIES, { errorMap: () => ({ message: "courses:syllabus.errors.category" }) }),
});

/** A syllabus item's new name (a form per row). */
export const renameItemSchema = z.object({ intent: z.literal("rename"), item_id: rowId, item_name: itemName });

/** The syllabus page of one level. */
export const syllabusForms = {
  add: addItemSchema,
  rename: renameItemSchema,
  move: z.object({ item_id: rowId, direction: z.enum(["up", "down"]) }),
  remove: z.object({ item_id: rowId }),
  defaults: z.object({}),
};
