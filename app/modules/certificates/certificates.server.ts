import { json, redirect } from "@remix-run/node";
import { db } from "~/db/kysely.server";
import { RTL_LANGUAGES } from "~/i18n/config";
import { formatDay } from "~/components/format";
import { assertSameOrigin } from "~/modules/auth/guards.server";
import { readForm } from "~/modules/shared/form.server";
import { i18next, resources, translator } from "~/i18n/i18n.server";
import { schoolToday } from "~/modules/courses/sessions.server";
import { gradeKey, loadCourseSheet } from "~/modules/grades/gradebook.server";
import { percentageOf } from "~/modules/grades/grading";
import { loadCourseReport } from "~/modules/grades/report.server";
import { schoolLogoImage, schoolName, schoolTimeZone } from "~/modules/settings.server";
import { rowId } from "~/modules/shared/ids";
import { cefrBand } from "~/modules/students/levels";
import { type CertificateData, certificatePdf, checkCertificate } from "~/pdf/certificate";
import { loadFontBytes } from "~/pdf/fonts.server";
import type { TFunction } from "i18next";
import type { CertificateReason } from "./eligibility";
import { ENGLISH, type PdfLabels, type PdfLocale, allLabelText } from "~/pdf/labels";
import { type ReportData, studentReportPdf } from "~/pdf/student-report";
import { type FontBytes, UnprintableTextError, canPrint } from "~/pdf/text";

// The course PDFs (PRODUCT 7, issue 8): a student's report, a passing
// student's certificate, or the whole course's, as one PDF. The numbers are
// the student report's (loadCourseReport); this module adds what only the
// documents show (item grades, course dates, professor, certificate numbers).

export type PdfKind = "report" | "certificate";

/** ?student=ID for one student, ?all=1 for the whole course. */
export type PdfTarget = { studentId: number } | { all: true };

export function parseTarget(request: Request): PdfTarget | null {
  return targetOf(new URL(request.url).searchParams);
}

/** The target named by these parameters (a URL's query, or a posted form's fields). */
export function targetOf(params: URLSearchParams | FormData): PdfTarget | null {
  if (params.get("all") === "1") return { all: true };
  const raw = params.get("student");
  const id = typeof raw === "string" ? rowId(raw) : null;
  return id !== null ? { studentId: id } : null;
}

/**
 * The user's language when the fonts print all of its labels and pdf-lib can
 * lay it out (left to right, no shaping); otherwise English (e.g. Chinese,
 * Arabic). Numbers and dates follow the labels' language.
 */
export async function pdfLocale(request: Request, fonts: FontBytes): Promise<PdfLocale> {
  const lng = await i18next.getLocale(request);
  const labels = resources[lng]?.pdf as PdfLabels | undefined;
  if (!labels || RTL_LANGUAGES.includes(lng)) return ENGLISH;
  if (!canPrint(allLabelText(labels), fonts.regular, fonts.bold, fonts.display)) return ENGLISH;
  return { labels, locale: lng };
}

/** Readable and unique by construction: one number per student and course. */
export function certificateNumber(courseId: number, studentId: number, issuedOn: string) {
  return `HES-${issuedOn.slice(0, 4)}-${String(courseId).padStart(4, "0")}-${String(studentId).padStart(6, "0")}`;
}

type Issued = Map<number, { number: string; issued_on: string }>;

/** The issued certificates (the register, table certificates) of these students in this course: reads only. */
export async function issuedCertificates(courseId: number, studentIds: number[]): Promise<Issued> {
  if (!studentIds.length) return new Map();
  const rows = await db()
    .selectFrom("certificates")
    .select(["student_id", "number", "issued_on"])
    .where("course_id", "=", courseId)
    .where("student_id", "in", studentIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.student_id), { number: r.number, issued_on: r.issued_on }]));
}

/**
 * Issues the certificates of these students in this course (a POST only,
 * issue 16 L3): the stored ones stay as they are, new ones are numbered and
 * dated today. Concurrent issues agree (the unique pair makes the second
 * insert a no-op).
 */
export async function issueCertificates(courseId: number, studentIds: number[], userId: number | null, today: string): Promise<Issued> {
  if (!studentIds.length) return new Map();
  const known = await issuedCertificates(courseId, studentIds);
  const fresh = studentIds.filter((id) => !known.has(id));
  if (fresh.length) {
    const now = new Date().toISOString();
    await db()
      .insertInto("certificates")
      .values(
        fresh.map((studentId) => ({
          number: certificateNumber(courseId, studentId, today),
          student_id: studentId,
          course_id: courseId,
          issued_on: today,
          issued_by: userId,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(["student_id", "course_id"]).doNothing())
      .execute();
    return issuedCertificates(courseId, studentIds);
  }
  return known;
}

/** Where certificates are issued: the school's city (the time zone's city unless a school_city setting says). */
async function schoolPlace() {
  const row = await db().selectFrom("settings").select("value").where("key", "=", "school_city").executeTakeFirst();
  if (row?.value) return row.value;
  const zone = await schoolTimeZone();
  return (zone.split("/").pop() ?? zone).replace(/_/g, " ");
}

async function loadCourseDocuments(courseId: number) {
  const today = await schoolToday();
  const [report, sheet, course, school, place, logo] = await Promise.all([
    loadCourseReport(courseId, today),
    loadCourseSheet(courseId, today),
    db()
      .selectFrom("courses")
      .leftJoin("users", "users.id", "courses.professor_id")
      .select(["courses.start_date", "courses.end_date", "users.name as professor"])
      .where("courses.id", "=", courseId)
      .executeTakeFirstOrThrow(),
    schoolName(),
    schoolPlace(),
    schoolLogoImage(),
  ]);
  const cefr = cefrBand(report.course.level_id);
  const reportOf = (row: (typeof report.rows)[number]): ReportData => ({
    schoolName: school,
    issuedOn: today,
    studentName: row.name,
    courseCode: report.course.course_id,
    level: report.course.level,
    cefr,
    startDate: course.start_date,
    endDate: course.end_date,
    professor: course.professor ?? null,
    attendance: row.attendance,
    categories: report.categories.map((category) => ({
      category,
      percentage: percentageOf(category, report.course),
      average: row.averages[category],
      items: sheet.items.filter((i) => i.category === category).map((i) => ({ name: i.item_name, grade: sheet.grades.get(gradeKey(row.id, i.id)) ?? null })),
    })),
    final: row.final,
    result: row.result,
    band: row.band,
    exam: row.exam,
    modules: row.modules,
    nextLevel: row.nextLevel,
  });
  return { today, report, course, school, place, logo, cefr, reportOf };
}

export type PdfOutcome =
  | { ok: true; bytes: Uint8Array; filename: string }
  | { ok: false; status: 400 | 404 | 409; message: string; title?: string; issue?: { label: string } };

/**
 * Why a student gets no certificate, in the reader's language. 409: the
 * request is well formed and allowed, but the course's state does not allow it
 * (yet); the answer changes when the course ends or the grades are complete.
 */
function refusal(t: TFunction, lng: string, reason: CertificateReason, name: string, endDate: string) {
  if (reason === "course-not-ended") return t("errors.courseNotEnded", { date: formatDay(lng, endDate) });
  if (reason === "items-not-graded") return t("errors.itemsNotGraded", { name });
  return t("errors.notPassed", { name });
}


/** ASCII, lower case, dashes: "José Núñez" → "jose-nunez". */
export function slug(text: string) {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "student"
  );
}

/** One student's or the whole course's report or certificate, or why not; `issue` (a POST) issues the certificates not issued yet. */
export async function coursePdf(
  request: Request,
  kind: PdfKind,
  courseId: number,
  target: PdfTarget,
  userId: number | null,
  mode: "read" | "issue" = "read",
): Promise<PdfOutcome> {
  const [fonts, t, lng] = await Promise.all([loadFontBytes(), translator(request, "pdf"), i18next.getLocale(request)]);
  const [loc, docs] = await Promise.all([pdfLocale(request, fonts), loadCourseDocuments(courseId)]);
  const { report } = docs;
  const code = slug(report.course.course_id);

  let rows = report.rows;
  if ("studentId" in target) {
    rows = rows.filter((r) => r.id === target.studentId);
    if (!rows.length) return { ok: false, status: 404, message: t("errors.notInCourse") };
  } else if (!rows.length) {
    return { ok: false, status: 400, message: t("errors.noStudents") };
  }

  try {
    if (kind === "report") {
      const bytes = await studentReportPdf(rows.map(docs.reportOf), fonts, loc, docs.logo);
      const filename = "studentId" in target ? `report-${code}-${slug(rows[0].name)}.pdf` : `reports-${code}.pdf`;
      return { ok: true, bytes, filename };
    }

    // PRODUCT 7: only eligible students (eligibility.ts); a refusal says why and writes nothing.
    if ("studentId" in target && !rows[0].certificate.eligible) {
      const message = refusal(t, lng, rows[0].certificate.reason, rows[0].name, docs.course.end_date);
      return { ok: false, status: 409, message, title: t("errors.noCertificate") };
    }
    const passing = rows.filter((r) => r.certificate.eligible && r.final !== null);
    if (!passing.length) {
      const message = report.course.ended ? t("errors.noneEligible") : refusal(t, lng, "course-not-ended", "", docs.course.end_date);
      return { ok: false, status: 409, message, title: t("errors.noCertificate") };
    }
    const certificates: CertificateData[] = passing.map((r) => ({
      schoolName: docs.school,
      place: docs.place,
      issuedOn: docs.today,
      number: "",
      studentName: r.name,
      level: report.course.level,
      cefr: docs.cefr,
      courseCode: report.course.course_id,
      startDate: docs.course.start_date,
      endDate: docs.course.end_date,
      final: r.final!,
      band: r.band,
      exam: r.exam,
      professor: docs.course.professor ?? null,
    }));
    // Check printability before numbering: a refused name gets no number.
    for (const c of certificates) checkCertificate({ ...c, number: "0" }, fonts);
    const ids = passing.map((r) => r.id);
    // Issuing writes (a POST); a GET only prints what the register holds (issue 16 L3).
    const issued = mode === "issue" ? await issueCertificates(courseId, ids, userId, docs.today) : await issuedCertificates(courseId, ids);
    if (passing.some((r) => !issued.has(r.id))) {
      const one = "studentId" in target;
      return {
        ok: false,
        status: 409,
        title: t(one ? "issue.titleOne" : "issue.titleAll"),
        message: one ? t("issue.one", { name: passing[0].name }) : t("issue.all"),
        issue: { label: t(one ? "issue.buttonOne" : "issue.buttonAll") },
      };
    }
    passing.forEach((r, i) => {
      const stored = issued.get(r.id)!;
      certificates[i].number = stored.number;
      certificates[i].issuedOn = stored.issued_on;
    });
    const bytes = await certificatePdf(certificates, fonts, loc, docs.logo);
    const filename = "studentId" in target ? `certificate-${code}-${slug(passing[0].name)}.pdf` : `certificates-${code}.pdf`;
    return { ok: true, bytes, filename };
  } catch (error) {
    if (error instanceof UnprintableTextError) {
      return { ok: false, status: 400, message: t("errors.unprintable", { text: error.text, characters: error.characters }) };
    }
    throw error;
  }
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The PDF, or a small page saying why not (the links open in a new tab and
 * work without JavaScript, so the answer must read well on its own).
 */
export async function pdfResponse(request: Request, outcome: PdfOutcome, back: string): Promise<Response> {
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
  const dir = RTL_LANGUAGES.includes(lng) ? "rtl" : "ltr";
  const title = outcome.title ?? t("errors.title");
  // Not issued yet: a button that issues it (a POST to this same address, then the PDF).
  const here = new URL(request.url);
  const issueForm = outcome.issue
    ? `<form method="post" action="${escapeHtml(here.pathname + here.search)}"><button type="submit">${escapeHtml(outcome.issue.label)}</button></form>`
    : "";
  const html = `<!doctype html>
<html lang="${escapeHtml(lng)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1e2433}h1{font-size:1.4rem}p{line-height:1.5}a{color:#4a3fd1}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(outcome.message)}</p>${issueForm}<p><a href="${escapeHtml(back)}">${escapeHtml(t("errors.back"))}</a></p></main></body></html>`;
  return new Response(html, {
    status: outcome.status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/** The admin routes have no ownership check; an unknown course is a 404, not a 500. */
export async function requireCourseExists(courseId: number) {
  const row = await db().selectFrom("courses").select("id").where("id", "=", courseId).executeTakeFirst();
  if (!row) throw json({ message: "Not found" }, { status: 404 });
}

/** The loader of every PDF route, after its guard: reads only (a certificate not issued yet answers 409 with an Issue button). */
export async function coursePdfLoader(request: Request, kind: PdfKind, courseId: number, userId: number, back: string) {
  const target = parseTarget(request);
  if (!target) {
    const t = await translator(request, "pdf");
    return pdfResponse(request, { ok: false, status: 400, message: t("errors.notInCourse") }, back);
  }
  return pdfResponse(request, await coursePdf(request, kind, courseId, target, userId), back);
}

/**
 * The action of the certificate routes, after their guard (issue 16 L3):
 * issues the target's certificates not issued yet (?student=ID or ?all=1, in
 * the address or the posted form), then sends the browser to the PDF (303 to
 * the GET, which prints them); a refusal is the same page as the GET's.
 */
export async function issueCertificatesAction(request: Request, courseId: number, userId: number, path: string, back: string) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const target = parseTarget(request) ?? targetOf(form);
  if (!target) {
    const t = await translator(request, "pdf");
    return pdfResponse(request, { ok: false, status: 400, message: t("errors.notInCourse") }, back);
  }
  const outcome = await coursePdf(request, "certificate", courseId, target, userId, "issue");
  if (!outcome.ok) return pdfResponse(request, outcome, back);
  const query = "studentId" in target ? `student=${target.studentId}` : "all=1";
  return redirect(`${path}?${query}`, 303);
}
