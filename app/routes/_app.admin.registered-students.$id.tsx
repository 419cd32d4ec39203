import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useFormat } from "~/components/format";
import { ApproveForm, RegistrationDetails, RejectForm } from "~/components/registrations/registration-review";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { StatusBadge } from "~/components/ui/status-badge";
import { requirePermission } from "~/http/guards.server";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { found } from "~/http/outcome.server";
import { useTranslation } from "~/i18n/react";
import { registrationPage } from "~/modules/registrations/review-pages.server";
import { approveRegistration, rejectRegistration } from "~/modules/registrations/review.server";
import { registrationDecisionForms } from "~/modules/registrations/schema";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "registrations:view");
  return json(found(await registrationPage(requireId(params), user.role)));
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const here = (id: number) => `/admin/registered-students/${id}`;
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "registrations:decide"), id: requireId(params) }),
    forms: registrationDecisionForms,
    intents: {
      approve: async (value, { user, id }) =>
        ifDone(
          await approveRegistration(id, user.id, value.course_id ?? null, { origin: new URL(request.url).origin }),
          toastTo(here(id), "registrations.approved"),
        ),
      reject: async (value, { user, id }) =>
        ifDone(await rejectRegistration(id, user.id, value.reason), toastTo(here(id), "registrations.rejected")),
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
  const formErrors = useIntentResult<typeof action>()?.result.error?.[""];
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const confirm = canDecide ? params.get("confirm") : null;
  const here = `/admin/registered-students/${r.id}`;

  return (
    <div className="space-y-4">
      <PageHeader
        title={`${r.first_name} ${r.last_name} ${r.second_last_name}`}
        back={{ to: "/admin/registered-students", label: t("registrations.backToList") }}
        badge={<StatusBadge kind="registration" status={r.status} />}
      />
      <p className="text-slate-700">
        {t("common:colon", { label: t("registrations.reference") })}{" "}
        <span className="font-mono font-semibold">{r.reference}</span> ·{" "}
        {t("common:colon", { label: t("registrations.received") })} {format.dateTime(r.created_at)}
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
      <RegistrationDetails r={r} />
      {canDecide ? (
        <div className="flex gap-3">
          <Link to="?confirm=approve" preventScrollReset className="btn-primary">
            {t("registrations.approve")}
          </Link>
          <Link to="?confirm=reject" preventScrollReset className={buttonClass("danger")}>
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
