import { type AgeCategory, type GradingCategory } from "~/db/schema";
import { ALL_LEVELS, type ExamType, type Level, examModules, examType, levelsFor } from "~/modules/levels/levels";

// PURE module (client and server): the syllabus of a level (PRODUCT 7).

export const GRADING_CATEGORIES = [
  "ASSIGNMENTS",
  "PROGRESS TESTS",
  "EXAM",
] as const satisfies readonly GradingCategory[];

export const ITEM_NAME_MAX = 80;

/** A level's item as the syllabus page lists it. */
export interface SyllabusItem {
  id: number;
  item_name: string;
  category: GradingCategory;
  position: number;
}

export interface SyllabusItemDraft {
  item_name: string;
  category: GradingCategory;
}

/**
 * The default items of a level: 3 assignments, 2 progress tests and one EXAM
 * item per module of the level's exam (none for Private Classes). Listed in
 * their order; positions are 1, 2, 3… in this order.
 */
export function defaultSyllabus(levelId: number, age: AgeCategory): SyllabusItemDraft[] {
  return [
    { item_name: "Assignment 1", category: "ASSIGNMENTS" },
    { item_name: "Assignment 2", category: "ASSIGNMENTS" },
    { item_name: "Assignment 3", category: "ASSIGNMENTS" },
    { item_name: "Progress Test 1", category: "PROGRESS TESTS" },
    { item_name: "Progress Test 2", category: "PROGRESS TESTS" },
    ...examModules(examType(levelId, age)).map((m) => ({ item_name: m, category: "EXAM" as const })),
  ];
}

export interface SyllabusLevel extends Level {
  /** The age categories whose level list holds this level (Pre-A1 and Private Classes are in both). */
  ages: AgeCategory[];
  /** The age whose exam the level prepares for (only A2 depends on it: FLYERS for kids, KEY for adults). */
  age: AgeCategory;
  exam: ExamType | null;
}

/** Every level once, in the order of ALL_LEVELS (Private Classes last). */
export const SYLLABUS_LEVELS: readonly SyllabusLevel[] = ALL_LEVELS.map((level) => {
  const ages = (["adults", "kids"] as const).filter((age) => levelsFor(age).some((l) => l.id === level.id));
  return { ...level, ages, age: ages[0], exam: examType(level.id, ages[0]) };
});

export function syllabusLevel(levelId: number): SyllabusLevel | undefined {
  return SYLLABUS_LEVELS.find((l) => l.id === levelId);
}

/** The levels of one age category, in that category's own order (PRODUCT 3). */
export function syllabusLevelsFor(age: AgeCategory): SyllabusLevel[] {
  return levelsFor(age)
    .map((l) => syllabusLevel(l.id))
    .filter((l): l is SyllabusLevel => l !== undefined);
}

/** Items in the order of their categories, then by position. */
export function bySyllabusOrder<T extends { category: GradingCategory; position: number; id?: number }>(
  items: readonly T[],
): T[] {
  const rank = (c: GradingCategory) => GRADING_CATEGORIES.indexOf(c as (typeof GRADING_CATEGORIES)[number]);
  return [...items].sort(
    (a, b) => rank(a.category) - rank(b.category) || a.position - b.position || (a.id ?? 0) - (b.id ?? 0),
  );
}
