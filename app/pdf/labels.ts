import enCommon from "../../public/locales/en/common.json";
import en from "../../public/locales/en/pdf.json";

/** PASS / FAIL and NOT REPORTED: the words the pages show (common:grading), one translation for both (issue 20). */
export interface ResultWords {
  pass: string;
  fail: string;
  notReported: string;
}

/**
 * The PDF labels: public/locales/<lng>/pdf.json (English is the shape and the
 * fallback), with the result words of common.json's `grading`.
 */
export type PdfLabels = typeof en & { results: ResultWords };

export function resultWords(grading: ResultWords): ResultWords {
  return { pass: grading.pass, fail: grading.fail, notReported: grading.notReported };
}

export const ENGLISH_LABELS: PdfLabels = { ...en, results: resultWords(enCommon.grading) };

/** What the layouts need to speak the user's language. */
export interface PdfLocale {
  labels: PdfLabels;
  /** BCP 47 tag for Intl number and date formats. */
  locale: string;
  /** Right to left (Arabic): lines run from the right and the page is mirrored. */
  rtl: boolean;
}

export const ENGLISH: PdfLocale = { labels: ENGLISH_LABELS, locale: "en", rtl: false };

const MODULE_KEYS: Record<string, keyof PdfLabels["modules"]> = {
  "Reading & Writing": "readingWriting",
  Reading: "reading",
  Writing: "writing",
  Listening: "listening",
  Speaking: "speaking",
};

export function moduleLabel(module: string, labels: PdfLabels) {
  const key = MODULE_KEYS[module];
  return key ? labels.modules[key] : module;
}

export function resultLabel(result: "PASS" | "FAIL", labels: PdfLabels) {
  return result === "PASS" ? labels.results.pass : labels.results.fail;
}

/** Every string of the labels, to check the fonts cover them (made once per labels object). */
const labelTexts = new WeakMap<PdfLabels, string>();
export function allLabelText(labels: PdfLabels): string {
  let text = labelTexts.get(labels);
  if (text === undefined) {
    const out: string[] = [];
    const walk = (v: unknown) => {
      if (typeof v === "string") out.push(v);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(labels);
    labelTexts.set(labels, (text = out.join("")));
  }
  return text;
}
