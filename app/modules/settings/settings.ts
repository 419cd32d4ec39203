import { z } from "zod";
import { LANGUAGES, type Language } from "~/i18n/config";

// The school settings form (issue 15), shared by the browser (instant checks)
// and the server (the real ones). Messages are translation keys ("school:").

export const SCHOOL_NAME_MAX = 100;

export const DEFAULT_SETTINGS = {
  name: "Horizon English School",
  timeZone: "America/Guayaquil",
  language: "en" as Language,
};

/** Tabs, line breaks and other control characters never belong in a name printed on a certificate. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * `zones`: the time zones the server's runtime knows (its list goes to the
 * browser with the page, so both sides check against the same list).
 */
export function settingsSchema(zones: readonly string[]) {
  const known = new Set(zones);
  return z.object({
    intent: z.literal("save"),
    name: z
      .string({ required_error: "school:settings.errors.nameRequired" })
      .trim()
      .min(1, "school:settings.errors.nameRequired")
      .max(SCHOOL_NAME_MAX, "school:settings.errors.nameTooLong")
      .refine((v) => !CONTROL.test(v), "school:settings.errors.nameControl"),
    time_zone: z
      .string({ required_error: "school:settings.errors.timeZoneRequired" })
      .refine((v) => known.has(v), "school:settings.errors.timeZoneUnknown"),
    default_language: z.enum(LANGUAGES, { errorMap: () => ({ message: "school:settings.errors.languageRequired" }) }),
  });
}

export type SettingsInput = z.infer<ReturnType<typeof settingsSchema>>;

/** The settings form as posted: the settings, plus the logo's file input (checked on the server only). */
export const settingsFormSchema = (zones: readonly string[]) =>
  settingsSchema(zones).extend({ logo: z.unknown().optional() });

export { schoolInitial } from "./initial";
