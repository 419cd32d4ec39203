import { type SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TransferForm } from "~/components/transfers/transfer-form";
import { titleMeta } from "~/components/ui/meta";
import { searchId } from "~/http/ids.server";
import { TRANSFER_REFUSALS, submitForm } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { readForm } from "~/modules/shared/form.server";
import { toasts } from "~/modules/toast.server";
import { transferFormData } from "~/modules/transfers/form.server";
import { createTransfer, transferInput } from "~/modules/transfers/transfers.server";

export const handle = { i18n: ["common", "transfers"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "transfers:edit");
  const from = searchId(request, "from");
  const [data, t] = await Promise.all([transferFormData(from, null), translator(request, "transfers")]);
  return json({ ...data, title: t("new") });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "transfers:edit");
  const outcome = await submitForm(
    await readForm(request),
    transferInput,
    (input) => createTransfer(input, user.id),
    TRANSFER_REFUSALS,
  );
  if ("response" in outcome) return outcome.response;
  return toasts(request).redirectWithSuccess(`/admin/transfer-students?id=${outcome.id}`, "transfers:created");
}

export default function NewTransfer() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const { t } = useTranslation("transfers");
  return (
    <div className="space-y-4">
      <Link to="/admin/transfer-students" className="text-sm text-primary-dark underline">
        {t("title")}
      </Link>
      <h1 className="text-2xl font-semibold">{t("new")}</h1>
      <TransferForm
        {...data}
        defaults={{ student_ids: [], selected_course_id: null, selected_level_id: data.suggestedLevel, reason: "" }}
        lastResult={actionData?.result}
      />
    </div>
  );
}
