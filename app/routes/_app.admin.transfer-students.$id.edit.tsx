import { type SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TransferForm } from "~/components/transfers/transfer-form";
import { titleMeta } from "~/components/ui/meta";
import { requireId, searchId } from "~/http/ids.server";
import { notFound } from "~/http/not-found.server";
import { TRANSFER_REFUSALS, submitForm } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { readForm } from "~/modules/shared/form.server";
import { toasts } from "~/modules/toast.server";
import { transferFormData } from "~/modules/transfers/form.server";
import { getTransfer, transferInput, updateTransfer } from "~/modules/transfers/transfers.server";

export const handle = { i18n: ["common", "transfers"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "transfers:edit");
  const id = requireId(params);
  const transfer = await getTransfer(id);
  if (!transfer) notFound();
  if (transfer.status !== "pending") throw json({ message: "transfers:errors.notPending" }, { status: 409 });
  const from = searchId(request, "from") ?? transfer.from_course_id;
  const [data, t] = await Promise.all([transferFormData(from, id), translator(request, "transfers")]);
  return json({
    ...data,
    title: t("edit"),
    id,
    defaults: {
      student_ids: from === transfer.from_course_id ? transfer.students.map((s) => s.id) : [],
      selected_course_id: transfer.selected_course_id,
      selected_level_id: transfer.selected_level_id,
      reason: transfer.reason ?? "",
    },
  });
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "transfers:edit");
  const id = requireId(params);
  const outcome = await submitForm(
    await readForm(request),
    transferInput,
    (input) => updateTransfer(id, input, user.id),
    TRANSFER_REFUSALS,
  );
  if ("response" in outcome) return outcome.response;
  return toasts(request).redirectWithSuccess(`/admin/transfer-students?id=${id}`, "transfers:updated");
}

export default function EditTransfer() {
  const { id, defaults, ...data } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const { t } = useTranslation("transfers");
  return (
    <div className="space-y-4">
      <Link to={`/admin/transfer-students?id=${id}`} className="text-sm text-primary-dark underline">
        {t("title")}
      </Link>
      <h1 className="text-2xl font-semibold">
        {t("edit")} #{id}
      </h1>
      <TransferForm {...data} defaults={defaults} lastResult={actionData?.result} />
    </div>
  );
}
