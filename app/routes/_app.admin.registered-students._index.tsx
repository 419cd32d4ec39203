import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RegistrationFilters, RegistrationTable } from "~/components/registrations/registration-list";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { requirePermission } from "~/http/guards.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { registrationListPage } from "~/modules/registrations/review-pages.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "registrations:view");
  const params = new URL(request.url).searchParams;
  const [page, t] = await Promise.all([registrationListPage(params), translator(request)]);
  return json({ title: t("menu.registeredStudents"), ...page });
}

export const meta = titleMeta;

export default function RegisteredStudents() {
  const { rows, total, page, limit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <PageHeader title={t("menu.registeredStudents")} />
      <RegistrationFilters />
      <RegistrationTable rows={rows} />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
