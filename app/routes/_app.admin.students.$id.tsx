import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { EnrollmentHistory, StudentDetails, StudentStatusForm } from "~/components/students/student-details";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { StatusBadge } from "~/components/ui/status-badge";
import { requirePermission } from "~/http/guards.server";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { NOT_FOUND, handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { found } from "~/http/outcome.server";
import { studentPage } from "~/modules/students/pages.server";
import { studentStatusForms } from "~/modules/students/schema";
import { setStudentStatus } from "~/modules/students/students.server";

export const handle = { i18n: ["common", "students"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "students:view");
  return json(found(await studentPage(requireId(params), user.role)));
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const here = (id: number) => `/admin/students/${id}`;
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "students:edit"), id: requireId(params) }),
    forms: studentStatusForms,
    intents: {
      activate: async (_, { user, id }) =>
        ifDone(await setStudentStatus(id, "active", user.id), toastTo(here(id), "students:activated")),
      deactivate: async (_, { user, id }) =>
        ifDone(await setStudentStatus(id, "inactive", user.id), toastTo(here(id), "students:deactivated")),
    },
    refusals: {
      notFound: NOT_FOUND,
      alreadyActive: { form: "students:errors.alreadyActive", status: 409 },
      alreadyInactive: { form: "students:errors.alreadyInactive", status: 409 },
    },
  });
}

export default function StudentDetail() {
  const { student: s, enrollments, canEdit } = useLoaderData<typeof loader>();
  const formErrors = useIntentResult<typeof action>(["activate", "deactivate"])?.result.error?.[""];
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
      <StudentDetails s={s} />
      <EnrollmentHistory enrollments={enrollments} />
      {confirm ? (
        <ConfirmDialog title={t(confirm === "deactivate" ? "confirmDeactivate" : "confirmActivate")} cancelTo={here}>
          <StudentStatusForm intent={confirm} errors={formErrors ?? undefined} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
