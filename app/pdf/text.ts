import fontkit from "@pdf-lib/fontkit";
import { type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { schoolInitial } from "~/modules/settings/settings";

// Shared by the PDF layouts: the three fonts, glyph coverage, text fitting and
// the school's logo. Pure: the font bytes come from the caller
// (app/pdf/fonts.server.ts on the server, the same files in tests).

export interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
  display: Uint8Array;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  display: PDFFont;
}

export const A4_PORTRAIT: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];

export const INK = rgb(0.12, 0.14, 0.2);
export const MUTED = rgb(0.38, 0.41, 0.48);
export const PRIMARY = rgb(0x73 / 255, 0x66 / 255, 0xff / 255);
export const ACCENT = rgb(0xf7 / 255, 0x31 / 255, 0x64 / 255);
export const LINE = rgb(0.82, 0.84, 0.88);
export const PASS_COLOR = rgb(0.05, 0.5, 0.25);
export const FAIL_COLOR = rgb(0.75, 0.1, 0.15);

/**
 * Subset: only the glyphs used end up in the file. Each document parses the
 * fonts afresh: a fontkit font shared between documents' subsets loses
 * glyphs in the second document's text layer (tests/unit/pdf.test.ts).
 */
export async function embedFonts(doc: PDFDocument, bytes: FontBytes): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const [regular, bold, display] = await Promise.all([
    doc.embedFont(bytes.regular, { subset: true }),
    doc.embedFont(bytes.bold, { subset: true }),
    doc.embedFont(bytes.display, { subset: true }),
  ]);
  return { regular, bold, display };
}

/** A text the fonts cannot print (e.g. a name in Chinese characters). */
export class UnprintableTextError extends Error {
  constructor(
    readonly text: string,
    readonly characters: string,
  ) {
    super(`The PDF fonts cannot print "${characters}" in "${text}".`);
    this.name = "UnprintableTextError";
  }
}

type FontkitFont = { hasGlyphForCodePoint(codePoint: number): boolean };
// Keyed by the bytes' identity: the server reads the files once (fonts.server.ts).
const parsed = new WeakMap<Uint8Array, FontkitFont>();

function fontkitFont(bytes: Uint8Array): FontkitFont {
  let font = parsed.get(bytes);
  if (!font) {
    font = fontkit.create(bytes) as unknown as FontkitFont;
    parsed.set(bytes, font);
  }
  return font;
}

/** Whitespace and invisible marks need no glyph of their own. */
const NO_GLYPH_NEEDED = /[\s\u200b-\u200d\u2060\ufeff]/u;

/** The distinct characters of `text` that some of `fonts` has no glyph for. */
export function missingGlyphs(text: string, ...fonts: Uint8Array[]): string {
  const missing = new Set<string>();
  for (const ch of text.normalize("NFC")) {
    if (NO_GLYPH_NEEDED.test(ch)) continue;
    const cp = ch.codePointAt(0)!;
    if (fonts.some((f) => !fontkitFont(f).hasGlyphForCodePoint(cp))) missing.add(ch);
  }
  return [...missing].join("");
}

export function canPrint(text: string, ...fonts: Uint8Array[]): boolean {
  return missingGlyphs(text, ...fonts) === "";
}

/** Throws UnprintableTextError before anything is drawn. */
export function assertPrintable(text: string, ...fonts: Uint8Array[]) {
  const missing = missingGlyphs(text, ...fonts);
  if (missing) throw new UnprintableTextError(text, missing);
}

export interface FittedText {
  size: number;
  lines: string[];
}

/**
 * The largest size from maxSize down to minSize (half-point steps) at which
 * the text fits on one line of maxWidth; below that, wrapped at minSize on
 * word boundaries (a word longer than the line is cut).
 */
export function fitText(text: string, font: PDFFont, maxWidth: number, maxSize: number, minSize: number): FittedText {
  const clean = text.normalize("NFC").replace(/\s+/g, " ").trim();
  for (let size = maxSize; size >= minSize; size -= 0.5) {
    if (font.widthOfTextAtSize(clean, size) <= maxWidth) return { size, lines: [clean] };
  }
  return { size: minSize, lines: wrapText(clean, font, minSize, maxWidth) };
}

export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= maxWidth;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

/** The text fitted into a box; lines centred on `centerX` or starting at `x`; returns the height used. */
export function drawFitted(
  page: PDFPage,
  text: string,
  font: PDFFont,
  box: {
    x: number;
    y: number;
    width: number;
    maxSize: number;
    minSize: number;
    align?: "left" | "center" | "right";
    lineGap?: number;
  },
  color = INK,
): number {
  const { size, lines } = fitText(text, font, box.width, box.maxSize, box.minSize);
  const leading = size * (box.lineGap ?? 1.2);
  lines.forEach((line, i) => {
    const w = font.widthOfTextAtSize(line, size);
    const x =
      box.align === "center" ? box.x + (box.width - w) / 2 : box.align === "right" ? box.x + box.width - w : box.x;
    page.drawText(line, { x, y: box.y - i * leading, size, font, color });
  });
  return lines.length * leading;
}

export function drawRight(
  page: PDFPage,
  text: string,
  font: PDFFont,
  size: number,
  right: number,
  y: number,
  color = INK,
) {
  page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y, size, font, color });
}

export function drawCentered(
  page: PDFPage,
  text: string,
  font: PDFFont,
  size: number,
  centerX: number,
  y: number,
  color = INK,
) {
  page.drawText(text, { x: centerX - font.widthOfTextAtSize(text, size) / 2, y, size, font, color });
}

/** The school's logo as stored (issue 15): only the types pdf-lib embeds. */
export interface SchoolLogo {
  bytes: Uint8Array;
  type: "png" | "jpg";
}

/** What stands for the school at the top of a document: its logo, or the initial of its name. */
export type LogoMark = { image: PDFImage } | { initial: string; font: PDFFont };

/** The logo as a PDF image (throws when pdf-lib cannot read it). */
export async function embedLogoImage(doc: PDFDocument, logo: SchoolLogo): Promise<PDFImage> {
  // A copy: pdf-lib reads a JPEG through its whole ArrayBuffer and ignores the
  // view's offset, which a small Node Buffer (a slice of a shared pool) has.
  const bytes = new Uint8Array(logo.bytes);
  return logo.type === "png" ? doc.embedPng(bytes) : doc.embedJpg(bytes);
}

/** Embedded once per document, drawn on every page. */
export async function embedLogo(
  doc: PDFDocument,
  logo: SchoolLogo | null | undefined,
  schoolName: string,
  fonts: Fonts,
): Promise<LogoMark> {
  if (logo) return { image: await embedLogoImage(doc, logo) };
  return { initial: schoolInitial(schoolName), font: fonts.bold };
}

/**
 * The mark in a size × size box whose bottom-left corner is (x, y): the logo
 * scaled to fit and centred, or (like the app's header without a logo) the
 * initial, white on a rounded violet square. The initial comes from the
 * school's name, which the caller has checked the fonts print.
 */
export function drawLogo(page: PDFPage, x: number, y: number, size: number, mark: LogoMark) {
  if ("image" in mark) {
    const fitted = mark.image.scaleToFit(size, size);
    page.drawImage(mark.image, {
      x: x + (size - fitted.width) / 2,
      y: y + (size - fitted.height) / 2,
      width: fitted.width,
      height: fitted.height,
    });
    return;
  }
  const scale = size / 32;
  page.drawSvgPath("M6 0H26A6 6 0 0 1 32 6V26A6 6 0 0 1 26 32H6A6 6 0 0 1 0 26V6A6 6 0 0 1 6 0Z", {
    x,
    y: y + size,
    scale,
    color: PRIMARY,
  });
  if (!mark.initial) return;
  const textSize = size * 0.55;
  const width = mark.font.widthOfTextAtSize(mark.initial, textSize);
  const height = mark.font.heightAtSize(textSize, { descender: false });
  page.drawText(mark.initial, {
    x: x + (size - width) / 2,
    y: y + (size - height) / 2,
    size: textSize,
    font: mark.font,
    color: rgb(1, 1, 1),
  });
}

/** "2026-01-05" as a date in the label language (the date itself, no time zone shift). */
export function formatDay(day: string, locale: string): string {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

export function formatScore(n: number | null, locale: string, empty = "—"): string {
  if (n === null || n === undefined || Number.isNaN(n)) return empty;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

export function formatCount(n: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
}

/** {{name}} placeholders of a label filled in (labels arrive already translated). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => values[k] ?? "");
}
