import { useId, useState } from "react";
import { formatDay } from "~/components/format";
import { useHydrated } from "~/components/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { type CertificateEligibility, type CertificateReason } from "~/modules/certificates/eligibility";
import type pdfEnglish from "../../../public/locales/en/pdf.json";
// The words of this box come with the page's data (pdfLinkLabels in
// pdf-labels.server.ts, the `links` part of pdf.json in the reader's
// language), so the page needs neither the "pdf" namespace nor, in its
// script, the seven languages' labels (issue 18's bundle budget).
export type PdfLinkLabels = (typeof pdfEnglish)["links"];

export interface PdfLinksProps {
  /** "/course/12" (the professor's) or "/admin/courses/12" (staff): the PDFs live under it. */
  base: string;
  /** The course's end date (YYYY-MM-DD), named when the course has not ended. */
  endDate: string;
  students: readonly { id: number; name: string; result: "PASS" | "FAIL"; certificate: CertificateEligibility }[];
  labels: PdfLinkLabels;
}

type Labels = PdfLinkLabels;

/** "{{name}} did not pass" → "Ana did not pass" (the labels are plain JSON, not i18next). */
function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
}

function reasonText(t: Labels, reason: CertificateReason, name: string, endDate: string, lng: string) {
  if (reason === "course-not-ended") return fill(t.notEnded, { date: formatDay(lng, endDate) });
  return fill(reason === "items-not-graded" ? t.notGraded : t.notPassed, { name });
}

/**
 * The course's PDFs: one student's report or certificate (a plain form, so it
 * works without JavaScript), and the whole course's reports or certificates.
 * They open in a new tab. Certificates are POSTs (issue 16 L3): the first
 * issues the certificate (its number is recorded), then the tab shows the
 * PDF; a reprint keeps the number. A certificate only for an eligible student
 * (eligibility.ts): with JavaScript the Certificate button is disabled for
 * any other choice, the reason next to it; without, the list names each
 * student's reason and the route answers a refusal with a page saying why.
 * When nobody is eligible the button is disabled and the reason replaces the
 * whole course's link, with or without JavaScript.
 */
export function PdfLinks({ base, endDate, students, labels: t }: PdfLinksProps) {
  const { i18n } = useTranslation();
  const id = useId();
  const hydrated = useHydrated();
  const firstEligible = students.find((s) => s.certificate.eligible);
  const [selected, setSelected] = useState(firstEligible?.id ?? students[0]?.id);
  if (!students.length) return null;
  const chosen = students.find((s) => s.id === selected) ?? students[0];

  // Nobody eligible: the course's end while it runs (the same for all), else the rule itself
  // (each student's own reason is in the list).
  const courseEnded = !students.some((s) => !s.certificate.eligible && s.certificate.reason === "course-not-ended");
  let reason: string | null = null;
  if (!firstEligible)
    reason = courseEnded ? t.noneEligible : reasonText(t, "course-not-ended", "", endDate, i18n.language);
  else if (hydrated && !chosen.certificate.eligible)
    reason = reasonText(t, chosen.certificate.reason, chosen.name, endDate, i18n.language);
  const reasonId = `${id}-reason`;

  // The choice names why a student has no certificate (read without JavaScript too).
  const optionLabel = (s: PdfLinksProps["students"][number]) => {
    if (s.certificate.eligible) return `${s.name} ✓`;
    if (s.certificate.reason === "not-passed") return `${s.name} — ${t.optionNotPassed}`;
    if (s.certificate.reason === "items-not-graded") return `${s.name} — ${t.optionNotGraded}`;
    return s.name;
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.title}
      </h2>
      <form method="get" action={`${base}/report.pdf`} target="_blank">
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 max-w-full flex-col gap-1 text-sm">
            <span className="font-medium">{t.student}</span>
            <select
              name="student"
              defaultValue={chosen.id}
              onChange={(e) => setSelected(Number(e.target.value))}
              className="max-w-full rounded-md border border-slate-300 bg-white px-2 py-1.5"
            >
              {students.map((s) => (
                <option key={s.id} value={s.id}>
                  {optionLabel(s)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-secondary">
            {t.report}
          </button>
          <button
            type="submit"
            formAction={`${base}/certificate.pdf`}
            formMethod="post"
            className="btn-secondary"
            disabled={reason !== null}
            aria-describedby={reason !== null ? reasonId : undefined}
          >
            {t.certificate}
          </button>
          <p
            id={reasonId}
            aria-live="polite"
            className={reason ? "max-w-md self-center text-sm font-medium text-amber-900" : "sr-only"}
          >
            {reason}
          </p>
        </div>
      </form>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={`${base}/report.pdf?all=1`} target="_blank" rel="noreferrer" className="text-primary-dark underline">
          {t.allReports}
        </a>
        {firstEligible ? (
          <form method="post" action={`${base}/certificate.pdf?all=1`} target="_blank">
            <button type="submit" className="text-primary-dark underline">
              {t.allCertificates}
            </button>
          </form>
        ) : null}
      </div>
      <p className="text-xs text-slate-700">{t.help}</p>
    </section>
  );
}
