import { writeFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { certificatePdf } from "~/pdf/certificate";
import { loadFontBytes } from "~/pdf/fonts.server";
import { type PdfLocale, resultWords } from "~/pdf/labels";
import { type ReportData, studentReportPdf } from "~/pdf/student-report";
import { type FontBytes, UnprintableTextError, embedFonts, fitText, missingGlyphs, textWidth } from "~/pdf/text";
import esCommon from "../../public/locales/es/common.json";
import es from "../../public/locales/es/pdf.json";
import { ACCENTED, CERTIFICATE, REPORT } from "../../scripts/lib/pdf-samples";
import { pageTexts } from "./pdf-text";

const LATIN_NAMES = [
  ACCENTED,
  "Ana Lúcia Conceição Guimarães",
  "Françoise Hélène Lefèvre-Bœuf",
  "Daniël IJsbrand van der Ën",
  "Seán O'Connor",
  "Jürgen Müller Çelik",
];
const LONG_NAME = "María de los Ángeles Fernández-Castañeda Villavicencio van der Berg-Ñúñez O'Connor Gonçalves";

const SPANISH: PdfLocale = { labels: { ...es, results: resultWords(esCommon.grading) }, locale: "es", rtl: false };
/** A script none of the fonts has (Latin, Greek, Cyrillic, Arabic and Chinese all print). */
const TAMIL = "தமிழ்";

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
    const font = (await embedFonts(doc, fonts)).regular;
    const width = (text: string, size: number) => textWidth(font, text, size);
    expect(fitText("Ana", font, 300, 30, 12)).toEqual({ size: 30, lines: ["Ana"] });

    const shrunk = fitText("Maria Fernanda Lopez Castillo", font, 300, 30, 12);
    expect(shrunk.lines).toHaveLength(1);
    expect(shrunk.size).toBeLessThan(30);
    expect(shrunk.size).toBeGreaterThanOrEqual(12);
    expect(width(shrunk.lines[0], shrunk.size)).toBeLessThanOrEqual(300);

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
    for (const line of wrapped.lines) expect(width(line, 12)).toBeLessThanOrEqual(200);

    const unbreakable = fitText("W".repeat(80), font, 100, 20, 10);
    for (const line of unbreakable.lines) expect(width(line, 10)).toBeLessThanOrEqual(100);
    expect(unbreakable.lines.join("")).toBe("W".repeat(80));
  });
});

describe("glyph coverage", () => {
  it("covers Latin-script names in all three fonts and reports what it cannot print", () => {
    for (const name of [...LATIN_NAMES, LONG_NAME, "王小明", "محمد العلي", "Ελένη Παπαδοπούλου", "Иван Петров"])
      expect(missingGlyphs(name, fonts)).toBe("");
    expect(missingGlyphs(TAMIL, fonts)).toBe(TAMIL);
    expect(missingGlyphs(`Ana ${TAMIL} 王`, fonts, ["regular"])).toBe(TAMIL);
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
    const attempt = certificatePdf([{ ...CERTIFICATE, studentName: TAMIL }], fonts);
    await expect(attempt).rejects.toBeInstanceOf(UnprintableTextError);
    await expect(attempt).rejects.toMatchObject({ text: TAMIL, characters: TAMIL });
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

describe("fonts parsed once per process", () => {
  // The fonts are parsed once and each document gets its own view of them
  // (app/pdf/text.ts): a letter first met as a component of an accented one
  // (é = e + ´) in a document keeps its text in the next documents, and
  // documents made at the same time do not mix their glyphs.
  it("keeps every letter of a document made after one that printed only their accented forms", async () => {
    const accentedOnly = { ...CERTIFICATE, studentName: "Éé Úú Öö", professor: null, number: "É-1" };
    const [first] = pageTexts(await parse(await certificatePdf([accentedOnly], fonts)));
    expect(first).toContain("Éé Úú Öö");
    const plain = { ...CERTIFICATE, studentName: "Ee Uu Oo", number: "E-2" };
    const [second] = pageTexts(await parse(await certificatePdf([plain], fonts)));
    expect(second).toContain("Ee Uu Oo");
    expect(second).toContain("E-2");
  });

  it("makes documents at the same time, each with its own text", async () => {
    const names = LATIN_NAMES.slice(0, 4);
    const docs = await Promise.all(
      names.map((studentName, i) => certificatePdf([{ ...CERTIFICATE, studentName, number: `C-${i}` }], fonts)),
    );
    for (const [i, bytes] of docs.entries()) {
      const [text] = pageTexts(await parse(bytes));
      expect(text).toContain(names[i]);
      expect(text).toContain(`C-${i}`);
    }
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
    await expect(studentReportPdf([{ ...REPORT, studentName: TAMIL }], fonts)).rejects.toBeInstanceOf(
      UnprintableTextError,
    );
  });
});
