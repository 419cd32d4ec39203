import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/format";
import { FilterActions, FilterInput, FilterSelect } from "~/components/ui/filters";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { listRegistrations, parseRegistrationFilters } from "~/modules/registrations/review.server";
import { ALL_LEVELS, levelById } from "~/modules/students/levels";
import { TableScroll } from "~/components/ui/table-scroll";
import { titleMeta } from "~/components/ui/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "registrations:view");
  const filters = parseRegistrationFilters(new URL(request.url).searchParams);
  const { rows, total } = await listRegistrations(filters);
  const t = await translator(request);
  return json({
    title: t("menu.registeredStudents"),
    rows: rows.map((r) => ({ ...r, level: levelById(r.level_id)?.name ?? "" })),
    total,
    page: filters.page,
    limit: filters.limit,
  });
}

export const meta = titleMeta;


export default function RegisteredStudents() {
  const { rows, total, page, limit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("menu.registeredStudents")}</h1>
      <Form method="get" className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-6" role="search" aria-label={t("filters.label")}>
        <FilterInput name="q" label={t("filters.search")} placeholder={t("registrations.searchHint")} className="sm:col-span-2" />
        <FilterSelect name="status" label={t("filters.status")} options={["pending", "approved", "rejected"].map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        <FilterSelect
          name="age"
          label={t("registration.fields.age_category")}
          options={[{ value: "kids", label: t("registration.age.kids") }, { value: "adults", label: t("registration.age.adults") }]}
        />
        <FilterSelect name="level" label={t("registration.fields.level")} options={ALL_LEVELS.map((l) => ({ value: l.id, label: l.name }))} />
        <FilterInput name="from" type="date" label={t("filters.from")} />
        <FilterInput name="to" type="date" label={t("filters.to")} />
        <FilterActions />
      </Form>
      <TableScroll label={t("menu.registeredStudents")} className="rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t("menu.registeredStudents")}</caption>
          <thead className="bg-slate-100 text-start">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">{t("registrations.reference")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("registrations.name")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("registration.fields.id_number")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("registration.fields.age_category")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("registration.fields.level")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("registrations.received")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("filters.status")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-6 text-center text-slate-700">{t("registrations.empty")}</td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <td className="px-3 py-2">
                    <Link to={`/admin/registered-students/${r.id}`} className="font-mono font-semibold text-primary-dark underline">{r.reference}</Link>
                  </td>
                  <td className="px-3 py-2">{`${r.first_name} ${r.last_name} ${r.second_last_name}`}</td>
                  <td className="px-3 py-2">{r.id_number}</td>
                  <td className="px-3 py-2">{t(`registration.age.${r.age_category}`)}</td>
                  <td className="px-3 py-2">{r.level}</td>
                  <td className="px-3 py-2">{format.date(r.created_at)}</td>
                  <td className="px-3 py-2"><StatusBadge status={r.status} /></td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
