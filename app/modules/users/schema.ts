import { z } from "zod";
import { type Role } from "~/db/schema";
import { LANGUAGES } from "~/i18n/config";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { ROLES } from "~/modules/auth/permissions";

// Shared by the browser (instant checks) and the server (the real ones).
// Messages are translation keys ("users:" namespace unless common).

export const name = z
  .string({ required_error: "users:errors.nameRequired" })
  .trim()
  .min(1, "users:errors.nameRequired")
  .max(100, "users:errors.nameTooLong");

export const email = z
  .string({ required_error: "login.errors.emailRequired" })
  .trim()
  .toLowerCase()
  .email("login.errors.emailInvalid")
  .max(254, "login.errors.emailInvalid");

export const role = z.enum(ROLES as [Role, ...Role[]], { errorMap: () => ({ message: "users:errors.roleRequired" }) });

export const newPassword = z
  .string({ required_error: "users:errors.passwordRequired" })
  .min(MIN_PASSWORD_LENGTH, "users:errors.passwordTooShort")
  .max(MAX_PASSWORD_LENGTH, "users:errors.passwordTooLong");

/** How a new (or reset) password is given: typed by the admin or set by the user through a one-time link. */
const methodError = { errorMap: () => ({ message: "users:errors.methodRequired" }) };

export const createUserSchema = z.discriminatedUnion(
  "method",
  [
    z.object({ method: z.literal("password"), name, email, role, password: newPassword }),
    z.object({ method: z.literal("link"), name, email, role }),
  ],
  methodError,
);

export const updateUserSchema = z.object({ intent: z.literal("update"), name, email, role });

export const resetPasswordSchema = z.discriminatedUnion(
  "method",
  [
    z.object({ intent: z.literal("reset"), method: z.literal("password"), password: newPassword }),
    z.object({ intent: z.literal("reset"), method: z.literal("link") }),
  ],
  methodError,
);

/** A form that carries no field but its intent (a button). */
const button = z.object({});

/** A new password typed twice. */
export function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: newPassword, confirm: z.string({ required_error: "users:errors.confirmRequired" }) })
    .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "users:errors.passwordMismatch" });
}

export const setPasswordSchema = withConfirmation({});

export const profileNameSchema = z.object({ intent: z.literal("profile"), name });

export const languageSchema = z.object({
  intent: z.literal("language"),
  locale: z.enum(LANGUAGES, { errorMap: () => ({ message: "users:errors.languageRequired" }) }),
});

export const changePasswordSchema = withConfirmation({
  intent: z.literal("password"),
  current_password: z
    .string({ required_error: "users:errors.currentPasswordRequired" })
    .min(1, "users:errors.currentPasswordRequired")
    .max(MAX_PASSWORD_LENGTH, "users:errors.currentPasswordWrong"),
});

/** The forms of an admin's user page, by intent (the picture is a multipart form of its own). */
export const userPageForms = {
  update: updateUserSchema,
  reset: resetPasswordSchema,
  activate: button,
  deactivate: button,
  lock: button,
  unlock: button,
  removeAvatar: button,
};

/** The forms of one's own profile, by intent (the picture is a multipart form of its own). */
export const profileForms = {
  profile: profileNameSchema,
  language: languageSchema,
  password: changePasswordSchema,
  removeAvatar: button,
};

/** Password inputs are never sent back to the browser after a failed submission. */
export const PASSWORD_FIELDS = ["password", "confirm", "current_password"];
