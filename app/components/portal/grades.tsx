import { Form } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { useFormat } from "~/components/format";
import { ResultBadge, useCategoryLabel, useGradeFormat } from "~/components/grades/grades";
import { DataTable } from "~/components/ui/data-table";
import { Section } from "~/components/ui/section";
import { type GradingCategory } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import { type CertificateEligibility } from "~/modules/certificates/eligibility";

export interface PortalItem {
  id: number;
  name: string;
  category: GradingCategory;
  grade: number | null;
}

/** Each grading item with the student's grade: a table on a desktop, cards on a phone. */
export function ItemGrades({ items, exam }: { items: PortalItem[]; exam: string | null }) {
  const { t } = useTranslation("portal");
  const names = useAppNames();
  const format = useGradeFormat();
  const categoryLabel = useCategoryLabel(exam);
  return (
    <Section id="items-heading" title={t("grades.items")} headingClassName="mb-3">
      <DataTable
        label={t("grades.caption")}
        rows={items}
        rowKey={(i) => i.id}
        rowProps={(i) => ({ "data-item": i.name })}
        stack
        whenEmpty={<p className="card p-4 text-slate-700">{t("grades.noItems")}</p>}
        columns={[
          { header: t("grades.item"), rowHeader: true, phone: "title", cell: (i) => names.item(i.name) },
          { header: t("grades.category"), cell: (i) => categoryLabel(i.category) },
          {
            header: t("grades.grade"),
            align: "end",
            className: "tabular-nums font-semibold",
            cell: (i) =>
              i.grade === null ? (
                <span className="font-normal text-slate-700">{t("grades.notGraded")}</span>
              ) : (
                format.score(i.grade)
              ),
          },
        ]}
      />
    </Section>
  );
}

export interface PortalResult {
  averages: Partial<Record<GradingCategory, number | null>>;
  final: number | null;
  result: "PASS" | "FAIL";
  band: string | null;
  nextLevel: string | null;
}

/** The report's numbers for the student: category averages, final grade, PASS/FAIL, band, exam and modules, next level. */
export function ResultCard({
  result,
  categories,
  exam,
  modules,
}: {
  result: PortalResult;
  categories: GradingCategory[];
  exam: string | null;
  modules: string[];
}) {
  const { t } = useTranslation("portal");
  const g = useTranslation("gradebook").t;
  const names = useAppNames();
  const format = useGradeFormat();
  const categoryLabel = useCategoryLabel(exam);
  const dt = "text-sm text-slate-700";
  return (
    <Section id="result-heading" title={t("grades.result")} className="card p-4">
      <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="grade-result">
        {categories.map((c) => (
          <div key={c} data-category={c}>
            <dt className={dt}>{categoryLabel(c)}</dt>
            <dd className="text-lg tabular-nums">{format.score(result.averages[c])}</dd>
          </div>
        ))}
        <div>
          <dt className={dt}>{g("report.columns.final")}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="final-grade">
            {format.score(result.final)}
          </dd>
        </div>
        <div>
          <dt className={dt}>{g("report.columns.result")}</dt>
          <dd data-testid="pass-fail">
            <ResultBadge result={result.result} />
          </dd>
        </div>
        <div>
          <dt className={dt}>{g("report.columns.band")}</dt>
          <dd data-testid="band">{names.band(result.band)}</dd>
        </div>
        <div>
          <dt className={dt}>{g("report.columns.exam")}</dt>
          <dd>
            {exam ? (
              <>
                <span className="font-medium">{exam}</span>
                <span className="block text-sm text-slate-700">{modules.map(names.item).join(" · ")}</span>
              </>
            ) : (
              g("report.noExam")
            )}
          </dd>
        </div>
        <div>
          <dt className={dt}>{g("report.columns.nextLevel")}</dt>
          <dd>{names.level(result.nextLevel) || g("report.noNextLevel")}</dd>
        </div>
      </dl>
    </Section>
  );
}

/** The student's own PDFs: the report always, the certificate when the certificate rules allow it. */
export function Documents({
  courseId,
  endDate,
  certificate,
}: {
  courseId: number;
  endDate: string;
  certificate: (CertificateEligibility & { issued: boolean }) | null;
}) {
  const { t } = useTranslation("portal");
  const format = useFormat();
  const base = `/student/courses/${courseId}`;
  const button = "btn-primary";
  return (
    <Section id="documents-heading" title={t("documents.title")} className="card p-4">
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <a href={`${base}/report.pdf`} className={button} target="_blank" rel="noreferrer">
          {t("documents.report")}
        </a>
        {certificate?.eligible ? (
          certificate.issued ? (
            <a href={`${base}/certificate.pdf`} className={button} target="_blank" rel="noreferrer">
              {t("documents.certificate")}
            </a>
          ) : (
            <Form method="post" action={`${base}/certificate.pdf`} reloadDocument target="_blank">
              <button type="submit" className={button}>
                {t("documents.getCertificate")}
              </button>
            </Form>
          )
        ) : null}
      </div>
      {certificate && !certificate.eligible ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="certificate-reason">
          {t(`documents.${certificate.reason}`, { date: format.day(endDate) })}
        </p>
      ) : null}
    </Section>
  );
}
