import { PDFArray, PDFDocument, type PDFRawStream, type PDFRef, decodePDFRawStream } from "pdf-lib";
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_LAYOUT, certificatePdf } from "~/pdf/certificate";
import { loadFontBytes } from "~/pdf/fonts.server";
import { type PdfLocale, resultWords } from "~/pdf/labels";
import { type FontBytes } from "~/pdf/text";
import arCommon from "../../public/locales/ar/common.json";
import ar from "../../public/locales/ar/pdf.json";
import { CERTIFICATE } from "../../scripts/lib/pdf-samples";
import { pdfjsPageTexts } from "./pdfjs-text";

// Issue 21 (ADR 048): the certificate carries its verification code and the QR
// code of the absolute verification URL. The squares drawn on the page are
// read back from the PDF's content stream and compared, module by module, with
// the QR code the `qrcode` package makes of the URL (error correction M).

let fonts: FontBytes;
beforeAll(async () => {
  fonts = await loadFontBytes();
});

const ARABIC: PdfLocale = { labels: { ...ar, results: resultWords(arCommon.grading) }, locale: "ar", rtl: true };

/** Every rectangle of the black filled paths of page 1: its page x, y (bottom-left) and size. */
async function blackRectangles(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  const text = refs
    .map((r) => doc.context.lookup(r as PDFRef) as PDFRawStream)
    .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString("latin1"))
    .join("\n");
  const num = String.raw`(-?[\d.]+)`;
  const rect = new RegExp(String.raw`${num} ${num} ${num} ${num} re`, "g");
  // q, black fill, one or more rectangles, f, Q: the QR code's path.
  const block = new RegExp(String.raw`q\s+0 0 0 rg\s+((?:-?[\d.]+ -?[\d.]+ -?[\d.]+ -?[\d.]+ re\s+)+)f\s+Q`, "g");
  return [...text.matchAll(block)].flatMap((b) =>
    [...b[1].matchAll(rect)].map((m) => ({ x: +m[1], y: +m[2], width: +m[3], height: +m[4] })),
  );
}

/** The module grid the rectangles cover, in the QR area of the layout, row by row from the top. */
function gridOf(rects: { x: number; y: number; width: number; height: number }[], left: number, size: number) {
  const { qrY, qrSize } = CERTIFICATE_LAYOUT.verify;
  const cell = qrSize / size;
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const r of rects) {
    if (r.x < left - 0.01 || r.x > left + qrSize || r.y < qrY - 0.01 || r.y > qrY + qrSize) continue;
    const row = Math.round((qrY + qrSize - r.y - r.height) / cell);
    const first = Math.round((r.x - left) / cell);
    const count = Math.round(r.width / cell);
    for (let col = first; col < first + count; col++) grid[row][col] = true;
  }
  return grid;
}

function expectedGrid(url: string) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  return {
    size: modules.size,
    grid: Array.from({ length: modules.size }, (_, row) =>
      Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
    ),
  };
}

describe("the certificate's verification code and QR code", () => {
  it("draws the QR code of the verification URL, module for module", async () => {
    const bytes = await certificatePdf([CERTIFICATE], fonts);
    const expected = expectedGrid(CERTIFICATE.verifyUrl);
    const drawn = gridOf(await blackRectangles(bytes), CERTIFICATE_LAYOUT.verify.qrX, expected.size);
    expect(drawn).toEqual(expected.grid);
    // The three finder patterns are where a reader looks for them.
    for (const [r, c] of [
      [0, 0],
      [0, expected.size - 7],
      [expected.size - 7, 0],
    ])
      expect(drawn[r][c] && drawn[r + 6][c + 6] && !drawn[r + 1][c + 1] && drawn[r + 2][c + 2]).toBe(true);
  });

  it("a different URL draws a different code (the test reads what is drawn)", async () => {
    const other = { ...CERTIFICATE, verifyUrl: "https://school.example/certificates/verify/ZZZZ-ZZZZ-ZZZZ" };
    const bytes = await certificatePdf([other], fonts);
    const expected = expectedGrid(CERTIFICATE.verifyUrl);
    const drawn = gridOf(await blackRectangles(bytes), CERTIFICATE_LAYOUT.verify.qrX, expected.size);
    expect(drawn).not.toEqual(expected.grid);
    expect(drawn).toEqual(expectedGrid(other.verifyUrl).grid);
  });

  it("prints the code and the URL, in English and in Arabic", async () => {
    const [en] = await pdfjsPageTexts(await certificatePdf([CERTIFICATE], fonts));
    expect(en).toContain(`Verification code: ${CERTIFICATE.code}`);
    expect(en).toContain(CERTIFICATE.verifyUrl);
    const [arabic] = await pdfjsPageTexts(await certificatePdf([CERTIFICATE], fonts, ARABIC), true);
    expect(arabic).toContain(CERTIFICATE.code);
    expect(arabic).toContain(CERTIFICATE.verifyUrl);
  });

  it("is not mirrored on a right-to-left page: the same modules, in the start (right) corner", async () => {
    const bytes = await certificatePdf([CERTIFICATE], fonts, ARABIC);
    const { qrX, qrSize } = CERTIFICATE_LAYOUT.verify;
    const expected = expectedGrid(CERTIFICATE.verifyUrl);
    const left = 841.89 - qrX - qrSize;
    expect(gridOf(await blackRectangles(bytes), left, expected.size)).toEqual(expected.grid);
  });
});
