import { z } from "zod";
import { MAX_ID } from "~/modules/shared/ids";
import { isIsoDate } from "~/modules/shared/listing";

// Shared by the browser (instant checks) and the server (the real ones).
// Messages are translation keys of the "school" namespace.

const date = (required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .refine((v) => isIsoDate(v), "school:holidays.errors.dateInvalid");

/** The fields of a holiday; no course means the whole school is closed. */
export const holidayFields = z.object({
  name: z
    .string({ required_error: "school:holidays.errors.nameRequired" })
    .trim()
    .min(1, "school:holidays.errors.nameRequired")
    .max(100, "school:holidays.errors.nameTooLong"),
  start_date: date("school:holidays.errors.startRequired"),
  end_date: date("school:holidays.errors.endRequired"),
  course_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

export type HolidayInput = z.infer<typeof holidayFields>;

function endNotBeforeStart(value: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["end_date"], message: "school:holidays.errors.endBeforeStart" });
  }
}

/** One holiday form (create or edit) as the browser checks it. */
export const holidayFormSchema = holidayFields.superRefine(endNotBeforeStart);

const id = z.coerce.number().int().positive().max(MAX_ID);

/** The forms of the holidays page, by intent. */
export const holidayForms = {
  create: holidayFormSchema,
  update: holidayFields.extend({ id }).superRefine(endNotBeforeStart),
  delete: z.object({ id }),
};
