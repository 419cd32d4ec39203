import { type Role } from "~/db/schema";
import { can } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { courseCode, courseLabelOf, courseLabelOptions, labelParts } from "~/modules/courses/options.server";
import { studentPortal } from "~/modules/mail/invitations.server";
import { levelById } from "../levels/levels";
import { formValuesOf } from "./schema";
import { enrollmentHistory, getStudent, listStudents, parseStudentFilters } from "./students.server";

// The read models of the student pages (issue 17): what each page shows, in one call.

/** A student's name as the pages title it: first and last names, no middle name. */
export function titleName(s: { first_name: string; last_name: string; second_last_name: string | null }) {
  return [s.first_name, s.last_name, s.second_last_name].filter(Boolean).join(" ");
}

/** The list: a page of the filtered students (with their level's name), its order, the course filtered by. */
export async function studentListPage(params: URLSearchParams, role: Role) {
  const filters = parseStudentFilters(params);
  const [{ rows, total, more }, course] = await Promise.all([listStudents(filters), courseCode(filters.course)]);
  return {
    // What the table shows, no more (issue 18): no level id, enrollment or course id.
    rows: rows.map((r) => ({
      id: r.id,
      first_name: r.first_name,
      middle_name: r.middle_name,
      last_name: r.last_name,
      second_last_name: r.second_last_name,
      id_number: r.id_number,
      level: levelById(r.level_id)?.name ?? "",
      // The current course's readable label (issue 19): null when not enrolled.
      course: courseLabelOf({
        course_id: r.course_code,
        level_id: r.course_level_id,
        schedule_days: r.schedule_days,
        start_time: r.start_time,
        end_time: r.end_time,
        professor: r.professor,
      }),
      status: r.status,
      absences: r.absences,
      created_at: r.created_at,
    })),
    total,
    // A search's matches past SEARCH_COUNT_CAP are not counted: there are more than `total`.
    more,
    page: filters.page,
    limit: filters.limit,
    sort: filters.sort,
    dir: filters.dir,
    // The course filter's field shows the course a link filtered by (?course=id); the rest is a search.
    course,
    canEdit: can(role, "students:edit"),
  };
}

/** A student's page: the record, every enrollment, whether the role may edit; null when there is no such student. */
export async function studentPage(id: number, role: Role) {
  const [student, enrollments, today, portal] = await Promise.all([
    getStudent(id),
    enrollmentHistory(id),
    schoolToday(),
    studentPortal(id),
  ]);
  if (!student || !portal) return null;
  const active = student.status === "active";
  const current = enrollments.filter((e) => e.current);
  // Issue 19: start a transfer (from the course they are in) or an enrollment here, for the roles that may.
  const canEnroll = active && can(role, "courses:manage");
  const enrollCourses = canEnroll
    ? (await courseLabelOptions({ activeOnly: true, age: student.age_category, openOn: today }))
        .filter((c) => !current.some((e) => e.course_id === c.id))
        .map(labelParts)
    : [];
  return {
    student,
    enrollments,
    title: titleName(student),
    canEdit: can(role, "students:edit"),
    canTransfer: active && current.length > 0 && can(role, "transfers:edit"),
    canEnroll,
    enrollCourses,
    // Issue 21: the portal account, the e-mails sent and whether this role may invite.
    portal,
    canInvite: can(role, "students:invite"),
  };
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
