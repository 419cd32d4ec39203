import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PortalCourseHeader } from "~/components/portal/course-card";
import { Documents, ItemGrades, ResultCard } from "~/components/portal/grades";
import { titleMeta } from "~/components/ui/meta";
import { notFound } from "~/http/not-found.server";
import { requirePortalCourse } from "~/http/portal-access.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { portalGradesPage } from "~/modules/portal/portal.server";

// "gradebook" for the report's words (the professor's report: the same labels and numbers).
export const handle = { i18n: ["common", "portal", "school", "gradebook"] };

/** /student/courses/{id}/grades: the signed-in student's own grades and result in one of their courses (ADR 047). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { studentId, courseId } = await requirePortalCourse(request, params);
  const [page, t] = await Promise.all([portalGradesPage(studentId, courseId), translator(request, "portal")]);
  if (!page) notFound();
  return json({ title: t("grades.title", { code: page.course.code }), ...page });
}

export const meta = titleMeta;

export default function StudentGrades() {
  const { title, course, exam, modules, categories, items, result } = useLoaderData<typeof loader>();
  const { t } = useTranslation("portal");
  return (
    <div className="space-y-6">
      <PortalCourseHeader title={title} course={course} />
      <ItemGrades items={items} exam={exam} />
      {result ? (
        <ResultCard result={result} categories={categories} exam={exam} modules={modules} />
      ) : (
        <p className="card p-4 text-slate-700">{t("grades.notOnReport")}</p>
      )}
      {result ? (
        <Documents
          courseId={course.id}
          endDate={course.end_date}
          certificate={{ ...result.certificate, issued: result.issued }}
        />
      ) : null}
    </div>
  );
}
