import reshaper from "arabic-persian-reshaper";
import bidiFactory from "bidi-js";

// A line of text as the PDF draws it: cut into runs by font (the script of
// each character picks the font) and put in visual order by the Unicode
// bidirectional algorithm (bidi-js). Pure: no pdf-lib, no font files.
//
// How a run is handed to pdf-lib: pdf-lib lays out every string with
// fontkit (font.layout), which returns the glyphs of a right-to-left script
// (any string with an Arabic character) reversed, and whose own Arabic
// shaper picks contextual glyphs that several letters share (Noto draws
// beh, teh, noon and yeh from one dotless glyph plus dot marks), so a
// PDF's text layer (ToUnicode) could not say which letter was printed.
// So a run of Arabic letters is shaped here, into the Unicode presentation
// forms (one code point, and one glyph, per letter and position: initial,
// medial, final, isolated, and the lam-alef ligatures) by
// arabic-persian-reshaper, and handed over in logical order: fontkit
// reverses it. Copying, searching and screen readers get the letters back
// (presentation forms normalise, NFKC, to the plain letters). A left-to-right
// run that fontkit would take for right-to-left (Arabic-Indic digits) is
// reversed here so that fontkit's reversal puts it back; any other
// right-to-left run (spaces, punctuation between Arabic words) is reversed
// here, its paired brackets mirrored; a left-to-right run goes as it is.

/** Which of a face's fonts prints a character. */
export type Script = "latin" | "arabic" | "han";

export interface Run {
  script: Script;
  /** What to give pdf-lib's drawText for this run. */
  text: string;
}

const bidi = bidiFactory();
// A CommonJS module: its default export is module.exports (Node's ESM loader finds no named export in it).
const { ArabicShaper } = reshaper;

const ARABIC = /\p{Script=Arabic}/u;
const HAN = /[\p{Script=Han}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
/** Bidi controls and invisible marks: they steer the order, and draw nothing. */
export const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\u061c\ufeff]/u;
const SPACE = /\s/u;
/** A combining mark (a shadda, an accent) goes with the letter before it. */
const MARK = /\p{M}/u;

/** The font a character asks for by its script; null for those any font prints (spaces, marks, digits…). */
export function scriptOf(ch: string): Script | null {
  if (ARABIC.test(ch)) return "arabic";
  if (HAN.test(ch)) return "han";
  if (SPACE.test(ch) || INVISIBLE.test(ch) || MARK.test(ch)) return null;
  return "latin";
}

/**
 * The font of each code point (by index of its first code unit): its
 * script's, or for a space or a combining mark the font of the text before
 * it (a space inside an Arabic phrase stays in the Arabic run). `covers` says whether the Latin
 * font has a glyph; a character it lacks goes to the first font that has one.
 */
function scripts(text: string, fallback: (ch: string) => Script): (Script | null)[] {
  const out: (Script | null)[] = new Array(text.length).fill(null);
  let previous: Script | null = null;
  for (let i = 0; i < text.length;) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const own = scriptOf(ch);
    const script = own === "latin" ? fallback(ch) : own;
    out[i] = script ?? previous;
    if (script) previous = script;
    i += ch.length;
  }
  // Leading spaces take the first script that follows.
  const first = out.find((s) => s !== null) ?? "latin";
  for (let i = 0; i < out.length && out[i] === null; i++) out[i] = first;
  return out;
}

function reverseCodePoints(text: string) {
  return Array.from(text).reverse().join("");
}

/** The runs of one line, left to right on the page. `rtl`: the paragraph's direction (the reader's language). */
export function visualRuns(text: string, rtl: boolean, fallback: (ch: string) => Script = () => "latin"): Run[] {
  if (!text) return [];
  const byIndex = scripts(text, fallback);
  const embedding = bidi.getEmbeddingLevels(text, rtl ? "rtl" : "ltr");
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(text, levels);

  // Logical runs: one level, one font, no mirrored character inside a shaped run.
  type Logical = { start: number; end: number; level: number; script: Script; mirror?: string };
  const logical: Logical[] = [];
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const ch = String.fromCodePoint(cp);
    if (INVISIBLE.test(ch)) {
      i += size;
      continue;
    }
    const level = levels[i];
    const script = byIndex[i] ?? "latin";
    const mirror = mirrored.get(i);
    const last = logical[logical.length - 1];
    if (!mirror && last && !last.mirror && last.level === level && last.script === script && last.end === i) {
      last.end = i + size;
    } else {
      logical.push({ start: i, end: i + size, level, script, mirror });
    }
    i += size;
  }

  // Visual order of the runs (rule L2): from the highest level down, reverse
  // every sequence of runs at that level or above.
  const order = logical.slice();
  const max = Math.max(0, ...order.map((r) => r.level));
  const minOdd = Math.min(...order.map((r) => r.level).filter((l) => l % 2 === 1), max + 1);
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < order.length;) {
      if (order[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && order[j].level >= level) j++;
      const reversed = order.slice(i, j).reverse();
      order.splice(i, j - i, ...reversed);
      i = j;
    }
  }

  const runs: Run[] = [];
  for (const r of order) {
    const logicalText = text.slice(r.start, r.end);
    let out: string;
    const fontkitReverses = ARABIC.test(logicalText);
    if (r.mirror) out = r.mirror;
    else if (r.level % 2 === 0) out = fontkitReverses ? reverseCodePoints(logicalText) : logicalText;
    else if (fontkitReverses) out = ArabicShaper.convertArabic(logicalText);
    else out = reverseCodePoints(logicalText);
    const last = runs[runs.length - 1];
    // Neighbours in one font, both already in visual order, make one string (fewer text objects).
    if (last && last.script === r.script && !ARABIC.test(out) && !ARABIC.test(last.text)) {
      last.text += out;
    } else {
      runs.push({ script: r.script, text: out });
    }
  }
  return runs;
}
