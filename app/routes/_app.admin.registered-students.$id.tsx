import { type SubmissionResult, getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/format";
import { FieldError, SubmitButton } from "~/components/forms";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DetailsList } from "~/components/ui/details-card";
import { FormAlert } from "~/components/ui/form-alert";
import { PageHeader } from "~/components/ui/page-header";
import { StatusBadge } from "~/components/ui/status-badge";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { can } from "~/modules/auth/permissions";
import { findSchedule } from "~/modules/courses/schedules";
import { schoolToday } from "~/modules/courses/sessions.server";
import {
  approveRegistration,
  coursesForRegistration,
  getRegistration,
  rejectRegistration,
} from "~/modules/registrations/review.server";
import { registrationDecisionForms } from "~/modules/registrations/schema";
import { levelById } from "~/modules/students/levels";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "registrations:view");
  const registration = await getRegistration(requireId(params));
  if (!registration) notFound();
  const canDecide = can(user.role, "registrations:decide") && registration.status === "pending";
  const today = await schoolToday();
  const courses = canDecide
    ? await coursesForRegistration(registration.level_id, registration.age_category, today)
    : [];
  return json({ registration, canDecide, courses });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.registration.reference ?? "" }];

export async function action({ request, params }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "registrations:decide"), id: requireId(params) }),
    forms: registrationDecisionForms,
    intents: {
      approve: async (value, { user, id }) =>
        ifDone(
          await approveRegistration(id, user.id, value.course_id ?? null),
          toastTo(`/admin/registered-students/${id}`, "registrations.approved"),
        ),
      reject: async (value, { user, id }) =>
        ifDone(
          await rejectRegistration(id, user.id, value.reason),
          toastTo(`/admin/registered-students/${id}`, "registrations.rejected"),
        ),
    },
    refusals: {
      notFound: { form: "registrations.errors.notFound", status: 404 },
      notPending: { form: "registrations.errors.notPending", status: 409 },
      studentExists: { form: "registrations.errors.studentExists", status: 409 },
      courseFull: { field: "course_id", message: "registrations.errors.courseFull" },
      courseInvalid: { field: "course_id", message: "registrations.errors.courseInvalid" },
    },
  });
}

export default function RegistrationDetail() {
  const { registration: r, canDecide, courses } = useLoaderData<typeof loader>();
  const approved = useIntentResult<typeof action>("approve")?.result;
  const rejected = useIntentResult<typeof action>("reject")?.result;
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const confirm = canDecide ? params.get("confirm") : null;
  const schedule = findSchedule(r.schedule);
  const here = `/admin/registered-students/${r.id}`;
  const formErrors = useIntentResult<typeof action>()?.result.error?.[""];

  const rows: [string, ReactNode][] = [
    [t("registration.fields.first_name"), r.first_name],
    [t("registration.fields.middle_name"), r.middle_name],
    [t("registration.fields.last_name"), r.last_name],
    [t("registration.fields.second_last_name"), r.second_last_name],
    [t("registration.fields.id_number"), r.id_number],
    [t("registration.fields.birthday"), format.day(r.birthday)],
    [t("registration.fields.phone_number"), r.phone_number ? <bdi dir="ltr">{r.phone_number}</bdi> : null],
    [t("registration.fields.email"), r.email],
    [t("registration.fields.age_category"), t(`registration.age.${r.age_category}`)],
    [t("registration.fields.emergency_contact_name"), r.emergency_contact_name],
    [
      t("registration.fields.emergency_contact_phone"),
      r.emergency_contact_phone ? <bdi dir="ltr">{r.emergency_contact_phone}</bdi> : null,
    ],
    [t("registration.fields.emergency_contact_relationship"), r.emergency_contact_relationship],
    [t("registration.fields.address"), r.address],
    [t("registration.fields.level"), levelById(r.level_id)?.name],
    [
      t("registration.fields.schedule"),
      schedule
        ? t("registration.scheduleLabel", {
            days: t(`registration.days.${schedule.days}`),
            start: schedule.start_time,
            end: schedule.end_time,
          })
        : r.schedule,
    ],
    [t("registration.fields.same_billing"), r.same_billing ? t("registration.yes") : t("registration.no")],
    [t("registration.fields.billing_address"), r.billing_address],
    [
      t("registration.fields.where_hear_about_us"),
      r.where_hear_about_us ? t(`registration.hear.${r.where_hear_about_us}`) : null,
    ],
    [t("registration.fields.promotion"), r.promotion],
    [t("registration.fields.message"), r.message],
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title={`${r.first_name} ${r.last_name} ${r.second_last_name}`}
        back={{ to: "/admin/registered-students", label: t("registrations.backToList") }}
        badge={<StatusBadge status={r.status} />}
      />
      <p className="text-slate-700">
        {t("registrations.reference")}: <span className="font-mono font-semibold">{r.reference}</span> ·{" "}
        {t("registrations.received")}: {format.dateTime(r.created_at)}
      </p>
      {formErrors?.length && !confirm ? <FormAlert>{t(formErrors[0])}</FormAlert> : null}
      {r.status !== "pending" ? (
        <p className="card p-4 text-sm">
          {t(r.status === "approved" ? "registrations.approvedBy" : "registrations.rejectedBy", {
            name: r.decided_by_name ?? "",
            date: format.dateTime(r.decided_at),
          })}
          {r.reject_reason ? ` — ${r.reject_reason}` : null}
          {r.student_id ? (
            <>
              {" "}
              <Link to={`/admin/students/${r.student_id}`} className="text-primary-dark underline">
                {t("registrations.openStudent")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <DetailsList items={rows} className="card" dash />
      {canDecide ? (
        <div className="flex gap-3">
          <Link to="?confirm=approve" preventScrollReset className="btn-primary">
            {t("registrations.approve")}
          </Link>
          <Link to="?confirm=reject" preventScrollReset className="btn-danger">
            {t("registrations.reject")}
          </Link>
        </div>
      ) : null}
      {confirm === "approve" ? (
        <ConfirmDialog title={t("registrations.confirmApprove")} cancelTo={here}>
          <ApproveForm courses={courses} lastResult={approved} />
        </ConfirmDialog>
      ) : null}
      {confirm === "reject" ? (
        <ConfirmDialog title={t("registrations.confirmReject")} cancelTo={here}>
          <RejectForm lastResult={rejected} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function ApproveForm({
  courses,
  lastResult,
}: {
  courses: { id: number; course_id: string; capacity: number; enrolled: number }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [form, fields] = useForm({ id: "approve", lastResult });
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
                code: c.course_id,
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

function RejectForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({ id: "reject", lastResult });
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
      <SubmitButton className="btn-danger">{t("registrations.reject")}</SubmitButton>
    </Form>
  );
}
