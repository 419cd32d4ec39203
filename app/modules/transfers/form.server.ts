import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { levelsFor, nextLevelId } from "~/modules/students/levels";
import { type ChangeOutcome, type TransferInput, courseChoices, studentsInCourse, transferInput } from "./transfers.server";

/** What the create and edit pages show: courses, the chosen course's students, level choices. */
export async function transferFormData(fromCourseId: number | null, exceptTransferId: number | null) {
  const courses = await courseChoices();
  const from = courses.find((c) => c.id === fromCourseId) ?? null;
  const students = from ? await studentsInCourse(from.id, exceptTransferId) : [];
  const levels = levelsFor(from?.age_category ?? "adults").map((l) => ({ id: l.id, name: l.name }));
  return {
    courses,
    from,
    students: students.map((s) => ({ ...s, has_pending: Boolean(Number(s.has_pending)) })),
    levels,
    suggestedLevel: from ? nextLevelId(from.age_category, from.level_id) : null,
  };
}

/** Parses the posted form, runs the change, and answers like every form of the app. */
export async function submitTransferForm(formData: FormData, run: (input: TransferInput) => Promise<ChangeOutcome>) {
  const submission = parseWithZod(formData, { schema: transferInput });
  if (submission.status !== "success") return { response: json({ result: submission.reply() }, { status: 400 }) };
  const outcome = await run(submission.value);
  if (!outcome.ok) {
    const reply = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
      : submission.reply({ formErrors: [outcome.message] });
    return { response: json({ result: reply }, { status: outcome.status }) };
  }
  return { id: outcome.id };
}
