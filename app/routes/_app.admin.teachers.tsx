import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { TextField } from "~/components/fields";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { can } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/courses/sessions.server";
import { createProfessor, listTeachers, parseTeacherFilters } from "~/modules/teachers/teachers.server";
import { toasts } from "~/modules/toast.server";
import { PASSWORD_FIELDS, email, name, newPassword } from "~/modules/users/schema";
import { readForm } from "~/modules/shared/form.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { titleMeta } from "~/components/ui/meta";

// The user rules of admin/users (name, unique email, password of at least
// 10 characters): their messages live in the "users" namespace.
export const handle = { i18n: ["common", "school", "users"] };

const professorSchema = z.object({ name, email, password: newPassword });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "teachers:view");
  const filters = parseTeacherFilters(new URL(request.url).searchParams);
  const [{ rows, total }, t] = await Promise.all([listTeachers(filters, await schoolToday()), translator(request, "school")]);
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
      { result: submission.reply({ fieldErrors: { email: ["users:errors.emailTaken"] }, hideFields: PASSWORD_FIELDS }) },
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
      <h1 className="text-2xl font-semibold">{t("teachers.title")}</h1>
      {!canEdit ? <p className="text-slate-700">{t("teachers.readOnly")}</p> : null}

      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="sr-only">{t("teachers.listTitle")}</h2>
        <Form method="get" role="search" aria-label={t("common:filters.label")} className="card flex flex-wrap items-end gap-3 p-4">
          <div className="min-w-[16rem] flex-1">
            <label htmlFor="q" className="field-label">{t("common:filters.search")}</label>
            <input id="q" name="q" type="search" maxLength={100} defaultValue={params.get("q") ?? ""} className="field-input" placeholder={t("teachers.searchHint")} />
          </div>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary">{t("common:filters.apply")}</button>
            <Link to="?" className="btn-secondary">{t("common:filters.clear")}</Link>
          </div>
        </Form>
        <TableScroll label={t("teachers.listTitle")} className="rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{t("teachers.listTitle")}</caption>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="px-3 py-2 text-start">{t("teachers.name")}</th>
                <th scope="col" className="px-3 py-2 text-start">{t("teachers.email")}</th>
                <th scope="col" className="px-3 py-2 text-start">{t("teachers.courses")}</th>
                <th scope="col" className="px-3 py-2 text-end">{t("teachers.weeklyHours")}</th>
                <th scope="col" className="px-3 py-2 text-start">{t("common:filters.status")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-3 py-6 text-center text-slate-700">{t("teachers.empty")}</td>
                </tr>
              ) : (
                rows.map((p) => (
                  <tr key={p.id} className="border-t border-slate-200 align-top">
                    <th scope="row" className="px-3 py-2 text-start font-medium">{p.name}</th>
                    <td className="px-3 py-2">
                      <a href={`mailto:${p.email}`} className="text-primary-dark underline">{p.email}</a>
                    </td>
                    <td className="px-3 py-2">
                      {p.courses.length === 0 ? (
                        <span className="text-slate-700">{t("teachers.noCourses")}</span>
                      ) : (
                        <ul className="flex flex-wrap gap-x-3 gap-y-1">
                          {p.courses.map((c) => (
                            <li key={c.id} className="[overflow-wrap:anywhere]">
                              {opensCourses ? (
                                <Link to={`/admin/courses/${c.id}`} className="text-primary-dark underline">{c.code}</Link>
                              ) : (
                                c.code
                              )}
                              {!c.running ? <span className="text-xs text-slate-700"> ({t("teachers.upcoming")})</span> : null}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className="px-3 py-2 text-end tabular-nums">{format.number(p.weeklyHours)}</td>
                    <td className="px-3 py-2"><StatusBadge status={p.status} /></td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableScroll>
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
      <h2 id="new-heading" className="text-lg font-semibold">{t("teachers.newTitle")}</h2>
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
