import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CourseForm } from "~/components/courses/course-form";
import { titleMeta } from "~/components/ui/meta";
import { requireId } from "~/http/ids.server";
import { notFound } from "~/http/not-found.server";
import { COURSE_SAVE_REFUSALS, formRefusal } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { getCourse, professorOptions, updateCourse } from "~/modules/courses/courses.server";
import { type CourseInput, courseFormValues, courseSchema } from "~/modules/courses/schema";
import { schoolToday } from "~/modules/courses/sessions.server";
import { readForm } from "~/modules/shared/form.server";
import { toasts } from "~/modules/toast.server";

export const handle = { i18n: ["common", "courses"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "courses:manage");
  const id = requireId(params);
  const course = await getCourse(id);
  if (!course) notFound();
  const [professors, t] = await Promise.all([professorOptions(course.professor_id), translator(request, "courses")]);
  return json({
    title: t("editTitle", { code: course.course_id }),
    id,
    code: course.course_id,
    defaults: courseFormValues(course as CourseInput),
    professors,
  });
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "courses:manage");
  const id = requireId(params);
  const submission = parseWithZod(await readForm(request), { schema: courseSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const outcome = await updateCourse(id, submission.value, user.id, await schoolToday());
  if (!outcome.ok) {
    if (outcome.reason === "notFound") notFound();
    return formRefusal(submission, outcome, COURSE_SAVE_REFUSALS);
  }
  return toasts(request).redirectWithSuccess(`/admin/courses/${id}`, "courses:saved");
}

export default function EditCourse() {
  const { id, code, defaults, professors } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  return (
    <div className="space-y-4">
      <p>
        <Link to={`/admin/courses/${id}`} className="text-sm text-primary-dark underline">
          {t("backToCourse")}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{t("editTitle", { code })}</h1>
      <p className="text-sm text-slate-700">{t("form.editNote")}</p>
      <div className="card">
        <CourseForm
          id={`course-${id}`}
          defaults={defaults}
          lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
          professors={professors}
          cancelTo={`/admin/courses/${id}`}
          submitLabel={t("common.save")}
        />
      </div>
    </div>
  );
}
