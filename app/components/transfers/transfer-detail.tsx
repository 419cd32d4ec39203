import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { Bdi, CourseLabel } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Link } from "~/components/ui/link";
import { StatusBadge } from "~/components/ui/status-badge";
import { useTranslation } from "~/i18n/react";
import { type TransferRow } from "./transfer-table";

/** The transfer opened from the list (?id=): its students, reason and dates; approve, reject (a confirm step) and edit. */
export function TransferDetail({
  open,
  canEdit,
  canDecide,
}: {
  open: TransferRow & { reason: string | null };
  canEdit: boolean;
  canDecide: boolean;
}) {
  const { t } = useTranslation("transfers");
  const appNames = useAppNames();
  const format = useFormat();
  const [params] = useSearchParams();
  const location = useLocation();
  const confirm = params.get("confirm");
  const query = (change: (p: URLSearchParams) => void) => {
    const p = new URLSearchParams(location.search);
    change(p);
    return p;
  };
  const withoutConfirm = `${location.pathname}?${query((p) => p.delete("confirm"))}`;
  const closeHref = `${location.pathname}?${query((p) => {
    p.delete("id");
    p.delete("confirm");
  })}`;
  const withConfirm = (value: string) => `?${query((p) => p.set("confirm", value))}`;

  return (
    <section aria-labelledby="transfer-detail" className="card space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="transfer-detail" className="text-lg font-semibold">
          {t("detail.title", { id: open.id })} <StatusBadge kind="transfer" status={open.status} />
        </h2>
        <Link to={closeHref} className="text-sm text-primary-dark underline">
          {t("detail.close")}
        </Link>
      </div>
      <p className="font-medium">
        {open.is_group ? t("bell.group", { count: open.students.length }) : t("kind.single")} ·{" "}
        <Bdi ltr>{appNames.level(open.level)}</Bdi>
      </p>
      {/* From and to, each course by its readable label (issue 19). */}
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm">
        <dt className="font-medium">{t("common:colon", { label: t("columns.from") })}</dt>
        <dd>{open.from_course ? <CourseLabel course={open.from_course} /> : "—"}</dd>
        <dt className="font-medium">{t("common:colon", { label: t("columns.to") })}</dt>
        <dd>
          <CourseLabel course={open.to_course} />
        </dd>
      </dl>
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
        <span className="font-medium">{t("common:colon", { label: t("detail.reason") })}</span>{" "}
        {open.reason || t("detail.noReason")}
      </p>
      <p className="text-sm text-slate-700">
        {t("common:colon", { label: t("columns.created") })} {format.date(open.created_at)}{" "}
        {open.created_by_name ? t("by", { name: open.created_by_name }) : null}
        {open.decided_at
          ? ` · ${t("common:colon", { label: t("columns.decided") })} ${format.date(open.decided_at)} ${open.decided_by_name ? t("by", { name: open.decided_by_name }) : ""}`
          : null}
      </p>
      {open.status === "pending" ? (
        <div className="flex flex-wrap gap-3">
          {canDecide ? (
            <>
              <Link to={withConfirm("approve")} preventScrollReset className="btn-primary">
                {t("approve")}
              </Link>
              <Link to={withConfirm("reject")} preventScrollReset className={buttonClass("danger")}>
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
        <ConfirmDialog title={t(confirm === "approve" ? "confirmApprove" : "confirmReject")} cancelTo={withoutConfirm}>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="id" value={open.id} />
            <p className="text-sm text-slate-800">
              {t(confirm === "approve" ? "confirmApproveText" : "confirmRejectText")}
            </p>
            <SubmitButton name="intent" value={confirm} tone={confirm === "approve" ? "primary" : "danger"}>
              {t(confirm)}
            </SubmitButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
