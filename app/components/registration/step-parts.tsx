import { type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { type CheckContext, type FieldRules, type FormCheck, skipCheck } from "~/components/later-checks";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { HONEYPOT, STEPS, type Step } from "~/modules/registrations/wizard";

// The parts every step of the public registration wizard shares.

export type StepProps = {
  defaults: Record<string, string>;
  /** The step's field rules, from the loader (stepFields). */
  rules: FieldRules;
  lastResult?: SubmissionResult<string[]>;
};

/** conform's options every step's form shares: checks as a field is left, again as it is typed in. */
export const stepChecks = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

/**
 * The browser-side check of a step (the step's schema, loaded after the page:
 * useLaterSchema), run on blur and before a post. Back never validates (issue
 * 15): the step goes to the server as typed, which keeps it in the draft
 * unvalidated and shows the previous step, as without JavaScript (the Back
 * button is formNoValidate). A null error tells conform the check was
 * skipped, so it lets the post through and marks nothing.
 */
export function validateStep<Schema, Value>(check: FormCheck<Schema, Value>): FormCheck<Schema, Value> {
  return (context: CheckContext) =>
    context.submitter?.name === "intent" && context.submitter.value === "back"
      ? skipCheck<Schema, Value>(context)
      : check(context);
}

export function StepIndicator({ current }: { current: Step }) {
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

export function StepHeading({ step }: { step: Step }) {
  const { t } = useTranslation();
  return (
    <h2 id="step-heading" tabIndex={-1} className="mb-4 text-xl font-semibold">
      {t(`registration.steps.${step}.subtitle`)}
    </h2>
  );
}

/** A step's heading, its form's message, and the honeypot: the top of every step's form. */
export function StepTop({ step, errorId, errors }: { step: Step; errorId: string; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <StepHeading step={step} />
      {errors?.length ? (
        <FormAlert id={errorId} className="mb-4">
          {t(errors[0])}
        </FormAlert>
      ) : null}
      <Honeypot />
    </>
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

/** Back (from the second step) and Next; the last step's Next says what it does: "Submit registration". */
export function StepButtons({ back, last = false }: { back: boolean; last?: boolean }) {
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
        {last ? t("registration.submit") : t("common.next")}
      </SubmitButton>
    </div>
  );
}

/** The last step: the registration's reference, and a start for another student. */
export function DoneStep({ reference }: { reference: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="text-center">
      <StepHeading step="done" />
      <p className="text-slate-800">{t("registration.doneText")}</p>
      <p className="mx-auto mt-2 max-w-prose text-sm text-slate-800">{t("registration.nextSteps")}</p>
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
