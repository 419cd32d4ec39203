import { levelsFor, nextLevelId } from "~/modules/levels/levels";
import { courseChoices, studentsInCourse } from "./transfers.server";

/** What the create and edit pages show: courses, the chosen course's students, level choices. */
export async function transferFormData(fromCourseId: number | null, exceptTransferId: number | null) {
  const courses = await courseChoices();
  const from = courses.find((c) => c.id === fromCourseId) ?? null;
  const students = from ? await studentsInCourse(from.id, exceptTransferId) : [];
  const levels = levelsFor(from?.age_category ?? "adults").map((l) => ({ id: l.id, name: l.name }));
  return {
    courses,
    from,
    students: students.map((s) => ({ ...s, has_pending: Boolean(Number(s.has_pending)) })),
    levels,
    suggestedLevel: from ? nextLevelId(from.age_category, from.level_id) : null,
  };
}
