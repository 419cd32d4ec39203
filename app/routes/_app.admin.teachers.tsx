import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { TextField } from "~/components/fields";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { DataTable } from "~/components/ui/data-table";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { can } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/courses/sessions.server";
import { readForm } from "~/modules/shared/form.server";
import { createProfessor, listTeachers, parseTeacherFilters } from "~/modules/teachers/teachers.server";
import { toasts } from "~/modules/toast.server";
import { PASSWORD_FIELDS, email, name, newPassword } from "~/modules/users/schema";

// The user rules of admin/users (name, unique email, password of at least
// 10 characters): their messages live in the "users" namespace.
export const handle = { i18n: ["common", "school", "users"] };

const professorSchema = z.object({ name, email, password: newPassword });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "teachers:view");
  const filters = parseTeacherFilters(new URL(request.url).searchParams);
  const [{ rows, total }, t] = await Promise.all([
    listTeachers(filters, await schoolToday()),
    translator(request, "school"),
  ]);
  return json({
    title: t("teachers.title"),
    rows,
    total,
    page: filters.page,
    limit: filters.limit,
    canEdit: can(user.role, "teachers:edit"),
    opensCourses: can(user.role, "courses:manage"),
  });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePermission(request, "teachers:edit");
  const submission = parseWithZod(await readForm(request), { schema: professorSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
  }
  const outcome = await createProfessor(submission.value, actor.id);
  if (!outcome.ok) {
    return json(
      {
        result: submission.reply({ fieldErrors: { email: ["users:errors.emailTaken"] }, hideFields: PASSWORD_FIELDS }),
      },
      { status: 400 },
    );
  }
  return toasts(request).redirectWithSuccess("/admin/teachers", "school:teachers.created");
}

export default function Teachers() {
  const { rows, total, page, limit, canEdit, opensCourses } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["school", "common"]);
  const [params] = useSearchParams();
  const format = useFormat();
  return (
    <div className="space-y-6">
      <PageHeader title={t("teachers.title")} />
      {!canEdit ? <p className="text-slate-700">{t("teachers.readOnly")}</p> : null}

      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="sr-only">
          {t("teachers.listTitle")}
        </h2>
        <Form
          method="get"
          role="search"
          aria-label={t("common:filters.label")}
          className="card flex flex-wrap items-end gap-3 p-4"
        >
          <div className="min-w-[16rem] flex-1">
            <label htmlFor="q" className="field-label">
              {t("common:filters.search")}
            </label>
            <input
              id="q"
              name="q"
              type="search"
              maxLength={100}
              defaultValue={params.get("q") ?? ""}
              className="field-input"
              placeholder={t("teachers.searchHint")}
            />
          </div>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary">
              {t("common:filters.apply")}
            </button>
            <Link to="?" className="btn-secondary">
              {t("common:filters.clear")}
            </Link>
          </div>
        </Form>
        <DataTable
          label={t("teachers.listTitle")}
          rows={rows}
          rowKey={(p) => p.id}
          rowClassName="align-top"
          empty={t("teachers.empty")}
          columns={[
            { header: t("teachers.name"), rowHeader: true, cell: (p) => p.name },
            {
              header: t("teachers.email"),
              cell: (p) => (
                <a href={`mailto:${p.email}`} className="text-primary-dark underline">
                  {p.email}
                </a>
              ),
            },
            {
              header: t("teachers.courses"),
              cell: (p) =>
                p.courses.length === 0 ? (
                  <span className="text-slate-700">{t("teachers.noCourses")}</span>
                ) : (
                  <ul className="flex flex-wrap gap-x-3 gap-y-1">
                    {p.courses.map((c) => (
                      <li key={c.id} className="[overflow-wrap:anywhere]">
                        {opensCourses ? (
                          <Link to={`/admin/courses/${c.id}`} className="text-primary-dark underline">
                            {c.code}
                          </Link>
                        ) : (
                          c.code
                        )}
                        {!c.running ? (
                          <span className="text-xs text-slate-700"> ({t("teachers.upcoming")})</span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ),
            },
            {
              header: t("teachers.weeklyHours"),
              align: "end",
              className: "tabular-nums",
              cell: (p) => format.number(p.weeklyHours),
            },
            { header: t("common:filters.status"), cell: (p) => <StatusBadge status={p.status} /> },
          ]}
        />
        <p className="text-sm text-slate-700">{t("teachers.hoursExplain")}</p>
        <Pagination page={page} limit={limit} total={total} />
      </section>

      {canEdit ? <NewProfessor /> : null}
    </div>
  );
}

function NewProfessor() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["school", "users", "common"]);
  const [form, fields] = useForm({
    id: "new-professor",
    lastResult: actionData?.result,
    constraint: getZodConstraint(professorSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: professorSchema }),
  });
  return (
    <section aria-labelledby="new-heading" className="card max-w-2xl space-y-3">
      <h2 id="new-heading" className="text-lg font-semibold">
        {t("teachers.newTitle")}
      </h2>
      <p className="text-sm text-slate-700">{t("teachers.newExplain")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-1">
        <TextField field={fields.name} label={t("teachers.name")} autoComplete="off" />
        <TextField field={fields.email} label={t("teachers.email")} type="email" autoComplete="off" />
        <TextField
          field={fields.password}
          label={t("teachers.initialPassword")}
          type="password"
          autoComplete="new-password"
          hint={t("teachers.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        />
        <SubmitButton>{t("teachers.create")}</SubmitButton>
      </Form>
    </section>
  );
}
