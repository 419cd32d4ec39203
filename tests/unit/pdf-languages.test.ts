import fontkit from "@pdf-lib/fontkit";
import { PDFDict, PDFDocument, PDFName, type PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, RTL_LANGUAGES } from "~/i18n/config";
import { resources } from "~/i18n/i18n.server";
import { certificatePdf } from "~/pdf/certificate";
import { loadFontBytes } from "~/pdf/fonts.server";
import { type PdfLabels, type PdfLocale, resultWords } from "~/pdf/labels";
import { studentReportPdf } from "~/pdf/student-report";
import { type FontBytes, formatScore } from "~/pdf/text";
import { CERTIFICATE, REPORT } from "../../scripts/lib/pdf-samples";
import { pdfjsPageTexts, pdfjsPieces } from "./pdfjs-text";

// The report and the certificate in each of the seven languages, read back
// the way a PDF viewer reads them (pdf.js): the labels of the reader's
// language, in logical order, and a student's name in any script (Chinese,
// Arabic) printed in a document of any language.

const CHINESE = "王小明";
const ARABIC = "محمد العلي";

function localeOf(lng: string): PdfLocale {
  const labels = resources[lng].pdf as Omit<PdfLabels, "results">;
  const { grading } = resources[lng].common as { grading: PdfLabels["results"] };
  // The result words are the pages' (common:grading), as pdfLocale gives them.
  return { labels: { ...labels, results: resultWords(grading) }, locale: lng, rtl: RTL_LANGUAGES.includes(lng) };
}

/** Without combining marks (a shadda is drawn as its own piece) and with single spaces. */
function plain(text: string) {
  return text.normalize("NFKC").replace(/\p{M}/gu, "").replace(/\s+/g, " ");
}

/** Each expected text is found, after the one before it. */
function expectInOrder(text: string, expected: string[]) {
  const haystack = plain(text);
  let from = 0;
  for (const want of expected) {
    const at = haystack.indexOf(plain(want), from);
    expect(at, `"${want}" after position ${from} in:\n${haystack}`).toBeGreaterThanOrEqual(0);
    from = at + plain(want).length;
  }
}

let fonts: FontBytes;
beforeAll(async () => {
  fonts = await loadFontBytes();
});

describe.each(LANGUAGES)("the PDFs in %s", (lng) => {
  const loc = localeOf(lng);
  const { certificate: c, report: r } = loc.labels;
  const upper = (text: string) => text.toLocaleUpperCase(lng);

  it.each([CHINESE, ARABIC])("a certificate for %s: the reader's labels in order, the name printed", async (name) => {
    const bytes = await certificatePdf([{ ...CERTIFICATE, studentName: name }], fonts, loc);
    const [text] = await pdfjsPageTexts(bytes, loc.rtl);
    expectInOrder(text, [upper(c.title), c.subtitle, c.certify, name, c.completed]);
    expect(plain(text)).toContain(plain(c.director));
    expect(plain(text)).toContain(formatScore(CERTIFICATE.final, lng));
    expect(text).toContain(CERTIFICATE.number);
  });

  it("a report: the reader's labels in order, a name in another script printed", async () => {
    const name = lng === "zh" ? ARABIC : CHINESE;
    const bytes = await studentReportPdf([{ ...REPORT, studentName: name }], fonts, loc);
    const [text] = await pdfjsPageTexts(bytes, loc.rtl);
    expectInOrder(text, [r.title, upper(r.student), name, r.attendance, r.grades]);
    expect(plain(text)).toContain(plain(loc.labels.categories.assignments));
    expect(plain(text)).toContain(plain(loc.labels.results.pass));
    expect(plain(text)).toContain(plain(r.signature));
  });

  it("a report prints every attendance label whole (a long one on two lines, never cut)", async () => {
    const [text] = await pdfjsPageTexts(await studentReportPdf([REPORT], fonts, loc), loc.rtl);
    for (const label of [r.present, r.recovered, r.late, r.absent, r.score, r.absences]) {
      expectInOrder(text, upper(label).split(" "));
    }
  });
});

describe("right to left", () => {
  it("mirrors the Arabic report: labels start at the right margin; English starts at the left", async () => {
    const [ar, en] = await Promise.all(
      ["ar", "en"].map(async (lng) => pdfjsPieces(await studentReportPdf([REPORT], fonts, localeOf(lng)))),
    );
    const arStudent = ar.find((p) => plain(p.text).trim() === plain(localeOf("ar").labels.report.student));
    const enStudent = en.find((p) => p.text.trim() === "STUDENT");
    expect(arStudent?.right).toBeGreaterThan(540);
    expect(enStudent?.left).toBeLessThan(55);
  });

  it("joins the Arabic letters (presentation forms, a lam-alef ligature) and keeps Latin codes and numbers in order", async () => {
    const name = "لانا الأحمد";
    const bytes = await certificatePdf([{ ...CERTIFICATE, studentName: name }], fonts, localeOf("ar"));
    const pieces = await pdfjsPieces(bytes);
    // Drawn shaped: the raw text holds contextual forms and the lam-alef ligature, not bare letters.
    const raw = (await pdfjsRaw(bytes)).join("");
    expect(raw).toMatch(/[\ufe70-\ufefc]/u);
    expect(raw).toContain("\ufefb");
    const [text] = await pdfjsPageTexts(bytes, true);
    expect(text).toContain(name);
    expect(text).toContain("ADU-B1P-MW-0900");
    expect(text).toContain("HES-2026-0007-000042");
    expect(pieces.some((p) => p.text.includes("B1+"))).toBe(true);
  });
});

/** The strings as drawn, before normalisation. */
async function pdfjsRaw(bytes: Uint8Array) {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent({ disableNormalization: true });
  const out = content.items.map((i) => ("str" in i ? i.str : ""));
  await doc.destroy();
  return out;
}

describe("CPU per PDF (printed, not asserted: a benchmark, not a timed test)", () => {
  it("makes certificates in English, Arabic and Chinese", async () => {
    for (const [lng, name] of [
      ["en", CERTIFICATE.studentName],
      ["ar", ARABIC],
      ["zh", CHINESE],
    ] as const) {
      const data = [{ ...CERTIFICATE, studentName: name }];
      const runs = 20;
      // Warm: the fonts are parsed once per process, and the JIT compiles the layout code.
      for (let i = 0; i < runs; i++) await certificatePdf(data, fonts, localeOf(lng));
      const before = process.cpuUsage();
      for (let i = 0; i < runs; i++) await certificatePdf(data, fonts, localeOf(lng));
      const used = process.cpuUsage(before);
      console.info(`[bench] certificate ${lng}: ${((used.user + used.system) / 1000 / runs).toFixed(1)} ms CPU`);
    }
    expect(true).toBe(true);
  });
});

describe("embedded font subsets", () => {
  // fontkit writes small subsets with a short loca table; a glyph of odd
  // length (Noto Sans SC has many) broke every glyph after it: the text layer
  // stayed right and the page showed blanks. Every glyph must decode to an
  // outline (or be empty, like the space).
  it("decode every glyph of a Chinese certificate's fonts to its outline", async () => {
    const bytes = await certificatePdf([{ ...CERTIFICATE, studentName: "王小明 学生报告" }], fonts, localeOf("zh"));
    const doc = await PDFDocument.load(bytes);
    const programs: Uint8Array[] = [];
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict)) continue;
      const file = object.get(PDFName.of("FontFile2"));
      if (file) programs.push(decodePDFRawStream(doc.context.lookup(file) as PDFRawStream).decode());
    }
    expect(programs.length).toBeGreaterThanOrEqual(4);
    let outlines = 0;
    for (const program of programs) {
      const font = fontkit.create(program) as unknown as {
        numGlyphs: number;
        getGlyph(id: number): { _decode(): { numberOfContours: number } | null; path: { commands: unknown[] } };
      };
      for (let id = 1; id < font.numGlyphs; id++) {
        const glyph = font.getGlyph(id);
        const decoded = glyph._decode();
        if (decoded) expect(decoded.numberOfContours).toBeGreaterThanOrEqual(-1);
        if (decoded && decoded.numberOfContours > 0) expect(glyph.path.commands.length).toBeGreaterThan(0);
        if (decoded && decoded.numberOfContours > 0) outlines += 1;
      }
    }
    expect(outlines).toBeGreaterThan(10);
  });
});
