import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  decodePDFRawStream,
} from "pdf-lib";

// A small text extractor for the PDFs pdf-lib writes (Type0 fonts with a
// ToUnicode map, text shown with hex strings and Tj): enough for tests to
// read back what a page says, without a PDF renderer.

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return Buffer.from(bytes).toString("latin1");
}

function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

/** glyph code (hex, upper case) → text, from a ToUnicode CMap. */
function parseCmap(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(m[1].toUpperCase(), utf16(m[2]));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)/g)) {
      const width = m[1].length;
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      const key = (n: number) => n.toString(16).toUpperCase().padStart(width, "0");
      if (m[3].startsWith("[")) {
        const dsts = [...m[3].matchAll(/<([0-9A-Fa-f]+)>/g)].map((d) => d[1]);
        for (let n = lo; n <= hi; n++) map.set(key(n), utf16(dsts[n - lo] ?? ""));
      } else {
        const start = m[3].slice(1, -1);
        const base = parseInt(start.slice(-4), 16);
        const prefix = start.slice(0, -4);
        for (let n = lo; n <= hi; n++) map.set(key(n), utf16(prefix + (base + n - lo).toString(16).padStart(4, "0")));
      }
    }
  }
  return map;
}

// pdf-lib's object classes have non-public constructors: match on the prototype.
function lookup<T extends object>(doc: PDFDocument, obj: unknown, type: { prototype: T }): T | undefined {
  const value = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  return value !== null && typeof value === "object" && type.prototype.isPrototypeOf(value) ? (value as T) : undefined;
}

/** The text of each page, one string per page, text objects joined by newlines. */
export function pageTexts(doc: PDFDocument): string[] {
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Map<string, string>>();
    const resources = page.node.Resources();
    const fontDict = resources ? lookup(doc, resources.get(PDFName.of("Font")), PDFDict) : undefined;
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = lookup(doc, ref, PDFDict);
      const cmap = font ? lookup(doc, font.get(PDFName.of("ToUnicode")), PDFStream) : undefined;
      fonts.set(name.asString().slice(1), cmap ? parseCmap(streamText(cmap)) : new Map());
    }
    const contents = page.node.get(PDFName.of("Contents"));
    const streams: PDFStream[] = [];
    const direct = lookup(doc, contents, PDFStream);
    if (direct) streams.push(direct);
    const array = lookup(doc, contents, PDFArray);
    if (array) for (let i = 0; i < array.size(); i++) streams.push(doc.context.lookup(array.get(i), PDFStream));

    const out: string[] = [];
    let current = new Map<string, string>();
    for (const stream of streams) {
      const ops = streamText(stream);
      for (const m of ops.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (m[1]) current = fonts.get(m[1]) ?? new Map();
        else {
          const hex = m[2].toUpperCase();
          let text = "";
          for (let i = 0; i + 4 <= hex.length; i += 4) text += current.get(hex.slice(i, i + 4)) ?? "\ufffd";
          out.push(text);
        }
      }
    }
    return out.join("\n");
  });
}
