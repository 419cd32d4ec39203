import type { Submission } from "@conform-to/react";
import type { SaveOutcome } from "./courses.server";

// How a refused save reads on the form: which field, which message, which status.
export function saveRefusalReply(submission: Submission<unknown>, outcome: Exclude<SaveOutcome, { ok: true }>) {
  switch (outcome.reason) {
    case "codeTaken":
      return { status: 400, reply: submission.reply({ fieldErrors: { course_id: ["courses:errors.codeTaken"] } }) };
    case "professorInvalid":
      return { status: 400, reply: submission.reply({ fieldErrors: { professor_id: ["courses:errors.professor"] } }) };
    case "capacityBelowEnrolled":
      return { status: 400, reply: submission.reply({ fieldErrors: { capacity: ["courses:errors.capacityBelowEnrolled"] } }) };
    case "notFound":
      return { status: 404, reply: submission.reply({ formErrors: ["courses:errors.notFound"] }) };
  }
}
