import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import {
  EnrollInCourse,
  EnrollmentHistory,
  StudentDetails,
  StudentStatusForm,
} from "~/components/students/student-details";
import { INVITE_REFUSALS, StudentPortal } from "~/components/students/student-portal";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { StatusBadge } from "~/components/ui/status-badge";
import { forbidden, requirePermission } from "~/http/guards.server";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { NOT_FOUND, handleIntents, ifDone, infoTo, toastTo } from "~/http/intents.server";
import { found } from "~/http/outcome.server";
import { can } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { enrollStudents } from "~/modules/courses/courses.server";
import { inviteStudent } from "~/modules/mail/invitations.server";
import { studentPage } from "~/modules/students/pages.server";
import { studentPageForms } from "~/modules/students/schema";
import { setStudentStatus } from "~/modules/students/students.server";

export const handle = { i18n: ["common", "students", "mail"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "students:view");
  return json(found(await studentPage(requireId(params), user.role)));
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const here = (id: number) => `/admin/students/${id}`;
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "students:edit"), id: requireId(params) }),
    forms: studentPageForms,
    intents: {
      // Enrolling is the courses' capability (PRODUCT 2): the receptionist may edit a student, not enroll one.
      enroll: async ({ course_id }, { user, id }) => {
        if (!can(user.role, "courses:manage")) forbidden();
        const outcome = await enrollStudents(course_id, [id], user.id, await schoolToday());
        if (!outcome.ok)
          return outcome.reason === "notFound" ? ({ ok: false, reason: "courseGone" } as const) : outcome;
        return outcome.enrolled
          ? toastTo(here(id), "students:enrollHere.done")
          : infoTo(here(id), "students:enrollHere.already");
      },
      invite: async ({ language }, { user, id }) => {
        if (!can(user.role, "students:invite")) forbidden(); // issue 21: a one-time link by e-mail
        const invited = await inviteStudent(id, user.id, { language, origin: new URL(request.url).origin });
        return ifDone(invited, toastTo(here(id), "mail:portal.done"));
      },
      activate: async (_, { user, id }) =>
        ifDone(await setStudentStatus(id, "active", user.id), toastTo(here(id), "students:activated")),
      deactivate: async (_, { user, id }) =>
        ifDone(await setStudentStatus(id, "inactive", user.id), toastTo(here(id), "students:deactivated")),
    },
    refusals: {
      notFound: NOT_FOUND,
      // The enroll form's: by its course field (a course gone is a course no longer there to choose).
      courseGone: { field: "course_id", message: "students:enrollHere.errors.course", status: 404 },
      finished: { field: "course_id", message: "students:enrollHere.errors.finished" },
      inactive: { field: "course_id", message: "students:enrollHere.errors.inactive" },
      overCapacity: { field: "course_id", message: "students:enrollHere.errors.full" },
      studentsInvalid: { form: "students:enrollHere.errors.student" },
      alreadyActive: { form: "students:errors.alreadyActive", status: 409 },
      alreadyInactive: { form: "students:errors.alreadyInactive", status: 409 },
      ...INVITE_REFUSALS,
    },
  });
}

export default function StudentDetail() {
  const {
    student: s,
    enrollments,
    canEdit,
    canTransfer,
    canEnroll,
    enrollCourses,
    portal,
    canInvite,
  } = useLoaderData<typeof loader>();
  const invited = useIntentResult<typeof action>("invite")?.result;
  const formErrors = useIntentResult<typeof action>(["activate", "deactivate"])?.result.error?.[""];
  const enrolled = useIntentResult<typeof action>("enroll")?.result;
  const { t } = useStudentsTranslation();
  const [params] = useSearchParams();
  const here = `/admin/students/${s.id}`;
  const requested = canEdit ? params.get("confirm") : null;
  // The confirm step only for the change that applies; asking for the other says why not.
  const confirm = requested === (s.status === "active" ? "deactivate" : "activate") ? requested : null;
  const stale = requested && !confirm && (requested === "activate" || requested === "deactivate");
  const name = [s.first_name, s.middle_name, s.last_name, s.second_last_name].filter(Boolean).join(" ");

  return (
    <div className="space-y-4">
      <PageHeader
        title={name}
        titleClassName="break-words"
        back={{ to: "/admin/students", label: t("backToList") }}
        badge={<StatusBadge kind="student" status={s.status} />}
      />
      {(formErrors?.length && !confirm) || stale ? (
        <FormAlert>
          {formErrors?.length
            ? t(formErrors[0])
            : t(s.status === "active" ? "errors.alreadyActive" : "errors.alreadyInactive")}
        </FormAlert>
      ) : null}
      {canEdit || canTransfer || canEnroll ? (
        <div className="flex flex-wrap gap-3">
          {canEdit ? (
            <Link to={`${here}/edit`} className="btn-primary">
              {t("edit")}
            </Link>
          ) : null}
          {canTransfer ? (
            <Link to={`/admin/transfer-students/new?student=${s.id}`} className="btn-secondary">
              {t("startTransfer")}
            </Link>
          ) : null}
          {canEnroll ? (
            <a href="#enroll" className="btn-secondary">
              {t("enrollHere.title")}
            </a>
          ) : null}
          {!canEdit ? null : s.status === "active" ? (
            <Link to="?confirm=deactivate" preventScrollReset className={buttonClass("danger")}>
              {t("deactivate")}
            </Link>
          ) : (
            <Link to="?confirm=activate" preventScrollReset className="btn-secondary">
              {t("activate")}
            </Link>
          )}
        </div>
      ) : null}
      <StudentDetails s={s} />
      <EnrollmentHistory enrollments={enrollments} />
      {canEnroll ? <EnrollInCourse courses={enrollCourses} lastResult={enrolled} /> : null}
      <StudentPortal portal={portal} canInvite={canInvite && s.status === "active"} lastResult={invited} />
      {confirm ? (
        <ConfirmDialog title={t(confirm === "deactivate" ? "confirmDeactivate" : "confirmActivate")} cancelTo={here}>
          <StudentStatusForm intent={confirm} errors={formErrors ?? undefined} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
