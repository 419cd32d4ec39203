import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FaqList } from "~/components/faq/faq-list";
import { useFormat } from "~/components/format";
import { titleMeta } from "~/components/ui/meta";
import { requireCourseProfessor } from "~/http/course-access.server";
import { found } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { courseFaqPage } from "~/modules/teachers/faq.server";

// The teachers FAQ (school.json's teachersFaq, the same text as /teachers/faq)
// with this course's own numbers in front of it.
export const handle = { i18n: ["common", "course", "attendance", "school"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  const [page, t] = await Promise.all([courseFaqPage(courseId).then(found), translator(request, "attendance")]);
  return json({ title: t("faq.title", { code: page.code }), ...page });
}

export const meta = titleMeta;

export default function CourseFaq() {
  const { code, weights, thresholds, questions } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["attendance", "school"]);
  const format = useFormat();
  const context = t("faq.context", {
    code,
    assig: format.percent(weights.assig, 0),
    test: format.percent(weights.test, 0),
    exam: format.percent(weights.exam, 0),
    ...thresholds,
  });
  return (
    <FaqList
      title={t("faq.title", { code })}
      intro={`${context} ${t("school:teachersFaq.intro")}`}
      prefix="teachersFaq.items"
      keys={questions}
    />
  );
}
