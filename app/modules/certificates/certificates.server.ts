import { appName } from "~/components/app-names";
import { db } from "~/db/kysely.server";
import { RTL_LANGUAGES } from "~/i18n/config";
import { languageTranslator, resources } from "~/i18n/i18n.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { gradeKey, loadCourseSheet } from "~/modules/grades/gradebook.server";
import { percentageOf } from "~/modules/grades/grading";
import { loadCourseReport } from "~/modules/grades/report.server";
import { cefrBand } from "~/modules/levels/levels";
import { schoolLogoImage, schoolName, schoolTimeZone } from "~/modules/settings/settings.server";
import { rowId } from "~/modules/shared/ids";
import { refuse } from "~/modules/shared/outcome";
import { type CertificateData, certificatePdf, checkCertificate } from "~/pdf/certificate";
import { loadFontBytes } from "~/pdf/fonts.server";
import { ENGLISH, type PdfLabels, type PdfLocale, resultWords } from "~/pdf/labels";
import { type ReportData, studentReportPdf } from "~/pdf/student-report";
import { UnprintableTextError } from "~/pdf/text";
import { verifyPath } from "./codes";
import { newVerificationCode } from "./codes.server";
import { type CertificateReason } from "./eligibility";

// The course PDFs (PRODUCT 7, issue 8): a student's report, a passing
// student's certificate, or the whole course's, as one PDF. The numbers are
// the student report's (loadCourseReport); this module adds what only the
// documents show (item grades, course dates, professor, certificate numbers).

export type PdfKind = "report" | "certificate";

/** ?student=ID for one student, ?all=1 for the whole course. */
export type PdfTarget = { studentId: number } | { all: true };

/** The target named by these parameters (a URL's query, or a posted form's fields). */
export function targetOf(params: URLSearchParams | FormData): PdfTarget | null {
  if (params.get("all") === "1") return { all: true };
  const raw = params.get("student");
  const id = typeof raw === "string" ? rowId(raw) : null;
  return id !== null ? { studentId: id } : null;
}

/**
 * The user's language, for the labels, the numbers and dates, and the
 * direction (Arabic right to left, the page mirrored); English for a language
 * without PDF labels. The fonts print every language's labels (a unit test
 * checks it), each script in its own font.
 */
export function pdfLocale(lng: string): PdfLocale {
  const pdf = resources[lng]?.pdf as Omit<PdfLabels, "results"> | undefined;
  const grading = (resources[lng]?.common as { grading?: PdfLabels["results"] } | undefined)?.grading;
  if (!pdf || !grading) return ENGLISH;
  return { labels: { ...pdf, results: resultWords(grading) }, locale: lng, rtl: RTL_LANGUAGES.includes(lng) };
}

/**
 * The names the app created (level names, default bands, "Assignment 1",
 * NOT REPORTED) in the reader's language, as the pages show them; the
 * school's own names as typed (ADR 040).
 */
async function appNamesIn(lng: string) {
  const t = await languageTranslator(lng);
  return (kind: "level" | "band" | "item", name: string) => appName(t, kind, name);
}

function reportInLanguage(d: ReportData, name: Awaited<ReturnType<typeof appNamesIn>>): ReportData {
  return {
    ...d,
    level: name("level", d.level),
    categories: d.categories.map((c) => ({ ...c, items: c.items.map((i) => ({ ...i, name: name("item", i.name) })) })),
    band: name("band", d.band),
    nextLevel: d.nextLevel === null ? null : name("level", d.nextLevel),
  };
}

/** Readable and unique by construction: one number per student and course. */
export function certificateNumber(courseId: number, studentId: number, issuedOn: string) {
  return `HES-${issuedOn.slice(0, 4)}-${String(courseId).padStart(4, "0")}-${String(studentId).padStart(6, "0")}`;
}

type Issued = Map<number, { number: string; issued_on: string; code: string; revoked: boolean }>;

/** The issued certificates (the register, table certificates) of these students in this course: reads only. */
export async function issuedCertificates(courseId: number, studentIds: number[]): Promise<Issued> {
  if (!studentIds.length) return new Map();
  const rows = await db()
    .selectFrom("certificates")
    .select(["student_id", "number", "issued_on", "verification_code", "revoked_at"])
    .where("course_id", "=", courseId)
    .where("student_id", "in", studentIds)
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.student_id),
      { number: r.number, issued_on: r.issued_on, code: r.verification_code, revoked: r.revoked_at !== null },
    ]),
  );
}

/**
 * Issues the certificates of these students in this course (a POST only,
 * issue 16 L3): the stored ones stay as they are, new ones are numbered and
 * dated today. Concurrent issues agree (the unique pair makes the second
 * insert a no-op).
 */
export async function issueCertificates(
  courseId: number,
  studentIds: number[],
  userId: number | null,
  today: string,
): Promise<Issued> {
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
          verification_code: newVerificationCode(),
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
      items: sheet.items
        .filter((i) => i.category === category)
        .map((i) => ({ name: i.item_name, grade: sheet.grades.get(gradeKey(row.id, i.id)) ?? null })),
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

/**
 * Why there is no PDF: the student is not in the course, the course has no
 * students; for a certificate (409: the request is well formed and allowed,
 * but the course's state does not allow it yet) the student is not eligible
 * (`why`, eligibility.ts), nobody is, or a certificate is not issued yet (a
 * GET prints only what a POST issued); or a name the fonts cannot print.
 * The edge (app/http/course-pdf.server.ts) says each in the reader's language.
 */
export type PdfRefusal =
  | { ok: false; reason: "notInCourse" }
  | { ok: false; reason: "noStudents" }
  | { ok: false; reason: "notEligible"; why: CertificateReason; name: string; endDate: string }
  | { ok: false; reason: "noneEligible"; ended: boolean; endDate: string }
  | { ok: false; reason: "notIssued"; one: boolean; name: string }
  | { ok: false; reason: "revoked"; name: string }
  | { ok: false; reason: "unprintable"; text: string; characters: string };

export type PdfOutcome = { ok: true; bytes: Uint8Array; filename: string } | PdfRefusal;

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

/**
 * One student's or the whole course's report or certificate, or why not, its
 * labels in `lng` (pdfLocale); `issue` (a POST)
 * issues the certificates not issued yet. `baseUrl` (APP_URL or the
 * request's origin) makes the absolute verification URL of the QR code. A
 * revoked certificate is not printed (ADR 048): one student's answers
 * "revoked", a course's batch leaves it out.
 */
export async function coursePdf(
  lng: string,
  kind: PdfKind,
  courseId: number,
  target: PdfTarget,
  userId: number | null,
  mode: "read" | "issue" = "read",
  baseUrl = "http://localhost",
): Promise<PdfOutcome> {
  const [fonts, docs] = await Promise.all([loadFontBytes(), loadCourseDocuments(courseId)]);
  const loc = pdfLocale(lng);
  const { report } = docs;
  const code = slug(report.course.course_id);

  let rows = report.rows;
  if ("studentId" in target) {
    rows = rows.filter((r) => r.id === target.studentId);
    if (!rows.length) return refuse("notInCourse");
  } else if (!rows.length) {
    return refuse("noStudents");
  }

  try {
    if (kind === "report") {
      const name = await appNamesIn(lng);
      const bytes = await studentReportPdf(
        rows.map((r) => reportInLanguage(docs.reportOf(r), name)),
        fonts,
        loc,
        docs.logo,
      );
      const filename = "studentId" in target ? `report-${code}-${slug(rows[0].name)}.pdf` : `reports-${code}.pdf`;
      return { ok: true, bytes, filename };
    }

    // PRODUCT 7: only eligible students (eligibility.ts); a refusal says why and writes nothing.
    if ("studentId" in target && !rows[0].certificate.eligible) {
      return refuse("notEligible", {
        why: rows[0].certificate.reason,
        name: rows[0].name,
        endDate: docs.course.end_date,
      });
    }
    let passing = rows.filter((r) => r.certificate.eligible && r.final !== null);
    if (!passing.length) return refuse("noneEligible", { ended: report.course.ended, endDate: docs.course.end_date });
    const name = await appNamesIn(lng);
    const certificates: CertificateData[] = passing.map((r) => ({
      schoolName: docs.school,
      place: docs.place,
      issuedOn: docs.today,
      number: "",
      code: "",
      verifyUrl: "",
      studentName: r.name,
      level: name("level", report.course.level),
      cefr: docs.cefr,
      courseCode: report.course.course_id,
      startDate: docs.course.start_date,
      endDate: docs.course.end_date,
      final: r.final!,
      band: name("band", r.band),
      exam: r.exam,
      professor: docs.course.professor ?? null,
    }));
    // Check printability before numbering: a refused name gets no number.
    for (const c of certificates) checkCertificate({ ...c, number: "0", code: "0", verifyUrl: baseUrl }, fonts);
    const ids = passing.map((r) => r.id);
    // Issuing writes (a POST); a GET only prints what the register holds (issue 16 L3).
    const issued =
      mode === "issue"
        ? await issueCertificates(courseId, ids, userId, docs.today)
        : await issuedCertificates(courseId, ids);
    if (passing.some((r) => !issued.has(r.id)))
      return refuse("notIssued", { one: "studentId" in target, name: passing[0].name });
    passing.forEach((r, i) => {
      const stored = issued.get(r.id)!;
      certificates[i].number = stored.number;
      certificates[i].issuedOn = stored.issued_on;
      certificates[i].code = stored.code;
      certificates[i].verifyUrl = `${baseUrl.replace(/\/+$/, "")}${verifyPath(stored.code)}`;
    });
    const printable = certificates.filter((_, i) => !issued.get(passing[i].id)!.revoked);
    if (!printable.length) return refuse("revoked", { name: passing[0].name });
    passing = passing.filter((r) => !issued.get(r.id)!.revoked);
    const bytes = await certificatePdf(printable, fonts, loc, docs.logo);
    const filename =
      "studentId" in target ? `certificate-${code}-${slug(passing[0].name)}.pdf` : `certificates-${code}.pdf`;
    return { ok: true, bytes, filename };
  } catch (error) {
    if (error instanceof UnprintableTextError) {
      return refuse("unprintable", { text: error.text, characters: error.characters });
    }
    throw error;
  }
}

/** Whether the course exists (the admin routes have no ownership check: an unknown course is their 404). */
export async function courseExists(courseId: number): Promise<boolean> {
  const row = await db().selectFrom("courses").select("id").where("id", "=", courseId).executeTakeFirst();
  return row !== undefined;
}
