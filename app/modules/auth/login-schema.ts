import { z } from "zod";

// Shared by the browser (instant checks) and the server (the real ones).
export const loginSchema = z.object({
  email: z
    .string({ required_error: "login.errors.emailRequired" })
    .trim()
    .toLowerCase()
    .email("login.errors.emailInvalid")
    .max(254, "login.errors.emailInvalid"),
  password: z.string({ required_error: "login.errors.passwordRequired" }).min(1, "login.errors.passwordRequired").max(1024),
  redirectTo: z.string().optional(),
});
