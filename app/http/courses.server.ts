import { formatList } from "~/components/format";
import { i18next, translator } from "~/i18n/i18n.server";
import { type EnrollOutcome, type SaveOutcome } from "~/modules/courses/courses.server";
import { type ReasonOf } from "~/modules/shared/outcome";
import { type PromoteOutcome } from "~/modules/transfers/promote.server";
import { NOT_FOUND, type Redirected, type Refusal } from "./intents.server";

// THE EDGE of the staff's course pages (/admin/courses/*, ADR 036): how the
// courses module's refusals read on each page, and the Enroll form's toast
// (it names the students, so it is translated here).

/** The create and edit form: a message by the field it is about; a course gone is the 404 page. */
export const COURSE_SAVE_REFUSALS = {
  codeTaken: { field: "course_id", message: "courses:errors.codeTaken" },
  professorInvalid: { field: "professor_id", message: "courses:errors.professor" },
  capacityBelowEnrolled: { field: "capacity", message: "courses:errors.capacityBelowEnrolled" },
  notFound: NOT_FOUND,
} satisfies Record<ReasonOf<SaveOutcome>, Refusal>;

/** The course page: Enroll's refusals by the students' field; an enrollment no longer current (409) on the page. */
export const COURSE_PAGE_REFUSALS = {
  notFound: NOT_FOUND,
  finished: { field: "student_ids", message: "courses:enroll.errors.finished" },
  inactive: { field: "student_ids", message: "courses:enroll.errors.inactive" },
  studentsInvalid: { field: "student_ids", message: "courses:enroll.errors.studentsInvalid" },
  overCapacity: { field: "student_ids", message: "courses:enroll.errors.overCapacity" },
  notCurrent: { form: "courses:unenroll.notCurrent", status: 409 },
} satisfies Record<ReasonOf<EnrollOutcome> | "notCurrent", Refusal>;

/** The course report's "promote the passing students" (a transfer): every refusal as the form's message. */
export const PROMOTE_REFUSALS = {
  sameCourse: { form: "transfers:errors.sameCourse" },
  fromCourse: { form: "transfers:errors.fromCourse" },
  selectedCourse: { form: "transfers:errors.selectedCourse" },
  level: { form: "transfers:errors.level" },
  notInCourse: { form: "transfers:errors.notInCourse" },
  alreadyPending: { form: "transfers:errors.alreadyPending", status: 409 },
  notFound: { form: "transfers:errors.notFound", status: 404 },
  notPending: { form: "transfers:errors.notPending", status: 409 },
  nobodyToPromote: { form: "gradebook:staff.promote.nobody", status: 409 },
} satisfies Record<ReasonOf<PromoteOutcome>, Refusal>;

/**
 * Enrolled: back to the course page (to its search, when the post came from
 * one) with how many were enrolled and who was skipped (already enrolled);
 * an info toast when nobody was.
 */
export async function enrolledAnswer(
  request: Request,
  here: string,
  outcome: Extract<EnrollOutcome, { ok: true }>,
): Promise<Redirected> {
  const [t, locale] = await Promise.all([translator(request, "courses"), i18next.getLocale(request)]);
  // The names are data, the rest is translated here: the toast shows the text as it is.
  const description = outcome.skipped.length
    ? t("enroll.skipped", { names: formatList(locale, outcome.skipped) })
    : undefined;
  const back = new URL(request.url).searchParams.get("q");
  const to = back !== null ? `${here}?q=${encodeURIComponent(back)}#enroll` : here;
  if (outcome.enrolled === 0)
    return { ok: true, redirect: to, toast: { message: "courses:enroll.noneEnrolled", description }, info: true };
  return { ok: true, redirect: to, toast: { message: t("enroll.done", { count: outcome.enrolled }), description } };
}
