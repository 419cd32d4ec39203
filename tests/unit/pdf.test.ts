import { writeFileSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { type CertificateData, certificatePdf } from "~/pdf/certificate";
import { loadFontBytes } from "~/pdf/fonts.server";
import { type PdfLocale } from "~/pdf/labels";
import { type ReportData, studentReportPdf } from "~/pdf/student-report";
import { type FontBytes, UnprintableTextError, fitText, missingGlyphs } from "~/pdf/text";
import es from "../../public/locales/es/pdf.json";
import { pageTexts } from "./pdf-text";

const ACCENTED = "José Núñez Gonçalves Ñandú";
const LATIN_NAMES = [
  ACCENTED,
  "Ana Lúcia Conceição Guimarães",
  "Françoise Hélène Lefèvre-Bœuf",
  "Daniël IJsbrand van der Ën",
  "Seán O'Connor",
  "Jürgen Müller Çelik",
];
const LONG_NAME = "María de los Ángeles Fernández-Castañeda Villavicencio van der Berg-Ñúñez O'Connor Gonçalves";

export const CERTIFICATE: CertificateData = {
  schoolName: "Horizon English School",
  place: "Guayaquil",
  issuedOn: "2026-03-12",
  number: "HES-2026-0007-000042",
  studentName: ACCENTED,
  level: "B1+",
  cefr: "B1",
  courseCode: "ADU-B1P-MW-0900",
  startDate: "2026-01-05",
  endDate: "2026-06-19",
  final: 85.5,
  band: "Very Good",
  exam: "PRELIM",
  professor: "Ingrid Ødegård",
};

export const REPORT: ReportData = {
  schoolName: "Horizon English School",
  issuedOn: "2026-03-12",
  studentName: ACCENTED,
  courseCode: "ADU-B1P-MW-0900",
  level: "B1+",
  cefr: "B1",
  startDate: "2026-01-05",
  endDate: "2026-06-19",
  professor: "Ingrid Ødegård",
  attendance: { present: 20, recovered: 1, late: 3, absent: 2, score: 86.54, absences: 3.5 },
  categories: [
    {
      category: "ASSIGNMENTS",
      percentage: 30,
      average: 88.25,
      items: [
        { name: "Assignment 1", grade: 90 },
        { name: "Assignment 2 — Essay", grade: 86.5 },
      ],
    },
    {
      category: "PROGRESS TESTS",
      percentage: 30,
      average: 79,
      items: [
        { name: "Progress Test 1", grade: 79 },
        { name: "Progress Test 2", grade: null },
      ],
    },
    {
      category: "EXAM",
      percentage: 40,
      average: 89.13,
      items: [
        { name: "Reading", grade: 92 },
        { name: "Listening", grade: 85.5 },
        { name: "Writing", grade: 88 },
        { name: "Speaking", grade: 91 },
      ],
    },
  ],
  final: 85.8,
  result: "PASS",
  band: "Very Good",
  exam: "PRELIM",
  modules: ["Reading", "Listening", "Writing", "Speaking"],
  nextLevel: "B2 First",
};

const SPANISH: PdfLocale = { labels: es, locale: "es" };

let fonts: FontBytes;
beforeAll(async () => {
  fonts = await loadFontBytes();
});

async function parse(bytes: Uint8Array) {
  expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
  return PDFDocument.load(bytes);
}

function pageSize(doc: PDFDocument, i = 0) {
  const { width, height } = doc.getPage(i).getSize();
  return [Math.round(width * 100) / 100, Math.round(height * 100) / 100];
}

describe("fitText", () => {
  it("keeps the largest size that fits, shrinks a long text, wraps below the smallest size", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(fitText("Ana", font, 300, 30, 12)).toEqual({ size: 30, lines: ["Ana"] });

    const shrunk = fitText("Maria Fernanda Lopez Castillo", font, 300, 30, 12);
    expect(shrunk.lines).toHaveLength(1);
    expect(shrunk.size).toBeLessThan(30);
    expect(shrunk.size).toBeGreaterThanOrEqual(12);
    expect(font.widthOfTextAtSize(shrunk.lines[0], shrunk.size)).toBeLessThanOrEqual(300);

    const wrapped = fitText(
      LONG_NAME.normalize("NFD")
        .replace(/\p{M}/gu, "")
        .replace(/[^\x20-\x7e]/g, ""),
      font,
      200,
      30,
      12,
    );
    expect(wrapped.size).toBe(12);
    expect(wrapped.lines.length).toBeGreaterThan(1);
    for (const line of wrapped.lines) expect(font.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(200);

    const unbreakable = fitText("W".repeat(80), font, 100, 20, 10);
    for (const line of unbreakable.lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(100);
    expect(unbreakable.lines.join("")).toBe("W".repeat(80));
  });
});

describe("glyph coverage", () => {
  it("covers Latin-script names in all three fonts and reports what it cannot print", () => {
    for (const name of [...LATIN_NAMES, LONG_NAME])
      expect(missingGlyphs(name, fonts.regular, fonts.bold, fonts.display)).toBe("");
    expect(missingGlyphs("张伟", fonts.regular)).toBe("张伟");
    expect(missingGlyphs("Ana 张", fonts.regular)).toBe("张");
  });
});

describe("certificate", () => {
  it("is one A4 landscape page with the name, level, grade, band, exam, place and number", async () => {
    const bytes = await certificatePdf([CERTIFICATE], fonts);
    if (process.env.PDF_OUT) writeFileSync(`${process.env.PDF_OUT}/certificate.pdf`, bytes);
    const doc = await parse(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(pageSize(doc)).toEqual([841.89, 595.28]);
    const [text] = pageTexts(doc);
    expect(text).toContain(ACCENTED);
    for (const expected of [
      "Horizon English School",
      "has successfully completed the level",
      "B1+ · CEFR B1",
      "ADU-B1P-MW-0900",
      "January 5, 2026",
      "85.50",
      "Very Good",
      "PRELIM",
      "Issued in Guayaquil on March 12, 2026",
      "Certificate No. HES-2026-0007-000042",
      "Ingrid Ødegård",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints every Latin-script name exactly, a long one included", async () => {
    const bytes = await certificatePdf(
      [...LATIN_NAMES, LONG_NAME].map((studentName) => ({ ...CERTIFICATE, studentName })),
      fonts,
    );
    if (process.env.PDF_OUT) writeFileSync(`${process.env.PDF_OUT}/certificates.pdf`, bytes);
    const doc = await parse(bytes);
    const texts = pageTexts(doc);
    expect(texts).toHaveLength(LATIN_NAMES.length + 1);
    LATIN_NAMES.forEach((name, i) => expect(texts[i]).toContain(name));
    // A name too long for one line wraps: every word is still there, in order.
    expect(texts[LATIN_NAMES.length].replace(/\n/g, " ")).toContain(LONG_NAME);
  });

  it("uses the labels and number/date formats of the user's language", async () => {
    const [text] = pageTexts(await parse(await certificatePdf([CERTIFICATE], fonts, SPANISH)));
    expect(text).toContain("ha completado satisfactoriamente el nivel");
    expect(text).toContain("85,50");
    expect(text).toContain("12 de marzo de 2026");
  });

  it("refuses a name in a script the fonts lack with a clear error", async () => {
    const attempt = certificatePdf([{ ...CERTIFICATE, studentName: "张伟" }], fonts);
    await expect(attempt).rejects.toBeInstanceOf(UnprintableTextError);
    await expect(attempt).rejects.toMatchObject({ text: "张伟", characters: "张伟" });
  });

  it("makes a 30-student batch as 30 pages", async () => {
    const started = performance.now();
    const batch = Array.from({ length: 30 }, (_, i) => ({
      ...CERTIFICATE,
      studentName: `${LATIN_NAMES[i % LATIN_NAMES.length]} ${i + 1}`,
      number: `N-${i + 1}`,
    }));
    const doc = await parse(await certificatePdf(batch, fonts));
    console.info(`[bench] 30 certificates: ${Math.round(performance.now() - started)} ms`);
    expect(doc.getPageCount()).toBe(30);
    expect(pageTexts(doc)[29]).toContain("N-30");
  });
});

describe("student report", () => {
  it("is one A4 portrait page with attendance, grades by category, result, band, exam and next level", async () => {
    const bytes = await studentReportPdf([REPORT], fonts);
    if (process.env.PDF_OUT) writeFileSync(`${process.env.PDF_OUT}/report.pdf`, bytes);
    const doc = await parse(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(pageSize(doc)).toEqual([595.28, 841.89]);
    const [text] = pageTexts(doc);
    for (const expected of [
      ACCENTED,
      "Student report",
      "ADU-B1P-MW-0900",
      "B1+ · CEFR B1",
      "86.54 %",
      "3.5",
      "Assignments",
      "Average: 88.25",
      "Assignment 2 — Essay",
      "86.50",
      "not graded",
      "PRELIM exam",
      "Weight 40 %",
      "85.80",
      "PASS",
      "Very Good",
      "PRELIM — Reading · Listening · Writing · Speaking",
      "B2 First",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("shows NOT REPORTED and FAIL for a student without grades", async () => {
    const empty: ReportData = {
      ...REPORT,
      final: null,
      result: "FAIL",
      band: "NOT REPORTED",
      categories: [],
      exam: null,
      modules: [],
    };
    const [text] = pageTexts(await parse(await studentReportPdf([empty], fonts)));
    expect(text).toContain("NOT REPORTED");
    expect(text).toContain("FAIL");
    expect(text).toContain("This course has no grading items.");
  });

  it("shows no next level for a FAIL (PRODUCT 7), a dash in its place", async () => {
    const failed: ReportData = { ...REPORT, final: 55, result: "FAIL", band: "NOT REPORTED", nextLevel: null };
    const [text] = pageTexts(await parse(await studentReportPdf([failed], fonts)));
    expect(text).toContain("FAIL");
    expect(text).toContain("NEXT LEVEL");
    expect(text).toContain("—");
    expect(text).not.toContain("B2 First");
  });

  it("continues on a second page when the grade table is long, and batches one student after another", async () => {
    const many = {
      ...REPORT,
      categories: [
        {
          ...REPORT.categories[0],
          items: Array.from({ length: 40 }, (_, i) => ({ name: `Homework ${i + 1}`, grade: 80 })),
        },
      ],
    };
    const bytes = await studentReportPdf([{ ...many, studentName: LONG_NAME }, REPORT], fonts);
    if (process.env.PDF_OUT) writeFileSync(`${process.env.PDF_OUT}/reports.pdf`, bytes);
    const doc = await parse(bytes);
    expect(doc.getPageCount()).toBe(3);
    const texts = pageTexts(doc);
    expect(texts[1]).toContain("Homework 40");
    expect(texts[1]).toContain("2 / 2");
  });

  it("makes a 30-student batch as 30 pages", async () => {
    const started = performance.now();
    const doc = await parse(
      await studentReportPdf(
        Array.from({ length: 30 }, (_, i) => ({ ...REPORT, studentName: `${LATIN_NAMES[i % 6]} ${i}` })),
        fonts,
      ),
    );
    console.info(`[bench] 30 student reports: ${Math.round(performance.now() - started)} ms`);
    expect(doc.getPageCount()).toBe(30);
  });

  it("refuses an item or a name the fonts cannot print", async () => {
    await expect(studentReportPdf([{ ...REPORT, studentName: "张伟" }], fonts)).rejects.toBeInstanceOf(
      UnprintableTextError,
    );
  });
});
