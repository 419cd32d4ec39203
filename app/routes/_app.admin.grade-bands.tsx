import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { BandForm } from "~/components/grades/band-form";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { fieldRules } from "~/components/zod-form";
import { requirePermission } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { deleteBand, listBands, saveBand } from "~/modules/grades/bands.server";
import { bandFields, gradeBandForms } from "~/modules/grades/schema";

export const handle = { i18n: ["common", "courses"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "gradebands:manage");
  const [bands, t] = await Promise.all([listBands(), translator(request, "courses")]);
  return json({ title: t("bands.title"), bands, rules: fieldRules(bandFields) });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  const here = "/admin/grade-bands";
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "gradebands:manage") }),
    forms: gradeBandForms,
    target: "band_id",
    intents: {
      create: async (value, { user }) =>
        ifDone(await saveBand(null, value, user.id), toastTo(here, "courses:bands.created")),
      update: async ({ band_id, ...band }, { user }) =>
        ifDone(await saveBand(band_id, band, user.id), toastTo(here, "courses:bands.saved")),
      delete: async (value, { user }) =>
        ifDone(await deleteBand(value.band_id, user.id), toastTo(here, "courses:bands.deleted")),
    },
    refusals: {
      notFound: { form: "courses:bands.errors.notFound", status: 404 },
      overlap: async ({ band }) => {
        const t = await translator(request, "courses");
        // The other band is named in the message: translated here, shown as it is.
        return { field: "min", message: t("bands.errors.overlap", { name: band.name, min: band.min, max: band.max }) };
      },
    },
  });
}

export default function GradeBands() {
  const { bands, rules } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const appNames = useAppNames();
  const [params] = useSearchParams();
  const editing = bands.find((b) => b.id === Number(params.get("edit")));
  const deleting = bands.find((b) => b.id === Number(params.get("delete")));
  const format = useFormat();
  const number = { format: (n: number) => format.number(n) };
  const deleteError = useIntentResult<typeof action>("delete")?.result.error?.[""]?.[0];
  const created = useIntentResult<typeof action>("create")?.result;
  const updated = useIntentResult<typeof action>("update", editing?.id)?.result;

  return (
    <div className="space-y-4">
      <PageHeader title={t("bands.title")} back={{ to: "/admin/syllabus", label: t("bands.backToSyllabus") }} />
      <p className="text-sm text-slate-700">{t("bands.intro")}</p>
      {deleteError ? <FormAlert>{t(deleteError)}</FormAlert> : null}
      <DataTable
        label={t("bands.title")}
        rows={bands}
        rowKey={(b) => b.id}
        empty={t("bands.empty")}
        columns={[
          { header: t("bands.name"), rowHeader: true, cell: (b) => appNames.band(b.name) },
          { header: t("bands.min"), align: "end", className: "tabular-nums", cell: (b) => number.format(b.min) },
          { header: t("bands.max"), align: "end", className: "tabular-nums", cell: (b) => number.format(b.max) },
          {
            header: t("detail.actions"),
            align: "end",
            cell: (b) => (
              <div className="flex justify-end gap-3">
                <Link to={`?edit=${b.id}#band-form`} className="text-sm font-medium text-primary-dark underline">
                  {t("edit")}
                  <span className="sr-only"> {appNames.band(b.name)}</span>
                </Link>
                <Link
                  to={`?delete=${b.id}`}
                  preventScrollReset
                  className="text-sm font-medium text-secondary-dark underline"
                >
                  {t("bands.delete")}
                  <span className="sr-only"> {appNames.band(b.name)}</span>
                </Link>
              </div>
            ),
          },
        ]}
      />
      <p className="text-sm text-slate-700">{t("bands.notReported")}</p>

      {editing ? (
        <BandForm
          key={`edit-${editing.id}`}
          rules={rules}
          title={t("bands.editTitle", { name: appNames.band(editing.name) })}
          intent="update"
          band={editing}
          lastResult={updated}
        />
      ) : (
        <BandForm key="create" title={t("bands.add")} intent="create" rules={rules} lastResult={created} />
      )}

      {deleting ? (
        <ConfirmDialog title={t("bands.confirmDelete")} cancelTo="/admin/grade-bands">
          <Form method="post" action="/admin/grade-bands" className="space-y-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="band_id" value={deleting.id} />
            <p className="text-sm text-slate-800">
              {t("bands.deleteText", {
                name: appNames.band(deleting.name),
                min: number.format(deleting.min),
                max: number.format(deleting.max),
              })}
            </p>
            <SubmitButton tone="danger">{t("bands.delete")}</SubmitButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
