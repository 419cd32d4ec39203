import { type SubmissionResult, getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { type CourseLabelParts, useCourseLabel, Bdi } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { FieldError, SubmitButton } from "~/components/forms";
import { phone, usePersonDetails, useScheduleLabel } from "~/components/students/person-details";
import { type Detail, DetailsList } from "~/components/ui/details-card";
import { FormAlert } from "~/components/ui/form-alert";
import { useAppForm } from "~/components/use-app-form";
import { useTranslation } from "~/i18n/react";
import { levelById } from "~/modules/levels/levels";

interface Registration {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  second_last_name: string;
  id_number: string | null;
  birthday: string | null;
  phone_number: string | null;
  email: string | null;
  age_category: string;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  emergency_contact_relationship: string | null;
  address: string | null;
  level_id: number;
  schedule: string | null;
  same_billing: number | boolean;
  billing_address: string | null;
  where_hear_about_us: string | null;
  promotion: string | null;
  message: string | null;
}

/** Everything the applicant filled in. */
export function RegistrationDetails({ r }: { r: Registration }) {
  const { t } = useTranslation();
  const appNames = useAppNames();
  const scheduleLabel = useScheduleLabel();
  const rows: Detail[] = [
    ...usePersonDetails(r),
    [t("registration.fields.emergency_contact_name"), r.emergency_contact_name],
    [t("registration.fields.emergency_contact_phone"), phone(r.emergency_contact_phone)],
    [t("registration.fields.emergency_contact_relationship"), r.emergency_contact_relationship],
    [t("registration.fields.address"), r.address],
    [
      t("registration.fields.level"),
      <Bdi key="level" ltr>
        {appNames.level(levelById(r.level_id)?.name)}
      </Bdi>,
    ],
    [t("registration.fields.schedule"), scheduleLabel(r.schedule)],
    [t("registration.fields.same_billing"), r.same_billing ? t("registration.yes") : t("registration.no")],
    [t("registration.fields.billing_address"), r.billing_address],
    [
      t("registration.fields.where_hear_about_us"),
      r.where_hear_about_us ? t(`registration.hear.${r.where_hear_about_us}`) : null,
    ],
    [t("registration.fields.promotion"), r.promotion],
    [t("registration.fields.message"), r.message],
  ];
  return <DetailsList items={rows} className="card" dash />;
}

/** Approve, optionally enrolling in one of the courses of the registration's level and age (full ones disabled). */
export function ApproveForm({
  courses,
  lastResult,
}: {
  courses: (CourseLabelParts & { id: number; capacity: number; enrolled: number })[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const courseLabel = useCourseLabel();
  const format = useFormat();
  const [form, fields] = useAppForm({ id: "approve", lastResult });
  const formErrors = form.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="approve" />
      <p className="text-sm text-slate-800">{t("registrations.approveText")}</p>
      {formErrors?.length ? <FormAlert plain>{t(formErrors[0])}</FormAlert> : null}
      <div>
        <label htmlFor={fields.course_id.id} className="field-label">
          {t("registrations.enrollIn")}
        </label>
        <select {...getSelectProps(fields.course_id)} key={fields.course_id.key} className="field-input">
          <option value="">{t("registrations.noCourse")}</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id} disabled={c.enrolled >= c.capacity}>
              {t("registrations.courseOption", {
                code: courseLabel(c),
                enrolled: format.number(c.enrolled),
                capacity: format.number(c.capacity),
              })}
            </option>
          ))}
        </select>
        <FieldError id={fields.course_id.errorId} errors={fields.course_id.errors} />
      </div>
      <SubmitButton>{t("registrations.approve")}</SubmitButton>
    </Form>
  );
}

/** Reject, with the reason the applicant is told. */
export function RejectForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useAppForm({ id: "reject", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="reject" />
      {form.errors?.length ? <FormAlert plain>{t(form.errors[0])}</FormAlert> : null}
      <div>
        <label htmlFor={fields.reason.id} className="field-label">
          {t("registrations.reason")}
        </label>
        <textarea
          {...getTextareaProps(fields.reason)}
          key={fields.reason.key}
          required
          maxLength={500}
          rows={3}
          className="field-input"
        />
        <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      <SubmitButton tone="danger">{t("registrations.reject")}</SubmitButton>
    </Form>
  );
}
