import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/forms";
import { useCategoryLabel, useGradeFormat } from "~/components/grades/grades";
import { PdfLinks } from "~/components/grades/pdf-links";
import { ReportTable } from "~/components/grades/report-table";
import { DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { requireId } from "~/http/ids.server";
import { notFound } from "~/http/not-found.server";
import { PROMOTE_REFUSALS, messageRefusal } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { schoolToday } from "~/modules/courses/sessions.server";
import { loadGradebook } from "~/modules/grades/gradebook.server";
import { sortFrom, sortRows } from "~/modules/grades/report-sort";
import { loadCourseReport } from "~/modules/grades/report.server";
import { readForm } from "~/modules/shared/form.server";
import { toasts } from "~/modules/toast.server";
import { promoteCandidates, promotePassing } from "~/modules/transfers/promote.server";

// "students" for the absence highlight's words (AbsenceCount).
export const handle = { i18n: ["common", "gradebook", "students"] };

/** The course's report, grades and attendance, read-only, for admin and coordinator (PRODUCT 2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "course-reports:view");
  const courseId = requireId(params);
  const { sort, dir } = sortFrom(new URL(request.url).searchParams);
  const today = await schoolToday();
  const [report, candidates, t] = await Promise.all([
    loadCourseReport(courseId, today).catch(() => null),
    promoteCandidates(courseId, today),
    translator(request, "gradebook"),
  ]);
  if (!report) notFound();
  // The same students as the report: an ended course's are those enrolled on its last day.
  const gradebook = await loadGradebook(courseId, report.course.ended ? report.course.end_date : today).catch(
    () => null,
  );
  if (!gradebook) notFound();
  return json({
    title: t("staff.title", { code: report.course.course_id }),
    course: { id: report.course.id, code: report.course.course_id, endDate: report.course.end_date },
    exam: report.exam,
    categories: report.categories,
    sort,
    dir,
    rows: sortRows(report.rows, sort, dir),
    items: gradebook.items,
    grades: gradebook.rows.map((r) => ({ id: r.id, name: r.name, grades: r.grades })),
    promote: candidates,
  });
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "course-reports:view");
  await requirePermission(request, "transfers:edit");
  const courseId = requireId(params);
  const form = await readForm(request);
  const outcome = await promotePassing(courseId, Number(form.get("selected_course_id")), user.id, await schoolToday());
  if (!outcome.ok) return messageRefusal(outcome, PROMOTE_REFUSALS);
  return toasts(request).redirectWithSuccess(
    `/admin/transfer-students?id=${outcome.id}`,
    "gradebook:staff.promote.done",
  );
}

export default function StaffCourseReport() {
  const { title, course, exam, categories, sort, dir, rows, items, grades, promote } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("gradebook");
  const format = useGradeFormat();
  const categoryLabel = useCategoryLabel(exam);
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
      <PdfLinks base={`/admin/courses/${course.id}`} endDate={course.endDate} students={rows} />

      <section aria-labelledby="grades-heading" className="space-y-2">
        <h2 id="grades-heading" className="text-lg font-semibold">
          {t("staff.grades")}
        </h2>
        <DataTable
          label={t("staff.grades")}
          caption={false}
          className="max-w-full rounded-lg border border-slate-200 bg-white"
          tableClassName="min-w-max text-sm"
          headClassName="bg-slate-50"
          rows={items.length === 0 ? [] : grades}
          rowKey={(g) => g.id}
          whenEmpty={<p className="text-sm">{t("staff.noItems")}</p>}
          columns={[
            {
              header: t("report.columns.student"),
              rowHeader: true,
              headerClassName: "sticky start-0 bg-slate-50",
              className: "sticky start-0 bg-white",
              cell: (g) => g.name,
            },
            ...items.map((i) => ({
              header: (
                <>
                  <span className="block text-xs font-normal text-slate-700">{categoryLabel(i.category)}</span>
                  {i.item_name}
                </>
              ),
              align: "end" as const,
              headerClassName: "font-semibold",
              className: "tabular-nums",
              cell: (g: (typeof grades)[number]) => format.score(g.grades[i.id] ?? null),
            })),
          ]}
        />
      </section>

      <section aria-labelledby="promote-heading" className="card space-y-3">
        <h2 id="promote-heading" className="text-lg font-semibold">
          {t("staff.promote.title")}
        </h2>
        {actionData?.message ? <FormAlert>{t(actionData.message)}</FormAlert> : null}
        {promote.students.length === 0 ? (
          <p className="text-sm">{t("staff.promote.nobody")}</p>
        ) : promote.courses.length === 0 ? (
          <p className="text-sm">{t("staff.promote.none")}</p>
        ) : (
          <Form method="post" className="space-y-3">
            <p className="text-sm text-slate-800">{t("staff.promote.text", { level: promote.nextLevel })}</p>
            <ul className="list-inside list-disc text-sm">
              {promote.students.map((s) => (
                <li key={s.id}>{s.name}</li>
              ))}
            </ul>
            {promote.skipped ? <p className="text-xs text-slate-700">{t("staff.promote.skipped")}</p> : null}
            <div className="max-w-sm">
              <label htmlFor="selected_course_id" className="field-label">
                {t("staff.promote.course")}
              </label>
              {/* Not `required`: a course is always chosen (there is no empty option). */}
              <select id="selected_course_id" name="selected_course_id" className="field-input">
                {promote.courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.course_id}
                  </option>
                ))}
              </select>
            </div>
            <SubmitButton>{t("staff.promote.submit")}</SubmitButton>
          </Form>
        )}
      </section>
    </div>
  );
}
