import { type Role } from "~/db/schema";
import { can } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { levelById } from "../levels/levels";
import { formValuesOf } from "./schema";
import { courseOptions, enrollmentHistory, getStudent, listStudents, parseStudentFilters } from "./students.server";

// The read models of the student pages (issue 17): what each page shows, in one call.

/** A student's name as the pages title it: first and last names, no middle name. */
export function titleName(s: { first_name: string; last_name: string; second_last_name: string | null }) {
  return [s.first_name, s.last_name, s.second_last_name].filter(Boolean).join(" ");
}

/** The list: a page of the filtered students (with their level's name), its order, the filter's courses. */
export async function studentListPage(params: URLSearchParams, role: Role) {
  const filters = parseStudentFilters(params);
  const [{ rows, total }, courses] = await Promise.all([listStudents(filters), courseOptions()]);
  return {
    rows: rows.map((r) => ({ ...r, level: levelById(r.level_id)?.name ?? "" })),
    total,
    page: filters.page,
    limit: filters.limit,
    sort: filters.sort,
    dir: filters.dir,
    courses,
    canEdit: can(role, "students:edit"),
  };
}

/** A student's page: the record, every enrollment, whether the role may edit; null when there is no such student. */
export async function studentPage(id: number, role: Role) {
  const [student, enrollments] = await Promise.all([getStudent(id), enrollmentHistory(id)]);
  if (!student) return null;
  return { student, enrollments, title: titleName(student), canEdit: can(role, "students:edit") };
}

/** What the edit form checks against: the school's today and the student's stored "where did you hear"; null when gone. */
export async function studentFormRules(id: number) {
  const [student, today] = await Promise.all([getStudent(id), schoolToday()]);
  if (!student) return null;
  return { student, today, legacyHear: student.where_hear_about_us };
}

/** The edit form: its rules and the stored values; null when there is no such student. */
export async function studentEditPage(id: number) {
  const rules = await studentFormRules(id);
  if (!rules) return null;
  const { student, today, legacyHear } = rules;
  return { today, id: student.id, name: titleName(student), defaults: formValuesOf(student), legacyHear };
}
