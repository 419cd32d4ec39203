import { type z } from "zod";
import { type FormCheck } from "~/components/later-checks";
import { parseWithZod } from "~/components/zod-form";
import { loginSchema } from "./login-schema";

/** The sign-in form's check in the browser, loaded after the page (authentication.login.tsx). */
export type LoginFields = z.input<typeof loginSchema>;

export const loginCheck: FormCheck<LoginFields, z.output<typeof loginSchema>> = ({ formData }) =>
  parseWithZod(formData, { schema: loginSchema });
