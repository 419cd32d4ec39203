import { z } from "zod";

// PURE (client and server): zod's own messages are English sentences
// ("Invalid enum value. Expected 'a' | 'b', received 'x'"), shown as they are
// when a form's field has no message of its own: a tampered select or radio
// (a value no option has), a missing field. This error map gives every such
// issue a translation key instead (FieldError translates it). A message a
// schema gives itself (.min(1, key), an enum's errorMap) still wins: zod
// asks this map last. entry.client and entry.server install it.

export const ZOD_MESSAGES = {
  invalidChoice: "common:errors.invalidChoice",
  required: "common:errors.required",
  invalid: "common:errors.invalidValue",
} as const;

export const translatedErrorMap: z.ZodErrorMap = (issue) => {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_enum_value:
    case z.ZodIssueCode.invalid_literal:
    case z.ZodIssueCode.invalid_union_discriminator:
    case z.ZodIssueCode.invalid_union:
      return { message: ZOD_MESSAGES.invalidChoice };
    case z.ZodIssueCode.invalid_type:
      return {
        message:
          issue.received === z.ZodParsedType.undefined || issue.received === z.ZodParsedType.null
            ? ZOD_MESSAGES.required
            : ZOD_MESSAGES.invalidChoice,
      };
    default:
      return { message: ZOD_MESSAGES.invalid };
  }
};

/** Makes the translated messages zod's default for this process (or page). */
export function installZodMessages() {
  z.setErrorMap(translatedErrorMap);
}
