import { z } from "zod";
import { email, name, newPassword } from "~/modules/users/schema";

// PURE (client and server): the admin/teachers page's form. A professor is a
// user: the user rules (name, unique email, an initial password), their
// messages in the "users" namespace.

export const professorSchema = z.object({ name, email, password: newPassword });

/** The page's one form, which sends no intent. */
export const teacherForms = { create: professorSchema };
