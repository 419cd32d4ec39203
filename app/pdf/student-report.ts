import { PDFDocument, rgb } from "pdf-lib";
import { type GradingCategory } from "~/db/schema";
import { NOT_REPORTED } from "~/modules/grades/grading";
import { ENGLISH, type PdfLabels, type PdfLocale, allLabelText, moduleLabel, resultLabel } from "./labels";
import {
  A4_PORTRAIT,
  FAIL_COLOR,
  type FontBytes,
  type Fonts,
  INK,
  LINE,
  MUTED,
  PASS_COLOR,
  type LogoMark,
  type SchoolLogo,
  Sheet,
  assertPrintable,
  drawLogo,
  embedFonts,
  savePdf,
  embedLogo,
  fill,
  fitText,
  formatCount,
  formatDay,
  formatScore,
  textWidth,
  wrapText,
} from "./text";

// The student report: A4 portrait, fixed coordinates (points from the
// bottom-left corner); the grade table flows down and continues on a new page
// when a course has more items than fit. Pure: plain data in, PDF bytes out.

export interface ReportCategory {
  category: GradingCategory;
  percentage: number;
  average: number | null;
  items: { name: string; grade: number | null }[];
}

export interface ReportData {
  schoolName: string;
  issuedOn: string;
  studentName: string;
  courseCode: string;
  level: string;
  cefr: string | null;
  startDate: string;
  endDate: string;
  professor: string | null;
  attendance: {
    present: number;
    recovered: number;
    late: number;
    absent: number;
    score: number | null;
    absences: number;
  };
  categories: ReportCategory[];
  final: number | null;
  result: "PASS" | "FAIL";
  band: string;
  exam: string | null;
  modules: string[];
  /** null for a FAIL (PRODUCT 7: no next level), printed as a dash. */
  nextLevel: string | null;
}

const [WIDTH, HEIGHT] = A4_PORTRAIT;
const MARGIN = 48;
/** What the next-level box shows for a FAIL: an em dash, as the report page does. */
const NO_NEXT_LEVEL = "—";
const CONTENT = WIDTH - 2 * MARGIN;
/** The smallest size a label shrinks to before it wraps. */
const LABEL_MIN_SIZE = 5.5;
const RIGHT = WIDTH - MARGIN;

export const REPORT_LAYOUT = {
  header: {
    logoY: HEIGHT - 84,
    logoSize: 38,
    textX: MARGIN + 50,
    schoolY: HEIGHT - 64,
    titleY: HEIGHT - 82,
    ruleY: HEIGHT - 98,
  },
  student: { labelY: HEIGHT - 122, nameY: HEIGHT - 142, nameMaxSize: 17, nameMinSize: 10 },
  /** Two columns of label/value pairs under the name. */
  info: { columnWidth: CONTENT / 2, rowHeight: 26, labelSize: 7.5, valueSize: 10 },
  attendance: { boxHeight: 40, columns: 6 },
  grades: { rowHeight: 17, headerHeight: 20, gradeColumn: 70, size: 9.5 },
  summary: { height: 112 },
  signature: { lineY: 92, width: 200 },
  footer: { y: 30, size: 7.5 },
  /** Below this, the grade table continues on a new page. */
  bottom: 120,
} as const;

function categoryLabel(category: GradingCategory, exam: string | null, labels: PdfLabels) {
  if (category === "ASSIGNMENTS") return labels.categories.assignments;
  if (category === "PROGRESS TESTS") return labels.categories.progressTests;
  return exam ? fill(labels.categories.exam, { exam }) : labels.report.exam;
}

function dataTexts(d: ReportData) {
  return [
    d.schoolName,
    d.studentName,
    d.courseCode,
    d.level,
    d.professor ?? "",
    d.band,
    d.nextLevel ?? "",
    ...d.categories.flatMap((c) => c.items.map((i) => i.name)),
  ];
}

export function checkReport(d: ReportData, bytes: FontBytes) {
  for (const text of dataTexts(d)) assertPrintable(text, bytes, ["regular", "bold"]);
}

class ReportPages {
  sheet: Sheet;
  y = 0;
  pages: Sheet[] = [];
  constructor(
    private doc: PDFDocument,
    private fonts: Fonts,
    private mark: LogoMark,
    private d: ReportData,
    private loc: PdfLocale,
  ) {
    this.sheet = this.newPage();
  }

  newPage() {
    const sheet = new Sheet(this.doc.addPage(A4_PORTRAIT), this.fonts.rtl);
    this.pages.push(sheet);
    this.sheet = sheet;
    this.drawHeader();
    return sheet;
  }

  drawHeader() {
    const { sheet, fonts, d } = this;
    const { labels, locale } = this.loc;
    const H = REPORT_LAYOUT.header;
    const logoX = sheet.rtl ? WIDTH - MARGIN - H.logoSize : MARGIN;
    drawLogo(sheet.page, logoX, H.logoY, H.logoSize, this.mark);
    const dateText = fill(labels.report.issued, { date: formatDay(d.issuedOn, locale) });
    const dateWidth = textWidth(fonts.regular, dateText, 9);
    sheet.fitted(d.schoolName, fonts.bold, {
      x: H.textX,
      y: H.schoolY,
      width: RIGHT - H.textX - dateWidth - 16,
      maxSize: 16,
      minSize: 9,
    });
    sheet.text(labels.report.title, fonts.regular, 11, H.textX, H.titleY, MUTED);
    sheet.textEnd(dateText, fonts.regular, 9, RIGHT, H.schoolY, MUTED);
    sheet.line({ start: { x: MARGIN, y: H.ruleY }, end: { x: RIGHT, y: H.ruleY }, thickness: 1, color: LINE });
    this.y = H.ruleY - 24;
  }

  drawFooter() {
    const { fonts, d } = this;
    const { locale } = this.loc;
    const F = REPORT_LAYOUT.footer;
    const total = this.pages.length;
    this.pages.forEach((sheet, i) => {
      const left = `${d.schoolName} · ${d.courseCode} · ${d.studentName}`;
      const fitted = fitText(left, fonts.regular, CONTENT - 60, F.size, 5);
      sheet.text(fitted.lines[0], fonts.regular, fitted.size, MARGIN, F.y, MUTED);
      sheet.textEnd(
        `${formatCount(i + 1, locale)} / ${formatCount(total, locale)}`,
        fonts.regular,
        F.size,
        RIGHT,
        F.y,
        MUTED,
      );
    });
  }

  /**
   * A small-capitals label on one line; with `twoLines`, a label too long for
   * one line even at the smallest size (the glossary's "Porcentaje de
   * asistencia" in an attendance box) takes two, starting a little higher.
   */
  label(text: string, x: number, y: number, width: number, twoLines = false) {
    const upper = text.toLocaleUpperCase(this.loc.locale);
    const { labelSize } = REPORT_LAYOUT.info;
    const fitted = fitText(upper, this.fonts.regular, width, labelSize, LABEL_MIN_SIZE);
    if (fitted.lines.length === 1 || !twoLines) {
      this.sheet.text(fitted.lines[0], this.fonts.regular, fitted.size, x, y, MUTED);
      return;
    }
    let size = Math.min(labelSize, 6.5);
    let lines = wrapText(upper, this.fonts.regular, size, width);
    while (lines.length > 2 && size > LABEL_MIN_SIZE) {
      size -= 0.5;
      lines = wrapText(upper, this.fonts.regular, size, width);
    }
    lines.slice(0, 2).forEach((line, i) => {
      this.sheet.text(line, this.fonts.regular, size, x, y + 5 - i * (size + 1.5), MUTED);
    });
  }

  drawStudent() {
    const { sheet, fonts, d } = this;
    const { labels, locale } = this.loc;
    const S = REPORT_LAYOUT.student;
    const I = REPORT_LAYOUT.info;
    this.label(labels.report.student, MARGIN, S.labelY, CONTENT);
    const used = sheet.fitted(d.studentName, fonts.bold, {
      x: MARGIN,
      y: S.nameY,
      width: CONTENT,
      maxSize: S.nameMaxSize,
      minSize: S.nameMinSize,
    });
    let y = S.nameY - used - 10;
    const level = d.cefr ? fill(labels.certificate.level, { level: d.level, band: d.cefr }) : d.level;
    const pairs: [string, string][] = [
      [labels.report.course, d.courseCode],
      [labels.report.level, level],
      [labels.report.dates, `${formatDay(d.startDate, locale)} – ${formatDay(d.endDate, locale)}`],
      [labels.report.professor, d.professor ?? "—"],
    ];
    for (let i = 0; i < pairs.length; i += 2) {
      for (let col = 0; col < 2 && i + col < pairs.length; col++) {
        const [label, value] = pairs[i + col];
        const x = MARGIN + col * I.columnWidth;
        this.label(label, x, y, I.columnWidth - 12);
        const fitted = fitText(value, fonts.regular, I.columnWidth - 12, I.valueSize, 6.5);
        sheet.text(fitted.lines[0], fonts.regular, fitted.size, x, y - 13, INK);
      }
      y -= I.rowHeight + 6;
    }
    this.y = y - 4;
  }

  section(title: string) {
    this.sheet.text(title, this.fonts.bold, 11.5, MARGIN, this.y, INK);
    this.y -= 10;
  }

  drawAttendance() {
    const { sheet, fonts, d } = this;
    const { labels, locale } = this.loc;
    const A = REPORT_LAYOUT.attendance;
    this.section(labels.report.attendance);
    const a = d.attendance;
    const cells: [string, string][] = [
      [labels.report.present, formatCount(a.present, locale)],
      [labels.report.recovered, formatCount(a.recovered, locale)],
      [labels.report.late, formatCount(a.late, locale)],
      [labels.report.absent, formatCount(a.absent, locale)],
      [labels.report.score, a.score === null ? "—" : `${formatScore(a.score, locale)} %`],
      [labels.report.absences, formatCount(a.absences, locale)],
    ];
    const width = CONTENT / A.columns;
    const top = this.y;
    cells.forEach(([label, value], i) => {
      const x = MARGIN + i * width;
      sheet.rect({
        x: x + 1,
        y: top - A.boxHeight,
        width: width - 2,
        height: A.boxHeight,
        color: rgb(0.96, 0.96, 0.99),
        borderColor: LINE,
        borderWidth: 0.5,
      });
      this.label(label, x + 6, top - 13, width - 12, true);
      sheet.text(value, fonts.bold, 13, x + 6, top - 32, INK);
    });
    this.y = top - A.boxHeight - 26;
  }

  ensure(height: number) {
    if (this.y - height < REPORT_LAYOUT.bottom) {
      this.newPage();
    }
  }

  drawGrades() {
    const { fonts, d } = this;
    const { labels, locale } = this.loc;
    const G = REPORT_LAYOUT.grades;
    this.section(labels.report.grades);
    if (!d.categories.length) {
      this.y -= 8;
      this.sheet.text(labels.report.noItems, fonts.regular, G.size, MARGIN, this.y, MUTED);
      this.y -= 24;
      return;
    }
    for (const cat of d.categories) {
      this.ensure(G.headerHeight + G.rowHeight * Math.min(cat.items.length, 2));
      const top = this.y;
      this.sheet.rect({
        x: MARGIN,
        y: top - G.headerHeight,
        width: CONTENT,
        height: G.headerHeight,
        color: rgb(0.93, 0.92, 1),
      });
      const name = categoryLabel(cat.category, d.exam, labels);
      const weight = fill(labels.report.weight, { percent: formatCount(cat.percentage, locale) });
      const average = fill(labels.report.averageOf, { average: formatScore(cat.average, locale) });
      const averageWidth = textWidth(fonts.bold, average, G.size);
      const weightWidth = textWidth(fonts.regular, weight, G.size - 1);
      const titleFit = fitText(name, fonts.bold, CONTENT - averageWidth - weightWidth - 40, G.size + 0.5, 6);
      this.sheet.text(titleFit.lines[0], fonts.bold, titleFit.size, MARGIN + 6, top - 14, INK);
      this.sheet.textEnd(weight, fonts.regular, G.size - 1, RIGHT - averageWidth - 20, top - 14, MUTED);
      this.sheet.textEnd(average, fonts.bold, G.size, RIGHT - 6, top - 14, INK);
      this.y = top - G.headerHeight;
      for (const item of cat.items) {
        this.ensure(G.rowHeight);
        const rowTop = this.y;
        const fitted = fitText(item.name, fonts.regular, CONTENT - G.gradeColumn - 18, G.size, 6);
        this.sheet.text(fitted.lines[0], fonts.regular, fitted.size, MARGIN + 12, rowTop - 12, INK);
        const grade = item.grade === null ? labels.report.notGraded : formatScore(item.grade, locale);
        this.sheet.textEnd(
          grade,
          item.grade === null ? fonts.regular : fonts.bold,
          G.size,
          RIGHT - 6,
          rowTop - 12,
          item.grade === null ? MUTED : INK,
        );
        this.sheet.line({
          start: { x: MARGIN, y: rowTop - G.rowHeight },
          end: { x: RIGHT, y: rowTop - G.rowHeight },
          thickness: 0.4,
          color: LINE,
        });
        this.y = rowTop - G.rowHeight;
      }
      this.y -= 10;
    }
    this.y -= 8;
  }

  drawSummary() {
    const { fonts, d } = this;
    const { labels, locale } = this.loc;
    const S = REPORT_LAYOUT.summary;
    this.ensure(S.height + 10);
    const sheet = this.sheet;
    const top = this.y;
    sheet.rect({
      x: MARGIN,
      y: top - S.height,
      width: CONTENT,
      height: S.height,
      borderColor: LINE,
      borderWidth: 0.8,
    });

    // The start third: final grade and PASS/FAIL.
    const col = CONTENT / 3;
    this.label(labels.report.finalGrade, MARGIN + 12, top - 18, col - 24);
    sheet.text(formatScore(d.final, locale), fonts.bold, 26, MARGIN + 12, top - 48, INK);
    this.label(labels.report.result, MARGIN + 12, top - 70, col - 24);
    const result = resultLabel(d.result, labels);
    const resultFit = fitText(result, fonts.bold, col - 40, 13, 7);
    const resultWidth = textWidth(fonts.bold, resultFit.lines[0], resultFit.size);
    const color = d.result === "PASS" ? PASS_COLOR : FAIL_COLOR;
    sheet.rect({ x: MARGIN + 12, y: top - 98, width: resultWidth + 16, height: 22, color });
    sheet.text(resultFit.lines[0], fonts.bold, resultFit.size, MARGIN + 20, top - 91, rgb(1, 1, 1));

    // The other two thirds: band, exam and its modules, next level.
    const x = MARGIN + col;
    const width = CONTENT - col - 12;
    const band = d.band === NOT_REPORTED ? labels.results.notReported : d.band;
    const exam = d.exam
      ? `${d.exam} — ${d.modules.map((m) => moduleLabel(m, labels)).join(" · ")}`
      : labels.certificate.noExam;
    const rows: [string, string][] = [
      [labels.report.band, band],
      [`${labels.report.exam} · ${labels.report.modules}`, exam],
      [labels.report.nextLevel, d.nextLevel ?? NO_NEXT_LEVEL],
    ];
    rows.forEach(([label, value], i) => {
      const y = top - 18 - i * 32;
      this.label(label, x, y, width);
      const fitted = fitText(value, fonts.bold, width, 11, 6.5);
      sheet.text(fitted.lines[0], fonts.bold, fitted.size, x, y - 14, INK);
    });
    this.y = top - S.height - 20;
  }

  drawSignature() {
    const { labels } = this.loc;
    const S = REPORT_LAYOUT.signature;
    if (this.y < S.lineY + 30) this.newPage();
    const x = RIGHT - S.width;
    this.sheet.line({ start: { x, y: S.lineY }, end: { x: RIGHT, y: S.lineY }, thickness: 0.8, color: INK });
    const caption = this.d.professor ? `${labels.report.signature} · ${this.d.professor}` : labels.report.signature;
    const fitted = fitText(caption, this.fonts.regular, S.width, 8.5, 5.5);
    this.sheet.textEnd(fitted.lines[0], this.fonts.regular, fitted.size, RIGHT, S.lineY - 12, MUTED);
  }
}

/** One or more pages per student (a course's batch is one PDF); the school's logo, or its initial without one. */
export async function studentReportPdf(
  reports: readonly ReportData[],
  bytes: FontBytes,
  locale: PdfLocale = ENGLISH,
  logo: SchoolLogo | null = null,
): Promise<Uint8Array> {
  for (const d of reports) checkReport(d, bytes);
  const doc = await PDFDocument.create();
  const texts = [allLabelText(locale.labels), ...reports.flatMap(dataTexts)];
  const fonts = await embedFonts(doc, bytes, { texts, rtl: locale.rtl });
  const mark = await embedLogo(doc, logo, reports[0]?.schoolName ?? "", fonts);
  doc.setTitle(
    reports.length === 1 ? `${locale.labels.report.title} — ${reports[0].studentName}` : locale.labels.report.title,
  );
  doc.setCreator(reports[0]?.schoolName ?? "");
  doc.setProducer("pdf-lib");
  for (const d of reports) {
    const pages = new ReportPages(doc, fonts, mark, d, locale);
    pages.drawStudent();
    pages.drawAttendance();
    pages.drawGrades();
    pages.drawSummary();
    pages.drawSignature();
    pages.drawFooter();
  }
  return savePdf(doc);
}
