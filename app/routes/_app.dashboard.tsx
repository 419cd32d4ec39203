import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HolidaysAhead } from "~/components/calendar/holidays-ahead";
import { WeekCalendar, WeekNav } from "~/components/calendar/week-calendar";
import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { titleMetaOr } from "~/components/ui/meta";
import { badRequest } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { can } from "~/modules/auth/permissions";
import { professorOptions } from "~/modules/courses/courses.server";
import { upcomingHolidays } from "~/modules/courses/holidays.server";
import { schoolToday } from "~/modules/courses/sessions.server";
import { weekLinks } from "~/modules/courses/week";
import { calendarEvents, loadWeek, parseCalendarFilters, weekOfRequest } from "~/modules/courses/week.server";
import { absenceAlerts, schoolCounts } from "~/modules/dashboard/dashboard.server";
import { absenceSeverity } from "~/modules/students/absence";
import { ALL_LEVELS } from "~/modules/students/levels";

export const handle = { i18n: ["common", "school"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:view");
  const params = new URL(request.url).searchParams;
  const today = await schoolToday();
  const monday = weekOfRequest(params.get("week"), today) ?? badRequest("redirects.dateOutOfRange");
  const filters = parseCalendarFilters(params);
  const [counts, week, holidays, alerts, professors, t] = await Promise.all([
    schoolCounts(today),
    loadWeek(monday, filters),
    upcomingHolidays(today, { limit: 5 }),
    absenceAlerts(today),
    professorOptions(),
    translator(request),
  ]);
  const opensCourses = can(user.role, "courses:manage");
  const link = (allowed: boolean, to: string) => (allowed ? to : null);
  return json({
    title: t("menu.dashboard"),
    name: user.name,
    role: user.role,
    today,
    ...weekLinks(monday, today),
    filters,
    professors,
    cards: [
      {
        key: "activeStudents",
        value: counts.activeStudents,
        href: link(can(user.role, "students:view"), "/admin/students?status=active"),
      },
      {
        key: "inactiveStudents",
        value: counts.inactiveStudents,
        href: link(can(user.role, "students:view"), "/admin/students?status=inactive"),
      },
      {
        key: "pendingRegistrations",
        value: counts.pendingRegistrations,
        href: link(can(user.role, "registrations:view"), "/admin/registered-students?status=pending"),
      },
      {
        key: "pendingTransfers",
        value: counts.pendingTransfers,
        href: link(can(user.role, "transfers:view"), "/admin/transfer-students?status_level_change=pending"),
      },
      {
        key: "runningCourses",
        value: counts.runningCourses,
        href: link(opensCourses, "/admin/courses?phase=running&status=active"),
      },
      { key: "professors", value: counts.professors, href: link(can(user.role, "teachers:view"), "/admin/teachers") },
    ],
    days: week.days,
    // The course page is for the roles that manage courses; others see the session without a dead end.
    events: calendarEvents(week.sessions, (id) => (opensCourses ? `/admin/courses/${id}` : null)),
    holidays,
    alerts: alerts.rows,
    alertsTotal: alerts.total,
    opensStudents: can(user.role, "students:view"),
  });
}

export const meta = titleMetaOr("Dashboard");

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["school", "common"]);
  const format = useFormat();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("common:home.greeting", { name: data.name })}</h1>
        <p className="mt-1 text-slate-700">{t("common:home.signedInAs", { role: t(`common:roles.${data.role}`) })}</p>
      </div>

      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading" className="text-lg font-semibold">
          {t("dashboard.counts.title")}
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {data.cards.map((card) => {
            const body = (
              <>
                <span className="block text-3xl font-bold tabular-nums text-primary-dark">
                  {format.number(card.value)}
                </span>
                <span className="mt-1 block text-sm text-slate-800">{t(`dashboard.counts.${card.key}`)}</span>
              </>
            );
            return (
              <li key={card.key}>
                {card.href ? (
                  <Link to={card.href} className="card block h-full p-4 hover:border-primary hover:shadow">
                    {body}
                  </Link>
                ) : (
                  <div className="card h-full p-4">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="week-heading" className="space-y-3">
        <h2 id="week-heading" className="text-lg font-semibold">
          {t("dashboard.week.title")}
        </h2>
        <Form
          method="get"
          role="search"
          aria-label={t("common:filters.label")}
          className="card flex flex-wrap items-end gap-3 p-4"
        >
          <input type="hidden" name="week" value={data.monday} />
          <div className="min-w-[12rem]">
            <label htmlFor="professor" className="field-label">
              {t("common:roles.professor")}
            </label>
            <select
              id="professor"
              name="professor"
              defaultValue={data.filters.professorId ?? ""}
              className="field-input"
            >
              <option value="">{t("common:filters.all")}</option>
              {data.professors.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-[10rem]">
            <label htmlFor="level" className="field-label">
              {t("dashboard.week.level")}
            </label>
            <select id="level" name="level" defaultValue={data.filters.levelId ?? ""} className="field-input">
              <option value="">{t("common:filters.all")}</option>
              {ALL_LEVELS.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary">
              {t("common:filters.apply")}
            </button>
            <Link to={`?week=${data.monday}`} className="btn-secondary">
              {t("common:filters.clear")}
            </Link>
          </div>
        </Form>
        <WeekNav monday={data.monday} previous={data.previous} next={data.next} current={data.current} />
        <WeekCalendar
          days={data.days}
          events={data.events}
          today={data.today}
          label={t("dashboard.week.calendarLabel")}
        />
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <HolidaysAhead holidays={data.holidays} headingId="holidays-heading" />
        <AbsencePanel alerts={data.alerts} total={data.alertsTotal} linked={data.opensStudents} />
      </div>
    </div>
  );
}

const SEVERITY_STYLES = {
  ok: "",
  warning: "bg-amber-100 text-amber-950",
  danger: "bg-rose-100 text-rose-950",
} as const;

function AbsencePanel({
  alerts,
  total,
  linked,
}: {
  alerts: {
    id: number;
    first_name: string;
    last_name: string;
    second_last_name: string;
    course_code: string;
    absences: number;
  }[];
  total: number;
  linked: boolean;
}) {
  const { t } = useTranslation("school");
  const format = useFormat();
  return (
    <section aria-labelledby="absences-heading" className="card p-4">
      <h2 id="absences-heading" className="text-lg font-semibold">
        {t("dashboard.absences.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("dashboard.absences.explain")}</p>
      {alerts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t("dashboard.absences.none")}</p>
      ) : (
        <DataTable
          label={t("dashboard.absences.title")}
          className="mt-3"
          dense
          rows={alerts}
          rowKey={(a) => a.id}
          rowProps={(a) => {
            const severity = absenceSeverity(a.absences);
            return { "data-severity": severity, className: SEVERITY_STYLES[severity] };
          }}
          columns={[
            {
              header: t("dashboard.absences.student"),
              rowHeader: true,
              cell: (a) => {
                const name = `${a.first_name} ${a.last_name} ${a.second_last_name}`;
                return linked ? (
                  <Link to={`/admin/students/${a.id}`} className="text-primary-dark underline">
                    {name}
                  </Link>
                ) : (
                  name
                );
              },
            },
            {
              header: t("dashboard.absences.course"),
              className: "[overflow-wrap:anywhere]",
              cell: (a) => a.course_code,
            },
            {
              header: t("dashboard.absences.count"),
              align: "end",
              className: "font-semibold tabular-nums",
              cell: (a) => format.number(a.absences, 1),
            },
            {
              header: t("dashboard.absences.severity"),
              className: "font-semibold",
              cell: (a) => t(`dashboard.absences.${absenceSeverity(a.absences)}`),
            },
          ]}
        >
          {total > alerts.length ? (
            <p className="mt-2 text-sm text-slate-700">
              {t("dashboard.absences.more", { shown: alerts.length, total })}
            </p>
          ) : null}
        </DataTable>
      )}
    </section>
  );
}
