import { type FieldMetadata, type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "~/components/fields";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { HOLIDAY_PERIODS, holidayFields, holidayFormSchema, holidayForms } from "~/modules/courses/holiday-schema";
import {
  createHoliday,
  deleteHoliday,
  getHoliday,
  holidayCourseOptions,
  listHolidays,
  parseHolidayFilters,
  updateHoliday,
} from "~/modules/courses/holidays.server";
import { schoolToday } from "~/modules/courses/sessions.server";
import { rowId } from "~/modules/shared/ids";

export const handle = { i18n: ["common", "school"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "holidays:manage");
  const params = new URL(request.url).searchParams;
  const filters = parseHolidayFilters(params);
  // ?edit=ID and ?delete=ID open the edit form and the delete confirmation.
  // An id that names no holiday (deleted meanwhile, or one that can name no
  // row: 2147483648 would make PostgreSQL fail the query) opens nothing: the
  // list answers 404 and says the holiday no longer exists.
  const asked = params.get("edit") ?? params.get("delete");
  const openId = [params.get("edit"), params.get("delete")].map(rowId).find((id) => id !== null);
  const today = await schoolToday();
  const [{ rows, total }, courses, open, t] = await Promise.all([
    listHolidays(filters, today),
    holidayCourseOptions(),
    openId ? getHoliday(openId) : undefined,
    translator(request, "school"),
  ]);
  const missing = asked !== null && !open;
  return json(
    {
      missing,
      title: t("holidays.title"),
      rows,
      total,
      page: filters.page,
      limit: filters.limit,
      when: filters.when,
      courses,
      editing: open && params.get("edit") ? open : null,
      deleting: open && params.get("delete") ? open : null,
    },
    missing ? { status: 404 } : undefined,
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
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "holidays:manage") }),
    forms: holidayForms,
    intents: {
      create: async (value, { user }) =>
        ifDone(await createHoliday(value, user.id), toastTo(listUrl(request), "school:holidays.toasts.created")),
      update: async (value, { user }) =>
        ifDone(
          await updateHoliday(value.id, value, user.id),
          toastTo(listUrl(request), "school:holidays.toasts.updated"),
        ),
      delete: async (value, { user }) =>
        ifDone(await deleteHoliday(value.id, user.id), toastTo(listUrl(request), "school:holidays.toasts.deleted")),
    },
    refusals: {
      courseNotFound: { field: "course_id", message: "school:holidays.errors.courseNotFound" },
      notFound: { form: "school:holidays.errors.notFound", status: 404 },
    },
  });
}

type Courses = { id: number; course_id: string }[];

export default function Holidays() {
  const { rows, total, page, limit, when, courses, editing, deleting, missing } = useLoaderData<typeof loader>();
  const actionData = useIntentResult<typeof action>();
  const { t } = useTranslation(["school", "common"]);
  const format = useFormat();
  const location = useLocation();
  const created = useIntentResult<typeof action>("create")?.result;
  const updated = useIntentResult<typeof action>("update")?.result;
  const deleteErrors = useIntentResult<typeof action>("delete")?.result.error?.[""];
  // A holiday deleted meanwhile: its dialog is gone, so the message shows on the page.
  // A link to one that no longer exists says so too.
  const pageError =
    !editing && !deleting
      ? (actionData?.result?.error?.[""]?.[0] ?? (missing ? "school:holidays.errors.notFound" : undefined))
      : undefined;

  const withParam = (key: string, value: string | null) => {
    const params = new URLSearchParams(location.search);
    params.delete("edit");
    params.delete("delete");
    if (value === null) params.delete(key);
    else params.set(key, value);
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const listHref = withParam("edit", null);
  const dates = (start: string, end: string) =>
    start === end ? format.day(start) : t("holidays.range", { start: format.day(start), end: format.day(end) });

  return (
    <div className="space-y-6">
      <PageHeader title={t("holidays.title")} />
      {pageError ? <FormAlert>{t(pageError)}</FormAlert> : null}

      <section aria-labelledby="list-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="list-heading" className="text-lg font-semibold">
            {t("holidays.listTitle")}
          </h2>
          <nav aria-label={t("holidays.periodLabel")}>
            <ul className="flex gap-1 rounded-md border border-slate-300 bg-white p-1">
              {HOLIDAY_PERIODS.map((p) => (
                <li key={p}>
                  <Link
                    to={`?when=${p}`}
                    aria-current={p === when ? "page" : undefined}
                    className={`block rounded px-3 py-1 text-sm font-medium ${p === when ? "bg-primary-dark text-white" : "text-slate-800 hover:bg-slate-100"}`}
                  >
                    {t(`holidays.period.${p}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <DataTable
          label={t(`holidays.period.${when}`)}
          rows={rows}
          rowKey={(h) => h.id}
          rowClassName="align-top"
          empty={t("holidays.empty")}
          columns={[
            { header: t("holidays.fields.name"), rowHeader: true, cell: (h) => h.name },
            { header: t("holidays.dates"), cell: (h) => dates(h.start_date, h.end_date) },
            {
              header: t("holidays.appliesTo"),
              className: "[overflow-wrap:anywhere]",
              cell: (h) => h.course_code ?? t("holidays.wholeSchool"),
            },
            {
              header: t("holidays.cancels"),
              cell: (h) => (
                <>
                  <span className="font-semibold tabular-nums">{h.cancels.sessions}</span>
                  {h.cancels.courses.length ? (
                    <span className="block text-xs text-slate-700">{h.cancels.courses.join(", ")}</span>
                  ) : null}
                </>
              ),
            },
            {
              header: t("holidays.actions"),
              cell: (h) => (
                <div className="flex flex-wrap gap-3">
                  <Link
                    to={withParam("edit", String(h.id))}
                    preventScrollReset
                    className="font-medium text-primary-dark underline"
                  >
                    {t("holidays.edit")}
                    <span className="sr-only"> {h.name}</span>
                  </Link>
                  <Link
                    to={withParam("delete", String(h.id))}
                    preventScrollReset
                    className="font-medium text-secondary-dark underline"
                  >
                    {t("holidays.delete")}
                    <span className="sr-only"> {h.name}</span>
                  </Link>
                </div>
              ),
            },
          ]}
        />
        <Pagination page={page} limit={limit} total={total} />
      </section>

      <section aria-labelledby="new-heading" className="card max-w-2xl space-y-3">
        <h2 id="new-heading" className="text-lg font-semibold">
          {t("holidays.newTitle")}
        </h2>
        <HolidayForm intent="create" courses={courses} lastResult={created} submitLabel={t("holidays.add")} />
      </section>

      {editing ? (
        <ConfirmDialog title={t("holidays.editTitle", { name: editing.name })} cancelTo={listHref}>
          <HolidayForm
            intent="update"
            holiday={editing}
            courses={courses}
            lastResult={updated}
            submitLabel={t("common:common.save")}
          />
        </ConfirmDialog>
      ) : null}

      {deleting ? (
        <ConfirmDialog title={t("holidays.deleteTitle")} cancelTo={listHref}>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <p>
              {t("holidays.deleteText", { name: deleting.name, dates: dates(deleting.start_date, deleting.end_date) })}
            </p>
            {deleteErrors?.length ? <FormAlert plain>{t(deleteErrors[0])}</FormAlert> : null}
            <SubmitButton className="btn-danger">{t("holidays.delete")}</SubmitButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function HolidayForm({
  intent,
  holiday,
  courses,
  lastResult,
  submitLabel,
}: {
  intent: "create" | "update";
  holiday?: { id: number; name: string; start_date: string; end_date: string; course_id: number | null };
  courses: Courses;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
}) {
  const { t } = useTranslation(["school", "common"]);
  const [form, fields] = useForm({
    id: holiday ? `holiday-${holiday.id}` : "holiday-new",
    lastResult,
    constraint: getZodConstraint(holidayFields),
    defaultValue: holiday
      ? {
          name: holiday.name,
          start_date: holiday.start_date,
          end_date: holiday.end_date,
          course_id: holiday.course_id ? String(holiday.course_id) : "",
        }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: holidayFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1">
      <input type="hidden" name="intent" value={intent} />
      {holiday ? <input type="hidden" name="id" value={holiday.id} /> : null}
      {form.errors?.length ? <FormAlert id={form.errorId}>{t(form.errors[0])}</FormAlert> : null}
      <TextField field={fields.name} label={t("holidays.fields.name")} autoComplete="off" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField field={fields.start_date} label={t("holidays.fields.start_date")} type="date" />
        <TextField field={fields.end_date} label={t("holidays.fields.end_date")} type="date" />
      </div>
      <SelectField
        // The select sends the course id as text.
        field={fields.course_id as unknown as FieldMetadata<string | undefined>}
        label={t("holidays.fields.course")}
        placeholder={t("holidays.wholeSchool")}
        options={courses.map((c) => ({ value: String(c.id), label: c.course_id }))}
      />
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}
