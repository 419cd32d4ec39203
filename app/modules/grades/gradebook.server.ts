import { type Kysely, type Transaction } from "kysely";
import { database, db } from "~/db/kysely.server";
import { type AgeCategory, type Database, type GradingCategory } from "~/db/schema";
import { audit } from "~/modules/audit/audit.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { courseRecord } from "~/modules/courses/courses.server";
import { enrolledOn } from "~/modules/courses/enrollment";
import { examType } from "~/modules/levels/levels";
import { listBands } from "./bands.server";
import {
  type Conflict,
  type GradebookSaveOutcome,
  type PostedCell,
  cellName,
  readGradebookPost,
  sameGrade,
  studentResult,
} from "./gradebook";
import { formToken } from "./gradebook-form";
import { type Percentages, bandFor } from "./grading";
import { bySyllabusOrder } from "./syllabus";

type Executor = Kysely<Database> | Transaction<Database>;

export interface SheetCourse extends Percentages {
  id: number;
  course_id: string;
  level_id: number;
  age_category: AgeCategory;
  /** YYYY-MM-DD: whether the course has ended (certificates). */
  end_date: string;
}

export interface SheetItem {
  id: number;
  item_name: string;
  category: GradingCategory;
  position: number;
}

export interface SheetStudent {
  id: number;
  name: string;
}

/** A course's grading items, its current students and their grades: three queries, no loop. */
export interface CourseSheet {
  items: SheetItem[];
  students: SheetStudent[];
  /** `${studentId}_${itemId}` → grade. */
  grades: Map<string, number>;
}

export const gradeKey = (studentId: number, itemId: number) => `${studentId}_${itemId}`;

/** The course of a sheet; `ex` a transaction's (a save reads it there), otherwise the request's course row. */
export async function loadSheetCourse(courseId: number, ex?: Executor): Promise<SheetCourse> {
  const row = ex
    ? await ex.selectFrom("courses").selectAll().where("id", "=", courseId).executeTakeFirst()
    : await courseRecord(courseId);
  if (!row) throw new Error(`No course ${courseId}`);
  return {
    id: row.id,
    course_id: row.course_id,
    level_id: row.level_id,
    age_category: row.age_category,
    end_date: row.end_date,
    assig_percentage: Number(row.assig_percentage),
    test_percentage: Number(row.test_percentage),
    exam_percentage: Number(row.exam_percentage),
  };
}

/**
 * Items in syllabus order; the students enrolled on `today` (by surname);
 * every grade of the course's items (grades of students who left stay stored
 * but are not shown).
 */
export async function loadCourseSheet(courseId: number, today: string, ex: Executor = db()): Promise<CourseSheet> {
  const [items, enrolled, grades] = await Promise.all([
    ex
      .selectFrom("grading_items")
      .select(["id", "item_name", "category", "position"])
      .where("course_id", "=", courseId)
      .execute(),
    ex
      .selectFrom("enrollments")
      .innerJoin("students as s", "s.id", "enrollments.student_id")
      .select(["s.id", "s.first_name", "s.middle_name", "s.last_name", "s.second_last_name"])
      .where("enrollments.course_id", "=", courseId)
      .where((eb) => enrolledOn(eb, today))
      .orderBy("s.last_name")
      .orderBy("s.second_last_name")
      .orderBy("s.first_name")
      .orderBy("s.id")
      .execute(),
    ex
      .selectFrom("grades")
      .innerJoin("grading_items as gi", "gi.id", "grades.grading_item_id")
      .select(["grades.student_id", "grades.grading_item_id", "grades.grade"])
      .where("gi.course_id", "=", courseId)
      .execute(),
  ]);
  const seen = new Set<number>();
  const students: SheetStudent[] = [];
  for (const s of enrolled) {
    const id = Number(s.id);
    if (seen.has(id)) continue;
    seen.add(id);
    students.push({
      id,
      name: [s.first_name, s.middle_name, s.last_name, s.second_last_name].filter(Boolean).join(" "),
    });
  }
  return {
    items: bySyllabusOrder(items.map((i) => ({ ...i, id: Number(i.id), position: Number(i.position) }))),
    students,
    grades: new Map(grades.map((g) => [gradeKey(Number(g.student_id), Number(g.grading_item_id)), Number(g.grade)])),
  };
}

// ---------------------------------------------------------------------------
// The page

export async function loadGradebook(courseId: number, today: string) {
  const [course, sheet] = await Promise.all([loadSheetCourse(courseId), loadCourseSheet(courseId, today)]);
  return {
    course,
    items: sheet.items.map(({ id, item_name, category }) => ({ id, item_name, category })),
    rows: sheet.students.map((s) => {
      const grades: Record<number, number> = {};
      for (const item of sheet.items) {
        const g = sheet.grades.get(gradeKey(s.id, item.id));
        if (g !== undefined) grades[item.id] = g;
      }
      return { ...s, grades, ...studentResult(sheet.items, (itemId) => grades[itemId], course) };
    }),
  };
}

/** What `?item=` asks for: an item of the course, none (the whole grid), or one the course does not have. */
export function chosenItem(items: readonly { id: number }[], asked: string | null) {
  const text = asked?.trim() ?? "";
  if (!text) return { item: null, unknown: false };
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  return items.some((i) => i.id === id) ? { item: id, unknown: false } : { item: null, unknown: true };
}

/**
 * The gradebook page (read model): the course (its code and exam), the items
 * and the current students' rows (with their band), the item chosen with
 * `?item=` (one item at a time, the phone's view; null: the whole grid, or
 * `unknownItem` when the course has no such item), with the key of a fresh form.
 */
export async function gradebookPage(courseId: number, askedItem: string | null = null) {
  const [gradebook, bands] = await Promise.all([loadGradebook(courseId, await schoolToday()), listBands()]);
  const { course } = gradebook;
  const chosen = chosenItem(gradebook.items, askedItem);
  return {
    token: formToken(),
    course: { id: course.id, code: course.course_id, exam: examType(course.level_id, course.age_category) },
    items: gradebook.items,
    rows: gradebook.rows.map((r) => ({ ...r, band: bandFor(r.final, bands) })),
    item: chosen.item,
    unknownItem: chosen.unknown,
  };
}

export type GradebookPage = Awaited<ReturnType<typeof gradebookPage>>;

// ---------------------------------------------------------------------------
// Saving

export type { Conflict, GradebookSaveOutcome } from "./gradebook";

/**
 * Saves a gradebook post in one transaction, writing only the cells whose
 * value differs from the value they had when the form was rendered, so a
 * second tab (or professor) saving later does not wipe cells it did not touch.
 * When a cell this post changed was also changed in the database since the
 * form was rendered, nothing is saved and the conflict is reported. A grade
 * that existed and changes (or is emptied) is written to the audit log.
 */
export async function saveGradebook(
  courseId: number,
  userId: number,
  form: FormData | URLSearchParams,
  today: string,
): Promise<GradebookSaveOutcome> {
  const postgres = database().dialect === "postgres";
  return db()
    .transaction()
    .execute(async (trx) => {
      // Two saves of the same course run one after the other (SQLite has one writer anyway).
      if (postgres)
        await trx.selectFrom("courses").select("id").where("id", "=", courseId).forUpdate().executeTakeFirst();
      const sheet = await loadCourseSheet(courseId, today, trx);
      const post = readGradebookPost(
        form,
        new Set(sheet.students.map((s) => s.id)),
        new Set(sheet.items.map((i) => i.id)),
      );
      if (post.foreign) return { ok: false, reason: "foreign" } as const;
      if (Object.keys(post.errors).length) return { ok: false, reason: "invalid", errors: post.errors } as const;

      const stored = (c: PostedCell) => sheet.grades.get(gradeKey(c.studentId, c.itemId)) ?? null;
      const conflicts: Record<string, Conflict> = {};
      const writes: { cell: PostedCell; old: number | null; grade: number | null }[] = [];
      const kept: Record<string, string> = {};
      for (const cell of post.cells) {
        const grade = cell.grade ?? null;
        const now = stored(cell);
        // Untouched in this form: whatever is stored stays.
        if (cell.original !== undefined && sameGrade(grade, cell.original)) continue;
        // Already what this post wants.
        if (sameGrade(grade, now)) continue;
        // Changed here and, since the form was rendered, there too.
        if (cell.original !== undefined && !sameGrade(now, cell.original)) {
          conflicts[cell.name] = { mine: cell.raw, theirs: now };
          continue;
        }
        writes.push({ cell, old: now, grade });
        kept[cell.name] = cell.raw;
      }

      if (Object.keys(conflicts).length) {
        const current: Record<string, number | null> = {};
        for (const s of sheet.students) {
          for (const i of sheet.items) current[cellName(s.id, i.id)] = sheet.grades.get(gradeKey(s.id, i.id)) ?? null;
        }
        return { ok: false, reason: "conflict", conflicts, current, kept } as const;
      }
      if (!writes.length) return { ok: true, written: 0 } as const;

      const now = new Date().toISOString();
      const upserts = writes.filter((w) => w.grade !== null);
      const removals = writes.filter((w) => w.grade === null);
      for (let i = 0; i < upserts.length; i += 200) {
        await trx
          .insertInto("grades")
          .values(
            upserts.slice(i, i + 200).map((w) => ({
              grading_item_id: w.cell.itemId,
              student_id: w.cell.studentId,
              grade: w.grade as number,
              updated_at: now,
            })),
          )
          .onConflict((oc) =>
            oc.columns(["grading_item_id", "student_id"]).doUpdateSet((eb) => ({
              grade: eb.ref("excluded.grade"),
              updated_at: eb.ref("excluded.updated_at"),
            })),
          )
          .execute();
      }
      if (removals.length) {
        // Grouped by item: one statement per item column, never per cell.
        const byItem = new Map<number, number[]>();
        for (const w of removals) byItem.set(w.cell.itemId, [...(byItem.get(w.cell.itemId) ?? []), w.cell.studentId]);
        await trx
          .deleteFrom("grades")
          .where((eb) =>
            eb.or(
              [...byItem].map(([itemId, studentIds]) =>
                eb.and([eb("grading_item_id", "=", itemId), eb("student_id", "in", studentIds)]),
              ),
            ),
          )
          .execute();
      }
      const changed = writes.filter((w) => w.old !== null);
      if (changed.length) {
        await audit(
          userId,
          "grades.changed",
          "course",
          courseId,
          {
            changes: changed.map((w) => ({
              student_id: w.cell.studentId,
              grading_item_id: w.cell.itemId,
              old: w.old,
              new: w.grade,
            })),
          },
          trx,
        );
      }
      return { ok: true, written: writes.length } as const;
    });
}
