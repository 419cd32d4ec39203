import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CourseFormPage } from "~/components/courses/course-form";
import { titleMeta } from "~/components/ui/meta";
import { fieldRules } from "~/components/zod-form";
import { COURSE_SAVE_REFUSALS } from "~/http/courses.server";
import { requirePermission } from "~/http/guards.server";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { courseEditPage } from "~/modules/courses/admin-pages.server";
import { updateCourse } from "~/modules/courses/courses.server";
import { courseFields, courseSaveForms } from "~/modules/courses/schema";

export const handle = { i18n: ["common", "courses"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "courses:manage");
  const page = (await courseEditPage(requireId(params))) ?? notFound();
  const t = await translator(request, "courses");
  return json({ title: t("editTitle", { code: page.code }), ...page, rules: fieldRules(courseFields) });
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "courses:manage"), id: requireId(params) }),
    forms: courseSaveForms,
    defaultIntent: "save",
    intents: {
      save: async (value, { user, id }) =>
        ifDone(
          await updateCourse(id, value, user.id, await schoolToday()),
          toastTo(`/admin/courses/${id}`, "courses:saved"),
        ),
    },
    refusals: COURSE_SAVE_REFUSALS,
  });
}

export default function EditCourse() {
  const { title, id, defaults, rules, professors } = useLoaderData<typeof loader>();
  const lastResult = useIntentResult<typeof action>("save")?.result;
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  return (
    <CourseFormPage
      title={title}
      back={{ to: `/admin/courses/${id}`, label: t("backToCourse") }}
      note={t("form.editNote")}
      id={`course-${id}`}
      defaults={defaults}
      rules={rules}
      lastResult={lastResult}
      professors={professors}
      cancelTo={`/admin/courses/${id}`}
      submitLabel={t("common.save")}
    />
  );
}
