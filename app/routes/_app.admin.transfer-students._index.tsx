import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable } from "~/components/ui/data-table";
import { FilterActions, FilterInput, FilterSelect } from "~/components/ui/filters";
import { FormAlert } from "~/components/ui/form-alert";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { TRANSFER_REFUSALS, messageRefusal } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { can } from "~/modules/auth/permissions";
import { readForm } from "~/modules/shared/form.server";
import { MAX_ID, rowId } from "~/modules/shared/ids";
import { ALL_LEVELS } from "~/modules/students/levels";
import { toasts } from "~/modules/toast.server";
import {
  courseChoices,
  decideTransfer,
  getTransfer,
  listTransfers,
  parseTransferFilters,
} from "~/modules/transfers/transfers.server";

export const handle = { i18n: ["common", "transfers"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "transfers:view");
  const params = new URL(request.url).searchParams;
  const filters = parseTransferFilters(params);
  const openId = rowId(params.get("id"));
  const [list, open, courses, t] = await Promise.all([
    listTransfers(filters),
    openId !== null ? getTransfer(openId) : Promise.resolve(null),
    courseChoices(),
    translator(request, "transfers"),
  ]);
  return json({
    title: t("title"),
    ...list,
    page: filters.page,
    limit: filters.limit,
    open,
    courses,
    canEdit: can(user.role, "transfers:edit"),
    canDecide: can(user.role, "transfers:decide"),
  });
}

export const meta = titleMeta;

const decision = z.object({
  intent: z.enum(["approve", "reject"]),
  id: z.coerce.number().int().positive().max(MAX_ID),
});

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "transfers:decide");
  const parsed = decision.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return json({ message: "transfers:errors.notFound" }, { status: 400 });
  const { intent, id } = parsed.data;
  const outcome = await decideTransfer(id, user.id, intent);
  if (!outcome.ok) return messageRefusal(outcome, TRANSFER_REFUSALS);
  return toasts(request).redirectWithSuccess(
    `/admin/transfer-students?id=${id}`,
    intent === "approve" ? "transfers:approved" : "transfers:rejected",
  );
}

export default function TransferStudents() {
  const { rows, total, page, limit, open, courses, canEdit, canDecide } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("transfers");
  const format = useFormat();
  const [params] = useSearchParams();
  const location = useLocation();
  const confirm = params.get("confirm");
  const withoutConfirm = () => {
    const p = new URLSearchParams(location.search);
    p.delete("confirm");
    return `${location.pathname}?${p}`;
  };
  const withConfirm = (value: string) => {
    const p = new URLSearchParams(location.search);
    p.set("confirm", value);
    return `?${p}`;
  };
  const closeHref = () => {
    const p = new URLSearchParams(location.search);
    p.delete("id");
    p.delete("confirm");
    return `${location.pathname}?${p}`;
  };

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

      {actionData?.message ? <FormAlert>{t(actionData.message)}</FormAlert> : null}

      {open ? (
        <section aria-labelledby="transfer-detail" className="card space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="transfer-detail" className="text-lg font-semibold">
              {t("detail.title", { id: open.id })} <StatusBadge status={open.status} />
            </h2>
            <Link to={closeHref()} className="text-sm text-primary-dark underline">
              {t("detail.close")}
            </Link>
          </div>
          <p className="font-medium">
            {open.is_group ? t("bell.group", { count: open.students.length }) : t("kind.single")} ·{" "}
            <bdi dir="ltr">
              {open.from_course_code ?? "—"} → {open.to_course_code}
            </bdi>{" "}
            · {open.level}
          </p>
          <ul className="list-inside list-disc text-sm">
            {open.students.map((s) => (
              <li key={s.id}>
                <Link
                  to={`/admin/students/${s.id}`}
                  className="text-primary-dark underline"
                >{`${s.first_name} ${s.last_name} ${s.second_last_name}`}</Link>{" "}
                · {s.id_number || t("bell.na")}
              </li>
            ))}
          </ul>
          <p className="text-sm">
            <span className="font-medium">{t("detail.reason")}:</span> {open.reason || t("detail.noReason")}
          </p>
          <p className="text-sm text-slate-700">
            {t("columns.created")}: {format.date(open.created_at)}{" "}
            {open.created_by_name ? t("by", { name: open.created_by_name }) : null}
            {open.decided_at
              ? ` · ${t("columns.decided")}: ${format.date(open.decided_at)} ${open.decided_by_name ? t("by", { name: open.decided_by_name }) : ""}`
              : null}
          </p>
          {open.status === "pending" ? (
            <div className="flex flex-wrap gap-3">
              {canDecide ? (
                <>
                  <Link to={withConfirm("approve")} preventScrollReset className="btn-primary">
                    {t("approve")}
                  </Link>
                  <Link to={withConfirm("reject")} preventScrollReset className="btn-danger">
                    {t("reject")}
                  </Link>
                </>
              ) : null}
              {canEdit ? (
                <Link to={`/admin/transfer-students/${open.id}/edit`} className="btn-secondary">
                  {t("edit")}
                </Link>
              ) : null}
            </div>
          ) : null}
          {canDecide && open.status === "pending" && (confirm === "approve" || confirm === "reject") ? (
            <ConfirmDialog
              title={t(confirm === "approve" ? "confirmApprove" : "confirmReject")}
              cancelTo={withoutConfirm()}
            >
              <Form method="post" className="space-y-3">
                <input type="hidden" name="id" value={open.id} />
                <p className="text-sm text-slate-800">
                  {t(confirm === "approve" ? "confirmApproveText" : "confirmRejectText")}
                </p>
                <SubmitButton
                  name="intent"
                  value={confirm}
                  className={confirm === "approve" ? "btn-primary" : "btn-danger"}
                >
                  {t(confirm)}
                </SubmitButton>
              </Form>
            </ConfirmDialog>
          ) : null}
        </section>
      ) : null}

      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-6"
        role="search"
        aria-label={t("common:filters.label")}
      >
        <FilterInput name="q" label={t("filters.search")} className="sm:col-span-2" />
        <FilterSelect
          name="status_level_change"
          label={t("common:filters.status")}
          options={["pending", "approved", "rejected"].map((s) => ({ value: s, label: t(`common:status.${s}`) }))}
        />
        <FilterSelect
          name="kind"
          label={t("filters.kind")}
          options={[
            { value: "single", label: t("kind.single") },
            { value: "group", label: t("kind.group") },
          ]}
        />
        <FilterSelect
          name="course"
          label={t("filters.course")}
          options={courses.map((c) => ({ value: c.id, label: c.course_id }))}
        />
        <FilterSelect
          name="level"
          label={t("filters.level")}
          options={ALL_LEVELS.map((l) => ({ value: l.id, label: l.name }))}
        />
        <FilterInput name="from" type="date" label={t("common:filters.from")} />
        <FilterInput name="to" type="date" label={t("common:filters.to")} />
        <FilterActions />
      </Form>

      <DataTable
        label={t("title")}
        rows={rows}
        rowKey={(r) => r.id}
        rowClassName="align-top"
        empty={t("empty")}
        columns={[
          {
            header: t("columns.transfer"),
            cell: (r) => (
              <Link
                to={`?${new URLSearchParams({ ...Object.fromEntries(params), id: String(r.id) })}`}
                className="font-semibold text-primary-dark underline"
              >
                #{r.id} · {r.is_group ? t("bell.group", { count: r.students.length }) : t("kind.single")}
              </Link>
            ),
          },
          {
            header: t("columns.students"),
            cell: (r) => (
              <>
                {r.students.slice(0, 3).map((s) => (
                  <span key={s.id} className="block">
                    {`${s.first_name} ${s.last_name}`} · {s.id_number || t("bell.na")}
                  </span>
                ))}
                {r.students.length > 3 ? <span className="block text-slate-700">+{r.students.length - 3}</span> : null}
              </>
            ),
          },
          { header: t("columns.from"), cell: (r) => r.from_course_code ?? "—" },
          { header: t("columns.to"), cell: (r) => r.to_course_code },
          { header: t("columns.level"), cell: (r) => r.level },
          { header: t("columns.status"), cell: (r) => <StatusBadge status={r.status} /> },
          {
            header: t("columns.created"),
            cell: (r) => (
              <>
                {format.date(r.created_at)}
                {r.created_by_name ? (
                  <span className="block text-xs text-slate-700">{t("by", { name: r.created_by_name })}</span>
                ) : null}
              </>
            ),
          },
          {
            header: t("columns.decided"),
            cell: (r) => (
              <>
                {r.decided_at ? format.date(r.decided_at) : "—"}
                {r.decided_by_name ? (
                  <span className="block text-xs text-slate-700">{t("by", { name: r.decided_by_name })}</span>
                ) : null}
              </>
            ),
          },
        ]}
      />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
