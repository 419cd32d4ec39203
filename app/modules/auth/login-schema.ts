import { z } from "zod";
import { emailRule } from "~/modules/shared/email-rule";

// Shared by the browser (instant checks) and the server (the real ones).
// The email follows the registration's rules (spec 5), with the sign-in's keys.
export const loginSchema = z.object({
  email: emailRule({
    required: "login.errors.emailRequired",
    tooLong: "login.errors.emailInvalid",
    invalid: "login.errors.emailFormat",
    shape: "login.errors.emailInvalid",
  }),
  password: z
    .string({ required_error: "login.errors.passwordRequired" })
    .min(1, "login.errors.passwordRequired")
    .max(1024),
  redirectTo: z.string().optional(),
});
