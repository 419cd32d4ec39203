import { z } from "zod";
import { LANGUAGES } from "~/i18n/config";
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
} from "~/modules/registrations/schema";
import { MAX_ID } from "~/modules/shared/ids";
import { levelsFor } from "../levels/levels";

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

/** Like the registration's rule, but on the raw values so it is reported together with the other fields. */
const billingRule = z
  .record(z.unknown())
  .superRefine((raw, ctx) => {
    if (text(raw.same_billing) === "no" && !text(raw.billing_address))
      ctx.addIssue({ code: "custom", path: ["billing_address"], message: E("billingAddress") });
  })
  .transform(() => ({}));

/** `today`: the school's date (YYYY-MM-DD), which a birthday may not be after. */
export interface StudentSchemaOptions {
  today: string;
  legacyHear?: string | null;
}

/**
 * The plain field rules (also the browser's constraints: conform cannot read
 * the cross-field rules). `legacyHear`: the student's stored "where did you hear about us", which may
 * predate the fixed list (imported data); keeping it unchanged is allowed.
 */
export function studentFields({ today, legacyHear }: StudentSchemaOptions) {
  const allowedHear = new Set<string>([...HEAR_ABOUT_VALUES, ...(legacyHear ? [legacyHear] : [])]);
  return personalFields(today).extend({
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
  });
}

/**
 * The whole form: the plain field rules plus the rules across fields (kids'
 * emergency contact, level of the age's list, billing address), which read
 * the raw values so all messages come back together.
 */
export function studentSchema(options: StudentSchemaOptions) {
  const rules = z.intersection(z.intersection(kidsRules, levelRule), billingRule);
  return z.intersection(studentFields(options), rules).transform((v) => billingByChoice(emergencyByAge(v)));
}

export type StudentInput = z.output<ReturnType<typeof studentSchema>>;

const TEXT_COLUMNS = [
  "first_name",
  "middle_name",
  "last_name",
  "second_last_name",
  "id_number",
  "birthday",
  "phone_number",
  "email",
  "address",
  "age_category",
  "emergency_contact_name",
  "emergency_contact_phone",
  "emergency_contact_relationship",
  "schedule",
  "billing_address",
  "where_hear_about_us",
  "promotion",
  "notes",
] as const;

type StoredStudent = { [K in (typeof TEXT_COLUMNS)[number]]: string | null } & {
  level_id: number;
  same_billing: number;
};

/** A stored student as the form's initial values (all strings, as a form posts them). */
export function formValuesOf(s: StoredStudent): Record<string, string> {
  const values: Record<string, string> = {};
  for (const k of TEXT_COLUMNS) {
    const v = s[k];
    if (v) values[k] = v;
  }
  values.level_id = String(s.level_id);
  values.same_billing = s.same_billing ? "yes" : "no";
  return values;
}

/** The new and edit pages: one form, which sends no intent. */
export function studentForms(options: StudentSchemaOptions) {
  return { save: studentSchema(options) };
}

/** The student page's activate and deactivate dialogs (nothing to fill in). */
export const studentStatusForms = { activate: z.object({}), deactivate: z.object({}) };

/** The student page's forms: activate, deactivate, enroll the student in a course (issue 19), invite them to the portal (issue 21). */
export const studentPageForms = {
  ...studentStatusForms,
  invite: z.object({
    language: z.enum(LANGUAGES, { errorMap: () => ({ message: "mail:portal.errors.language" }) }),
  }),
  enroll: z.object({
    course_id: z.coerce
      .number({
        required_error: "students:enrollHere.errors.course",
        invalid_type_error: "students:enrollHere.errors.course",
      })
      .int("students:enrollHere.errors.course")
      .positive("students:enrollHere.errors.course")
      .max(MAX_ID, "students:enrollHere.errors.course"),
  }),
};
