import { type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type TypedResponse, json } from "@remix-run/node";
import { z } from "zod";
import { readForm, unknownForm } from "~/http/form.server";
import { toasts } from "~/http/toast.server";
import { installZodMessages } from "~/modules/shared/zod-messages";
import { type ImageUpload } from "~/modules/users/avatar.server";
import { isMultipart, readImageForm } from "./image-upload.server";
import { NOT_FOUND, type Refusal, isRefusal, refusedPage } from "./outcome.server";

// Every form this pipeline reads: zod's own messages as translation keys (entry.server does the same).
installZodMessages();

// The one refusal shape and its 404 (outcome.server.ts), as the pages import them.
export { NOT_FOUND, type Refusal };

// The intent pipeline (ADR 036): every page that posts answers through it.
//
//   guard → read the form → its intent → the intent's schema → the module call
//   → done: a redirect with a toast, or a reply the form shows
//   → refused: the page's one map from the module's reasons to a field's or
//     the form's message and status (or an error page)
//
// Modules say what happened ({ ok: false, reason }); this is the one place
// where that becomes HTTP. The client reads its intent's reply with
// useIntentResult (app/http/intents.ts).

/** Each form of a page by its intent: its schema (client-safe, in modules/<domain>/schema.ts). */
export type IntentForms = Record<string, z.ZodTypeAny>;

/** A toast's text: a translation key, or a text translated by the handler (it names data) with its description. */
export type ToastText = string | { message: string; description?: string };
/** Done: back to a page with a success toast (an info toast when `info`: done, but nothing changed). */
export type Redirected = { ok: true; redirect: string; toast: ToastText; info?: boolean; init?: ResponseInit };
/** Done, staying on the page: the form starts again and the page shows `data` (a link shown once). */
export type Shown<D> = { ok: true; show: D };
/** Refused by the module: a reason the page's refusal map knows. */
export type Refused = { ok: false; reason: string };

/** What an intent's handler answers. */
export type Answer = Redirected | Shown<object> | Refused;

/** Back to `to` with the success toast `key`. */
export function toastTo(to: string, key: string, init?: ResponseInit): Redirected {
  return { ok: true, redirect: to, toast: key, init };
}

/** Back to `to` with the information toast `key` (done, but nothing to say it changed). */
export function infoTo(to: string, key: string): Redirected {
  return { ok: true, redirect: to, toast: key, info: true };
}

/** Stay on the page and show `data` with the form's (reset) reply. */
export function show<D extends object>(data: D): Shown<D> {
  return { ok: true, show: data };
}

/** A module's outcome as the handler's answer: `success` when it is done, else its refusal. */
export function ifDone<O extends { ok: boolean }, S extends Redirected | Shown<object>>(
  outcome: O,
  success: S,
): S | Extract<O, Refused>;
export function ifDone(outcome: { ok: boolean }, success: Answer): unknown {
  return outcome.ok ? success : outcome;
}

type Handler<V, C> = (value: V, context: C) => Promise<Answer>;
type Handlers<F extends IntentForms, C> = { [K in keyof F]: Handler<z.output<F[K]>, C> };

type Returned<H> = { [K in keyof H]: H[K] extends (...args: never[]) => Promise<infer A> ? A : never }[keyof H];
type RefusedBy<H> = Extract<Returned<H>, Refused>;
type ShownBy<H> = Returned<H> extends infer A ? (A extends Shown<infer D> ? D : never) : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The page's one map from every reason its modules refuse with to how the refusal reads. */
export type Refusals<R extends Refused, C> = {
  [Reason in R["reason"]]:
    Refusal | ((refused: Extract<R, { reason: Reason }>, context: C) => Refusal | Promise<Refusal>);
};

/** What the page's form gets back: its intent, conform's result, the record it was about, what it shows. */
export type IntentReply<K extends string, D = object> = {
  intent: K;
  result: SubmissionResult<string[]>;
  /** A refused change's message (a translation key, or a text translated by the page). */
  message?: string;
  target?: string | null;
} & Partial<D>;

/** A multipart form carrying one image (the avatar): read by its own parser, answered by the same steps. */
export type ImageIntent<K extends string, C, A extends Answer> = {
  intent: K;
  /** The file input's name. */
  field: string;
  /** The translation keys of a refused image: `${messages}.${reason}`. */
  messages: string;
  run: (image: Extract<ImageUpload, { ok: true }>, context: C) => Promise<A>;
};

export interface IntentPage<
  F extends IntentForms,
  C extends object,
  H extends Handlers<F, C>,
  U extends string,
  A extends Answer,
> {
  /** Who may post (the permission guard), and what the page is about (its id, a 404 before the body is read). */
  guard: () => Promise<C>;
  forms: F;
  /** Every intent's module call: a form without one does not compile. */
  intents: H;
  refusals: Refusals<RefusedBy<H> | Extract<A, Refused>, C>;
  /** The intent of a post that names none (a page whose only form sends no intent). */
  defaultIntent?: keyof F & string;
  /** Fields never sent back (passwords). */
  hideFields?: string[];
  /** The posted field naming the record a form is about, for pages with a form per row. */
  target?: string;
  image?: ImageIntent<U, C, A>;
}

/**
 * The action of a page that posts. An intent no form of the page sends is a
 * 400 without a message (unknownForm: the page's toast "Oops!"); a form its
 * schema refuses is a 400 with the field messages; a refused change reads as
 * the refusal map says; a done one redirects with its toast, or shows.
 */
export function handleIntents<
  F extends IntentForms,
  C extends object,
  H extends Handlers<F, C>,
  U extends string = never,
  A extends Answer = never,
>(
  request: Request,
  page: IntentPage<F, C, H, U, A>,
): Promise<TypedResponse<IntentReply<(keyof F & string) | U, UnionToIntersection<ShownBy<H>>>>>;
export async function handleIntents(
  request: Request,
  page: IntentPage<IntentForms, object, Handlers<IntentForms, object>, string, Answer>,
): Promise<Response> {
  const context = await page.guard();

  if (page.image && isMultipart(request)) {
    const { intent, field, messages, run } = page.image;
    const { fields, image } = await readImageForm(request, field);
    const submission = parseWithZod(fields, { schema: noFields });
    if (!image.ok) {
      const reply = submission.reply({ fieldErrors: { [field]: [`${messages}.${image.reason}`] } });
      return json({ intent, result: reply }, { status: image.reason === "tooLarge" ? 413 : 400 });
    }
    return answer(request, page, context, intent, submission, await run(image, context));
  }

  const formData = await readForm(request);
  const posted = formData.get("intent");
  const intent =
    posted === null
      ? page.defaultIntent
      : typeof posted === "string" && Object.hasOwn(page.forms, posted)
        ? posted
        : undefined;
  if (intent === undefined) unknownForm();

  const submission = parseWithZod(formData, { schema: page.forms[intent] });
  const target = targetOf(page, submission.payload);
  if (submission.status !== "success") {
    return json({ intent, result: submission.reply({ hideFields: page.hideFields }), ...target }, { status: 400 });
  }
  return answer(request, page, context, intent, submission, await page.intents[intent](submission.value, context));
}

/**
 * The reply step alone, for a page that keeps its own parser (a multipart
 * form whose file is checked with its fields, the gradebook, attendance):
 * the form's reply under its intent, as handleIntents answers it, with what
 * the page shows again (`data`: a grid's cells as typed).
 */
export function formReply<K extends string, D extends object = object>(
  intent: K,
  result: SubmissionResult<string[]>,
  init?: ResponseInit,
  data?: D,
): TypedResponse<IntentReply<K> & D>;
export function formReply(
  intent: string,
  result: SubmissionResult<string[]>,
  init?: ResponseInit,
  data?: object,
): Response {
  return json({ ...data, intent, result }, init ?? { status: 400 });
}

/** The redirect step alone: a done change, back to its page with the success toast. */
export function redirectDone(request: Request, done: Redirected) {
  const toast = toasts(request);
  if (done.info) return toast.redirectWithInfo(done.redirect, done.toast, done.init);
  return toast.redirectWithSuccess(done.redirect, done.toast, done.init);
}

/** The image form's text fields are not checked (a body cut off at its limit has none): only its reply is needed. */
const noFields = z.object({});

function targetOf(page: { target?: string }, payload: Record<string, unknown>) {
  if (!page.target) return {};
  const value = payload[page.target];
  return { target: typeof value === "string" ? value : null };
}

type Replying = Pick<Submission<unknown>, "payload" | "reply">;

/** The outcome-to-reply step: a done intent redirects or shows, a refused one reads as the page's map says. */
async function answer<C extends object>(
  request: Request,
  page: { refusals: Record<string, unknown>; hideFields?: string[]; target?: string },
  context: C,
  intent: string,
  submission: Replying,
  outcome: Answer,
) {
  if (outcome.ok) {
    if ("redirect" in outcome) return redirectDone(request, outcome);
    return json({ intent, result: submission.reply({ resetForm: true }), ...outcome.show });
  }
  const entry = page.refusals[outcome.reason];
  const refusal = typeof entry === "function" ? await entry(outcome, context) : entry;
  if (!isRefusal(refusal)) throw new Error(`No refusal message for "${outcome.reason}"`);
  if ("notFound" in refusal || "page" in refusal) refusedPage(refusal);
  const hideFields = page.hideFields;
  const message = "field" in refusal ? refusal.message : refusal.form;
  const result =
    "field" in refusal
      ? submission.reply({ fieldErrors: { [refusal.field]: [message] }, hideFields })
      : submission.reply({ formErrors: [message], hideFields });
  // `message` too, as every refused answer has it (the API's, the error pages'): a caller reads it without the form.
  return json({ intent, result, message, ...targetOf(page, submission.payload) }, { status: refusal.status ?? 400 });
}
