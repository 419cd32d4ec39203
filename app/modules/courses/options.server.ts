import { db } from "~/db/kysely.server";
import { type AgeCategory } from "~/db/schema";
import { levelById } from "~/modules/levels/levels";
import { containsText } from "~/modules/shared/sql.server";

/**
 * The parts of a course's readable label (issue 19): its code, level,
 * schedule and professor, for every picker and list that names a course
 * outside the courses list. components/courses/labels.tsx's useCourseLabel
 * turns them into one line.
 */
export interface CourseLabelParts {
  id: number;
  course_id: string;
  level: string;
  schedule_days: string;
  start_time: string;
  end_time: string;
  professor: string | null;
}

/**
 * Every course, by code, with what its label shows and its level and age; or
 * only the active ones, those of an age category, those not finished on
 * `openOn`, those whose code or professor contains `matching` (coursesMatching),
 * the first `limit`.
 */
export async function courseLabelOptions({
  activeOnly = false,
  age,
  openOn,
  matching,
  limit,
}: { activeOnly?: boolean; age?: AgeCategory; openOn?: string; matching?: string; limit?: number } = {}) {
  let query = db()
    .selectFrom("courses")
    .leftJoin("users", "users.id", "courses.professor_id")
    .select([
      "courses.id",
      "courses.course_id",
      "courses.level_id",
      "courses.age_category",
      "courses.schedule_days",
      "courses.start_time",
      "courses.end_time",
      "users.name as professor",
    ]);
  if (activeOnly) query = query.where("courses.status", "=", "active");
  if (age) query = query.where("courses.age_category", "=", age);
  if (openOn) query = query.where("courses.end_date", ">=", openOn);
  if (matching !== undefined) query = query.where("courses.id", "in", coursesMatching(matching));
  query = query.orderBy("courses.course_id");
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, level: levelById(r.level_id)?.name ?? "" }));
}

/** Only what a label shows (the loader data of a picker carries no more). */
export function labelParts(c: CourseLabelParts): CourseLabelParts {
  return {
    id: c.id,
    course_id: c.course_id,
    level: c.level,
    schedule_days: c.schedule_days,
    start_time: c.start_time,
    end_time: c.end_time,
    professor: c.professor,
  };
}

/** A course's label in a list (issue 19): what CourseLabel shows, without the id (the row links elsewhere). */
export type CourseLabelOf = Omit<CourseLabelParts, "id">;

/**
 * The label parts of a course read by a list's own query (the course and its
 * professor joined there, its level named here): null when the row has no
 * course (a left join).
 */
export function courseLabelOf(c: {
  course_id: string | null;
  level_id: number | null;
  schedule_days: string | null;
  start_time: string | null;
  end_time: string | null;
  professor: string | null;
}): CourseLabelOf | null {
  if (c.course_id === null) return null;
  return {
    course_id: c.course_id,
    level: (c.level_id !== null ? levelById(c.level_id)?.name : undefined) ?? "",
    schedule_days: c.schedule_days ?? "",
    start_time: c.start_time ?? "",
    end_time: c.end_time ?? "",
    professor: c.professor,
  };
}

// ---------------------------------------------------------------------------
// A list's course filter as a search (issue 18): a list names the courses a
// user types, never every course of the school (300 options on the bench
// school, 3,000 on one ten times larger).

/** The most suggestions a course search offers at once. */
export const COURSE_SUGGESTIONS = 20;

/** The ids of the courses whose code or professor's name contains `text` (any case), as a subquery. */
export function coursesMatching(text: string) {
  return db()
    .selectFrom("courses as cm")
    .leftJoin("users as cmp", "cmp.id", "cm.professor_id")
    .select("cm.id")
    .where((eb) => eb.or([containsText("cm.course_id", text), containsText("cmp.name", text)]));
}

/** What a course search suggests for `text`: the first matching courses by code, with what their labels show. */
export async function courseSuggestions(text: string): Promise<CourseLabelParts[]> {
  return (await courseLabelOptions({ matching: text, limit: COURSE_SUGGESTIONS })).map(labelParts);
}

/** The code of the course `id` (a list's filter field shows it when a link filters by id); null when there is none. */
export async function courseCode(id: number | undefined): Promise<string | null> {
  if (id === undefined) return null;
  const row = await db().selectFrom("courses").select("course_id").where("id", "=", id).executeTakeFirst();
  return row?.course_id ?? null;
}
