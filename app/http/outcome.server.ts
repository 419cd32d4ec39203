import { json } from "@remix-run/node";
import { apiError } from "~/http/api.server";
import { type PdfRefusal } from "~/modules/certificates/certificates.server";
import { type ReasonOf, type Refusal as Refused } from "~/modules/shared/outcome";
import { type SaveOutcome as StudentSaveOutcome } from "~/modules/students/students.server";
import { type TransferRefusal } from "~/modules/transfers/transfers.server";
import { notFound } from "./not-found.server";

// THE EDGE (issue 17, ADR 034, ADR 036): where a module's refusal becomes an
// HTTP answer. Modules return `{ ok: true, … } | { ok: false, reason }`
// (app/modules/shared/outcome.ts) and know no status and no message. A page
// (or a domain, for the tables several pages and the API share) says how
// each reason reads in ONE shape, `Refusal`; the intent pipeline
// (intents.server.ts) answers the forms with it, `apiRefusal` the /v1/api,
// and NOT_FOUND is the 404 that notFound() (not-found.server.ts) answers.

/** The error statuses the API answers with. */
export type RefusalStatus = Parameters<typeof apiError>[0];
const API_STATUSES: readonly number[] = [400, 401, 403, 404, 405, 409, 413, 429] satisfies RefusalStatus[];
function isApiStatus(status: number): status is RefusalStatus {
  return API_STATUSES.includes(status);
}

/** The entry of a refusal answered by the 404 (notFound(): the "Not found" page, or the API's `{message}`). */
export const NOT_FOUND = { notFound: true } as const;

/**
 * How a refusal reads: a message by its field, a message on the form (both
 * 400 unless a status is given), an error page of the catalogue (a 403
 * dialog) with the message it shows, or the 404.
 */
export type Refusal =
  | { field: string; message: string; status?: number }
  | { form: string; status?: number }
  | { page: number; message: string; headers?: HeadersInit }
  | typeof NOT_FOUND;

/** One refusal per reason: a reason a module adds and the table lacks does not compile. */
export type RefusalTable<R extends string> = Readonly<Record<R, Refusal>>;

export function isRefusal(value: unknown): value is Refusal {
  return (
    typeof value === "object" &&
    value !== null &&
    ("field" in value || "form" in value || "page" in value || "notFound" in value)
  );
}

/** A refusal's status and message (a translation key); the 404 is thrown. */
export function refusalAnswer(refusal: Refusal): { status: number; message: string; field?: string } {
  if ("notFound" in refusal) notFound();
  if ("page" in refusal) return { status: refusal.page, message: refusal.message };
  if ("form" in refusal) return { status: refusal.status ?? 400, message: refusal.form };
  return { status: refusal.status ?? 400, message: refusal.message, field: refusal.field };
}

/** A refusal's status (the 404 is thrown). */
export function refusalStatus(refusal: Refusal): number {
  return refusalAnswer(refusal).status;
}

/** A refusal as the /v1/api answers it: `{ message, errors? }` in English, with its status, read from the page's table. */
export function apiRefusal<R extends string>(refused: Refused<R>, table: RefusalTable<R>) {
  const { status, message, field } = refusalAnswer(table[refused.reason]);
  return apiError(isApiStatus(status) ? status : 400, message, field ? { [field]: [message] } : undefined);
}

// ------------------------------------------------------------ the answers

/** Stops a loader with a refusal's error page: the 404 (notFound), or `{ message }` with its status. */
export function refusedPage(refusal: Refusal): never {
  const { status, message } = refusalAnswer(refusal);
  const headers = "headers" in refusal ? refusal.headers : undefined;
  throw json({ message }, { status, headers });
}

/** The value, or the 404 when there is none (a module read of one row returns null when it has none). */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) notFound();
  return value;
}

/** Stops the loader or action with a 400 `{ message }` (a translation key): a request no page sends, e.g. a date off the calendar. */
export function badRequest(message: string): never {
  throw json({ message }, { status: 400 });
}

// ------------------------------------------------------------ the tables

/** Transfers (app/modules/transfers): create, edit, approve, reject; the pages and the API. */
export const TRANSFER_REFUSALS = {
  sameCourse: { field: "selected_course_id", message: "transfers:errors.sameCourse" },
  fromCourse: { field: "from_course_id", message: "transfers:errors.fromCourse" },
  selectedCourse: { field: "selected_course_id", message: "transfers:errors.selectedCourse" },
  level: { field: "selected_level_id", message: "transfers:errors.level" },
  notInCourse: { field: "student_ids", message: "transfers:errors.notInCourse" },
  alreadyPending: { field: "student_ids", message: "transfers:errors.alreadyPending", status: 409 },
  notFound: { form: "transfers:errors.notFound", status: 404 },
  notPending: { form: "transfers:errors.notPending", status: 409 },
} as const satisfies RefusalTable<TransferRefusal>;

/** A student's create and edit form (app/modules/students). */
export const STUDENT_SAVE_REFUSALS = {
  notFound: NOT_FOUND,
  idNumberTaken: { field: "id_number", message: "students:errors.idNumberTaken", status: 409 },
} as const satisfies RefusalTable<ReasonOf<StudentSaveOutcome>>;

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
  revoked: 409,
  unprintable: 400,
} as const satisfies Record<PdfRefusal["reason"] | "noTarget", RefusalStatus>;
