import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StudentSearch, TransferForm, TransferFormPage } from "~/components/transfers/transfer-form";
import { titleMeta } from "~/components/ui/meta";
import { requirePermission } from "~/http/guards.server";
import { searchId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, toastTo } from "~/http/intents.server";
import { TRANSFER_REFUSALS } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { newTransferPage } from "~/modules/transfers/pages.server";
import { transferForms } from "~/modules/transfers/schema";
import { createTransfer } from "~/modules/transfers/transfers.server";

export const handle = { i18n: ["common", "transfers"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "transfers:edit");
  const params = new URL(request.url).searchParams;
  const [page, t] = await Promise.all([
    newTransferPage({ from: searchId(request, "from"), student: searchId(request, "student"), q: params.get("q") }),
    translator(request, "transfers"),
  ]);
  return json({ ...page, title: t("new") });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "transfers:edit") }),
    forms: transferForms,
    defaultIntent: "save",
    intents: {
      save: async (value, { user }) => {
        const outcome = await createTransfer(value, user.id);
        return outcome.ok ? toastTo(`/admin/transfer-students?id=${outcome.id}`, "transfers:created") : outcome;
      },
    },
    refusals: TRANSFER_REFUSALS,
  });
}

export default function NewTransfer() {
  const page = useLoaderData<typeof loader>();
  const saved = useIntentResult<typeof action>("save")?.result;
  const { t } = useTranslation("transfers");
  return (
    <TransferFormPage back="/admin/transfer-students" title={t("new")}>
      <StudentSearch q={page.q} found={page.found} withoutCourse={page.studentWithoutCourse} />
      <TransferForm {...page} lastResult={saved} />
    </TransferFormPage>
  );
}
