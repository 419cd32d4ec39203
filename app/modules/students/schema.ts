import { z } from "zod";
import {
  HEAR_ABOUT_VALUES,
  NAME_MAX,
  TEXT_MAX,
  addressFields,
  billingByChoice,
  emergencyByAge,
  kidsRules,
  optionalText,
  personalFields,
  requireBillingAddress,
} from "~/modules/registrations/schema";
import { levelsFor } from "./levels";

// A student is edited by staff with the registration's rules (the same zod
// pieces, the same messages), plus what only staff set: level (by id, from the
// list of the chosen age category), notes. Shared by the browser and the server.

export const NOTES_MAX = 1000;

const E = (key: string) => `registration.errors.${key}`;
const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The level must be one of the list of the age category chosen in the same form. */
const levelRule = z
  .record(z.unknown())
  .superRefine((raw, ctx) => {
    const value = text(raw.level_id);
    if (!value) return; // reported as required by the field itself
    const age = text(raw.age_category);
    if (age !== "kids" && age !== "adults") return; // the age category reports its own error
    if (!levelsFor(age).some((l) => String(l.id) === value))
      ctx.addIssue({ code: "custom", path: ["level_id"], message: E("levelInvalid") });
  })
  .transform(() => ({}));

/**
 * `legacyHear`: the student's stored "where did you hear about us", which may
 * predate the fixed list (imported data); keeping it unchanged is allowed.
 */
export function studentSchema({ legacyHear }: { legacyHear?: string | null } = {}) {
  const allowedHear = new Set<string>([...HEAR_ABOUT_VALUES, ...(legacyHear ? [legacyHear] : [])]);
  const fields = personalFields
    .extend({
      // Staff records may lack a middle name (people without one, imported
      // data); the public registration still asks for it.
      middle_name: optionalText(NAME_MAX),
      address: addressFields.address,
      level_id: z
        .string({ required_error: E("level") })
        .trim()
        .min(1, E("level"))
        .max(10, E("levelInvalid"))
        .transform(Number),
      schedule: addressFields.schedule,
      same_billing: addressFields.same_billing,
      billing_address: addressFields.billing_address,
      where_hear_about_us: z
        .string()
        .max(TEXT_MAX, E("tooLong"))
        .optional()
        .refine((v) => !v || allowedHear.has(v), "students:errors.hearInvalid"),
      promotion: addressFields.promotion,
      notes: optionalText(NOTES_MAX),
    })
    .superRefine(requireBillingAddress);
  return z.intersection(z.intersection(fields, kidsRules), levelRule).transform((v) => billingByChoice(emergencyByAge(v)));
}

export type StudentInput = z.output<ReturnType<typeof studentSchema>>;
