import { type Role } from "~/db/schema";
import { can } from "~/modules/auth/permissions";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { levelById } from "~/modules/levels/levels";
import { coursesForRegistration, getRegistration, listRegistrations, parseRegistrationFilters } from "./review.server";

// The read models of the registrations' review pages (issue 17): what each page shows, in one call.

/** A page of the filtered registrations, with their level's name. */
export async function registrationListPage(params: URLSearchParams) {
  const filters = parseRegistrationFilters(params);
  const { rows, total } = await listRegistrations(filters);
  return {
    rows: rows.map((r) => ({ ...r, level: levelById(r.level_id)?.name ?? "" })),
    total,
    page: filters.page,
    limit: filters.limit,
  };
}

/**
 * A registration, whether the role may decide it now (pending), and the
 * courses it could be enrolled in when it is approved; null when there is none.
 */
export async function registrationPage(id: number, role: Role) {
  const registration = await getRegistration(id);
  if (!registration) return null;
  const canDecide = can(role, "registrations:decide") && registration.status === "pending";
  const today = await schoolToday();
  const courses = canDecide
    ? await coursesForRegistration(registration.level_id, registration.age_category, today)
    : [];
  return { registration, canDecide, courses, title: registration.reference };
}
