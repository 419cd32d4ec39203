import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useAppNames } from "~/components/app-names";
import { useIsolate } from "~/components/courses/labels";
import { Fieldset, SelectField, TextAreaField } from "~/components/fields";
import { FieldError } from "~/components/forms";
import { useLaterSchema } from "~/components/later-checks";
import {
  EmergencyFields,
  PersonFields,
  ScheduleSelect,
  AgeCategoryField,
  SameBillingField,
} from "~/components/ui/form-fields";
import { useAppForm } from "~/components/use-app-form";
import { useHydrated } from "~/components/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { PROMOTIONS } from "~/modules/calendar/schedules";
import { levelsFor } from "~/modules/levels/levels";
import { HEAR_ABOUT_VALUES } from "~/modules/registrations/hear-about";
import { type StepProps, StepButtons, StepTop, stepChecks, validateStep } from "./step-parts";

// The forms of the wizard's three steps (the browser checks each with the schema the server uses).

export function PersonalStepForm({ defaults, rules, lastResult, today }: StepProps & { today: string }) {
  const { t } = useTranslation();
  const check = useLaterSchema(() => import("~/modules/registrations/schema").then((m) => m.personalSchema(today)));
  const [form, fields] = useAppForm({
    id: "registration-personal",
    lastResult,
    defaultValue: defaults,
    // The plain field rules; the kids' rules run on blur and on the server.
    constraint: rules,
    ...stepChecks,
    onValidate: validateStep(check),
  });
  const [age, setAge] = useState<string | undefined>(defaults.age_category);
  const hydrated = useHydrated();
  return (
    <Form method="post" {...getFormProps(form)} className="relative">
      <StepTop step="personal" errorId={form.errorId} errors={form.errors} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <PersonFields fields={fields} own />
      </div>
      <AgeCategoryField field={fields.age_category} onChange={setAge} />
      {/* Without JavaScript the section is always there; with it, only for kids. */}
      <div hidden={hydrated && age === "adults" ? true : undefined} className="mt-2">
        <Fieldset legend={t("registration.emergencyLegend")}>
          <EmergencyFields fields={fields} own />
        </Fieldset>
      </div>
      <StepButtons back={false} />
    </Form>
  );
}

export function AddressStepForm({ defaults, rules, lastResult, age }: StepProps & { age: "kids" | "adults" }) {
  const { t } = useTranslation();
  const appNames = useAppNames();
  const check = useLaterSchema(() => import("~/modules/registrations/schema").then((m) => m.addressSchema(age)));
  const isolate = useIsolate();
  const [form, fields] = useAppForm({
    id: "registration-address",
    lastResult,
    defaultValue: defaults,
    constraint: rules,
    ...stepChecks,
    onValidate: validateStep(check),
  });
  const [sameBilling, setSameBilling] = useState<string | undefined>(defaults.same_billing);
  const hydrated = useHydrated();
  return (
    <Form method="post" {...getFormProps(form)} className="relative">
      <StepTop step="address" errorId={form.errorId} errors={form.errors} />
      <TextAreaField field={fields.address} label={t("registration.fields.address")} rows={2} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField
          field={fields.level}
          label={t("registration.fields.level")}
          placeholder={t("registration.choose")}
          options={levelsFor(age).map((l) => ({ value: l.name, label: isolate(appNames.level(l.name)) }))}
        />
        <ScheduleSelect field={fields.schedule} />
      </div>
      <SameBillingField field={fields.same_billing} onChange={setSameBilling} />
      <div hidden={hydrated && sameBilling === "yes" ? true : undefined}>
        <TextAreaField field={fields.billing_address} label={t("registration.fields.billing_address")} rows={2} />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField
          field={fields.where_hear_about_us}
          label={t("registration.fields.where_hear_about_us")}
          // Optional: said by the hint, not by an empty choice that reads like an answer.
          placeholder={t("registration.choose")}
          hint={t("registration.optional")}
          options={HEAR_ABOUT_VALUES.map((v) => ({ value: v, label: t(`registration.hear.${v}`) }))}
        />
        <SelectField
          field={fields.promotion}
          label={t("registration.fields.promotion")}
          placeholder={t("registration.noPromotion")}
          options={PROMOTIONS.map((v) => ({ value: v, label: v }))}
        />
      </div>
      <StepButtons back />
    </Form>
  );
}

export function MessageStepForm({ defaults, rules, lastResult }: StepProps) {
  const { t } = useTranslation();
  const check = useLaterSchema(() => import("~/modules/registrations/schema").then((m) => m.messageSchema));
  const [form, fields] = useAppForm({
    id: "registration-message",
    lastResult,
    defaultValue: defaults,
    constraint: rules,
    ...stepChecks,
    onValidate: validateStep(check),
  });
  const terms = fields.accepted_terms;
  return (
    <Form method="post" {...getFormProps(form)} className="relative">
      <StepTop step="message" errorId={form.errorId} errors={form.errors} />
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
      <StepButtons back last />
    </Form>
  );
}
