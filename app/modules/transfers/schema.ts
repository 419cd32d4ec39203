import { z } from "zod";
import { MAX_ID } from "~/modules/shared/ids";

// PURE (client and server): the transfer forms, by intent, and the API's body
// (the same fields). Messages are translation keys of the "transfers" namespace.

/** A transfer's students, courses, level and reason: the create and edit pages and the API. */
export const transferInput = z.object({
  student_ids: z
    .array(z.coerce.number().int().positive().max(MAX_ID), { required_error: "transfers:errors.studentsRequired" })
    .min(1, "transfers:errors.studentsRequired")
    .max(200, "transfers:errors.studentsRequired"),
  from_course_id: z.coerce
    .number({ required_error: "transfers:errors.fromCourse", invalid_type_error: "transfers:errors.fromCourse" })
    .int()
    .positive("transfers:errors.fromCourse")
    .max(MAX_ID, "transfers:errors.fromCourse"),
  selected_course_id: z.coerce
    .number({
      required_error: "transfers:errors.selectedCourse",
      invalid_type_error: "transfers:errors.selectedCourse",
    })
    .int()
    .positive("transfers:errors.selectedCourse")
    .max(MAX_ID, "transfers:errors.selectedCourse"),
  selected_level_id: z.coerce
    .number({ required_error: "transfers:errors.level", invalid_type_error: "transfers:errors.level" })
    .int()
    .positive("transfers:errors.level")
    .max(MAX_ID, "transfers:errors.level"),
  reason: z.string().trim().max(500, "transfers:errors.tooLong").optional(),
});

export type TransferInput = z.infer<typeof transferInput>;

/** The create and edit pages: one form, which sends no intent. */
export const transferForms = { save: transferInput };

/** The transfer a decision is about: an id that names no row reads as a transfer that is gone. */
const decision = z.object({
  id: z.coerce
    .number({ required_error: "transfers:errors.notFound", invalid_type_error: "transfers:errors.notFound" })
    .int("transfers:errors.notFound")
    .positive("transfers:errors.notFound")
    .max(MAX_ID, "transfers:errors.notFound"),
});

/** The list page's approve and reject dialogs. */
export const transferDecisionForms = { approve: decision, reject: decision };
