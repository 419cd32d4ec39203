import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// The text of a PDF as a PDF viewer reads it (pdf.js, Mozilla's renderer,
// the one in Firefox), in logical order: pdf.js gives each piece of text
// (a run of one font and direction) in logical order; the pieces of a line
// are read from the start edge of the document's direction (right to left
// for Arabic), and presentation forms are normalised (NFKC) to letters, as a
// viewer does when text is copied. One string per page, lines top to bottom.

interface Item {
  str: string;
  dir: string;
  transform: number[];
  width: number;
  hasEOL: boolean;
}

/** A piece of text and where it lies on the page (points from the left edge). */
export interface Piece {
  text: string;
  left: number;
  right: number;
}

/** Every piece of text of the first page. */
export async function pdfjsPieces(bytes: Uint8Array): Promise<Piece[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  const pieces = (content.items as Item[])
    .filter((i) => "str" in i && i.str !== "")
    .map((i) => ({ text: i.str.normalize("NFKC"), left: i.transform[4], right: i.transform[4] + i.width }));
  await doc.destroy();
  return pieces;
}

export async function pdfjsPageTexts(bytes: Uint8Array, rtl = false): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const items = (content.items as Item[]).filter((i) => "str" in i && i.str !== "");
    // Lines by baseline (rounded), top to bottom; the pieces of a line left to right.
    const lines = new Map<number, Item[]>();
    for (const item of items) {
      const y = Math.round(item.transform[5]);
      const line = lines.get(y) ?? [];
      line.push(item);
      lines.set(y, line);
    }
    const text = [...lines.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([, line]) =>
        line
          .sort((a, b) => (rtl ? b.transform[4] - a.transform[4] : a.transform[4] - b.transform[4]))
          .map((i) => i.str)
          .join(""),
      )
      .join("\n");
    pages.push(text.normalize("NFKC"));
  }
  await doc.destroy();
  return pages;
}
