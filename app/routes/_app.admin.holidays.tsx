import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteHolidayForm, HolidayForm } from "~/components/holidays/holiday-form";
import { HolidayList, useHolidayDates, useHolidayHref } from "~/components/holidays/holiday-list";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { fieldRules } from "~/components/zod-form";
import { requirePermission } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { holidayFields, holidayForms } from "~/modules/calendar/holiday-schema";
import { createHoliday, deleteHoliday, holidaysPage, updateHoliday } from "~/modules/calendar/holidays.server";

export const handle = { i18n: ["common", "school"] };

// ?edit=ID and ?delete=ID open the edit form and the delete confirmation; an
// id that names no holiday opens nothing: the list answers 404 and says so.
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "holidays:manage");
  const [page, t] = await Promise.all([holidaysPage(new URL(request.url).searchParams), translator(request, "school")]);
  return json(
    { title: t("holidays.title"), ...page, rules: fieldRules(holidayFields) },
    page.missing ? { status: 404 } : undefined,
  );
}

export const meta = titleMeta;

/** Back to the list the user was on, without the dialog's parameter. */
function listUrl(request: Request) {
  const params = new URL(request.url).searchParams;
  const keep = new URLSearchParams();
  for (const key of ["when", "page"]) {
    const value = params.get(key);
    if (value) keep.set(key, value);
  }
  const query = keep.toString();
  return `/admin/holidays${query ? `?${query}` : ""}`;
}

export async function action({ request }: ActionFunctionArgs) {
  const done = (key: string) => toastTo(listUrl(request), `school:holidays.toasts.${key}`);
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "holidays:manage") }),
    forms: holidayForms,
    intents: {
      create: async (value, { user }) => ifDone(await createHoliday(value, user.id), done("created")),
      update: async (value, { user }) => ifDone(await updateHoliday(value.id, value, user.id), done("updated")),
      delete: async (value, { user }) => ifDone(await deleteHoliday(value.id, user.id), done("deleted")),
    },
    refusals: {
      courseNotFound: { field: "course_id", message: "school:holidays.errors.courseNotFound" },
      notFound: { form: "school:holidays.errors.notFound", status: 404 },
    },
  });
}

export default function Holidays() {
  const { rows, total, page, limit, when, courses, editing, deleting, missing, rules } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["school", "common"]);
  const anyResult = useIntentResult<typeof action>();
  const created = useIntentResult<typeof action>("create")?.result;
  const updated = useIntentResult<typeof action>("update")?.result;
  const deleteErrors = useIntentResult<typeof action>("delete")?.result.error?.[""];
  const listHref = useHolidayHref()("edit", null);
  const dates = useHolidayDates();
  // A holiday deleted meanwhile: its dialog is gone, so the message shows on the page.
  // A link to one that no longer exists says so too.
  const pageError =
    !editing && !deleting
      ? (anyResult?.result?.error?.[""]?.[0] ?? (missing ? "school:holidays.errors.notFound" : undefined))
      : undefined;

  return (
    <div className="space-y-6">
      <PageHeader title={t("holidays.title")} />
      {pageError ? <FormAlert>{t(pageError)}</FormAlert> : null}

      <HolidayList rows={rows} when={when} page={page} limit={limit} total={total} />

      <section aria-labelledby="new-heading" className="card max-w-2xl space-y-3">
        <h2 id="new-heading" className="text-lg font-semibold">
          {t("holidays.newTitle")}
        </h2>
        <HolidayForm
          intent="create"
          courses={courses}
          rules={rules}
          lastResult={created}
          submitLabel={t("holidays.add")}
        />
      </section>

      {editing ? (
        <ConfirmDialog title={t("holidays.editTitle", { name: editing.name })} cancelTo={listHref}>
          <HolidayForm
            intent="update"
            holiday={editing}
            courses={courses}
            rules={rules}
            lastResult={updated}
            submitLabel={t("common:common.save")}
          />
        </ConfirmDialog>
      ) : null}

      {deleting ? (
        <ConfirmDialog title={t("holidays.deleteTitle")} cancelTo={listHref}>
          <DeleteHolidayForm
            holiday={deleting}
            dates={dates(deleting.start_date, deleting.end_date)}
            errors={deleteErrors}
          />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
