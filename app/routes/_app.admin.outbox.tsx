import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OutboxList } from "~/components/mail/outbox-list";
import { FilterSelect } from "~/components/ui/filters";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { ListFilters } from "~/components/users/list-filters";
import { requirePermission } from "~/http/guards.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { OUTBOX_STATUSES } from "~/modules/mail/mail";
import { outboxPage } from "~/modules/mail/outbox.server";

// Issue 21 (ADR 046): every e-mail the app queued, newest first; without
// SMTP_URL nothing leaves and this is where the links are read.
export const handle = { i18n: ["common", "mail"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "outbox:view");
  const [page, t] = await Promise.all([outboxPage(new URL(request.url).searchParams), translator(request, "mail")]);
  return json({ title: t("outbox.title"), ...page });
}

export const meta = titleMeta;

export default function Outbox() {
  const { rows, total, page, limit, smtp } = useLoaderData<typeof loader>();
  const { t } = useTranslation("mail");
  return (
    <div className="space-y-4">
      <PageHeader title={t("outbox.title")} />
      <p className="text-sm text-slate-700">{smtp ? t("outbox.smtp") : t("outbox.noSmtp")}</p>
      <ListFilters>
        <FilterSelect
          name="status"
          label={t("outbox.status")}
          options={OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`outbox.statuses.${s}`) }))}
        />
      </ListFilters>
      <OutboxList rows={rows} />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
