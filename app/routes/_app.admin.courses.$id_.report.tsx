import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CourseGrades, PromoteSection } from "~/components/courses/course-report";
import { pdfLinkLabels } from "~/components/grades/pdf-labels.server";
import { PdfLinks } from "~/components/grades/pdf-links";
import { ReportTable } from "~/components/grades/report-table";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { CertificatesLink } from "~/components/verify/certificates-link";
import { PROMOTE_REFUSALS } from "~/http/courses.server";
import { requirePermission } from "~/http/guards.server";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { courseReportPage } from "~/modules/courses/admin-pages.server";
import { courseReportForms } from "~/modules/courses/schema";
import { promotePassing } from "~/modules/transfers/promote.server";

// "students" for the absence highlight's words (AbsenceCount); "verify" for the certificates link.
export const handle = { i18n: ["common", "gradebook", "students", "verify"] };

/** The course's report, grades and attendance, read-only, for admin and coordinator (PRODUCT 2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "course-reports:view");
  const page = (await courseReportPage(requireId(params), new URL(request.url).searchParams)) ?? notFound();
  const [t, pdfLabels] = await Promise.all([translator(request, "gradebook"), pdfLinkLabels(request)]);
  return json({ title: t("staff.title", { code: page.course.code }), ...page, pdfLabels });
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => {
      const user = await requirePermission(request, "course-reports:view");
      await requirePermission(request, "transfers:edit");
      return { user, courseId: requireId(params) };
    },
    forms: courseReportForms,
    defaultIntent: "promote",
    intents: {
      promote: async ({ selected_course_id }, { user, courseId }) => {
        const outcome = await promotePassing(courseId, selected_course_id, user.id, await schoolToday());
        return outcome.ok
          ? toastTo(`/admin/transfer-students?id=${outcome.id}`, "gradebook:staff.promote.done")
          : outcome;
      },
    },
    refusals: PROMOTE_REFUSALS,
  });
}

export default function StaffCourseReport() {
  const { title, course, exam, categories, sort, dir, rows, items, grades, promote, pdfLabels } =
    useLoaderData<typeof loader>();
  const refused = useIntentResult<typeof action>("promote")?.result.error?.[""]?.[0];
  const { t } = useTranslation("gradebook");
  return (
    <div className="space-y-6">
      <Link to={`/admin/courses/${course.id}`} className="text-sm text-primary-dark underline">
        {t("staff.backToCourse")}
      </Link>
      <div>
        <PageHeader title={title} />
        <p className="text-sm text-slate-700">{t("staff.readOnly")}</p>
      </div>

      <ReportTable rows={rows} categories={categories} exam={exam} sort={sort} dir={dir} />
      <PdfLinks base={`/admin/courses/${course.id}`} endDate={course.endDate} students={rows} labels={pdfLabels} />
      <CertificatesLink courseId={course.id} />

      <CourseGrades exam={exam} items={items} grades={grades} />
      <PromoteSection promote={promote} error={refused} />
    </div>
  );
}
