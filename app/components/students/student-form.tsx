import { type SubmissionResult, getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { Fieldset, RadioGroup, SelectField, TextAreaField, TextField } from "~/components/fields";
import { FieldError, SubmitButton } from "~/components/forms";
import { useHydrated } from "~/components/use-hydrated";
import { PROMOTIONS, STANDARD_SCHEDULES } from "~/modules/courses/schedules";
import { HEAR_ABOUT_VALUES } from "~/modules/registrations/schema";
import { ADULT_LEVELS, KIDS_LEVELS } from "~/modules/students/levels";
import { studentFields, studentSchema } from "~/modules/students/schema";

export type StudentFormValues = Record<string, string>;

/** The create and edit form: a plain POST, checked again by the server. */
export function StudentForm({
  id,
  defaults,
  lastResult,
  legacyHear,
  today,
  cancelTo,
}: {
  id: string;
  defaults: StudentFormValues;
  lastResult?: SubmissionResult<string[]>;
  legacyHear?: string | null;
  /** The school's date, from the loader: a birthday may not be after it. */
  today: string;
  cancelTo: string;
}) {
  const { t } = useStudentsTranslation();
  const schema = studentSchema({ today, legacyHear });
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaults,
    // The browser gets the plain field rules; the cross-field rules run on blur and on the server.
    constraint: getZodConstraint(studentFields({ today, legacyHear })),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const hydrated = useHydrated();
  const [age, setAge] = useState<string | undefined>(fields.age_category.initialValue as string | undefined);
  const [sameBilling, setSameBilling] = useState<string | undefined>(fields.same_billing.initialValue as string | undefined);
  const level = fields.level_id;
  const levelProps = getSelectProps(level);
  // Without JavaScript both lists show (grouped); with it, only the chosen age's.
  const groups = [
    { age: "adults", label: t("registration.age.adults"), levels: ADULT_LEVELS },
    { age: "kids", label: t("registration.age.kids"), levels: KIDS_LEVELS },
  ].filter((g) => !hydrated || !age || g.age === age);
  const hearValues: string[] = [...HEAR_ABOUT_VALUES];
  if (legacyHear && !hearValues.includes(legacyHear)) hearValues.push(legacyHear);

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {form.errors?.length ? (
        <div id={form.errorId} role="alert" className="rounded-md border border-secondary-dark bg-rose-50 px-3 py-2 text-sm text-rose-900">
          {t(form.errors[0])}
        </div>
      ) : null}
      <Fieldset legend={t("sections.personal")}>
        <TextField field={fields.first_name} label={t("registration.fields.first_name")} autoComplete="off" />
        <TextField field={fields.middle_name} label={t("registration.fields.middle_name")} autoComplete="off" />
        <TextField field={fields.last_name} label={t("registration.fields.last_name")} autoComplete="off" />
        <TextField field={fields.second_last_name} label={t("registration.fields.second_last_name")} autoComplete="off" />
        <TextField field={fields.id_number} label={t("registration.fields.id_number")} hint={t("registration.hints.id_number")} autoComplete="off" />
        <TextField field={fields.birthday} label={t("registration.fields.birthday")} type="date" autoComplete="off" />
        <TextField field={fields.phone_number} label={t("registration.fields.phone_number")} type="tel" inputMode="tel" hint={t("registration.hints.phone")} autoComplete="off" />
        <TextField field={fields.email} label={t("registration.fields.email")} type="email" autoComplete="off" />
        <div className="sm:col-span-2">
          <RadioGroup
            field={fields.age_category}
            legend={t("registration.fields.age_category")}
            onChange={setAge}
            options={[
              { value: "kids", label: t("registration.age.kids") },
              { value: "adults", label: t("registration.age.adults") },
            ]}
          />
        </div>
      </Fieldset>
      {/* Without JavaScript the section is always there; with it, only for kids. */}
      <div hidden={hydrated && age === "adults" ? true : undefined}>
        <Fieldset legend={t("registration.emergencyLegend")}>
          <TextField field={fields.emergency_contact_name} label={t("registration.fields.emergency_contact_name")} autoComplete="off" />
          <TextField field={fields.emergency_contact_phone} label={t("registration.fields.emergency_contact_phone")} type="tel" inputMode="tel" autoComplete="off" />
          <TextField field={fields.emergency_contact_relationship} label={t("registration.fields.emergency_contact_relationship")} autoComplete="off" />
        </Fieldset>
      </div>
      <Fieldset legend={t("sections.school")}>
        <div>
          <label htmlFor={level.id} className="field-label">{t("registration.fields.level")}</label>
          <select {...levelProps} key={levelProps.key} className="field-input">
            <option value="">{t("registration.choose")}</option>
            {groups.map((g) => (
              <optgroup key={g.age} label={g.label}>
                {g.levels.map((l) => (
                  <option key={`${g.age}-${l.id}`} value={String(l.id)}>{l.name}</option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldError id={level.errorId} errors={level.errors} />
        </div>
        <SelectField
          field={fields.schedule}
          label={t("registration.fields.schedule")}
          placeholder={t("registration.choose")}
          options={STANDARD_SCHEDULES.map((s) => ({
            value: s.id,
            label: t("registration.scheduleLabel", { days: t(`registration.days.${s.days}`), start: s.start_time, end: s.end_time }),
          }))}
        />
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
          options={hearValues.map((v) => ({ value: v, label: (HEAR_ABOUT_VALUES as readonly string[]).includes(v) ? t(`registration.hear.${v}`) : v }))}
        />
      </Fieldset>
      <Fieldset legend={t("sections.address")}>
        <div className="sm:col-span-2">
          <TextAreaField field={fields.address} label={t("registration.fields.address")} rows={2} />
        </div>
        <div className="sm:col-span-2">
          <RadioGroup
            field={fields.same_billing}
            legend={t("registration.fields.same_billing")}
            onChange={setSameBilling}
            options={[
              { value: "yes", label: t("registration.yes") },
              { value: "no", label: t("registration.no") },
            ]}
          />
        </div>
        <div className="sm:col-span-2" hidden={hydrated && sameBilling === "yes" ? true : undefined}>
          <TextAreaField field={fields.billing_address} label={t("registration.fields.billing_address")} rows={2} />
        </div>
      </Fieldset>
      <TextAreaField field={fields.notes} label={t("fields.notes")} rows={4} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton>{t("common.save")}</SubmitButton>
        <Link to={cancelTo} className="btn-secondary">{t("common.cancel")}</Link>
      </div>
    </Form>
  );
}
