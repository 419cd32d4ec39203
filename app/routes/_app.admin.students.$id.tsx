import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { z } from "zod";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { AbsenceCount } from "~/components/students/absence-count";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { StatusBadge } from "~/components/ui/status-badge";
import { requireId } from "~/http/ids.server";
import { notFound } from "~/http/not-found.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { can } from "~/modules/auth/permissions";
import { findSchedule } from "~/modules/courses/schedules";
import { HEAR_ABOUT_VALUES } from "~/modules/registrations/schema";
import { levelById } from "~/modules/students/levels";
import { enrollmentHistory, getStudent, setStudentStatus } from "~/modules/students/students.server";
import { toasts } from "~/modules/toast.server";
import { STUDENT_STATUS_REFUSALS, formRefusal } from "~/http/outcome.server";
import { readForm } from "~/modules/shared/form.server";
import { TableScroll } from "~/components/ui/table-scroll";

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
  { title: data ? [data.student.first_name, data.student.last_name, data.student.second_last_name].filter(Boolean).join(" ") : "" },
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
  return toasts(request).redirectWithSuccess(`/admin/students/${id}`, activate ? "students:activated" : "students:deactivated");
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
          [t("registration.fields.emergency_contact_phone"), s.emergency_contact_phone ? <bdi dir="ltr">{s.emergency_contact_phone}</bdi> : null],
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
      schedule ? t("registration.scheduleLabel", { days: t(`registration.days.${schedule.days}`), start: schedule.start_time, end: schedule.end_time }) : s.schedule,
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
      <p>
        <Link to="/admin/students" className="text-sm text-primary-dark underline">{t("backToList")}</Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold break-words">{name}</h1>
        <StatusBadge status={s.status} />
      </div>
      {(formErrors?.length && !confirm) || stale ? (
        <div role="alert" className="rounded-md border border-secondary-dark bg-rose-50 px-3 py-2 text-sm text-rose-900">
          {formErrors?.length ? t(formErrors[0]) : t(s.status === "active" ? "errors.alreadyActive" : "errors.alreadyInactive")}
        </div>
      ) : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-3">
          <Link to={`${here}/edit`} className="btn-primary">{t("edit")}</Link>
          {s.status === "active" ? (
            <Link to="?confirm=deactivate" preventScrollReset className="btn-danger">{t("deactivate")}</Link>
          ) : (
            <Link to="?confirm=activate" preventScrollReset className="btn-secondary">{t("activate")}</Link>
          )}
        </div>
      ) : null}
      <section aria-labelledby="personal-heading" className="card">
        <h2 id="personal-heading" className="mb-3 text-lg font-semibold">{t("sections.personal")}</h2>
        <Details rows={personal} />
      </section>
      <section aria-labelledby="school-heading" className="card">
        <h2 id="school-heading" className="mb-3 text-lg font-semibold">{t("sections.school")}</h2>
        <Details rows={school} />
        <div className="mt-3">
          <h3 className="text-sm text-slate-700">{t("fields.notes")}</h3>
          <p className="whitespace-pre-line break-words font-medium">{s.notes || "—"}</p>
        </div>
        {s.registration_id ? (
          <p className="mt-3 text-sm">
            <Link to={`/admin/registered-students/${s.registration_id}`} className="text-primary-dark underline">{t("openRegistration")}</Link>
          </p>
        ) : null}
      </section>
      <section aria-labelledby="enrollments-heading" className="card">
        <h2 id="enrollments-heading" className="mb-3 text-lg font-semibold">{t("enrollments.title")}</h2>
        {enrollments.length === 0 ? (
          <p className="text-slate-700">{t("enrollments.empty")}</p>
        ) : (
          <TableScroll label={t("enrollments.title")}>
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t("enrollments.title")}</caption>
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">{t("enrollments.course")}</th>
                  <th scope="col" className="px-3 py-2 text-start">{t("enrollments.from")}</th>
                  <th scope="col" className="px-3 py-2 text-start">{t("enrollments.to")}</th>
                  <th scope="col" className="px-3 py-2 text-start">{t("enrollments.ended")}</th>
                  <th scope="col" className="px-3 py-2 text-end">{t("columns.absences")}</th>
                </tr>
              </thead>
              <tbody>
                {enrollments.map((e) => (
                  <tr key={e.id} className="border-t border-slate-200">
                    <td className="px-3 py-2 font-medium">{e.course_code}</td>
                    <td className="px-3 py-2">{format.day(e.start_date)}</td>
                    <td className="px-3 py-2">{e.end_date ? format.day(e.end_date) : "—"}</td>
                    <td className="px-3 py-2">{endedLabel(t, e)}</td>
                    <td className="px-3 py-2 text-end"><AbsenceCount count={e.absences} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
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

function endedLabel(t: (key: string) => string, e: { current: boolean; end_date: string | null; end_reason: string | null }) {
  if (e.current) return t("enrollments.current");
  if (e.end_reason && KNOWN_REASONS.includes(e.end_reason)) return t(`enrollments.reasons.${e.end_reason}`);
  return e.end_reason || t("enrollments.reasons.ended");
}

function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="whitespace-pre-line break-words font-medium">{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatusForm({ intent, errors }: { intent: "activate" | "deactivate"; errors?: string[] }) {
  const { t } = useStudentsTranslation();
  const [form] = useForm({ id: `status-${intent}` });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <p className="text-sm text-slate-800">{t(intent === "deactivate" ? "deactivateText" : "activateText")}</p>
      {errors?.length ? <p role="alert" className="text-sm text-rose-900">{t(errors[0])}</p> : null}
      <SubmitButton className={intent === "deactivate" ? "btn-danger" : "btn-primary"}>{t(intent)}</SubmitButton>
    </Form>
  );
}
