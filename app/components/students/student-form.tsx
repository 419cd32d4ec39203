import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { type ReactNode, useState } from "react";
import { Fieldset, SelectField, TextAreaField } from "~/components/fields";
import { SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { FormAlert } from "~/components/ui/form-alert";
import {
  EmergencyFields,
  LevelSelect,
  PersonFields,
  ScheduleSelect,
  AgeCategoryField,
  SameBillingField,
} from "~/components/ui/form-fields";
import { Link } from "~/components/ui/link";
import { useAppForm } from "~/components/use-app-form";
import { useHydrated } from "~/components/use-hydrated";
import { PROMOTIONS } from "~/modules/calendar/schedules";
import { HEAR_ABOUT_VALUES } from "~/modules/registrations/hear-about";

export type StudentFormValues = Record<string, string>;

/** The new and edit pages: the way back, the title, the form in its card. */
export function StudentFormPage({
  back,
  backLabel,
  title,
  children,
}: {
  back: string;
  backLabel: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <p>
        <Link to={back} className="text-sm text-primary-dark underline">
          {backLabel}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div className="card">{children}</div>
    </div>
  );
}

/** The create and edit form: a plain POST, checked again by the server. */
export function StudentForm({
  id,
  defaults,
  rules,
  lastResult,
  legacyHear,
  today,
  cancelTo,
}: {
  id: string;
  defaults: StudentFormValues;
  /** The plain field rules (studentFields); the cross-field rules run on blur and on the server. */
  rules: FieldRules;
  lastResult?: SubmissionResult<string[]>;
  legacyHear?: string | null;
  /** The school's date, from the loader: a birthday may not be after it. */
  today: string;
  cancelTo: string;
}) {
  const { t } = useStudentsTranslation();
  const check = useLaterSchema(() =>
    import("~/modules/students/schema").then((m) => m.studentSchema({ today, legacyHear })),
  );
  const [form, fields] = useAppForm({
    id,
    lastResult,
    defaultValue: defaults,
    constraint: rules,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const hydrated = useHydrated();
  const [age, setAge] = useState<string | undefined>(fields.age_category.initialValue as string | undefined);
  const [sameBilling, setSameBilling] = useState<string | undefined>(
    fields.same_billing.initialValue as string | undefined,
  );
  const hearValues: string[] = [...HEAR_ABOUT_VALUES];
  if (legacyHear && !hearValues.includes(legacyHear)) hearValues.push(legacyHear);

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {form.errors?.length ? <FormAlert id={form.errorId}>{t(form.errors[0])}</FormAlert> : null}
      <Fieldset legend={t("sections.personal")}>
        <PersonFields fields={fields} />
        <div className="sm:col-span-2">
          <AgeCategoryField field={fields.age_category} onChange={setAge} />
        </div>
      </Fieldset>
      {/* Without JavaScript the section is always there; with it, only for kids. */}
      <div hidden={hydrated && age === "adults" ? true : undefined}>
        <Fieldset legend={t("registration.emergencyLegend")}>
          <EmergencyFields fields={fields} />
        </Fieldset>
      </div>
      <Fieldset legend={t("sections.school")}>
        <LevelSelect field={fields.level_id} age={age} />
        <ScheduleSelect field={fields.schedule} />
        <SelectField
          field={fields.promotion}
          label={t("registration.fields.promotion")}
          placeholder={t("registration.noPromotion")}
          options={PROMOTIONS.map((v) => ({ value: v, label: v }))}
        />
        <SelectField
          field={fields.where_hear_about_us}
          label={t("registration.fields.where_hear_about_us")}
          placeholder={t("registration.optional")}
          options={hearValues.map((v) => ({
            value: v,
            label: (HEAR_ABOUT_VALUES as readonly string[]).includes(v) ? t(`registration.hear.${v}`) : v,
          }))}
        />
      </Fieldset>
      <Fieldset legend={t("sections.address")}>
        <div className="sm:col-span-2">
          <TextAreaField field={fields.address} label={t("registration.fields.address")} rows={2} />
        </div>
        <div className="sm:col-span-2">
          <SameBillingField field={fields.same_billing} onChange={setSameBilling} />
        </div>
        <div className="sm:col-span-2" hidden={hydrated && sameBilling === "yes" ? true : undefined}>
          <TextAreaField field={fields.billing_address} label={t("registration.fields.billing_address")} rows={2} />
        </div>
      </Fieldset>
      <TextAreaField field={fields.notes} label={t("fields.notes")} rows={4} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton>{t("common.save")}</SubmitButton>
        <Link to={cancelTo} className="btn-secondary">
          {t("common.cancel")}
        </Link>
      </div>
    </Form>
  );
}
