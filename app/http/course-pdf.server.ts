import { redirect } from "@remix-run/node";
import { type TFunction } from "i18next";
import { formatDay } from "~/components/format";
import { appBaseUrl } from "~/env.server";
import { readForm } from "~/http/form.server";
import { assertSameOrigin } from "~/http/guards.server";
import { RTL_LANGUAGES } from "~/i18n/config";
import { i18next, translator } from "~/i18n/i18n.server";
import {
  type PdfKind,
  type PdfOutcome,
  type PdfRefusal,
  type PdfTarget,
  coursePdf,
  targetOf,
} from "~/modules/certificates/certificates.server";
import { type CertificateReason } from "~/modules/certificates/eligibility";
import { PDF_REFUSAL_STATUS } from "./outcome.server";

// THE EDGE of the course PDFs (report.pdf, certificate.pdf; issue 17, ADR 034):
// the target read from the address or the form, the module's outcome answered
// as the PDF or as a small page saying why not (the links open in a new tab and
// work without JavaScript, so the answer must read well on its own).

/** The target of the address: ?student=ID, or ?all=1. */
export function parseTarget(request: Request): PdfTarget | null {
  return targetOf(new URL(request.url).searchParams);
}

/** Why a student gets no certificate, in the reader's language. */
function notEligible(t: TFunction, lng: string, why: CertificateReason, name: string, endDate: string) {
  if (why === "course-not-ended") return t("errors.courseNotEnded", { date: formatDay(lng, endDate) });
  if (why === "items-not-graded") return t("errors.itemsNotGraded", { name });
  return t("errors.notPassed", { name });
}

/** The page's title, its message, and (for a certificate not issued yet) the Issue button's label. */
function sayRefusal(
  t: TFunction,
  lng: string,
  refusal: PdfRefusal | { reason: "noTarget" },
): { title?: string; message: string; issue?: string } {
  switch (refusal.reason) {
    case "noTarget":
    case "notInCourse":
      return { message: t("errors.notInCourse") };
    case "noStudents":
      return { message: t("errors.noStudents") };
    case "notEligible":
      return {
        title: t("errors.noCertificate"),
        message: notEligible(t, lng, refusal.why, refusal.name, refusal.endDate),
      };
    case "noneEligible":
      return {
        title: t("errors.noCertificate"),
        message: refusal.ended
          ? t("errors.noneEligible")
          : notEligible(t, lng, "course-not-ended", "", refusal.endDate),
      };
    case "notIssued":
      return refusal.one
        ? { title: t("issue.titleOne"), message: t("issue.one", { name: refusal.name }), issue: t("issue.buttonOne") }
        : { title: t("issue.titleAll"), message: t("issue.all"), issue: t("issue.buttonAll") };
    case "revoked":
      return { title: t("errors.noCertificate"), message: t("errors.revoked", { name: refusal.name }) };
    case "unprintable":
      return { message: t("errors.unprintable", { text: refusal.text, characters: refusal.characters }) };
  }
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The PDF, or a small page saying why not, with the refusal's status (a
 * missing or unknown target is a 400 that reads as "not in the course").
 */
export async function pdfResponse(
  request: Request,
  outcome: PdfOutcome | { ok: false; reason: "noTarget" },
  back: string,
): Promise<Response> {
  if (outcome.ok) {
    return new Response(new Uint8Array(outcome.bytes), {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${outcome.filename}"`,
        "Content-Length": String(outcome.bytes.byteLength),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  const [t, lng] = await Promise.all([translator(request, "pdf"), i18next.getLocale(request)]);
  const said = sayRefusal(t, lng, outcome);
  const dir = RTL_LANGUAGES.includes(lng) ? "rtl" : "ltr";
  const title = said.title ?? t("errors.title");
  // Not issued yet: a button that issues it (a POST to this same address, then the PDF).
  const here = new URL(request.url);
  const issueForm = said.issue
    ? `<form method="post" action="${escapeHtml(here.pathname + here.search)}"><button type="submit">${escapeHtml(said.issue)}</button></form>`
    : "";
  const html = `<!doctype html>
<html lang="${escapeHtml(lng)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1e2433}h1{font-size:1.4rem}p{line-height:1.5}a{color:#4a3fd1}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(said.message)}</p>${issueForm}<p><a href="${escapeHtml(back)}">${escapeHtml(t("errors.back"))}</a></p></main></body></html>`;
  return new Response(html, {
    status: PDF_REFUSAL_STATUS[outcome.reason],
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The loader of every PDF route, after its guard: reads only (a certificate not issued yet answers 409 with an Issue button). */
export async function coursePdfLoader(request: Request, kind: PdfKind, courseId: number, userId: number, back: string) {
  const target = parseTarget(request);
  if (!target) return pdfResponse(request, { ok: false, reason: "noTarget" }, back);
  const lng = await i18next.getLocale(request);
  return pdfResponse(request, await coursePdf(lng, kind, courseId, target, userId, "read", appBaseUrl(request)), back);
}

/**
 * The action of the certificate routes, after their guard (issue 16 L3):
 * issues the target's certificates not issued yet (?student=ID or ?all=1, in
 * the address or the posted form), then sends the browser to the PDF (303 to
 * the GET, which prints them); a refusal is the same page as the GET's.
 */
export async function issueCertificatesAction(
  request: Request,
  courseId: number,
  userId: number,
  path: string,
  back: string,
) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const target = parseTarget(request) ?? targetOf(form);
  if (!target) return pdfResponse(request, { ok: false, reason: "noTarget" }, back);
  const lng = await i18next.getLocale(request);
  const outcome = await coursePdf(lng, "certificate", courseId, target, userId, "issue", appBaseUrl(request));
  if (!outcome.ok) return pdfResponse(request, outcome, back);
  const query = "studentId" in target ? `student=${target.studentId}` : "all=1";
  return redirect(`${path}?${query}`, 303);
}
