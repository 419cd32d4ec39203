import { useTranslation } from "react-i18next";
import type { GradingCategory } from "~/db/schema";
import { round2 } from "~/modules/grades/grading";

/** Scores with two decimals in the user's language ("81.50", "81,50"); "—" when there is none. */
export function useGradeFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language || "en";
  const two = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value;
  return {
    score: (n: number | null | undefined) => (n === null || n === undefined ? "—" : two.format(round2(n))),
    percent: (n: number | null | undefined) => (n === null || n === undefined ? "—" : percent.format(round2(n) / 100)),
    count: (n: number) => whole.format(n),
    /** The separator a grade cell shows: a comma where the language writes one, else a dot. */
    decimalSeparator: decimal === "," ? "," : ".",
  };
}

/** The name of a category; the exam one is "<EXAM TYPE> EXAM" (PRODUCT 7). */
export function useCategoryLabel(exam: string | null) {
  const { t } = useTranslation("gradebook");
  return (category: GradingCategory) =>
    category === "ASSIGNMENTS"
      ? t("categories.assignments")
      : category === "PROGRESS TESTS"
        ? t("categories.progressTests")
        : exam
          ? t("categories.examOf", { exam })
          : t("categories.exam");
}

/** PASS / FAIL, the spec's fixed codes, with colour and a name for screen readers. */
export function ResultBadge({ result }: { result: "PASS" | "FAIL" }) {
  const { t } = useTranslation("gradebook");
  const pass = result === "PASS";
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${pass ? "bg-emerald-100 text-emerald-900" : "bg-rose-100 text-rose-900"}`}
      title={t(pass ? "result.pass" : "result.fail")}
    >
      {result}
    </span>
  );
}
