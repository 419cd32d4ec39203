import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FaqList } from "~/components/faq/faq-list";
import { useFormat } from "~/components/format";
import { titleMeta } from "~/components/ui/meta";
import { requireCourseProfessor } from "~/http/course-access.server";
import { found } from "~/http/outcome.server";
import { FALLBACK_LANGUAGE } from "~/i18n/config";
import { resources, translator } from "~/i18n/i18n.server";
import { courseWeights } from "~/modules/courses/course-pages.server";
import { ABSENCE_DANGER, ABSENCE_WARNING } from "~/modules/students/absence";

// The teachers FAQ (school.json's teachersFaq, the same text as /teachers/faq)
// with this course's own numbers in front of it.
export const handle = { i18n: ["common", "course", "attendance", "school"] };

/** The questions, in the order school.json lists them: the FAQ has one source. */
function faqQuestions(): string[] {
  const school = resources[FALLBACK_LANGUAGE]?.school as
    { teachersFaq?: { items?: Record<string, unknown> } } | undefined;
  return Object.keys(school?.teachersFaq?.items ?? {});
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  const [course, t] = await Promise.all([courseWeights(courseId).then(found), translator(request, "attendance")]);
  return json({ title: t("faq.title", { code: course.course_id }), course, questions: faqQuestions() });
}

export const meta = titleMeta;

export default function CourseFaq() {
  const { course, questions } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["attendance", "school"]);
  const format = useFormat();
  const context = t("faq.context", {
    code: course.course_id,
    assig: format.percent(course.assig_percentage, 0),
    test: format.percent(course.test_percentage, 0),
    exam: format.percent(course.exam_percentage, 0),
    warning: ABSENCE_WARNING,
    danger: ABSENCE_DANGER,
  });
  return (
    <FaqList
      title={t("faq.title", { code: course.course_id })}
      intro={`${context} ${t("school:teachersFaq.intro")}`}
      prefix="teachersFaq.items"
      keys={questions}
    />
  );
}
