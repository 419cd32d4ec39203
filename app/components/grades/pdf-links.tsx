import { useId } from "react";
import { useTranslation } from "react-i18next";
import { links as ar } from "../../../public/locales/ar/pdf.json";
import { links as en } from "../../../public/locales/en/pdf.json";
import { links as es } from "../../../public/locales/es/pdf.json";
import { links as fr } from "../../../public/locales/fr/pdf.json";
import { links as nl } from "../../../public/locales/nl/pdf.json";
import { links as pt } from "../../../public/locales/pt/pdf.json";
import { links as zh } from "../../../public/locales/zh/pdf.json";

// The words of this box travel with it (only the `links` part of pdf.json is
// bundled), so any page can render it without loading the "pdf" namespace:
// server and browser pick the same language from i18n.language.
const LABELS: Record<string, typeof en> = { en, zh, ar, nl, es, fr, pt };

export interface PdfLinksProps {
  /** "/course/12" (the professor's) or "/admin/courses/12" (staff): the PDFs live under it. */
  base: string;
  students: readonly { id: number; name: string; result: "PASS" | "FAIL" }[];
}

/**
 * The course's PDFs: one student's report or certificate (a GET form, so it
 * works without JavaScript), and the whole course's reports or certificates.
 * They open in a new tab; a refused certificate explains itself there.
 */
export function PdfLinks({ base, students }: PdfLinksProps) {
  const { i18n } = useTranslation();
  const t = LABELS[i18n.language] ?? en;
  const id = useId();
  if (!students.length) return null;
  const firstPassing = students.find((s) => s.result === "PASS");
  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">{t.title}</h2>
      <form method="get" action={`${base}/report.pdf`} target="_blank" className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 max-w-full flex-col gap-1 text-sm">
          <span className="font-medium">{t.student}</span>
          <select name="student" defaultValue={firstPassing?.id ?? students[0].id} className="max-w-full rounded-md border border-slate-300 bg-white px-2 py-1.5">
            {students.map((s) => (
              <option key={s.id} value={s.id}>
                {s.result === "PASS" ? `${s.name} ✓` : s.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary">{t.report}</button>
        <button type="submit" formAction={`${base}/certificate.pdf`} className="btn-secondary">{t.certificate}</button>
      </form>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={`${base}/report.pdf?all=1`} target="_blank" rel="noreferrer" className="text-primary-dark underline">{t.allReports}</a>
        {firstPassing ? (
          <a href={`${base}/certificate.pdf?all=1`} target="_blank" rel="noreferrer" className="text-primary-dark underline">{t.allCertificates}</a>
        ) : null}
      </p>
      <p className="text-xs text-slate-700">{t.help}</p>
    </section>
  );
}
