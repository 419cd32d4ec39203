import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HolidaysAhead } from "~/components/calendar/holidays-ahead";
import { AbsencePanel } from "~/components/dashboard/absence-panel";
import { CountCards } from "~/components/dashboard/count-cards";
import { DashboardCalendar } from "~/components/dashboard/dashboard-calendar";
import { Greeting } from "~/components/dashboard/greeting";
import { titleMetaOr } from "~/components/ui/meta";
import { requirePermission } from "~/http/guards.server";
import { badRequest } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { dashboardPage } from "~/modules/dashboard/dashboard-page.server";

export const handle = { i18n: ["common", "school"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:view");
  const [page, t] = await Promise.all([dashboardPage(user, new URL(request.url).searchParams), translator(request)]);
  if (!page.ok) badRequest("redirects.dateOutOfRange");
  return json({ title: t("menu.dashboard"), ...page });
}

export const meta = titleMetaOr("Dashboard");

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["school", "common"]);
  return (
    <div className="space-y-6">
      <Greeting name={data.name} line={t("common:home.signedInAs", { role: t(`common:roles.${data.role}`) })} />
      <CountCards cards={data.cards} />
      <DashboardCalendar
        calendar={data.calendar}
        today={data.today}
        monday={data.monday}
        previous={data.previous}
        next={data.next}
        current={data.current}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <HolidaysAhead holidays={data.holidays} headingId="holidays-heading" />
        <AbsencePanel
          alerts={data.alerts}
          total={data.alertsTotal}
          more={data.alertsMore}
          linked={data.opensStudents}
        />
      </div>
    </div>
  );
}
