import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PublicFrame } from "~/components/layout/public-frame";
import { AddressStepForm, MessageStepForm, PersonalStepForm } from "~/components/registration/step-forms";
import { DoneStep, StepIndicator } from "~/components/registration/step-parts";
import { fieldRules } from "~/components/zod-form";
import { clientKey } from "~/env.server";
import { readForm } from "~/http/form.server";
import { assertSameOrigin } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { formReply } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { stepFields } from "~/modules/registrations/schema";
import { type StepRefusal, postStep, registrationStepPage, wizardState } from "~/modules/registrations/steps.server";
import { publicFrame } from "~/modules/settings/public-frame.server";

// Public: no sign-in, no standard layout. The wizard's frame (header, title,
// footer) is drawn here, not by a layout route: a layout's module was one
// more script file for the browser to fetch before the form works, on a
// slow line a round trip of its own (issue 18).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await registrationStepPage(request, params.step);
  if (!page.ok) throw redirect(page.to);
  const rules = page.step === "done" ? {} : fieldRules(stepFields(page.step, page.today, page.age ?? "adults"));
  const [frame, t] = await Promise.all([publicFrame(), translator(request)]);
  return json({ ...page, rules, frame, title: t("registration.title") });
}

// The tab title in the reader's language, like the page's heading.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · ${data.frame.schoolName}` : "" },
];

/** How a refused step reads: a field's or the form's message, and its status ("invalid": the schema's own messages). */
const REFUSALS: Record<StepRefusal, { status: number; field?: string; message?: string }> = {
  invalid: { status: 400 },
  spam: { status: 400, message: "registration.errors.spam" },
  idNumberTaken: { status: 409, field: "id_number", message: "registration.errors.idNumberTaken" },
  tooManyDrafts: { status: 429, message: "registration.drafts.tooMany" },
  rateLimited: { status: 429, message: "registration.errors.rateLimited" },
  duplicate: { status: 409, message: "registration.errors.idNumberTaken" },
};

// The wizard keeps its own parser (a step's draft is saved even when it is refused): only the reply step is shared.
export async function action({ request, params, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const state = await wizardState(request, params.step);
  if (!state.ok) throw redirect(state.to);
  const outcome = await postStep(request, clientKey(request, context), state, await readForm(request));
  if (outcome.ok) return redirect(outcome.to, { headers: outcome.headers });
  const { status, field, message } = REFUSALS[outcome.reason];
  const { submission, headers } = outcome;
  const errors = message ? (field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) : undefined;
  return formReply(state.step, submission.reply(errors), { status, headers });
}

export default function RegistrationStep() {
  const { step, defaults, rules, age, reference, today, frame } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lastResult = useIntentResult<typeof action>()?.result;
  // With JavaScript a new step replaces the form that had the focus: give it
  // to the new step's heading, where a page load would start reading.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    document.getElementById("step-heading")?.focus();
  }, [step]);
  return (
    <PublicFrame frame={frame} home="/students-registration" mainClassName="max-w-3xl">
      <h1 className="text-2xl font-semibold">{t("registration.title")}</h1>
      <StepIndicator current={step} />
      <section className="card mt-4" aria-labelledby="step-heading">
        {step === "personal" ? (
          <PersonalStepForm defaults={defaults} rules={rules} lastResult={lastResult} today={today} />
        ) : null}
        {step === "address" ? (
          <AddressStepForm defaults={defaults} rules={rules} lastResult={lastResult} age={age ?? "adults"} />
        ) : null}
        {step === "message" ? <MessageStepForm defaults={defaults} rules={rules} lastResult={lastResult} /> : null}
        {step === "done" ? <DoneStep reference={reference} /> : null}
      </section>
    </PublicFrame>
  );
}
