import {
  type FieldMetadata,
  type SubmissionResult,
  getFormProps,
  getInputProps,
  getSelectProps,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { Fieldset, RadioGroup, SelectField, TextField, typeConstraints } from "~/components/fields";
import { FieldError, SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { FormAlert } from "~/components/ui/form-alert";
import { LevelSelect } from "~/components/ui/form-fields";
import { Link } from "~/components/ui/link";
import { PageHeader } from "~/components/ui/page-header";
import { statusKey } from "~/components/ui/status-badge";
import { useAppForm } from "~/components/use-app-form";
import { useHydrated } from "~/components/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { COURSE_TYPES, STANDARD_SCHEDULES, WEEKDAY_CODES } from "~/modules/calendar/schedules";
import { CAPACITY_MAX, CODE_MAX, CUSTOM_SCHEDULE, NUMBER_MAX } from "~/modules/courses/constants";
import { useCourseTypeLabel, useStandardScheduleLabel, useWeekdayNames } from "./labels";

type Field = FieldMetadata<string | undefined>;

/** The create and edit form of a course: a plain POST, checked again by the server. */
export function CourseForm({
  id,
  defaults,
  rules,
  lastResult,
  professors,
  cancelTo,
  submitLabel,
}: {
  id: string;
  defaults: Record<string, string | string[]>;
  /** The plain field rules (courseFields); the rules across fields run on blur and on the server. */
  rules: FieldRules;
  lastResult?: SubmissionResult<string[]>;
  professors: { id: number; name: string }[];
  cancelTo: string;
  submitLabel: string;
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const check = useLaterSchema(() => import("~/modules/courses/schema").then((m) => m.courseSchema));
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
  const [schedule, setSchedule] = useState<string | undefined>(fields.schedule.initialValue as string | undefined);
  const typeLabel = useCourseTypeLabel();
  const scheduleLabel = useStandardScheduleLabel();
  const weekdays = useWeekdayNames("long");

  // Not a field of the schema: the message of the three percentages together.
  const percentages = (fields as unknown as Record<string, Field>).percentages;
  const level = fields.level_id;
  const scheduleProps = getSelectProps(fields.schedule);
  const days = fields.days;
  const picked = new Set<string>(
    Array.isArray(days.initialValue)
      ? (days.initialValue as string[])
      : days.initialValue
        ? [String(days.initialValue)]
        : [],
  );
  const customHidden = hydrated && schedule !== CUSTOM_SCHEDULE;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {form.errors?.length ? <FormAlert id={form.errorId}>{t(form.errors[0])}</FormAlert> : null}
      <Fieldset legend={t("form.identity")}>
        <CodeField
          field={fields.course_id as Field}
          label={t("fields.code")}
          hint={t("form.codeHint")}
          maxLength={CODE_MAX}
        />
        <CodeField field={fields.course_number as Field} label={t("fields.number")} maxLength={NUMBER_MAX} />
        <div className="sm:col-span-2">
          <RadioGroup
            field={fields.age_category as Field}
            legend={t("registration.fields.age_category")}
            onChange={setAge}
            options={[
              { value: "kids", label: t("registration.age.kids") },
              { value: "adults", label: t("registration.age.adults") },
            ]}
          />
        </div>
        <LevelSelect field={level as Field} age={age} />
        <SelectField
          field={fields.type as Field}
          label={t("fields.type")}
          placeholder={t("registration.choose")}
          options={COURSE_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))}
        />
        <SelectField
          field={fields.professor_id as unknown as Field}
          label={t("fields.professor")}
          placeholder={t("form.noProfessor")}
          options={professors.map((p) => ({ value: String(p.id), label: p.name }))}
        />
        <div className="sm:col-span-2">
          <RadioGroup
            field={fields.status as Field}
            legend={t("fields.status")}
            options={[
              { value: "active", label: t(statusKey("course", "active")) },
              { value: "inactive", label: t(statusKey("course", "inactive")) },
            ]}
          />
        </div>
      </Fieldset>

      <Fieldset legend={t("form.when")}>
        <div className="sm:col-span-2">
          <label htmlFor={fields.schedule.id} className="field-label">
            {t("registration.fields.schedule")}
          </label>
          <select
            {...scheduleProps}
            key={scheduleProps.key}
            className="field-input"
            onChange={(e) => setSchedule(e.currentTarget.value)}
          >
            <option value="">{t("registration.choose")}</option>
            {STANDARD_SCHEDULES.map((s) => (
              <option key={s.id} value={s.id}>
                {scheduleLabel(s.id)}
              </option>
            ))}
            <option value={CUSTOM_SCHEDULE}>{t("form.customSchedule")}</option>
          </select>
          <FieldError id={fields.schedule.errorId} errors={fields.schedule.errors} />
        </div>
        {/* Without JavaScript the custom part is always there (used only with "Custom"); with it, only for custom. */}
        <div className="sm:col-span-2" hidden={customHidden || undefined}>
          <fieldset
            className="rounded-md border border-dashed border-slate-300 p-3"
            aria-describedby={`${days.errorId} ${id}-custom-hint`}
            aria-invalid={days.errors?.length ? true : undefined}
          >
            <legend className="px-1 text-sm font-semibold text-slate-800">{t("form.customLegend")}</legend>
            <p id={`${id}-custom-hint`} className="mb-2 text-xs text-slate-700">
              {t("form.customHint")}
            </p>
            <div className="flex flex-wrap gap-4">
              {WEEKDAY_CODES.map((code) => (
                <label key={code} className="flex items-center gap-2 text-base">
                  <input
                    type="checkbox"
                    name={days.name}
                    value={code}
                    defaultChecked={picked.has(code)}
                    key={`${days.key ?? ""}-${code}`}
                    className="h-4 w-4 accent-[#4c3fe0]"
                  />
                  {weekdays[code]}
                </label>
              ))}
            </div>
            <FieldError id={days.errorId} errors={days.errors} />
            <div className="grid gap-x-4 sm:grid-cols-2">
              <TextField field={fields.start_time as Field} label={t("fields.startTime")} type={"time" as "text"} />
              <TextField field={fields.end_time as Field} label={t("fields.endTime")} type={"time" as "text"} />
            </div>
          </fieldset>
        </div>
        <TextField field={fields.start_date as Field} label={t("fields.startDate")} type="date" />
        <TextField field={fields.end_date as Field} label={t("fields.endDate")} type="date" />
      </Fieldset>

      <fieldset
        className="rounded-md border border-slate-200 p-4"
        aria-describedby={`${percentages.errorId} ${id}-percent-hint`}
        aria-invalid={percentages.errors?.length ? true : undefined}
      >
        <legend className="px-1 text-sm font-semibold text-slate-800">{t("form.percentages")}</legend>
        <p id={`${id}-percent-hint`} className="mb-2 text-xs text-slate-700">
          {t("form.percentagesHint")}
        </p>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <WholeNumberField
            field={fields.assig_percentage as Field}
            label={t("fields.assigPercentage")}
            max={100}
            min={0}
            groupError={percentages}
          />
          <WholeNumberField
            field={fields.test_percentage as Field}
            label={t("fields.testPercentage")}
            max={100}
            min={0}
            groupError={percentages}
          />
          <WholeNumberField
            field={fields.exam_percentage as Field}
            label={t("fields.examPercentage")}
            max={100}
            min={0}
            groupError={percentages}
          />
        </div>
        <FieldError id={percentages.errorId} errors={percentages.errors} />
      </fieldset>

      <div className="grid gap-x-4 sm:grid-cols-2">
        <WholeNumberField field={fields.capacity as Field} label={t("fields.capacity")} min={1} max={CAPACITY_MAX} />
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton>{submitLabel}</SubmitButton>
        <Link to={cancelTo} className="btn-secondary">
          {t("common.cancel")}
        </Link>
      </div>
    </Form>
  );
}

function CodeField({
  field,
  label,
  hint,
  maxLength,
}: {
  field: Field;
  label: string;
  hint?: string;
  maxLength: number;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type: "text", ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mb-1 text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
      <input
        {...props}
        key={props.key}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
        className="field-input font-mono"
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A whole-number input; `groupError` is a message shared with sibling fields (the percentages' sum). */
function WholeNumberField({
  field,
  label,
  min,
  max,
  groupError,
}: {
  field: Field;
  label: string;
  min: number;
  max: number;
  groupError?: Field;
}) {
  const groupInvalid = !!groupError?.errors?.length;
  const props = typeConstraints(
    getInputProps(field, { type: "number", ariaDescribedBy: groupInvalid ? groupError!.errorId : undefined }),
  );
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <input
        {...props}
        key={props.key}
        min={min}
        max={max}
        step={1}
        inputMode="numeric"
        aria-invalid={props["aria-invalid"] || groupInvalid || undefined}
        className="field-input"
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The new and edit pages: the way back, the title, a note, and the form in its card. */
export function CourseFormPage({
  title,
  back,
  note,
  ...form
}: { title: string; back: { to: string; label: string }; note?: string } & Parameters<typeof CourseForm>[0]) {
  return (
    <div className="space-y-4">
      <PageHeader title={title} back={back} />
      {note ? <p className="text-sm text-slate-700">{note}</p> : null}
      <div className="card">
        <CourseForm {...form} />
      </div>
    </div>
  );
}
