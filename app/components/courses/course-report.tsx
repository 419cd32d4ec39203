import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { useCategoryLabel, useGradeFormat } from "~/components/grades/grades";
import { DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { useTranslation } from "~/i18n/react";

// The staff's read-only course report (/admin/courses/{id}/report): the
// gradebook's grades, read-only, and the promotion of the passing students.

type Category = Parameters<ReturnType<typeof useCategoryLabel>>[0];

/** Every student's grade of every item, as the gradebook holds them (read-only). */
export function CourseGrades({
  exam,
  items,
  grades,
}: {
  exam: Parameters<typeof useCategoryLabel>[0];
  items: { id: number; item_name: string; category: Category }[];
  grades: { id: number; name: string; grades: Record<number, number> }[];
}) {
  const { t } = useTranslation("gradebook");
  const format = useGradeFormat();
  const categoryLabel = useCategoryLabel(exam);
  return (
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
  );
}

/** Promote the passing students to a course of the next level (a pending group transfer). */
export function PromoteSection({
  promote,
  error,
}: {
  promote: {
    students: { id: number; name: string }[];
    skipped: boolean;
    nextLevel: string;
    courses: { id: number; course_id: string }[];
  };
  /** The refused post's message (a translation key). */
  error?: string;
}) {
  const { t } = useTranslation("gradebook");
  return (
    <section aria-labelledby="promote-heading" className="card space-y-3">
      <h2 id="promote-heading" className="text-lg font-semibold">
        {t("staff.promote.title")}
      </h2>
      {error ? <FormAlert>{t(error)}</FormAlert> : null}
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
  );
}
