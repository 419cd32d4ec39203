import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TransferForm, TransferFormPage } from "~/components/transfers/transfer-form";
import { titleMeta } from "~/components/ui/meta";
import { requirePermission } from "~/http/guards.server";
import { requireId, searchId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { NOT_FOUND, type RefusalTable, TRANSFER_REFUSALS, refusedPage } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { editTransferPage } from "~/modules/transfers/pages.server";
import { transferForms } from "~/modules/transfers/schema";
import { updateTransfer } from "~/modules/transfers/transfers.server";

export const handle = { i18n: ["common", "transfers"] };

/** The edit page of a transfer that is gone, or decided. */
const PAGE_REFUSALS = {
  notFound: NOT_FOUND,
  notPending: { page: 409, message: "transfers:errors.notPending" },
} satisfies RefusalTable<"notFound" | "notPending">;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "transfers:edit");
  const [page, t] = await Promise.all([
    editTransferPage(requireId(params), searchId(request, "from")),
    translator(request, "transfers"),
  ]);
  if (!page.ok) refusedPage(PAGE_REFUSALS[page.reason]);
  return json({ ...page, title: t("edit") });
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "transfers:edit"), id: requireId(params) }),
    forms: transferForms,
    defaultIntent: "save",
    intents: {
      save: async (value, { user, id }) =>
        ifDone(
          await updateTransfer(id, value, user.id),
          toastTo(`/admin/transfer-students?id=${id}`, "transfers:updated"),
        ),
    },
    refusals: TRANSFER_REFUSALS,
  });
}

export default function EditTransfer() {
  const { id, ...page } = useLoaderData<typeof loader>();
  const saved = useIntentResult<typeof action>("save")?.result;
  const { t } = useTranslation("transfers");
  return (
    <TransferFormPage back={`/admin/transfer-students?id=${id}`} title={`${t("edit")} #${id}`}>
      <TransferForm {...page} lastResult={saved} />
    </TransferFormPage>
  );
}
