import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CourseFormPage } from "~/components/courses/course-form";
import { titleMeta } from "~/components/ui/meta";
import { fieldRules } from "~/components/zod-form";
import { COURSE_SAVE_REFUSALS } from "~/http/courses.server";
import { requirePermission } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { newCoursePage } from "~/modules/courses/admin-pages.server";
import { createCourse } from "~/modules/courses/courses.server";
import { NEW_COURSE_DEFAULTS, courseFields, courseSaveForms } from "~/modules/courses/schema";

export const handle = { i18n: ["common", "courses"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "courses:manage");
  const [page, t] = await Promise.all([newCoursePage(), translator(request, "courses")]);
  return json({ title: t("newTitle"), ...page, defaults: NEW_COURSE_DEFAULTS, rules: fieldRules(courseFields) });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "courses:manage") }),
    forms: courseSaveForms,
    defaultIntent: "save",
    intents: {
      save: async (value, { user }) => {
        const outcome = await createCourse(value, user.id);
        return outcome.ok ? toastTo(`/admin/courses/${outcome.id}`, "courses:created") : outcome;
      },
    },
    refusals: COURSE_SAVE_REFUSALS,
  });
}

export default function NewCourse() {
  const { title, professors, defaults, rules } = useLoaderData<typeof loader>();
  const lastResult = useIntentResult<typeof action>("save")?.result;
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  return (
    <CourseFormPage
      title={title}
      back={{ to: "/admin/courses", label: t("backToList") }}
      id="course-new"
      defaults={defaults}
      rules={rules}
      lastResult={lastResult}
      professors={professors}
      cancelTo="/admin/courses"
      submitLabel={t("form.create")}
    />
  );
}
