import { type FieldMetadata, type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { type CourseLabelParts, useCourseLabel } from "~/components/courses/labels";
import { SelectField, TextField } from "~/components/fields";
import { SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { FormAlert } from "~/components/ui/form-alert";
import { useAppForm } from "~/components/use-app-form";
import { useTranslation } from "~/i18n/react";

export type HolidayCourses = (CourseLabelParts & { id: number })[];
export type HolidayRecord = {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  course_id: number | null;
};

/** A new holiday (`create`) or one being edited (`update`); no course means the whole school. */
export function HolidayForm({
  intent,
  holiday,
  courses,
  rules,
  lastResult,
  submitLabel,
}: {
  intent: "create" | "update";
  holiday?: HolidayRecord;
  courses: HolidayCourses;
  /** The plain field rules (holidayFields); the dates' order is checked on blur and on the server. */
  rules: FieldRules;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
}) {
  const { t } = useTranslation(["school", "common"]);
  const courseLabel = useCourseLabel();
  const check = useLaterSchema(() => import("~/modules/calendar/holiday-schema").then((m) => m.holidayFormSchema));
  const [form, fields] = useAppForm({
    id: holiday ? `holiday-${holiday.id}` : "holiday-new",
    lastResult,
    constraint: rules,
    defaultValue: holiday
      ? {
          name: holiday.name,
          start_date: holiday.start_date,
          end_date: holiday.end_date,
          course_id: holiday.course_id ? String(holiday.course_id) : "",
        }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1">
      <input type="hidden" name="intent" value={intent} />
      {holiday ? <input type="hidden" name="id" value={holiday.id} /> : null}
      {form.errors?.length ? <FormAlert id={form.errorId}>{t(form.errors[0])}</FormAlert> : null}
      <TextField field={fields.name} label={t("holidays.fields.name")} autoComplete="off" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField field={fields.start_date} label={t("holidays.fields.start_date")} type="date" />
        <TextField field={fields.end_date} label={t("holidays.fields.end_date")} type="date" />
      </div>
      <SelectField
        // The select sends the course id as text.
        field={fields.course_id as unknown as FieldMetadata<string | undefined>}
        label={t("holidays.fields.course")}
        placeholder={t("holidays.wholeSchool")}
        options={courses.map((c) => ({ value: String(c.id), label: courseLabel(c) }))}
      />
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}

/** The delete confirmation's form; a refusal (deleted meanwhile) shows in it. */
export function DeleteHolidayForm({
  holiday,
  dates,
  errors,
}: {
  holiday: HolidayRecord;
  dates: string;
  errors?: string[] | null;
}) {
  const { t } = useTranslation(["school", "common"]);
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={holiday.id} />
      <p>{t("holidays.deleteText", { name: holiday.name, dates })}</p>
      {errors?.length ? <FormAlert plain>{t(errors[0])}</FormAlert> : null}
      <SubmitButton tone="danger">{t("holidays.delete")}</SubmitButton>
    </Form>
  );
}
