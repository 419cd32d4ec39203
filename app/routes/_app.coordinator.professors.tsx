import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProfessorsTable } from "~/components/coordinator/professors-table";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { TabLinks } from "~/components/ui/tab-links";
import { requirePermission } from "~/http/guards.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { professorsOverviewPage } from "~/modules/teachers/professors-page.server";
import { TERMS } from "~/modules/teachers/terms";

export const handle = { i18n: ["common", "school"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "professors:overview");
  const params = new URL(request.url).searchParams;
  const [page, t] = await Promise.all([professorsOverviewPage(user.role, params), translator(request, "school")]);
  return json({ title: t("professors.title"), ...page });
}

export const meta = titleMeta;

export default function ProfessorsOverview() {
  const { rows, total, page, limit, term } = useLoaderData<typeof loader>();
  const { t } = useTranslation("school");
  return (
    <div className="space-y-4">
      <PageHeader title={t("professors.title")} />
      <p className="text-slate-700">{t("professors.intro")}</p>
      <TabLinks
        label={t("professors.termLabel")}
        current={term}
        items={TERMS.map((k) => ({ key: k, to: `?term=${k}`, label: t(`professors.term.${k}`) }))}
      />
      <ProfessorsTable label={t(`professors.term.${term}`)} rows={rows} />
      <p className="text-sm text-slate-700">{t("professors.explain")}</p>
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
