import { type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { type ZodTypeAny, type output } from "zod";
import { apiError } from "~/modules/api/api.server";
import { type PdfRefusal } from "~/modules/certificates/certificates.server";
import { type SaveOutcome as CourseSaveOutcome, type EnrollOutcome } from "~/modules/courses/courses.server";
import { type Outcome, type ReasonOf, type Refusal } from "~/modules/shared/outcome";
import { type StatusOutcome as StudentStatusOutcome } from "~/modules/students/students.server";
import { type PromoteOutcome } from "~/modules/transfers/promote.server";
import { type TransferRefusal } from "~/modules/transfers/transfers.server";
import { notFound } from "./not-found.server";

// THE EDGE (issue 17, ADR 034): where a module's outcome becomes an HTTP
// answer. Modules return `{ ok: true, … } | { ok: false, reason }`
// (app/modules/shared/outcome.ts) and know no status, no message and no
// Response; each domain's refusals are read here, in one table per domain
// (its status, its message key, the form field it belongs to), and answered
// the one way the caller needs: a form reply (`formRefusal`), the API's
// `{message, errors}` (`apiRefusal`), a plain `{message}` (`messageRefusal`),
// or the thrown 404 (`found` for a read that found nothing; a table entry
// `NOT_FOUND` for a refusal that is one; `notFound` is not-found.server.ts's,
// ADR 033).

/** How one refusal reads: its status, its message (a translation key), and the field it is about (none: the whole form). */
export interface RefusalAnswer {
  status: 400 | 404 | 409;
  message: string;
  field?: string;
}

/** The entry of a refusal answered by the thrown 404 (the "Not found" page, or the API's `{message}`). */
export const NOT_FOUND = { notFound: true } as const;

/** One answer per reason: a reason a module adds and the table lacks does not compile. */
export type RefusalTable<R extends string> = Readonly<Record<R, RefusalAnswer | typeof NOT_FOUND>>;

/** What a refusal reads as (the table's answer for its reason); a NOT_FOUND one throws the 404. */
export function answerOf<R extends string>(refusal: Refusal<R>, table: RefusalTable<R>): RefusalAnswer {
  const answer = table[refusal.reason];
  return "notFound" in answer ? notFound() : answer;
}

// ------------------------------------------------------------ the answers

/** The value, or the 404 when there is none (a module read of one row returns null when it has none). */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) notFound();
  return value;
}

/** A refused form post, as conform's reply: the message on its field (or the form), with the refusal's status. */
export function formReply<R extends string>(
  submission: Submission<unknown>,
  refusal: Refusal<R>,
  table: RefusalTable<R>,
) {
  const { status, message, field } = answerOf(refusal, table);
  const reply = field
    ? submission.reply({ fieldErrors: { [field]: [message] } })
    : submission.reply({ formErrors: [message] });
  return { status, reply };
}

/** The action's answer to a refused form post: `{ result }` (the form's reply) with the refusal's status. */
export function formRefusal<R extends string>(
  submission: Submission<unknown>,
  refusal: Refusal<R>,
  table: RefusalTable<R>,
) {
  const { status, reply } = formReply(submission, refusal, table);
  return json({ result: reply }, { status });
}

/**
 * A form post run through one module call: the form parsed by `schema` (a
 * 400 with the fields' errors when it does not fit), then `run`; a refusal is
 * answered by `formRefusal`. Returns `{ response }` to send as it is, or the
 * call's success.
 */
export async function submitForm<S extends ZodTypeAny, T extends object, R extends string>(
  formData: FormData,
  schema: S,
  run: (input: output<S>) => Promise<Outcome<T, R>>,
  table: RefusalTable<R>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { response: json({ result: submission.reply() }, { status: 400 }) };
  const outcome = await run(submission.value);
  if (!outcome.ok) return { response: formRefusal(submission, outcome, table) };
  return outcome;
}

/** Stops the loader or action with a 400 `{ message }` (a translation key): a request no page sends, e.g. a date off the calendar. */
export function badRequest(message: string): never {
  throw json({ message }, { status: 400 });
}

/** A refusal as `{ message }` (a translation key) with its status: a post whose page shows the message itself. */
export function messageRefusal<R extends string>(refusal: Refusal<R>, table: RefusalTable<R>) {
  const { status, message } = answerOf(refusal, table);
  return json({ message }, { status });
}

/** A refusal as the /v1/api answers it: `{ message, errors? }` in English, with its status. */
export function apiRefusal<R extends string>(refusal: Refusal<R>, table: RefusalTable<R>) {
  const { status, message, field } = answerOf(refusal, table);
  return apiError(status, message, field ? { [field]: [message] } : undefined);
}

// ------------------------------------------------------------ the tables

/** Transfers (app/modules/transfers): create, edit, approve, reject; the forms and the API. */
export const TRANSFER_REFUSALS = {
  sameCourse: { status: 400, field: "selected_course_id", message: "transfers:errors.sameCourse" },
  fromCourse: { status: 400, field: "from_course_id", message: "transfers:errors.fromCourse" },
  selectedCourse: { status: 400, field: "selected_course_id", message: "transfers:errors.selectedCourse" },
  level: { status: 400, field: "selected_level_id", message: "transfers:errors.level" },
  notInCourse: { status: 400, field: "student_ids", message: "transfers:errors.notInCourse" },
  alreadyPending: { status: 409, field: "student_ids", message: "transfers:errors.alreadyPending" },
  notFound: { status: 404, message: "transfers:errors.notFound" },
  notPending: { status: 409, message: "transfers:errors.notPending" },
} as const satisfies RefusalTable<TransferRefusal>;

/** A course report's "promote the passing students" (a transfer, answered as `{ message }`). */
export const PROMOTE_REFUSALS = {
  ...TRANSFER_REFUSALS,
  nobodyToPromote: { status: 409, message: "gradebook:staff.promote.nobody" },
} as const satisfies RefusalTable<ReasonOf<PromoteOutcome>>;

/** A course's create and edit form (app/modules/courses). */
export const COURSE_SAVE_REFUSALS = {
  codeTaken: { status: 400, field: "course_id", message: "courses:errors.codeTaken" },
  professorInvalid: { status: 400, field: "professor_id", message: "courses:errors.professor" },
  capacityBelowEnrolled: { status: 400, field: "capacity", message: "courses:errors.capacityBelowEnrolled" },
  notFound: { status: 404, message: "courses:errors.notFound" },
} as const satisfies RefusalTable<ReasonOf<CourseSaveOutcome>>;

/** A course's enrollment of students (the course page's Enroll form). */
export const ENROLL_REFUSALS = {
  notFound: NOT_FOUND,
  finished: { status: 400, field: "student_ids", message: "courses:enroll.errors.finished" },
  inactive: { status: 400, field: "student_ids", message: "courses:enroll.errors.inactive" },
  studentsInvalid: { status: 400, field: "student_ids", message: "courses:enroll.errors.studentsInvalid" },
  overCapacity: { status: 400, field: "student_ids", message: "courses:enroll.errors.overCapacity" },
} as const satisfies RefusalTable<ReasonOf<EnrollOutcome>>;

/** A student's activation and deactivation. */
export const STUDENT_STATUS_REFUSALS = {
  notFound: NOT_FOUND,
  alreadyActive: { status: 409, message: "students:errors.alreadyActive" },
  alreadyInactive: { status: 409, message: "students:errors.alreadyInactive" },
} as const satisfies RefusalTable<ReasonOf<StudentStatusOutcome>>;

/**
 * The course PDFs (app/modules/certificates): the status of each refusal;
 * the page that says it is app/http/course-pdf.server.ts. 409: the request is
 * well formed and allowed, but the course's state does not allow it (yet).
 * `noTarget` is the edge's own: neither ?student=ID nor ?all=1.
 */
export const PDF_REFUSAL_STATUS = {
  noTarget: 400,
  notInCourse: 404,
  noStudents: 400,
  notEligible: 409,
  noneEligible: 409,
  notIssued: 409,
  unprintable: 400,
} as const satisfies Record<PdfRefusal["reason"] | "noTarget", RefusalAnswer["status"]>;
