import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { type GradingCategory } from "~/db/schema";
import { NOT_REPORTED } from "~/modules/grades/grading";
import { ENGLISH, type PdfLabels, type PdfLocale, moduleLabel, resultLabel } from "./labels";
import {
  A4_PORTRAIT,
  FAIL_COLOR,
  type FontBytes,
  type Fonts,
  INK,
  LINE,
  MUTED,
  PASS_COLOR,
  assertPrintable,
  drawFitted,
  type LogoMark,
  type SchoolLogo,
  drawLogo,
  drawRight,
  embedFonts,
  embedLogo,
  fill,
  fitText,
  formatCount,
  formatDay,
  formatScore,
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
  for (const text of dataTexts(d)) assertPrintable(text, bytes.regular, bytes.bold);
}

class ReportPages {
  page: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  constructor(
    private doc: PDFDocument,
    private fonts: Fonts,
    private mark: LogoMark,
    private d: ReportData,
    private loc: PdfLocale,
  ) {
    this.page = this.newPage();
  }

  newPage() {
    const page = this.doc.addPage(A4_PORTRAIT);
    this.pages.push(page);
    this.page = page;
    this.drawHeader();
    return page;
  }

  drawHeader() {
    const { page, fonts, d } = this;
    const { labels, locale } = this.loc;
    const H = REPORT_LAYOUT.header;
    drawLogo(page, MARGIN, H.logoY, H.logoSize, this.mark);
    const dateText = fill(labels.report.issued, { date: formatDay(d.issuedOn, locale) });
    const dateWidth = fonts.regular.widthOfTextAtSize(dateText, 9);
    drawFitted(page, d.schoolName, fonts.bold, {
      x: H.textX,
      y: H.schoolY,
      width: RIGHT - H.textX - dateWidth - 16,
      maxSize: 16,
      minSize: 9,
    });
    page.drawText(labels.report.title, { x: H.textX, y: H.titleY, size: 11, font: fonts.regular, color: MUTED });
    drawRight(page, dateText, fonts.regular, 9, RIGHT, H.schoolY, MUTED);
    page.drawLine({ start: { x: MARGIN, y: H.ruleY }, end: { x: RIGHT, y: H.ruleY }, thickness: 1, color: LINE });
    this.y = H.ruleY - 24;
  }

  drawFooter() {
    const { fonts, d } = this;
    const F = REPORT_LAYOUT.footer;
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      const left = `${d.schoolName} · ${d.courseCode} · ${d.studentName}`;
      const fitted = fitText(left, fonts.regular, CONTENT - 60, F.size, 5);
      page.drawText(fitted.lines[0], { x: MARGIN, y: F.y, size: fitted.size, font: fonts.regular, color: MUTED });
      drawRight(page, `${i + 1} / ${total}`, fonts.regular, F.size, RIGHT, F.y, MUTED);
    });
  }

  label(text: string, x: number, y: number, width: number) {
    const fitted = fitText(
      text.toLocaleUpperCase(this.loc.locale),
      this.fonts.regular,
      width,
      REPORT_LAYOUT.info.labelSize,
      5.5,
    );
    this.page.drawText(fitted.lines[0], { x, y, size: fitted.size, font: this.fonts.regular, color: MUTED });
  }

  drawStudent() {
    const { page, fonts, d } = this;
    const { labels, locale } = this.loc;
    const S = REPORT_LAYOUT.student;
    const I = REPORT_LAYOUT.info;
    this.label(labels.report.student, MARGIN, S.labelY, CONTENT);
    const used = drawFitted(page, d.studentName, fonts.bold, {
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
        page.drawText(fitted.lines[0], { x, y: y - 13, size: fitted.size, font: fonts.regular, color: INK });
      }
      y -= I.rowHeight + 6;
    }
    this.y = y - 4;
  }

  section(title: string) {
    this.page.drawText(title, { x: MARGIN, y: this.y, size: 11.5, font: this.fonts.bold, color: INK });
    this.y -= 10;
  }

  drawAttendance() {
    const { page, fonts, d } = this;
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
      page.drawRectangle({
        x: x + 1,
        y: top - A.boxHeight,
        width: width - 2,
        height: A.boxHeight,
        color: rgb(0.96, 0.96, 0.99),
        borderColor: LINE,
        borderWidth: 0.5,
      });
      this.label(label, x + 6, top - 13, width - 12);
      page.drawText(value, { x: x + 6, y: top - 32, size: 13, font: fonts.bold, color: INK });
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
      this.page.drawText(labels.report.noItems, {
        x: MARGIN,
        y: this.y,
        size: G.size,
        font: fonts.regular,
        color: MUTED,
      });
      this.y -= 24;
      return;
    }
    for (const cat of d.categories) {
      this.ensure(G.headerHeight + G.rowHeight * Math.min(cat.items.length, 2));
      const top = this.y;
      this.page.drawRectangle({
        x: MARGIN,
        y: top - G.headerHeight,
        width: CONTENT,
        height: G.headerHeight,
        color: rgb(0.93, 0.92, 1),
      });
      const name = categoryLabel(cat.category, d.exam, labels);
      const weight = fill(labels.report.weight, { percent: formatCount(cat.percentage, locale) });
      const average = `${labels.report.average}: ${formatScore(cat.average, locale)}`;
      const averageWidth = fonts.bold.widthOfTextAtSize(average, G.size);
      const weightWidth = fonts.regular.widthOfTextAtSize(weight, G.size - 1);
      const titleFit = fitText(name, fonts.bold, CONTENT - averageWidth - weightWidth - 40, G.size + 0.5, 6);
      this.page.drawText(titleFit.lines[0], {
        x: MARGIN + 6,
        y: top - 14,
        size: titleFit.size,
        font: fonts.bold,
        color: INK,
      });
      drawRight(this.page, weight, fonts.regular, G.size - 1, RIGHT - averageWidth - 20, top - 14, MUTED);
      drawRight(this.page, average, fonts.bold, G.size, RIGHT - 6, top - 14, INK);
      this.y = top - G.headerHeight;
      for (const item of cat.items) {
        this.ensure(G.rowHeight);
        const rowTop = this.y;
        const fitted = fitText(item.name, fonts.regular, CONTENT - G.gradeColumn - 18, G.size, 6);
        this.page.drawText(fitted.lines[0], {
          x: MARGIN + 12,
          y: rowTop - 12,
          size: fitted.size,
          font: fonts.regular,
          color: INK,
        });
        const grade = item.grade === null ? labels.report.notGraded : formatScore(item.grade, locale);
        drawRight(
          this.page,
          grade,
          item.grade === null ? fonts.regular : fonts.bold,
          G.size,
          RIGHT - 6,
          rowTop - 12,
          item.grade === null ? MUTED : INK,
        );
        this.page.drawLine({
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
    const page = this.page;
    const top = this.y;
    page.drawRectangle({
      x: MARGIN,
      y: top - S.height,
      width: CONTENT,
      height: S.height,
      borderColor: LINE,
      borderWidth: 0.8,
    });

    // Left third: final grade and PASS/FAIL.
    const col = CONTENT / 3;
    this.label(labels.report.finalGrade, MARGIN + 12, top - 18, col - 24);
    page.drawText(formatScore(d.final, locale), {
      x: MARGIN + 12,
      y: top - 48,
      size: 26,
      font: fonts.bold,
      color: INK,
    });
    this.label(labels.report.result, MARGIN + 12, top - 70, col - 24);
    const result = resultLabel(d.result, labels);
    const resultFit = fitText(result, fonts.bold, col - 40, 13, 7);
    const resultWidth = fonts.bold.widthOfTextAtSize(resultFit.lines[0], resultFit.size);
    const color = d.result === "PASS" ? PASS_COLOR : FAIL_COLOR;
    page.drawRectangle({ x: MARGIN + 12, y: top - 98, width: resultWidth + 16, height: 22, color });
    page.drawText(resultFit.lines[0], {
      x: MARGIN + 20,
      y: top - 91,
      size: resultFit.size,
      font: fonts.bold,
      color: rgb(1, 1, 1),
    });

    // Right two thirds: band, exam and its modules, next level.
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
      page.drawText(fitted.lines[0], { x, y: y - 14, size: fitted.size, font: fonts.bold, color: INK });
    });
    this.y = top - S.height - 20;
  }

  drawSignature() {
    const { labels } = this.loc;
    const S = REPORT_LAYOUT.signature;
    if (this.y < S.lineY + 30) this.newPage();
    const x = RIGHT - S.width;
    this.page.drawLine({ start: { x, y: S.lineY }, end: { x: RIGHT, y: S.lineY }, thickness: 0.8, color: INK });
    const caption = this.d.professor ? `${labels.report.signature} · ${this.d.professor}` : labels.report.signature;
    const fitted = fitText(caption, this.fonts.regular, S.width, 8.5, 5.5);
    drawRight(this.page, fitted.lines[0], this.fonts.regular, fitted.size, RIGHT, S.lineY - 12, MUTED);
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
  const fonts = await embedFonts(doc, bytes);
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
  return doc.save();
}
