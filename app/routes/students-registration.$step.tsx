import { type SubmissionResult, getFormProps, parse, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ZodTypeAny, type output } from "zod";
import { Fieldset, RadioGroup, SelectField, TextAreaField } from "~/components/fields";
import { FieldError, SubmitButton } from "~/components/forms";
import { FormAlert } from "~/components/ui/form-alert";
import { EmergencyFields, PersonFields, ScheduleSelect } from "~/components/ui/form-fields";
import { useHydrated } from "~/components/use-hydrated";
import { clientKey } from "~/env.server";
import { assertSameOrigin } from "~/modules/auth/guards.server";
import { PROMOTIONS } from "~/modules/courses/schedules";
import { schoolToday } from "~/modules/courses/sessions.server";
import {
  HEAR_ABOUT_VALUES,
  STEPS,
  type Step,
  addressSchema,
  messageSchema,
  personalFields,
  personalSchema,
} from "~/modules/registrations/schema";
import {
  type DraftData,
  draftValues,
  firstIncompleteStep,
  forgetDraft,
  idNumberTaken,
  loadDraft,
  saveDraft,
  submitDraft,
  tooManySubmissions,
} from "~/modules/registrations/wizard.server";
import { readForm } from "~/modules/shared/form.server";
import { levelsFor } from "~/modules/students/levels";

type FormStep = Exclude<Step, "done">;
const FORM_STEPS: FormStep[] = ["personal", "address", "message"];
const HONEYPOT = "website";

function isStep(value: string | undefined): value is Step {
  return (STEPS as readonly string[]).includes(value ?? "");
}

/** The draft, and the step this URL may show (an out-of-order step redirects). */
async function resolve(request: Request, param: string | undefined) {
  const [draft, today] = await Promise.all([loadDraft(request), schoolToday()]);
  const data: DraftData = draft?.data ?? { raw: {} };
  const first = firstIncompleteStep(data, !!draft?.registrationId, today);
  if (!isStep(param)) throw redirect(`/students-registration/${first}`);
  const allowed =
    first === "done" ? param === "done" : STEPS.indexOf(param) <= STEPS.indexOf(first) && param !== "done";
  if (!allowed) throw redirect(`/students-registration/${first}`);
  return { draft, data, step: param, today };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, data, step, today } = await resolve(request, params.step);
  const age = data.personal?.age_category;
  return json({
    step,
    // The school's date: the browser's birthday check (a birthday may not be after it).
    today,
    defaults: step === "done" ? {} : (data.raw[step] ?? {}),
    age: age ?? null,
    reference: draft?.reference ?? null,
  });
}

function schemaFor(step: FormStep, data: DraftData, today: string) {
  if (step === "personal") return personalSchema(today);
  if (step === "address") return addressSchema(data.personal?.age_category);
  return messageSchema;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const client = clientKey(request, context);
  const { draft, data, step, today } = await resolve(request, params.step);
  const form = await readForm(request);

  if (step === "done") {
    // "Register another student": forget this browser's finished draft.
    return redirect("/students-registration/personal", { headers: await forgetDraft(request) });
  }

  // Only this step's fields, each cut to its maximum (issue 16 M3).
  const raw = draftValues(step, form.entries());
  const next: DraftData = { ...data, raw: { ...data.raw, [step]: raw } };
  const index = FORM_STEPS.indexOf(step);

  if (form.get("intent") === "back") {
    // Back keeps what was typed, valid or not (in a draft: none is made before a valid first step).
    const saved = await saveDraft(request, client, draft, next);
    return redirect(`/students-registration/${FORM_STEPS[Math.max(0, index - 1)]}`, saved);
  }

  const submission = parseWithZod(form, { schema: schemaFor(step, data, today) });
  if (form.get(HONEYPOT)) {
    return json({ result: submission.reply({ formErrors: ["registration.errors.spam"] }) }, { status: 400 });
  }
  if (submission.status !== "success") {
    const saved = await saveDraft(request, client, draft, next);
    return json({ result: submission.reply() }, { status: 400, ...saved });
  }

  if (step === "personal") {
    const value = submission.value as DraftData["personal"] & {};
    if (await idNumberTaken(value.id_number)) {
      return json(
        { result: submission.reply({ fieldErrors: { id_number: ["registration.errors.idNumberTaken"] } }) },
        { status: 409 },
      );
    }
    const saved = await saveDraft(request, client, draft, { ...next, personal: value });
    if (saved.refused) {
      return json({ result: submission.reply({ formErrors: ["registration.drafts.tooMany"] }) }, { status: 429 });
    }
    return redirect("/students-registration/address", saved);
  }
  if (step === "address") {
    const saved = await saveDraft(request, client, draft, {
      ...next,
      address: submission.value as DraftData["address"],
    });
    return redirect("/students-registration/message", saved);
  }

  // The last step: one pending registration, at most one per draft.
  if (!draft) throw redirect("/students-registration/personal");
  if (await tooManySubmissions(client)) {
    return json({ result: submission.reply({ formErrors: ["registration.errors.rateLimited"] }) }, { status: 429 });
  }
  const complete: DraftData = { ...next, message: submission.value as DraftData["message"] };
  const outcome = await submitDraft(client, draft, complete);
  if (!outcome.ok && outcome.reason === "duplicate") {
    return json({ result: submission.reply({ formErrors: ["registration.errors.idNumberTaken"] }) }, { status: 409 });
  }
  if (!outcome.ok) throw redirect("/students-registration");
  return redirect("/students-registration/done");
}

export default function RegistrationStep() {
  const { step, defaults, age, reference, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = (actionData as { result?: SubmissionResult<string[]> } | undefined)?.result;
  // With JavaScript a new step replaces the form that had the focus: give it
  // to the new step's heading, where a page load would start reading.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    document.getElementById("step-heading")?.focus();
  }, [step]);
  return (
    <>
      <StepIndicator current={step} />
      <section className="card mt-4" aria-labelledby="step-heading">
        {step === "personal" ? <PersonalStepForm defaults={defaults} lastResult={lastResult} today={today} /> : null}
        {step === "address" ? (
          <AddressStepForm defaults={defaults} lastResult={lastResult} age={age ?? "adults"} />
        ) : null}
        {step === "message" ? <MessageStepForm defaults={defaults} lastResult={lastResult} /> : null}
        {step === "done" ? <Done reference={reference} /> : null}
      </section>
    </>
  );
}

/**
 * The browser-side check of a step, run on blur and before a post. Back never
 * validates (issue 15): the step goes to the server as typed, which keeps it
 * in the draft unvalidated and shows the previous step, as without JavaScript
 * (the Back button is formNoValidate). A null error tells conform the check
 * was skipped, so it lets the post through and marks nothing.
 */
function validateStep<Schema extends ZodTypeAny>(schema: Schema) {
  return ({ formData, submitter }: { formData: FormData; submitter: HTMLInputElement | HTMLButtonElement | null }) =>
    submitter?.name === "intent" && submitter.value === "back"
      ? parse<output<Schema>, string[]>(formData, { resolve: () => ({ error: null }) })
      : parseWithZod(formData, { schema });
}

function StepIndicator({ current }: { current: Step }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={t("registration.stepsLabel")} className="mt-4">
      <ol className="grid grid-cols-4 gap-2">
        {STEPS.map((s, i) => (
          <li key={s} aria-current={i === at ? "step" : undefined} className="flex flex-col gap-1">
            <span className={`h-1.5 rounded-full ${i <= at ? "bg-primary-dark" : "bg-slate-300"}`} aria-hidden="true" />
            <span className={`text-xs sm:text-sm ${i === at ? "font-semibold text-primary-dark" : "text-slate-700"}`}>
              <span className="sr-only">{t("registration.stepOf", { n: i + 1, total: STEPS.length })} </span>
              {t(`registration.steps.${s}.title`)}
            </span>
            <span className="hidden text-xs text-slate-700 sm:block">{t(`registration.steps.${s}.subtitle`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function StepHeading({ step }: { step: Step }) {
  const { t } = useTranslation();
  return (
    <h2 id="step-heading" tabIndex={-1} className="mb-4 text-xl font-semibold">
      {t(`registration.steps.${step}.subtitle`)}
    </h2>
  );
}

function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <FormAlert id={id} className="mb-4">
      {t(errors[0])}
    </FormAlert>
  );
}

/** A field bots fill and people never see. */
function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

function Buttons({ back }: { back: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {back ? (
        <>
          {/* Enter in a field presses a form's first submit button: this one, so it means Next, not Back (no intent is Next). */}
          <button type="submit" hidden tabIndex={-1}>
            {t("common.next")}
          </button>
          <button type="submit" name="intent" value="back" formNoValidate className="btn-secondary">
            {t("common.back")}
          </button>
        </>
      ) : (
        <span />
      )}
      <SubmitButton name="intent" value="next">
        {t("common.next")}
      </SubmitButton>
    </div>
  );
}

type StepProps = { defaults: Record<string, string>; lastResult?: SubmissionResult<string[]> };

function PersonalStepForm({ defaults, lastResult, today }: StepProps & { today: string }) {
  const { t } = useTranslation();
  const schema = personalSchema(today);
  const [form, fields] = useForm({
    id: "registration-personal",
    lastResult,
    defaultValue: defaults,
    // The browser gets the plain field rules; the kids' rules run on blur and on the server.
    constraint: getZodConstraint(personalFields(today)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validateStep(schema),
  });
  const [age, setAge] = useState<string | undefined>(defaults.age_category);
  const hydrated = useHydrated();
  return (
    <Form method="post" {...getFormProps(form)} className="relative">
      <StepHeading step="personal" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Honeypot />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <PersonFields fields={fields} own />
      </div>
      <RadioGroup
        field={fields.age_category}
        legend={t("registration.fields.age_category")}
        onChange={setAge}
        options={[
          { value: "kids", label: t("registration.age.kids") },
          { value: "adults", label: t("registration.age.adults") },
        ]}
      />
      {/* Without JavaScript the section is always there; with it, only for kids. */}
      <div hidden={hydrated && age === "adults" ? true : undefined} className="mt-2">
        <Fieldset legend={t("registration.emergencyLegend")}>
          <EmergencyFields fields={fields} own />
        </Fieldset>
      </div>
      <Buttons back={false} />
    </Form>
  );
}

function AddressStepForm({ defaults, lastResult, age }: StepProps & { age: "kids" | "adults" }) {
  const { t } = useTranslation();
  const schema = addressSchema(age);
  const [form, fields] = useForm({
    id: "registration-address",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validateStep(schema),
  });
  const [sameBilling, setSameBilling] = useState<string | undefined>(defaults.same_billing);
  const hydrated = useHydrated();
  return (
    <Form method="post" {...getFormProps(form)} className="relative">
      <StepHeading step="address" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Honeypot />
      <TextAreaField field={fields.address} label={t("registration.fields.address")} rows={2} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField
          field={fields.level}
          label={t("registration.fields.level")}
          placeholder={t("registration.choose")}
          options={levelsFor(age).map((l) => ({ value: l.name, label: l.name }))}
        />
        <ScheduleSelect field={fields.schedule} />
      </div>
      <RadioGroup
        field={fields.same_billing}
        legend={t("registration.fields.same_billing")}
        onChange={setSameBilling}
        options={[
          { value: "yes", label: t("registration.yes") },
          { value: "no", label: t("registration.no") },
        ]}
      />
      <div hidden={hydrated && sameBilling === "yes" ? true : undefined}>
        <TextAreaField field={fields.billing_address} label={t("registration.fields.billing_address")} rows={2} />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField
          field={fields.where_hear_about_us}
          label={t("registration.fields.where_hear_about_us")}
          placeholder={t("registration.optional")}
          options={HEAR_ABOUT_VALUES.map((v) => ({ value: v, label: t(`registration.hear.${v}`) }))}
        />
        <SelectField
          field={fields.promotion}
          label={t("registration.fields.promotion")}
          placeholder={t("registration.noPromotion")}
          options={PROMOTIONS.map((v) => ({ value: v, label: v }))}
        />
      </div>
      <Buttons back />
    </Form>
  );
}

function MessageStepForm({ defaults, lastResult }: StepProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "registration-message",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(messageSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validateStep(messageSchema),
  });
  const terms = fields.accepted_terms;
  return (
    <Form method="post" {...getFormProps(form)} className="relative">
      <StepHeading step="message" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Honeypot />
      <TextAreaField field={fields.message} label={t("registration.fields.message")} rows={4} />
      <div className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
        <h3 className="font-semibold">{t("registration.termsTitle")}</h3>
        <p className="mt-1">{t("registration.termsText")}</p>
      </div>
      <div className="mt-3">
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            id={terms.id}
            name={terms.name}
            value="on"
            defaultChecked={terms.initialValue === "on"}
            required
            aria-invalid={terms.errors?.length ? true : undefined}
            aria-describedby={terms.errors?.length ? terms.errorId : undefined}
            className="mt-1 h-4 w-4 accent-[#4c3fe0]"
          />
          <span>{t("registration.fields.accepted_terms")}</span>
        </label>
        <FieldError id={terms.errorId} errors={terms.errors} />
      </div>
      <Buttons back />
    </Form>
  );
}

function Done({ reference }: { reference: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="text-center">
      <StepHeading step="done" />
      <p className="text-slate-800">{t("registration.doneText")}</p>
      <p className="mt-4 text-sm text-slate-700">{t("registration.reference")}</p>
      <p className="mt-1 font-mono text-2xl font-bold tracking-wider text-primary-dark" data-testid="reference">
        {reference}
      </p>
      <Form method="post" className="mt-6">
        <button type="submit" className="btn-secondary">
          {t("registration.another")}
        </button>
      </Form>
      <p className="mt-4">
        <Link to="/authentication/login" className="text-sm text-primary-dark underline">
          {t("registration.staffLogin")}
        </Link>
      </p>
    </div>
  );
}
