import { type GradingCategory } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import { round2 } from "~/modules/grades/grading";
import { useAppNames } from "../app-names";
import { decimalSeparator, formatFixed, formatNumber, formatPercent } from "../format";

/** Scores with two decimals in the user's language ("81.50", "81,50"); "—" when there is none. */
export function useGradeFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language || "en";
  return {
    score: (n: number | null | undefined) => (n === null || n === undefined ? "—" : formatFixed(locale, round2(n), 2)),
    percent: (n: number | null | undefined) => (n === null || n === undefined ? "—" : formatPercent(locale, round2(n))),
    count: (n: number) => formatNumber(locale, n, 0),
    /** The separator a grade cell shows: a comma where the language writes one, else a dot. */
    decimalSeparator: decimalSeparator(locale) === "," ? "," : ".",
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

/** PASS / FAIL (the spec's words in English, common:grading.* in every language), with colour and an explanation. */
export function ResultBadge({ result }: { result: "PASS" | "FAIL" }) {
  const { t } = useTranslation("gradebook");
  const names = useAppNames();
  const pass = result === "PASS";
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${pass ? "bg-emerald-100 text-emerald-900" : "bg-rose-100 text-rose-900"}`}
      title={t(pass ? "result.pass" : "result.fail")}
    >
      {names.result(result)}
    </span>
  );
}
