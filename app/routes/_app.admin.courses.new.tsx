import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CourseForm } from "~/components/courses/course-form";
import { titleMeta } from "~/components/ui/meta";
import { COURSE_SAVE_REFUSALS, formRefusal } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { createCourse, professorOptions } from "~/modules/courses/courses.server";
import { NEW_COURSE_DEFAULTS, courseSchema } from "~/modules/courses/schema";
import { readForm } from "~/modules/shared/form.server";
import { toasts } from "~/modules/toast.server";

export const handle = { i18n: ["common", "courses"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "courses:manage");
  const t = await translator(request, "courses");
  return json({ title: t("newTitle"), professors: await professorOptions() });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "courses:manage");
  const submission = parseWithZod(await readForm(request), { schema: courseSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const outcome = await createCourse(submission.value, user.id);
  if (!outcome.ok) return formRefusal(submission, outcome, COURSE_SAVE_REFUSALS);
  return toasts(request).redirectWithSuccess(`/admin/courses/${outcome.id}`, "courses:created");
}

export default function NewCourse() {
  const { professors } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  return (
    <div className="space-y-4">
      <p>
        <Link to="/admin/courses" className="text-sm text-primary-dark underline">
          {t("backToList")}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{t("newTitle")}</h1>
      <div className="card">
        <CourseForm
          id="course-new"
          defaults={NEW_COURSE_DEFAULTS}
          lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
          professors={professors}
          cancelTo="/admin/courses"
          submitLabel={t("form.create")}
        />
      </div>
    </div>
  );
}
