import { type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { type ReasonOf, refuse } from "~/modules/shared/outcome";
import {
  type FormStep,
  type Step,
  FORM_STEPS,
  HONEYPOT,
  STEPS,
  addressSchema,
  isStep,
  messageSchema,
  personalSchema,
  stepPath,
} from "./schema";
import {
  type Draft,
  type DraftData,
  draftValues,
  firstIncompleteStep,
  forgetDraft,
  idNumberTaken,
  loadDraft,
  saveDraft,
  submitDraft,
  tooManySubmissions,
} from "./wizard.server";

// The public registration wizard, step by step (issue 17): what a step's
// page shows, and what a step's post does, as plain outcomes. The route
// turns them into its redirects and form replies.

/** The draft of this browser and the step this URL may show; another step answers the one to go to. */
export type WizardState =
  | { ok: true; draft: Draft | null; data: DraftData; step: Step; today: string }
  | { ok: false; reason: "otherStep"; to: string };

export async function wizardState(request: Request, param: string | undefined): Promise<WizardState> {
  const [draft, today] = await Promise.all([loadDraft(request), schoolToday()]);
  const data: DraftData = draft?.data ?? { raw: {} };
  const first = firstIncompleteStep(data, !!draft?.registrationId, today);
  const allowed =
    isStep(param) &&
    (first === "done" ? param === "done" : STEPS.indexOf(param) <= STEPS.indexOf(first) && param !== "done");
  if (!allowed) return { ok: false, reason: "otherStep", to: stepPath(first) };
  return { ok: true, draft, data, step: param, today };
}

/** Where the wizard starts for this browser: its first step not yet done. */
export async function firstStepPath(request: Request) {
  const draft = await loadDraft(request);
  return stepPath(firstIncompleteStep(draft?.data ?? { raw: {} }, !!draft?.registrationId, await schoolToday()));
}

/** The page of a step: what it shows (its typed values, the age chosen, the reference once done). */
export async function registrationStepPage(request: Request, param: string | undefined) {
  const state = await wizardState(request, param);
  if (!state.ok) return state;
  const { draft, data, step, today } = state;
  return {
    ok: true as const,
    step,
    // The school's date: the browser's birthday check (a birthday may not be after it).
    today,
    defaults: step === "done" ? {} : (data.raw[step] ?? {}),
    age: data.personal?.age_category ?? null,
    reference: draft?.reference ?? null,
  };
}

function schemaFor(step: FormStep, data: DraftData, today: string) {
  if (step === "personal") return personalSchema(today);
  if (step === "address") return addressSchema(data.personal?.age_category);
  return messageSchema;
}

type Replying = Pick<Submission<unknown>, "reply">;

/** A step's post: on to the page `to` (with the draft's cookie), or refused with the form as posted. */
export type StepOutcome =
  | { ok: true; to: string; headers?: HeadersInit }
  | {
      ok: false;
      reason: "spam" | "invalid" | "idNumberTaken" | "tooManyDrafts" | "rateLimited" | "duplicate";
      submission: Replying;
      headers?: HeadersInit;
    };
export type StepRefusal = ReasonOf<StepOutcome>;

/**
 * Posts the step `state` shows. Back keeps what was typed, valid or not;
 * Next checks the step (the honeypot, the fields, the ID number) and saves
 * it; the last step turns the draft into one pending registration; on the
 * done step, "register another student" forgets this browser's draft.
 * `client` is the sender's address (clientKey).
 */
export async function postStep(
  request: Request,
  client: string,
  state: Extract<WizardState, { ok: true }>,
  form: FormData,
): Promise<StepOutcome> {
  const { draft, data, step, today } = state;
  if (step === "done") return { ok: true, to: stepPath("personal"), headers: await forgetDraft(request) };

  // Only this step's fields, each cut to its maximum (issue 16 M3).
  const next: DraftData = { ...data, raw: { ...data.raw, [step]: draftValues(step, form.entries()) } };

  if (form.get("intent") === "back") {
    // In a draft only: none is made before a valid first step.
    const saved = await saveDraft(request, client, draft, next);
    return { ok: true, to: stepPath(FORM_STEPS[Math.max(0, FORM_STEPS.indexOf(step) - 1)]), headers: saved.headers };
  }

  const submission = parseWithZod(form, { schema: schemaFor(step, data, today) });
  if (form.get(HONEYPOT)) return { ...refuse("spam"), submission };
  if (submission.status !== "success") {
    const saved = await saveDraft(request, client, draft, next);
    return { ...refuse("invalid"), submission, headers: saved.headers };
  }

  const value = submission.value;
  if (step === "personal" && "id_number" in value) {
    if (await idNumberTaken(value.id_number)) return { ...refuse("idNumberTaken"), submission };
    const saved = await saveDraft(request, client, draft, { ...next, personal: value });
    if (saved.refused) return { ...refuse("tooManyDrafts"), submission };
    return { ok: true, to: stepPath("address"), headers: saved.headers };
  }
  if (step === "address" && "level" in value) {
    const saved = await saveDraft(request, client, draft, { ...next, address: value });
    return { ok: true, to: stepPath("message"), headers: saved.headers };
  }
  if (!("accepted_terms" in value)) throw new Error(`No value of the step "${step}"`);

  // The last step: one pending registration, at most one per draft.
  if (!draft) return { ok: true, to: stepPath("personal") };
  if (await tooManySubmissions(client)) return { ...refuse("rateLimited"), submission };
  const outcome = await submitDraft(client, draft, { ...next, message: value });
  if (!outcome.ok && outcome.reason === "duplicate") return { ...refuse("duplicate"), submission };
  if (!outcome.ok) return { ok: true, to: "/students-registration" };
  return { ok: true, to: stepPath("done") };
}
