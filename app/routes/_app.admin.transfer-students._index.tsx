import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TransferDetail } from "~/components/transfers/transfer-detail";
import { TransferFilters, TransferTable } from "~/components/transfers/transfer-table";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { requirePermission } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { TRANSFER_REFUSALS } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { transferListPage } from "~/modules/transfers/pages.server";
import { transferDecisionForms } from "~/modules/transfers/schema";
import { decideTransfer } from "~/modules/transfers/transfers.server";

export const handle = { i18n: ["common", "transfers"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "transfers:view");
  const params = new URL(request.url).searchParams;
  const [page, t] = await Promise.all([transferListPage(params, user.role), translator(request, "transfers")]);
  return json({ title: t("title"), ...page });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  const opened = (id: number) => `/admin/transfer-students?id=${id}`;
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "transfers:decide") }),
    forms: transferDecisionForms,
    intents: {
      approve: async ({ id }, { user }) =>
        ifDone(await decideTransfer(id, user.id, "approve"), toastTo(opened(id), "transfers:approved")),
      reject: async ({ id }, { user }) =>
        ifDone(await decideTransfer(id, user.id, "reject"), toastTo(opened(id), "transfers:rejected")),
    },
    refusals: TRANSFER_REFUSALS,
  });
}

export default function TransferStudents() {
  const { rows, total, page, limit, open, course, canEdit, canDecide } = useLoaderData<typeof loader>();
  // A refused decision (gone, already decided) says why above the list.
  const refused = useIntentResult<typeof action>(["approve", "reject"])?.result.error;
  const message = refused?.[""]?.[0] ?? refused?.id?.[0];
  const { t } = useTranslation("transfers");

  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        actions={
          canEdit ? (
            <Link to="/admin/transfer-students/new" className="btn-primary">
              {t("new")}
            </Link>
          ) : null
        }
      />
      {message ? <FormAlert>{t(message)}</FormAlert> : null}
      {open ? <TransferDetail open={open} canEdit={canEdit} canDecide={canDecide} /> : null}
      <TransferFilters course={course} />
      <TransferTable rows={rows} />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
