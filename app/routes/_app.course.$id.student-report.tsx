import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pdfLinkLabels } from "~/components/grades/pdf-labels.server";
import { PdfLinks } from "~/components/grades/pdf-links";
import { ReportTable } from "~/components/grades/report-table";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { requireCourseProfessor } from "~/http/course-access.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { studentReportPage } from "~/modules/grades/report.server";

// "students" for the absence highlight's words (AbsenceCount).
export const handle = { i18n: ["common", "course", "gradebook", "students"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  const search = new URL(request.url).searchParams;
  const [page, t, pdfLabels] = await Promise.all([
    studentReportPage(courseId, search),
    translator(request, "gradebook"),
    pdfLinkLabels(request),
  ]);
  return json({ title: `${t("report.title")} · ${page.course.code}`, ...page, pdfLabels });
}

export const meta = titleMeta;

export default function StudentReport() {
  const { course, exam, categories, sort, dir, rows, pdfLabels } = useLoaderData<typeof loader>();
  const { t } = useTranslation("gradebook");
  return (
    <section aria-labelledby="report-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="report-title" className="text-2xl font-semibold">
          {t("report.title")}
        </h1>
        <Link to={`/course/${course.id}/gradebook`} className="text-sm text-primary-dark underline">
          {t("report.toGradebook")}
        </Link>
      </div>
      <p className="max-w-3xl text-sm text-slate-700">{t("report.help")}</p>
      <ReportTable rows={rows} categories={categories} exam={exam} sort={sort} dir={dir} />
      <p className="text-xs text-slate-700">{t("report.legend")}</p>
      <PdfLinks base={`/course/${course.id}`} endDate={course.endDate} students={rows} labels={pdfLabels} />
    </section>
  );
}
