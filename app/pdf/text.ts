import { deflateSync } from "node:zlib";
import fontkit from "@pdf-lib/fontkit";
import {
  Cache,
  type Color,
  type PDFDocument,
  PDFFlateStream,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  type PDFPageDrawRectangleOptions,
  rgb,
} from "pdf-lib";
import { schoolInitial } from "~/modules/settings/settings";
import { INVISIBLE, type Run, type Script, scriptOf, visualRuns } from "./runs";

// Shared by the PDF layouts: the three fonts, glyph coverage, text fitting and
// the school's logo. Pure: the font bytes come from the caller
// (app/pdf/fonts.server.ts on the server, the same files in tests).

export interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
  display: Uint8Array;
  /** Noto Sans Arabic, regular and bold. */
  arabic: Uint8Array;
  arabicBold: Uint8Array;
  /** Noto Sans SC (simplified Chinese), regular and bold. */
  han: Uint8Array;
  hanBold: Uint8Array;
}

export type Style = "regular" | "bold" | "display";

/**
 * One style of text in one document: the Latin font (DejaVu, Latin, Greek,
 * Cyrillic), and the Arabic and Chinese fonts of the same weight when the
 * document has text in those scripts (embedded only then). Each run of text
 * is drawn in its script's font (app/pdf/runs.ts); `rtl` is the paragraph
 * direction, the reader's language's.
 */
export interface Face {
  latin: PDFFont;
  arabic: PDFFont | null;
  han: PDFFont | null;
  rtl: boolean;
  /** The script whose font prints a character the Latin font lacks. */
  fallback: (ch: string) => Script;
  /** The font files, by script. */
  files: Record<Script, Uint8Array>;
}

export interface Fonts {
  regular: Face;
  bold: Face;
  display: Face;
  rtl: boolean;
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
 * The fonts are parsed once per process (fontkit.create reads the tables of
 * 1.8 MB of TrueType: most of a certificate's CPU) and each document gets its
 * own view of them. Why a view and not the parsed font itself: fontkit keeps
 * one Glyph object per glyph id in the font (`_glyphs`), made with the code
 * points of whoever asked first, and pdf-lib writes a subset's ToUnicode map
 * (the text layer: copy, search, screen readers) from those code points. The
 * subsetter asks for the components of accented letters (é = e + ´) by id,
 * without code points; with one shared font, a later document that prints
 * that letter gets the code-point-less Glyph back and its text loses the
 * letter (the drawing stays right). The layout engine caches the font it was
 * made for too. So a view (Object.create over the parsed font) has its own
 * glyph cache and layout engine, and inherits the rest: the tables, parsed
 * lazily once into the parsed font (their getters are bound to it), and the
 * cmap lookup. tests/unit/pdf.test.ts and tests/integration/pdf.test.ts
 * make document after document in one process and read their text back.
 */
type FontkitFont = { hasGlyphForCodePoint(codePoint: number): boolean; _cmapProcessor: unknown };
// Keyed by the bytes' identity: the server reads the files once (fonts.server.ts).
const parsed = new WeakMap<Uint8Array, FontkitFont>();

function fontkitFont(bytes: Uint8Array): FontkitFont {
  let font = parsed.get(bytes);
  if (!font) {
    font = fontkit.create(bytes) as unknown as FontkitFont;
    // Made here, on the parsed font, so that every view shares it (it holds
    // only the cmap table). The layout engine is never made on the parsed
    // font: each view makes its own (fontkit's cached getter defines it on
    // the object it is read from).
    void font._cmapProcessor;
    parsed.set(bytes, font);
  }
  return font;
}

interface TTFSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(gid: number): number;
}

/**
 * fontkit's TrueType subset writes a short `loca` table (offsets / 2) when
 * the subset is small, without padding each glyph to an even length as that
 * format needs. DejaVu's glyphs all have even lengths; Noto Sans SC's do
 * not, and every glyph after an odd one came out broken (blank in a viewer).
 * So each glyph is padded to an even length here (a zero byte after a glyph's
 * data is allowed: offsets only need to point at each glyph's start).
 */
function evenGlyphs(subset: TTFSubset): TTFSubset {
  const add = subset._addGlyph;
  subset._addGlyph = function (this: TTFSubset, gid: number) {
    const index = add.call(this, gid);
    const data = this.glyf[index];
    if (data.length % 2 === 1) {
      // The same Buffer class as fontkit's (its bundled one), a zero byte longer.
      const padded = (data.constructor as typeof Buffer).alloc(data.length + 1);
      padded.set(data);
      this.glyf[index] = padded;
      this.offset += 1;
    }
    return index;
  };
  return subset;
}

/** A document's own view of a parsed font (see above). */
function fontView(bytes: Uint8Array) {
  const font = fontkitFont(bytes) as FontkitFont & { createSubset(): TTFSubset };
  const view = Object.create(font, { _glyphs: { value: {}, writable: true } }) as typeof font;
  view.createSubset = () => evenGlyphs(font.createSubset.call(view));
  return view;
}

/** What pdf-lib calls to parse a font it embeds: a fresh view over the font parsed once. */
const sharedFontkit = {
  ...fontkit,
  create: (bytes: Uint8Array) => fontView(bytes),
} as unknown as typeof fontkit;

/**
 * The document's font files and ToUnicode maps compressed by Node's zlib (C)
 * instead of pdf-lib's pako (JavaScript, several times slower, and a fresh
 * 300 KB of state for each stream): the same FlateDecode streams, made the way
 * pdf-lib's context.flateStream makes them (this document's context only).
 */
function nativeDeflate(doc: PDFDocument) {
  const context = doc.context;
  context.flateStream = (contents, dict = {}) =>
    context.stream(deflateSync(typeof contents === "string" ? Buffer.from(contents, "latin1") : contents), {
      ...dict,
      Filter: "FlateDecode",
    });
}

/**
 * Saves the document with its pages' content streams compressed by Node's
 * zlib as well (pdf-lib deflates them with pako when it writes them: a
 * certificate's pages cost more to compress than to draw). The same
 * FlateDecode streams; a stream's cache still empties when operators are
 * pushed onto it.
 */
export function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFFlateStream)) continue;
    const stream = object as unknown as { encode: boolean; contentsCache: Cache<Uint8Array> } & PDFFlateStream;
    if (stream.encode) stream.contentsCache = Cache.populatedBy(() => deflateSync(stream.getUnencodedContents()));
  }
  return doc.save();
}

/**
 * Arabic arrives shaped, as presentation forms (app/pdf/runs.ts): the font's
 * own substitutions stay off, above all ccmp, which would split a letter
 * with a hamza into glyphs other letters share, and lose which letter it was
 * in the text layer.
 */
const ARABIC_FEATURES = Object.fromEntries(
  ["ccmp", "locl", "isol", "init", "medi", "fina", "rlig", "liga", "clig", "calt", "mset"].map((f) => [f, false]),
);

/** The font files of a style, by script. */
function styleBytes(bytes: FontBytes, style: Style): Record<Script, Uint8Array> {
  return {
    latin: bytes[style],
    arabic: style === "regular" ? bytes.arabic : bytes.arabicBold,
    han: style === "regular" ? bytes.han : bytes.hanBold,
  };
}

/** A character the Latin font lacks goes to the first of the other fonts that has it. */
function fallbackOf(files: Record<Script, Uint8Array>) {
  return (ch: string): Script => {
    const cp = ch.codePointAt(0)!;
    for (const script of ["latin", "arabic", "han"] as const) {
      if (fontkitFont(files[script]).hasGlyphForCodePoint(cp)) return script;
    }
    return "latin";
  };
}

/**
 * The scripts whose fonts print some character of these texts in this style.
 * A document's labels are one long text, the same for every document in a
 * language: its answer is kept (per style's Latin font).
 */
const usedByText = new WeakMap<Uint8Array, Map<string, Set<Script>>>();
function scriptsUsed(texts: readonly string[], files: Record<Script, Uint8Array>): Set<Script> {
  let known = usedByText.get(files.latin);
  if (!known) usedByText.set(files.latin, (known = new Map()));
  const fallback = fallbackOf(files);
  const used = new Set<Script>(["latin"]);
  for (const text of texts) {
    let scripts = known.get(text);
    if (!scripts) {
      scripts = new Set();
      for (const ch of new Set(text)) {
        const script = scriptOf(ch);
        if (script === "latin") scripts.add(fallback(ch));
        else if (script) scripts.add(script);
      }
      // Only long texts (labels) are kept: names and codes change with every document.
      if (text.length > 200) known.set(text, scripts);
    }
    for (const script of scripts) used.add(script);
  }
  return used;
}

/**
 * Subset: only the glyphs used end up in the file. `texts` are all the texts the
 * document will draw: the Arabic and Chinese fonts are embedded only when
 * some of it needs them (a Latin-only document carries DejaVu alone).
 */
export async function embedFonts(
  doc: PDFDocument,
  bytes: FontBytes,
  { texts = [], rtl = false }: { texts?: readonly string[]; rtl?: boolean } = {},
): Promise<Fonts> {
  doc.registerFontkit(sharedFontkit);
  nativeDeflate(doc);
  const embedded = new Map<Uint8Array, Promise<PDFFont>>();
  const embed = (file: Uint8Array, features?: Record<string, boolean>) => {
    let font = embedded.get(file);
    if (!font) embedded.set(file, (font = doc.embedFont(file, { subset: true, features })));
    return font;
  };
  const face = async (style: Style): Promise<Face> => {
    const files = styleBytes(bytes, style);
    const used = scriptsUsed(texts, files);
    const [latin, arabic, han] = await Promise.all([
      embed(files.latin),
      used.has("arabic") ? embed(files.arabic, ARABIC_FEATURES) : null,
      used.has("han") ? embed(files.han) : null,
    ]);
    return { latin, arabic, han, rtl, fallback: fallbackOf(files), files };
  };
  const [regular, bold, display] = await Promise.all([face("regular"), face("bold"), face("display")]);
  return { regular, bold, display, rtl };
}

/** A text the fonts cannot print (e.g. a name in a script none of them has). */
export class UnprintableTextError extends Error {
  constructor(
    readonly text: string,
    readonly characters: string,
  ) {
    super(`The PDF fonts cannot print "${characters}" in "${text}".`);
    this.name = "UnprintableTextError";
  }
}

/** Whitespace and invisible marks need no glyph of their own. */
const NO_GLYPH_NEEDED = /[\s\u200b-\u200f\u202a-\u202e\u2060-\u2069\u061c\ufeff]/u;

/** Whether a style's fonts print this character (in its script's font, or any font for the rest). */
function printable(ch: string, files: Record<Script, Uint8Array>): boolean {
  const cp = ch.codePointAt(0)!;
  const script = scriptOf(ch);
  if (script === "arabic" || script === "han") return hasGlyph(files[script], cp);
  return hasGlyph(files.latin, cp) || hasGlyph(files.arabic, cp) || hasGlyph(files.han, cp);
}

/** Whether a font file has a glyph for a code point: kept per file (a cmap lookup each time was a certificate's 1.3 ms). */
const glyphsKept = new WeakMap<Uint8Array, Map<number, boolean>>();
function hasGlyph(file: Uint8Array, cp: number): boolean {
  let known = glyphsKept.get(file);
  if (!known) glyphsKept.set(file, (known = new Map()));
  let has = known.get(cp);
  if (has === undefined) {
    has = fontkitFont(file).hasGlyphForCodePoint(cp);
    if (known.size < MAX_KEPT) known.set(cp, has);
  }
  return has;
}

/** The distinct characters of `text` that some style (all three by default) cannot print. */
export function missingGlyphs(
  text: string,
  bytes: FontBytes,
  styles: readonly Style[] = ["regular", "bold", "display"],
): string {
  const missing = new Set<string>();
  const seen = new Set<string>();
  const files = styles.map((style) => styleBytes(bytes, style));
  for (const ch of text.normalize("NFC")) {
    // Each distinct character once.
    if (seen.has(ch)) continue;
    seen.add(ch);
    if (NO_GLYPH_NEEDED.test(ch) || INVISIBLE.test(ch)) continue;
    if (files.some((f) => !printable(ch, f))) missing.add(ch);
  }
  return [...missing].join("");
}

export function canPrint(text: string, bytes: FontBytes, styles?: readonly Style[]): boolean {
  return missingGlyphs(text, bytes, styles) === "";
}

/** Throws UnprintableTextError before anything is drawn. */
export function assertPrintable(text: string, bytes: FontBytes, styles?: readonly Style[]) {
  const missing = missingGlyphs(text, bytes, styles);
  if (missing) throw new UnprintableTextError(text, missing);
}

/** A run with the font that draws it and its width at 1000 points. */
interface PlacedRun extends Run {
  font: PDFFont;
  at1000: number;
}

/**
 * Kept per process, for the texts every document repeats (labels, school,
 * level): a line's runs, per style and direction (bidi and reshaping), and a
 * run's width at 1000 points, per font file (a full OpenType layout; fitting
 * a text tries sizes from the largest down). Both depend only on the text and
 * the font files, not on the document. Bounded: emptied past MAX_KEPT.
 */
const MAX_KEPT = 20_000;
const runsKept = new WeakMap<Uint8Array, [Map<string, Run[]>, Map<string, Run[]>]>();
const widthsKept = new WeakMap<Uint8Array, Map<string, number>>();

function kept<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    if (map.size >= MAX_KEPT) map.clear();
    map.set(key, (value = make()));
  }
  return value;
}

/** The runs of a line in this face, with their fonts and widths; per document, per text. */
const laidOut = new WeakMap<Face, Map<string, PlacedRun[]>>();
function runsOf(face: Face, text: string): PlacedRun[] {
  let known = laidOut.get(face);
  if (!known) laidOut.set(face, (known = new Map()));
  let runs = known.get(text);
  if (!runs) {
    let byDirection = runsKept.get(face.files.latin);
    if (!byDirection) runsKept.set(face.files.latin, (byDirection = [new Map(), new Map()]));
    const visual = kept(byDirection[face.rtl ? 1 : 0], text, () => visualRuns(text, face.rtl, face.fallback));
    runs = visual.map((run) => {
      // A script font is embedded whenever the document's text needs it (embedFonts).
      const script = face[run.script] ? run.script : "latin";
      const font = face[script]!;
      const file = face.files[script];
      let widths = widthsKept.get(file);
      if (!widths) widthsKept.set(file, (widths = new Map()));
      return { ...run, font, at1000: kept(widths, run.text, () => font.widthOfTextAtSize(run.text, 1000)) };
    });
    known.set(text, runs);
  }
  return runs;
}

/** The width of `text` at `size`: its runs' widths, as pdf-lib's font.widthOfTextAtSize gives each. */
export function textWidth(face: Face, text: string, size: number): number {
  let at1000 = 0;
  for (const run of runsOf(face, text)) at1000 += run.at1000;
  return at1000 * (size / 1000);
}

/** One line at (x, y), its runs left to right (the line's visual order). */
export function drawText(
  page: PDFPage,
  text: string,
  { x, y, size, face, color = INK }: { x: number; y: number; size: number; face: Face; color?: Color },
) {
  let at = x;
  for (const run of runsOf(face, text)) {
    page.drawText(run.text, { x: at, y, size, font: run.font, color });
    at += run.at1000 * (size / 1000);
  }
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
export function fitText(text: string, face: Face, maxWidth: number, maxSize: number, minSize: number): FittedText {
  const clean = text.normalize("NFC").replace(/\s+/g, " ").trim();
  for (let size = maxSize; size >= minSize; size -= 0.5) {
    if (textWidth(face, clean, size) <= maxWidth) return { size, lines: [clean] };
  }
  return { size: minSize, lines: wrapText(clean, face, minSize, maxWidth) };
}

/** Lines in logical order, cut on spaces (a word longer than the line is cut between characters). */
export function wrapText(text: string, face: Face, size: number, maxWidth: number): string[] {
  const fits = (s: string) => textWidth(face, s, size) <= maxWidth;
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
    let rest = Array.from(word);
    while (!fits(rest.join(""))) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut).join(""))) cut -= 1;
      lines.push(rest.slice(0, cut).join(""));
      rest = rest.slice(cut);
    }
    line = rest.join("");
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

/**
 * A page drawn in logical coordinates: `x` counts from the start edge of the
 * reader's language (the left, or the right in Arabic), so one layout serves
 * both directions and the page is mirrored for a right-to-left reader.
 * Text is drawn start-aligned, end-aligned or centred on such coordinates.
 */
export class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly rtl: boolean,
  ) {}

  get width() {
    return this.page.getWidth();
  }

  /** The page's x of a logical x (a point). */
  px(x: number) {
    return this.rtl ? this.width - x : x;
  }

  /** Starting at logical `x`. */
  text(text: string, face: Face, size: number, x: number, y: number, color: Color = INK) {
    const w = textWidth(face, text, size);
    drawText(this.page, text, { x: this.rtl ? this.width - x - w : x, y, size, face, color });
  }

  /** Ending at logical `end`. */
  textEnd(text: string, face: Face, size: number, end: number, y: number, color: Color = INK) {
    const w = textWidth(face, text, size);
    drawText(this.page, text, { x: this.rtl ? this.width - end : end - w, y, size, face, color });
  }

  /** Centred on `center` (a logical x). */
  textCentered(text: string, face: Face, size: number, center: number, y: number, color: Color = INK) {
    const w = textWidth(face, text, size);
    drawText(this.page, text, { x: this.px(center) - w / 2, y, size, face, color });
  }

  rect(options: { x: number; y: number; width: number; height: number } & PDFPageDrawRectangleOptions) {
    const x = this.rtl ? this.width - options.x - options.width : options.x;
    this.page.drawRectangle({ ...options, x });
  }

  line(options: Parameters<PDFPage["drawLine"]>[0]) {
    this.page.drawLine({
      ...options,
      start: { x: this.px(options.start.x), y: options.start.y },
      end: { x: this.px(options.end.x), y: options.end.y },
    });
  }

  /** The text fitted into a box (logical x), lines aligned to its start, end or centre; returns the height used. */
  fitted(
    text: string,
    face: Face,
    box: {
      x: number;
      y: number;
      width: number;
      maxSize: number;
      minSize: number;
      align?: "start" | "center" | "end";
      lineGap?: number;
    },
    color: Color = INK,
  ): number {
    const { size, lines } = fitText(text, face, box.width, box.maxSize, box.minSize);
    const leading = size * (box.lineGap ?? 1.2);
    lines.forEach((line, i) => {
      const y = box.y - i * leading;
      if (box.align === "center") this.textCentered(line, face, size, box.x + box.width / 2, y, color);
      else if (box.align === "end") this.textEnd(line, face, size, box.x + box.width, y, color);
      else this.text(line, face, size, box.x, y, color);
    });
    return lines.length * leading;
  }
}

/** The school's logo as stored (issue 15): only the types pdf-lib embeds. */
export interface SchoolLogo {
  bytes: Uint8Array;
  type: "png" | "jpg";
}

/** What stands for the school at the top of a document: its logo, or the initial of its name. */
export type LogoMark = { image: PDFImage } | { initial: string; face: Face };

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
  return { initial: schoolInitial(schoolName), face: fonts.bold };
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
  const width = textWidth(mark.face, mark.initial, textSize);
  const height = mark.face.latin.heightAtSize(textSize, { descender: false });
  drawText(page, mark.initial, {
    x: x + (size - width) / 2,
    y: y + (size - height) / 2,
    size: textSize,
    face: mark.face,
    color: rgb(1, 1, 1),
  });
}

// Intl formatters, made once per locale (making one costs more than a page's drawing).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const scoreFormats = new Map<string, Intl.NumberFormat>();
const countFormats = new Map<string, Intl.NumberFormat>();
function formatter<F>(cache: Map<string, F>, locale: string, make: () => F): F {
  let f = cache.get(locale);
  if (!f) cache.set(locale, (f = make()));
  return f;
}

/** "2026-01-05" as a date in the label language (the date itself, no time zone shift). */
export function formatDay(day: string, locale: string): string {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return day;
  return formatter(
    dateFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }),
  ).format(new Date(Date.UTC(y, m - 1, d)));
}

export function formatScore(n: number | null, locale: string, empty = "—"): string {
  if (n === null || n === undefined || Number.isNaN(n)) return empty;
  return formatter(
    scoreFormats,
    locale,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(n);
}

export function formatCount(n: number, locale: string): string {
  return formatter(countFormats, locale, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })).format(n);
}

/**
 * {{name}} placeholders of a label filled in (labels arrive already
 * translated). Each value is a bidirectional isolate (FSI … PDI, drawn as
 * nothing): a code like "B1+" or a Latin name keeps its own order inside an
 * Arabic sentence, and an Arabic name inside a Latin one.
 */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => `\u2068${values[k] ?? ""}\u2069`);
}
