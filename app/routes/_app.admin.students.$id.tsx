import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { type ReactNode } from "react";
import { z } from "zod";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { AbsenceCount } from "~/components/students/absence-count";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable } from "~/components/ui/data-table";
import { DetailsCard } from "~/components/ui/details-card";
import { FormAlert } from "~/components/ui/form-alert";
import { PageHeader } from "~/components/ui/page-header";
import { StatusBadge } from "~/components/ui/status-badge";
import { requireId } from "~/http/ids.server";
import { notFound } from "~/http/not-found.server";
import { STUDENT_STATUS_REFUSALS, formRefusal } from "~/http/outcome.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { can } from "~/modules/auth/permissions";
import { findSchedule } from "~/modules/courses/schedules";
import { HEAR_ABOUT_VALUES } from "~/modules/registrations/schema";
import { readForm } from "~/modules/shared/form.server";
import { levelById } from "~/modules/students/levels";
import { enrollmentHistory, getStudent, setStudentStatus } from "~/modules/students/students.server";
import { toasts } from "~/modules/toast.server";

export const handle = { i18n: ["common", "students"] };

const statusSchema = z.object({ intent: z.enum(["activate", "deactivate"]) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "students:view");
  const id = requireId(params);
  const [student, enrollments] = await Promise.all([getStudent(id), enrollmentHistory(id)]);
  if (!student) notFound();
  return json({ student, enrollments, canEdit: can(user.role, "students:edit") });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? [data.student.first_name, data.student.last_name, data.student.second_last_name].filter(Boolean).join(" ")
      : "",
  },
];

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "students:edit");
  const id = requireId(params);
  const submission = parseWithZod(await readForm(request), { schema: statusSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const activate = submission.value.intent === "activate";
  const outcome = await setStudentStatus(id, activate ? "active" : "inactive", user.id);
  if (!outcome.ok) {
    if (outcome.reason === "notFound") notFound();
    return formRefusal(submission, outcome, STUDENT_STATUS_REFUSALS);
  }
  return toasts(request).redirectWithSuccess(
    `/admin/students/${id}`,
    activate ? "students:activated" : "students:deactivated",
  );
}

export default function StudentDetail() {
  const { student: s, enrollments, canEdit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useStudentsTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const here = `/admin/students/${s.id}`;
  const requested = canEdit ? params.get("confirm") : null;
  // The confirm step only for the change that applies; asking for the other says why not.
  const confirm = requested === (s.status === "active" ? "deactivate" : "activate") ? requested : null;
  const stale = requested && !confirm && (requested === "activate" || requested === "deactivate");
  const formErrors = actionData?.result?.error?.[""];
  const schedule = findSchedule(s.schedule);
  const name = [s.first_name, s.middle_name, s.last_name, s.second_last_name].filter(Boolean).join(" ");

  const personal: [string, ReactNode][] = [
    [t("registration.fields.first_name"), s.first_name],
    [t("registration.fields.middle_name"), s.middle_name],
    [t("registration.fields.last_name"), s.last_name],
    [t("registration.fields.second_last_name"), s.second_last_name],
    [t("registration.fields.id_number"), s.id_number],
    [t("registration.fields.birthday"), format.day(s.birthday)],
    [t("registration.fields.phone_number"), s.phone_number ? <bdi dir="ltr">{s.phone_number}</bdi> : null],
    [t("registration.fields.email"), s.email],
    [t("registration.fields.age_category"), t(`registration.age.${s.age_category}`)],
    ...(s.age_category === "kids"
      ? ([
          [t("registration.fields.emergency_contact_name"), s.emergency_contact_name],
          [
            t("registration.fields.emergency_contact_phone"),
            s.emergency_contact_phone ? <bdi dir="ltr">{s.emergency_contact_phone}</bdi> : null,
          ],
          [t("registration.fields.emergency_contact_relationship"), s.emergency_contact_relationship],
        ] as [string, ReactNode][])
      : []),
    [t("registration.fields.address"), s.address],
    [t("registration.fields.same_billing"), s.same_billing ? t("registration.yes") : t("registration.no")],
    [t("registration.fields.billing_address"), s.billing_address],
  ];
  const school: [string, string | null | undefined][] = [
    [t("registration.fields.level"), levelById(s.level_id)?.name],
    [
      t("registration.fields.schedule"),
      schedule
        ? t("registration.scheduleLabel", {
            days: t(`registration.days.${schedule.days}`),
            start: schedule.start_time,
            end: schedule.end_time,
          })
        : s.schedule,
    ],
    [t("registration.fields.promotion"), s.promotion],
    [
      t("registration.fields.where_hear_about_us"),
      s.where_hear_about_us && (HEAR_ABOUT_VALUES as readonly string[]).includes(s.where_hear_about_us)
        ? t(`registration.hear.${s.where_hear_about_us}`)
        : s.where_hear_about_us,
    ],
    [t("fields.created_at"), format.dateTime(s.created_at)],
    [t("fields.updated_at"), format.dateTime(s.updated_at)],
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title={name}
        titleClassName="break-words"
        back={{ to: "/admin/students", label: t("backToList") }}
        badge={<StatusBadge status={s.status} />}
      />
      {(formErrors?.length && !confirm) || stale ? (
        <FormAlert>
          {formErrors?.length
            ? t(formErrors[0])
            : t(s.status === "active" ? "errors.alreadyActive" : "errors.alreadyInactive")}
        </FormAlert>
      ) : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-3">
          <Link to={`${here}/edit`} className="btn-primary">
            {t("edit")}
          </Link>
          {s.status === "active" ? (
            <Link to="?confirm=deactivate" preventScrollReset className="btn-danger">
              {t("deactivate")}
            </Link>
          ) : (
            <Link to="?confirm=activate" preventScrollReset className="btn-secondary">
              {t("activate")}
            </Link>
          )}
        </div>
      ) : null}
      <DetailsCard id="personal-heading" title={t("sections.personal")} items={personal} dash />
      <DetailsCard id="school-heading" title={t("sections.school")} items={school} dash>
        <div className="mt-3">
          <h3 className="text-sm text-slate-700">{t("fields.notes")}</h3>
          <p className="whitespace-pre-line break-words font-medium">{s.notes || "—"}</p>
        </div>
        {s.registration_id ? (
          <p className="mt-3 text-sm">
            <Link to={`/admin/registered-students/${s.registration_id}`} className="text-primary-dark underline">
              {t("openRegistration")}
            </Link>
          </p>
        ) : null}
      </DetailsCard>
      <section aria-labelledby="enrollments-heading" className="card">
        <h2 id="enrollments-heading" className="mb-3 text-lg font-semibold">
          {t("enrollments.title")}
        </h2>
        <DataTable
          label={t("enrollments.title")}
          className=""
          rows={enrollments}
          rowKey={(e) => e.id}
          whenEmpty={<p className="text-slate-700">{t("enrollments.empty")}</p>}
          columns={[
            { header: t("enrollments.course"), className: "font-medium", cell: (e) => e.course_code },
            { header: t("enrollments.from"), cell: (e) => format.day(e.start_date) },
            { header: t("enrollments.to"), cell: (e) => (e.end_date ? format.day(e.end_date) : "—") },
            { header: t("enrollments.ended"), cell: (e) => endedLabel(t, e) },
            { header: t("columns.absences"), align: "end", cell: (e) => <AbsenceCount count={e.absences} /> },
          ]}
        />
      </section>
      {confirm ? (
        <ConfirmDialog title={t(confirm === "deactivate" ? "confirmDeactivate" : "confirmActivate")} cancelTo={here}>
          <StatusForm intent={confirm} errors={formErrors ?? undefined} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

const KNOWN_REASONS = ["transfer", "completed", "withdrawn", "unenrolled"];

function endedLabel(
  t: (key: string) => string,
  e: { current: boolean; end_date: string | null; end_reason: string | null },
) {
  if (e.current) return t("enrollments.current");
  if (e.end_reason && KNOWN_REASONS.includes(e.end_reason)) return t(`enrollments.reasons.${e.end_reason}`);
  return e.end_reason || t("enrollments.reasons.ended");
}

function StatusForm({ intent, errors }: { intent: "activate" | "deactivate"; errors?: string[] }) {
  const { t } = useStudentsTranslation();
  const [form] = useForm({ id: `status-${intent}` });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <p className="text-sm text-slate-800">{t(intent === "deactivate" ? "deactivateText" : "activateText")}</p>
      {errors?.length ? <FormAlert plain>{t(errors[0])}</FormAlert> : null}
      <SubmitButton className={intent === "deactivate" ? "btn-danger" : "btn-primary"}>{t(intent)}</SubmitButton>
    </Form>
  );
}
