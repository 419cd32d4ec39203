import { type Role } from "~/db/schema";
import { can } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { levelById } from "~/modules/levels/levels";
import { parseOverviewFilters, professorsOverview } from "./teachers.server";

/**
 * The professors' overview (/coordinator/professors), display-ready: one
 * page of professors (`?page=`, `?limit=`), each with the courses of the term
 * asked for (`?term=`) and their progress, the levels named; the course codes
 * lead to the course page for a reader who may manage courses.
 */
export async function professorsOverviewPage(role: Role, params: URLSearchParams) {
  const filters = parseOverviewFilters(params);
  const { rows, total } = await professorsOverview(filters, await schoolToday());
  const opensCourses = can(role, "courses:manage");
  return {
    rows: rows.map((p) => ({
      ...p,
      courses: p.courses.map((c) => ({
        ...c,
        level: levelById(c.levelId)?.name ?? "",
        href: opensCourses ? `/admin/courses/${c.id}` : null,
      })),
    })),
    total,
    page: filters.page,
    limit: filters.limit,
    term: filters.term,
  };
}
