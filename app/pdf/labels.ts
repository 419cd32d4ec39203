import en from "../../public/locales/en/pdf.json";

/** The PDF labels: public/locales/<lng>/pdf.json (English is the shape and the fallback). */
export type PdfLabels = typeof en;
export const ENGLISH_LABELS: PdfLabels = en;

/** What the layouts need to speak the user's language. */
export interface PdfLocale {
  labels: PdfLabels;
  /** BCP 47 tag for Intl number and date formats. */
  locale: string;
}

export const ENGLISH: PdfLocale = { labels: ENGLISH_LABELS, locale: "en" };

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

/** Every string of the labels, to check the fonts cover them. */
export function allLabelText(labels: PdfLabels): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(v);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(labels);
  return out.join("");
}
