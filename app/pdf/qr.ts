import { type PDFPage, fill, popGraphicsState, pushGraphicsState, rectangle, setFillingRgbColor } from "pdf-lib";
import QRCode from "qrcode";

// The certificate's QR code (issue 21, ADR 048): the `qrcode` package's
// module matrix (error correction M, which survives a crease or a stain),
// drawn as vector squares, so it prints sharp at any size and needs no image.

/** The dark modules of the QR code of `text`: size × size, row by row from the top. */
export function qrMatrix(text: string): { size: number; dark: (row: number, col: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) };
}

/**
 * Draws the QR code of `text` with its top-left corner at (x, y + size)
 * (pdf-lib's y grows upwards): one rectangle per run of dark modules in a row,
 * all of them one path filled once (issue 18: a drawRectangle per run, with
 * its own graphics state and checks, was half of a certificate's drawing).
 * Never mirrored, whatever the page's direction (a mirrored code may not scan).
 */
export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = qrMatrix(text);
  const cell = size / qr.size;
  const operators = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < qr.size; row++) {
    let col = 0;
    while (col < qr.size) {
      if (!qr.dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.dark(row, col)) col++;
      operators.push(rectangle(x + start * cell, y + size - (row + 1) * cell, (col - start) * cell, cell));
    }
  }
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}
