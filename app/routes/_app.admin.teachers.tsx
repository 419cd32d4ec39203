import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewProfessor, TeacherSearch, TeacherTable } from "~/components/teachers/teacher-list";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { fieldRules } from "~/components/zod-form";
import { requirePermission } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { teachersPage } from "~/modules/teachers/pages.server";
import { professorSchema, teacherForms } from "~/modules/teachers/schema";
import { createProfessor } from "~/modules/teachers/teachers.server";
import { PASSWORD_FIELDS } from "~/modules/users/schema";

// The user rules of admin/users (name, unique email, password of at least
// 10 characters): their messages live in the "users" namespace.
export const handle = { i18n: ["common", "school", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "teachers:view");
  const params = new URL(request.url).searchParams;
  const [page, t] = await Promise.all([teachersPage(params, user.role), translator(request, "school")]);
  return json({ title: t("teachers.title"), ...page, rules: fieldRules(professorSchema) });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ actor: await requirePermission(request, "teachers:edit") }),
    forms: teacherForms,
    defaultIntent: "create",
    hideFields: PASSWORD_FIELDS,
    intents: {
      create: async (value, { actor }) =>
        ifDone(await createProfessor(value, actor.id), toastTo("/admin/teachers", "school:teachers.created")),
    },
    refusals: { emailTaken: { field: "email", message: "users:errors.emailTaken" } },
  });
}

export default function Teachers() {
  const { rows, total, page, limit, canEdit, opensCourses, rules } = useLoaderData<typeof loader>();
  const created = useIntentResult<typeof action>("create")?.result;
  const { t } = useTranslation(["school", "common"]);
  return (
    <div className="space-y-6">
      <PageHeader title={t("teachers.title")} />
      {!canEdit ? <p className="text-slate-700">{t("teachers.readOnly")}</p> : null}

      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="sr-only">
          {t("teachers.listTitle")}
        </h2>
        <TeacherSearch />
        <TeacherTable rows={rows} opensCourses={opensCourses} />
        <p className="text-sm text-slate-700">{t("teachers.hoursExplain")}</p>
        <Pagination page={page} limit={limit} total={total} />
      </section>

      {canEdit ? <NewProfessor rules={rules} lastResult={created} /> : null}
    </div>
  );
}
