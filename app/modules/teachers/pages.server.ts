import { type Role } from "~/db/schema";
import { can } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { listTeachers, parseTeacherFilters } from "./teachers.server";

// The read model of admin/teachers (issue 17): what the page shows, in one call.

/** A page of the professors (courses, weekly hours) and what the role may do. */
export async function teachersPage(params: URLSearchParams, role: Role) {
  const filters = parseTeacherFilters(params);
  const { rows, total } = await listTeachers(filters, await schoolToday());
  return {
    rows,
    total,
    page: filters.page,
    limit: filters.limit,
    canEdit: can(role, "teachers:edit"),
    opensCourses: can(role, "courses:manage"),
  };
}
