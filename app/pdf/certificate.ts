import { PDFDocument, rgb } from "pdf-lib";
import { NOT_REPORTED } from "~/modules/grades/grading";
import { ENGLISH, type PdfLocale, allLabelText } from "./labels";
import { drawQr } from "./qr";
import {
  A4_LANDSCAPE,
  type FontBytes,
  type Fonts,
  INK,
  LINE,
  MUTED,
  PRIMARY,
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
  formatDay,
  formatScore,
} from "./text";

// The certificate of a passing student: A4 landscape, fixed coordinates
// (points from the bottom-left corner). Pure: plain data in, PDF bytes out.

export interface CertificateData {
  schoolName: string;
  /** Where it is issued (the school's city). */
  place: string;
  /** YYYY-MM-DD, stored with the number: a reprint shows the same date. */
  issuedOn: string;
  number: string;
  /** The verification code (ABCD-EFGH-JKMN) and the absolute URL its QR code holds (ADR 048). */
  code: string;
  verifyUrl: string;
  studentName: string;
  level: string;
  /** Pre-A1, A1, A2, B1, B2; null for levels outside the CEFR (private classes). */
  cefr: string | null;
  courseCode: string;
  startDate: string;
  endDate: string;
  final: number;
  band: string;
  exam: string | null;
  professor: string | null;
}

const [WIDTH, HEIGHT] = A4_LANDSCAPE;
const CENTER = WIDTH / 2;
/** Text boxes are centred and this wide, well inside the inner frame. */
const TEXT_WIDTH = 660;

export const CERTIFICATE_LAYOUT = {
  frame: { outer: 22, inner: 32 },
  logo: { y: 500, size: 46 },
  school: { y: 478, maxSize: 17, minSize: 10 },
  title: { y: 428, size: 36 },
  subtitle: { y: 404, size: 14 },
  certify: { y: 372, size: 13 },
  /** The name's block is centred on this baseline; one or two lines. */
  name: { y: 326, maxSize: 38, minSize: 20, underlineY: 298 },
  completed: { y: 272, size: 13 },
  level: { y: 244, maxSize: 21, minSize: 12 },
  course: { y: 218, maxSize: 11.5, minSize: 8 },
  results: {
    labelY: 184,
    valueY: 164,
    columns: [-220, 0, 220],
    width: 200,
    labelSize: 9,
    valueMaxSize: 15,
    valueMinSize: 9,
  },
  issued: { y: 130, maxSize: 11, minSize: 8 },
  signatures: { lineY: 86, halfWidth: 105, centers: [CENTER - 200, CENTER + 200], nameY: 72, roleY: 60 },
  number: { y: 42, right: WIDTH - 48, size: 9 },
  /** Bottom corner at the start side: the QR code, the code and the URL beside it. */
  verify: { qrX: 42, qrY: 38, qrSize: 66, textX: 116, codeY: 50, urlY: 40, size: 8 },
} as const;

/** The texts of a certificate that come from people (the labels are checked by the caller). */
function dataTexts(d: CertificateData) {
  return [
    d.schoolName,
    d.place,
    d.studentName,
    d.level,
    d.courseCode,
    d.band,
    d.professor ?? "",
    d.number,
    d.code,
    d.verifyUrl,
  ];
}

/** Refuses (UnprintableTextError) before drawing anything the fonts cannot print. */
export function checkCertificate(d: CertificateData, bytes: FontBytes) {
  for (const text of dataTexts(d)) assertPrintable(text, bytes, ["regular", "bold"]);
  assertPrintable(d.studentName, bytes, ["display"]);
}

function drawCertificatePage(
  sheet: Sheet,
  fonts: Fonts,
  mark: LogoMark,
  d: CertificateData,
  { labels, locale }: PdfLocale,
) {
  const L = CERTIFICATE_LAYOUT;
  const c = labels.certificate;
  const page = sheet.page;

  // Frame: a thick violet border and a thin one inside it.
  page.drawRectangle({
    x: L.frame.outer,
    y: L.frame.outer,
    width: WIDTH - 2 * L.frame.outer,
    height: HEIGHT - 2 * L.frame.outer,
    borderColor: PRIMARY,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: L.frame.inner,
    y: L.frame.inner,
    width: WIDTH - 2 * L.frame.inner,
    height: HEIGHT - 2 * L.frame.inner,
    borderColor: LINE,
    borderWidth: 0.8,
  });

  drawLogo(page, CENTER - L.logo.size / 2, L.logo.y, L.logo.size, mark);
  sheet.fitted(d.schoolName, fonts.bold, {
    x: CENTER - TEXT_WIDTH / 2,
    y: L.school.y,
    width: TEXT_WIDTH,
    maxSize: L.school.maxSize,
    minSize: L.school.minSize,
    align: "center",
  });

  sheet.textCentered(c.title.toLocaleUpperCase(locale), fonts.bold, L.title.size, CENTER, L.title.y, PRIMARY);
  sheet.textCentered(c.subtitle, fonts.regular, L.subtitle.size, CENTER, L.subtitle.y, MUTED);
  sheet.textCentered(c.certify, fonts.regular, L.certify.size, CENTER, L.certify.y, INK);

  // The name: shrinks to fit, wraps to two lines at the smallest size.
  const name = fitText(d.studentName, fonts.display, TEXT_WIDTH, L.name.maxSize, L.name.minSize);
  const lines = name.lines.slice(0, 2);
  const leading = name.size * 1.15;
  const firstY = L.name.y + ((lines.length - 1) * leading) / 2;
  lines.forEach((line, i) => sheet.textCentered(line, fonts.display, name.size, CENTER, firstY - i * leading, INK));
  page.drawLine({
    start: { x: CENTER - 250, y: L.name.underlineY },
    end: { x: CENTER + 250, y: L.name.underlineY },
    thickness: 0.8,
    color: LINE,
  });

  sheet.textCentered(c.completed, fonts.regular, L.completed.size, CENTER, L.completed.y, INK);
  const level = d.cefr ? fill(c.level, { level: d.level, band: d.cefr }) : d.level;
  sheet.fitted(
    level,
    fonts.bold,
    {
      x: CENTER - TEXT_WIDTH / 2,
      y: L.level.y,
      width: TEXT_WIDTH,
      maxSize: L.level.maxSize,
      minSize: L.level.minSize,
      align: "center",
    },
    PRIMARY,
  );
  const course = fill(c.course, {
    code: d.courseCode,
    start: formatDay(d.startDate, locale),
    end: formatDay(d.endDate, locale),
  });
  sheet.fitted(
    course,
    fonts.regular,
    {
      x: CENTER - TEXT_WIDTH / 2,
      y: L.course.y,
      width: TEXT_WIDTH,
      maxSize: L.course.maxSize,
      minSize: L.course.minSize,
      align: "center",
    },
    MUTED,
  );

  const band = d.band === NOT_REPORTED ? labels.results.notReported : d.band;
  const results: [string, string][] = [
    [c.finalGrade, formatScore(d.final, locale)],
    [c.band, band],
    [c.exam, d.exam ?? c.noExam],
  ];
  results.forEach(([label, value], i) => {
    const x = CENTER + L.results.columns[i];
    sheet.textCentered(label.toLocaleUpperCase(locale), fonts.regular, L.results.labelSize, x, L.results.labelY, MUTED);
    const fitted = fitText(value, fonts.bold, L.results.width, L.results.valueMaxSize, L.results.valueMinSize);
    sheet.textCentered(fitted.lines[0], fonts.bold, fitted.size, x, L.results.valueY, INK);
  });

  const issued = fill(c.issued, { place: d.place, date: formatDay(d.issuedOn, locale) });
  sheet.fitted(issued, fonts.regular, {
    x: CENTER - TEXT_WIDTH / 2,
    y: L.issued.y,
    width: TEXT_WIDTH,
    maxSize: L.issued.maxSize,
    minSize: L.issued.minSize,
    align: "center",
  });

  const signers: [string, string][] = [
    [d.professor ?? "", c.professor],
    ["", c.director],
  ];
  signers.forEach(([who, role], i) => {
    const x = L.signatures.centers[i];
    sheet.line({
      start: { x: x - L.signatures.halfWidth, y: L.signatures.lineY },
      end: { x: x + L.signatures.halfWidth, y: L.signatures.lineY },
      thickness: 0.8,
      color: INK,
    });
    if (who) {
      const fitted = fitText(who, fonts.bold, 2 * L.signatures.halfWidth, 10, 7);
      sheet.textCentered(fitted.lines[0], fonts.bold, fitted.size, x, L.signatures.nameY, INK);
    }
    sheet.textCentered(role, fonts.regular, 9, x, who ? L.signatures.roleY : L.signatures.nameY, MUTED);
  });

  const number = fill(c.number, { number: d.number });
  sheet.textEnd(number, fonts.regular, L.number.size, L.number.right, L.number.y, rgb(0.3, 0.32, 0.38));

  // Anyone can check it: the QR code of the verification URL, the code and the URL beside it.
  const V = L.verify;
  drawQr(page, d.verifyUrl, sheet.rtl ? WIDTH - V.qrX - V.qrSize : V.qrX, V.qrY, V.qrSize);
  sheet.text(fill(c.verifyCode, { code: d.code }), fonts.bold, V.size, V.textX, V.codeY, INK);
  sheet.text(fill(c.verifyAt, { url: d.verifyUrl }), fonts.regular, V.size, V.textX, V.urlY, MUTED);
}

/** One page per certificate (a course's batch is one PDF); the school's logo, or its initial without one. */
export async function certificatePdf(
  certificates: readonly CertificateData[],
  bytes: FontBytes,
  locale: PdfLocale = ENGLISH,
  logo: SchoolLogo | null = null,
): Promise<Uint8Array> {
  for (const d of certificates) checkCertificate(d, bytes);
  const doc = await PDFDocument.create();
  const texts = [allLabelText(locale.labels), ...certificates.flatMap(dataTexts)];
  const fonts = await embedFonts(doc, bytes, { texts, rtl: locale.rtl });
  const mark = await embedLogo(doc, logo, certificates[0]?.schoolName ?? "", fonts);
  doc.setTitle(
    certificates.length === 1
      ? `${locale.labels.certificate.title} — ${certificates[0].studentName}`
      : locale.labels.certificate.title,
  );
  doc.setCreator(certificates[0]?.schoolName ?? "");
  doc.setProducer("pdf-lib");
  for (const d of certificates) {
    drawCertificatePage(new Sheet(doc.addPage(A4_LANDSCAPE), fonts.rtl), fonts, mark, d, locale);
  }
  return savePdf(doc);
}
