import { type AgeCategory } from "~/db/schema";

export interface Level {
  id: number;
  name: string;
  short: string;
}

// PRODUCT 3: the order is the progression.
export const ADULT_LEVELS: readonly Level[] = [
  { id: 7, name: "Pre-A1", short: "PA1" },
  { id: 1, name: "A1", short: "A1" },
  { id: 2, name: "A2", short: "A2" },
  { id: 3, name: "B1", short: "B1" },
  { id: 4, name: "B1+", short: "B1P" },
  { id: 6, name: "B2 First", short: "B2F" },
  { id: 5, name: "B2 Upper Intermediate", short: "B2U" },
  { id: 14, name: "Private Classes", short: "PC" },
];

export const KIDS_LEVELS: readonly Level[] = [
  { id: 7, name: "Pre-A1", short: "PA1" },
  { id: 8, name: "A1.1", short: "A11" },
  { id: 12, name: "A1.2", short: "A12" },
  { id: 13, name: "A2.1", short: "A21" },
  { id: 9, name: "A2.2", short: "A22" },
  { id: 10, name: "B1.1", short: "B11" },
  { id: 11, name: "B1.2", short: "B12" },
  { id: 14, name: "Private Classes", short: "PC" },
];

/**
 * Every level once, for filters and pickers: the adults' progression, then the
 * kids' levels it does not hold, with the levels both lists end on (Private
 * Classes) kept last, so no list shows Private Classes among the grades.
 */
export const ALL_LEVELS: readonly Level[] = (() => {
  const last = ADULT_LEVELS[ADULT_LEVELS.length - 1];
  const out = new Map<number, Level>();
  for (const l of [...ADULT_LEVELS, ...KIDS_LEVELS]) if (l.id !== last.id) out.set(l.id, out.get(l.id) ?? l);
  return [...out.values(), last];
})();

export function levelsFor(age: AgeCategory): readonly Level[] {
  return age === "kids" ? KIDS_LEVELS : ADULT_LEVELS;
}

const byId = new Map<number, Level>([...ADULT_LEVELS, ...KIDS_LEVELS].map((l) => [l.id, l]));

export function levelById(id: number): Level | undefined {
  return byId.get(id);
}

/** A level is valid for an age category when its full or short name is in that list. */
export function findLevel(age: AgeCategory, nameOrShort: string): Level | undefined {
  const key = nameOrShort.trim().toLowerCase();
  return levelsFor(age).find((l) => l.name.toLowerCase() === key || l.short.toLowerCase() === key);
}

/** The following entry of the list; the last or an unknown level stays unchanged. */
export function nextLevelId(age: AgeCategory, levelId: number): number {
  const list = levelsFor(age);
  const i = list.findIndex((l) => l.id === levelId);
  if (i < 0 || i === list.length - 1) return levelId;
  return list[i + 1].id;
}

export type CefrBand = "Pre-A1" | "A1" | "A2" | "B1" | "B2";

export function cefrBand(levelId: number): CefrBand | null {
  const name = levelById(levelId)?.name;
  if (!name) return null;
  for (const band of ["Pre-A1", "A1", "A2", "B1", "B2"] as const) {
    if (name.startsWith(band)) return band;
  }
  return null;
}

export type ExamType = "STARTERS" | "MOVERS" | "FLYERS" | "KEY" | "PRELIM" | "FIRST";

export function examType(levelId: number, age: AgeCategory): ExamType | null {
  switch (cefrBand(levelId)) {
    case "Pre-A1":
      return "STARTERS";
    case "A1":
      return "MOVERS";
    case "A2":
      return age === "kids" ? "FLYERS" : "KEY";
    case "B1":
      return "PRELIM";
    case "B2":
      return "FIRST";
    default:
      return null;
  }
}

export function examModules(exam: ExamType | null): string[] {
  if (!exam) return [];
  if (exam === "PRELIM" || exam === "FIRST") return ["Reading", "Listening", "Writing", "Speaking"];
  return ["Reading & Writing", "Listening", "Speaking"];
}
