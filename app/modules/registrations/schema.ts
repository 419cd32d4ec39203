import { z } from "zod";
import { PROMOTIONS, findSchedule } from "~/modules/calendar/schedules";
import { findLevel } from "~/modules/levels/levels";
import { emailRule } from "~/modules/shared/email-rule";
import { MAX_ID } from "~/modules/shared/ids";
import { HEAR_ABOUT_VALUES } from "./hear-about";
import { type FormStep, type Step } from "./wizard";

export { HEAR_ABOUT_VALUES };
// The wizard's steps, kept apart (wizard.ts) so that its pages do not bring zod to the browser.
export { FORM_STEPS, type FormStep, HONEYPOT, STEPS, type Step, isStep, stepPath } from "./wizard";

// Shared by the browser (checks as you leave a field) and the server (the
// real checks). Messages are translation keys under `registration.errors`.
const E = (key: string) => `registration.errors.${key}`;

export const ID_NUMBER_MIN = 10;
export const ID_NUMBER_MAX = 13;
export const PHONE_MIN = 10;
export const PHONE_MAX = 15;
export const NAME_MAX = 60;
export const TEXT_MAX = 200;
export const MESSAGE_MAX = 1000;

export const required = (key: string, max = NAME_MAX) =>
  z
    .string({ required_error: E(key) })
    .trim()
    .min(1, E(key))
    .max(max, E("tooLong"));

export const optionalText = (max = TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max, E("tooLong"))
    .optional()
    .transform((v) => (v ? v : undefined));

/** Spaces, dashes, dots and brackets are allowed for readability; only digits count. */
export function normalizePhone(raw: string) {
  return raw.replace(/[\s\-().]/g, "");
}

const phone = (requiredKey: string) =>
  z
    .string({ required_error: E(requiredKey) })
    .trim()
    .min(1, E(requiredKey))
    .max(40, E("tooLong"))
    .transform(normalizePhone)
    .pipe(
      z
        .string()
        .regex(/^\+?\d*$/, E("phoneDigits"))
        .refine((v) => v.replace("+", "").length >= PHONE_MIN, E("phoneMin"))
        .refine((v) => v.replace("+", "").length <= PHONE_MAX, E("phoneMax")),
    );

export const emailField = emailRule({
  required: E("emailRequired"),
  tooLong: E("tooLong"),
  invalid: E("emailInvalid"),
  shape: E("emailShape"),
});

/**
 * A real calendar date, not after `today` (the school's date, YYYY-MM-DD:
 * schoolToday on the server, the page's loader for the browser), not before 1900.
 */
export function isValidBirthday(value: string, today: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  if (y < 1900) return false;
  return value <= today;
}

/** Step 1's plain field rules; a birthday may not be after `today` (the school's date). */
export const personalFields = (today: string) =>
  z.object({
    first_name: required("firstName"),
    middle_name: required("middleName"),
    last_name: required("lastName"),
    second_last_name: required("secondLastName"),
    id_number: z
      .string({ required_error: E("idNumber") })
      .trim()
      .min(1, E("idNumber"))
      .min(ID_NUMBER_MIN, E("idNumberMin"))
      .max(ID_NUMBER_MAX, E("idNumberMax"))
      .regex(/^[A-Za-z0-9-]+$/, E("idNumberChars")),
    birthday: z
      .string({ required_error: E("birthday") })
      .trim()
      .min(1, E("birthday"))
      .refine((v) => isValidBirthday(v, today), E("birthdayInvalid")),
    phone_number: phone("phone"),
    email: emailField,
    age_category: z.enum(["kids", "adults"], { required_error: E("ageCategory"), message: E("ageCategory") }),
    emergency_contact_name: optionalText(NAME_MAX * 2),
    emergency_contact_phone: z.string().trim().max(40, E("tooLong")).optional(),
    emergency_contact_relationship: optionalText(NAME_MAX),
  });

// The kids' rules read the raw values, so they are checked (and reported)
// together with the other fields instead of only once those are valid.
type KidsInput = Partial<
  Record<
    | "age_category"
    | "phone_number"
    | "emergency_contact_name"
    | "emergency_contact_phone"
    | "emergency_contact_relationship",
    unknown
  >
>;
const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

export const kidsRules = z
  .record(z.unknown())
  .superRefine((raw, ctx) => {
    const r = raw as KidsInput;
    const v = {
      age_category: text(r.age_category),
      phone_number: text(r.phone_number),
      emergency_contact_name: text(r.emergency_contact_name),
      emergency_contact_phone: text(r.emergency_contact_phone),
      emergency_contact_relationship: text(r.emergency_contact_relationship),
    };
    if (v.age_category !== "kids") return;
    if (!v.emergency_contact_name)
      ctx.addIssue({ code: "custom", path: ["emergency_contact_name"], message: E("emergencyName") });
    if (!v.emergency_contact_relationship)
      ctx.addIssue({ code: "custom", path: ["emergency_contact_relationship"], message: E("emergencyRelationship") });
    const p = normalizePhone(v.emergency_contact_phone);
    const issue = (key: string) => ctx.addIssue({ code: "custom", path: ["emergency_contact_phone"], message: E(key) });
    const digits = p.replace("+", "");
    if (!p) issue("emergencyPhone");
    else if (!/^\+?\d+$/.test(p)) issue("phoneDigits");
    else if (digits.length < PHONE_MIN) issue("phoneMin");
    else if (digits.length > PHONE_MAX) issue("phoneMax");
    else if (digits === normalizePhone(v.phone_number).replace("+", "")) issue("emergencyPhoneSame");
  })
  // Adds no values of its own, so the intersection keeps personalFields' output.
  .transform(() => ({}));

/** Kids keep their emergency contact (phone normalised); adults have none. */
export function emergencyByAge<
  T extends {
    age_category: "kids" | "adults";
    emergency_contact_name?: string;
    emergency_contact_phone?: string;
    emergency_contact_relationship?: string;
  },
>(fields: T) {
  return fields.age_category === "kids"
    ? { ...fields, emergency_contact_phone: normalizePhone(fields.emergency_contact_phone ?? "") }
    : {
        ...fields,
        emergency_contact_name: undefined,
        emergency_contact_phone: undefined,
        emergency_contact_relationship: undefined,
      };
}

/** Step 1 (personal data) as of the school's date `today`. */
export const personalSchema = (today: string) =>
  z.intersection(personalFields(today), kidsRules).transform(emergencyByAge);

/** The fields of step 2 other than the level (whose list depends on the age category). */
export const addressFields = {
  address: required("address", TEXT_MAX),
  schedule: z.string({ required_error: E("schedule") }).refine((v) => findSchedule(v)?.id === v, E("schedule")),
  same_billing: z.enum(["yes", "no"], { required_error: E("billing"), message: E("billing") }),
  billing_address: optionalText(),
  where_hear_about_us: z.enum(HEAR_ABOUT_VALUES).optional(),
  promotion: z.enum(PROMOTIONS).optional(),
};

/** A billing address is required when it is not the same as the address. */
export function requireBillingAddress(
  v: { same_billing: "yes" | "no"; billing_address?: string },
  ctx: z.RefinementCtx,
) {
  if (v.same_billing === "no" && !v.billing_address)
    ctx.addIssue({ code: "custom", path: ["billing_address"], message: E("billingAddress") });
}

/** The billing address is only kept when it differs from the address. */
export function billingByChoice<T extends { same_billing: "yes" | "no"; billing_address?: string }>(v: T) {
  return { ...v, billing_address: v.same_billing === "no" ? v.billing_address : undefined };
}

/** Step 2 depends on the age category chosen in step 1 (the level list). */
export function addressSchema(age: "kids" | "adults" | undefined) {
  return z
    .object({
      address: addressFields.address,
      level: z
        .string({ required_error: E("level") })
        .trim()
        .min(1, E("level"))
        .max(40, E("tooLong"))
        .refine((v) => !age || !!findLevel(age, v), E("levelInvalid")),
      schedule: addressFields.schedule,
      same_billing: addressFields.same_billing,
      billing_address: addressFields.billing_address,
      where_hear_about_us: addressFields.where_hear_about_us,
      promotion: addressFields.promotion,
    })
    .superRefine(requireBillingAddress)
    .transform(billingByChoice);
}

export const messageSchema = z.object({
  message: optionalText(MESSAGE_MAX),
  accepted_terms: z.literal("on", { errorMap: () => ({ message: E("terms") }) }),
});

export type PersonalStep = z.output<ReturnType<typeof personalSchema>>;
export type AddressStep = z.output<ReturnType<typeof addressSchema>>;
export type MessageStep = z.output<typeof messageSchema>;

const longest = (values: readonly string[]) => Math.max(...values.map((v) => v.length));

/**
 * The wizard's fields per step and the most characters of each a draft keeps
 * (issue 16 M3): the field's own maximum above (a select's longest value).
 * Anything else posted is dropped; a longer value is kept cut to this length
 * (the answer to that post still shows it whole, with its tooLong message).
 */
export const DRAFT_FIELDS = {
  personal: {
    first_name: NAME_MAX,
    middle_name: NAME_MAX,
    last_name: NAME_MAX,
    second_last_name: NAME_MAX,
    id_number: ID_NUMBER_MAX,
    birthday: "YYYY-MM-DD".length,
    phone_number: 40,
    email: 254,
    age_category: longest(["kids", "adults"]),
    emergency_contact_name: NAME_MAX * 2,
    emergency_contact_phone: 40,
    emergency_contact_relationship: NAME_MAX,
  },
  address: {
    address: TEXT_MAX,
    level: 40,
    schedule: 40,
    same_billing: longest(["yes", "no"]),
    billing_address: TEXT_MAX,
    where_hear_about_us: longest(HEAR_ABOUT_VALUES),
    promotion: longest(PROMOTIONS),
  },
  message: {
    message: MESSAGE_MAX,
    accepted_terms: "on".length,
  },
} as const satisfies Record<Exclude<Step, "done">, Record<string, number>>;

/** The fields whose rules (required, lengths, patterns) a step's inputs carry in the page (the loader's `rules`). */
export function stepFields(step: FormStep, today: string, age: "kids" | "adults") {
  if (step === "personal") return personalFields(today);
  if (step === "address") return addressSchema(age);
  return messageSchema;
}

/** The staff's decision on a registration, by intent (approve: optionally into a course; reject: with a reason). */
export const registrationDecisionForms = {
  approve: z.object({ course_id: z.coerce.number().int().positive().max(MAX_ID).optional() }),
  reject: z.object({
    reason: z
      .string({ required_error: "registrations.errors.reasonRequired" })
      .trim()
      .min(1, "registrations.errors.reasonRequired")
      .max(500, "registration.errors.tooLong"),
  }),
};
