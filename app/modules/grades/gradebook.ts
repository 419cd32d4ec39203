import { type GradingCategory } from "~/db/schema";
import { type CategoryAverages, type Percentages, categoryAverages, finalGrade, passFail, round2 } from "./grading";

// PURE (client and server): the gradebook form — cell names, what a cell may
// hold, and one student's numbers (always through grading.ts, so the
// gradebook, the report and the PDFs agree).

export const GRADE_MIN = 0;
export const GRADE_MAX = 100;

/** The grade typed for a student and an item. */
export const cellName = (studentId: number, itemId: number) => `g_${studentId}_${itemId}`;
/** A grade cell among a form's controls (by its name: the cells carry no other mark, issue 18). */
export const isCell = (target: EventTarget | null): target is HTMLInputElement =>
  typeof HTMLInputElement !== "undefined" && target instanceof HTMLInputElement && /^g_\d+_\d+$/.test(target.name);
/** The selector of a form's grade cells. */
export const CELLS = 'input[name^="g_"]';
/** A cell of the form, by its name. */
export function cellOfForm(form: HTMLFormElement | null | undefined, name: string) {
  const cell = form?.elements.namedItem(name);
  return cell instanceof HTMLInputElement ? cell : null;
}
/** The value that cell had when the form was rendered (ADR: gradebook saves only changed cells). */
export const originalName = (studentId: number, itemId: number) => `o_${studentId}_${itemId}`;

/**
 * Every cell's original in one hidden field (ADR 009): `g_1_2=80&g_1_3=` —
 * a hidden input per cell doubled the grid's elements. A post may still
 * carry o_<student>_<item> fields (API-like clients); those win.
 */
export const ORIGINALS_FIELD = "originals";

/** Cell name → original, packed into the one hidden field. */
export function packOriginals(cells: Iterable<readonly [string, string]>): string {
  return new URLSearchParams([...cells].map(([name, value]) => [name, value])).toString();
}

/** The packed field's cells (names that are not cells are skipped). */
export function unpackOriginals(packed: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(packed)) if (CELL.test(name) && !out.has(name)) out.set(name, value);
  return out;
}

const CELL = /^g_(\d{1,10})_(\d{1,10})$/;
const ORIGINAL = /^o_(\d{1,10})_(\d{1,10})$/;
const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

export type GradeError = "format" | "range" | "decimals";
export type ParsedGrade = { ok: true; grade: number | null } | { ok: false; error: GradeError };

/**
 * A cell as typed: empty means not graded; otherwise 0 to 100 with up to two
 * decimals, a dot or a comma as the decimal separator ("85,5").
 */
export function parseGrade(raw: string | null | undefined): ParsedGrade {
  const text = (raw ?? "").trim();
  if (text === "") return { ok: true, grade: null };
  if (!NUMBER.test(text)) return { ok: false, error: "format" };
  const value = Number(text.replace(",", "."));
  if (!Number.isFinite(value)) return { ok: false, error: "format" };
  if (value < GRADE_MIN || value > GRADE_MAX) return { ok: false, error: "range" };
  const decimals = (text.split(/[.,]/)[1] ?? "").replace(/0+$/, "");
  if (decimals.length > 2) return { ok: false, error: "decimals" };
  return { ok: true, grade: round2(value) || 0 };
}

/** Same grade (both empty, or equal to the hundredth). */
export function sameGrade(a: number | null | undefined, b: number | null | undefined) {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  return round2(a) === round2(b);
}

export interface PostedCell {
  name: string;
  studentId: number;
  itemId: number;
  /** As typed, kept to show it again when the post is refused. */
  raw: string;
  /** The parsed grade (null = empty); undefined when the cell is invalid. */
  grade: number | null | undefined;
  /** The value when the form was rendered; undefined when the post did not say. */
  original: number | null | undefined;
}

export interface GradebookPost {
  cells: PostedCell[];
  /** Cell name → what is wrong with it. */
  errors: Record<string, GradeError>;
  /** A cell names a student or an item that is not in this course. */
  foreign: boolean;
}

type FormLike = { entries(): IterableIterator<[string, FormDataEntryValue]> } | URLSearchParams;

/**
 * Reads every g_<student>_<item> cell (and its o_ original) of a post. Cells
 * of students or items outside the given sets make the whole post foreign.
 */
export function readGradebookPost(
  form: FormLike,
  studentIds: ReadonlySet<number>,
  itemIds: ReadonlySet<number>,
): GradebookPost {
  const typed = new Map<string, string>();
  const originals = new Map<string, string>();
  let packed = "";
  let foreign = false;
  for (const [name, value] of form.entries()) {
    const text = typeof value === "string" ? value : "";
    if (name.startsWith("g_")) {
      if (!CELL.test(name) || typed.has(name)) foreign = true;
      else typed.set(name, text);
    } else if (name.startsWith("o_")) {
      if (ORIGINAL.test(name)) originals.set(`g_${name.slice(2)}`, text);
    } else if (name === ORIGINALS_FIELD) {
      packed = text;
    }
  }
  if (packed) for (const [name, text] of unpackOriginals(packed)) if (!originals.has(name)) originals.set(name, text);
  const cells: PostedCell[] = [];
  const errors: Record<string, GradeError> = {};
  for (const [name, raw] of typed) {
    const [, s, i] = CELL.exec(name)!;
    const studentId = Number(s);
    const itemId = Number(i);
    if (!studentIds.has(studentId) || !itemIds.has(itemId)) {
      foreign = true;
      continue;
    }
    const parsed = parseGrade(raw);
    if (!parsed.ok) errors[name] = parsed.error;
    const o = originals.has(name) ? parseGrade(originals.get(name)) : null;
    cells.push({
      name,
      studentId,
      itemId,
      raw,
      grade: parsed.ok ? parsed.grade : undefined,
      original: o?.ok ? o.grade : undefined,
    });
  }
  return { cells, errors, foreign };
}

export interface StudentResult {
  averages: CategoryAverages;
  final: number | null;
  result: "PASS" | "FAIL";
}

/** One student's category averages, final grade and PASS/FAIL (grading.ts). */
export function studentResult(
  items: readonly { id: number; category: GradingCategory }[],
  gradeOf: (itemId: number) => number | null | undefined,
  percentages: Percentages,
): StudentResult {
  const averages = categoryAverages(items.map((item) => ({ category: item.category, grade: gradeOf(item.id) })));
  const final = finalGrade(averages, percentages);
  return { averages, final, result: passFail(final) };
}

/** A stored grade as the form shows it (and posts back as its original). */
export function gradeText(grade: number | null | undefined, decimalSeparator = "."): string {
  if (grade === null || grade === undefined) return "";
  const text = String(round2(grade));
  return decimalSeparator === "." ? text : text.replace(".", decimalSeparator);
}

// ---------------------------------------------------------------------------
// What a save says (gradebook.server.ts saveGradebook)

export interface Conflict {
  /** What this post wanted, as typed. */
  mine: string;
  /** What is stored now (null: no grade). */
  theirs: number | null;
}

export type GradebookSaveOutcome =
  | { ok: true; written: number }
  | { ok: false; reason: "invalid"; errors: Record<string, GradeError> }
  | { ok: false; reason: "foreign" }
  | {
      ok: false;
      reason: "conflict";
      conflicts: Record<string, Conflict>;
      /** Every cell of the course as stored now (cell name → grade or null). */
      current: Record<string, number | null>;
      /** Cells this post changed without a conflict: kept as typed on the page. */
      kept: Record<string, string>;
    };

// ---------------------------------------------------------------------------
// What the gradebook page shows (gradebook.server.ts gradebookPage)

export interface GradebookItem {
  id: number;
  item_name: string;
  category: GradingCategory;
}

export interface GradebookRow extends StudentResult {
  id: number;
  name: string;
  /** Item id → stored grade. */
  grades: Record<number, number>;
  /** The band of the final grade (the gradebook page's rows have it). */
  band?: string;
}
