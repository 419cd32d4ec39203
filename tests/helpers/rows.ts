import { type Insertable } from "kysely";
import { type Database } from "~/db/schema";

// Complete rows and posted forms with ordinary values, so a test names only
// what it is about.

export function studentRow(fields: Partial<Insertable<Database["students"]>> = {}): Insertable<Database["students"]> {
  const now = new Date().toISOString();
  return {
    first_name: "Ana",
    middle_name: "",
    last_name: "Test",
    second_last_name: "Test",
    id_number: "0900000000",
    birthday: "1990-01-15",
    phone_number: "0991234567",
    email: "student@example.com",
    address: "Calle 1",
    age_category: "adults",
    emergency_contact_name: null,
    emergency_contact_phone: null,
    emergency_contact_relationship: null,
    level_id: 1,
    schedule: "MON-WED-09-11",
    same_billing: 1,
    billing_address: null,
    where_hear_about_us: null,
    promotion: null,
    user_id: null,
    registration_id: null,
    status: "active",
    notes: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

export function courseRow(fields: Partial<Insertable<Database["courses"]>> = {}): Insertable<Database["courses"]> {
  const now = new Date().toISOString();
  return {
    course_number: "100",
    course_id: "TEST-COURSE",
    level_id: 1,
    age_category: "adults",
    type: "on-site",
    schedule_days: "MO,WE",
    start_time: "09:00",
    end_time: "11:00",
    start_date: "2026-09-07",
    end_date: "2026-12-18",
    professor_id: null,
    assig_percentage: 30,
    test_percentage: 30,
    exam_percentage: 40,
    capacity: 20,
    status: "active",
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/** A pending transfer to `selected_course_id` (which has no ordinary value). */
export function transferRow(
  fields: Partial<Insertable<Database["transfers"]>> & { selected_course_id: number },
): Insertable<Database["transfers"]> {
  const now = new Date().toISOString();
  return {
    is_group: 0,
    from_course_id: null,
    selected_level_id: 1,
    reason: null,
    status: "pending",
    created_by: null,
    created_at: now,
    updated_at: now,
    decided_by: null,
    decided_at: null,
    ...fields,
  };
}

/** A valid new-student form (the staff's, app/modules/students), as posted. */
export function studentFormValues(fields: Record<string, string> & { id_number: string }): Record<string, string> {
  return {
    first_name: "Lucía",
    middle_name: "Inés",
    last_name: "Cárdenas",
    second_last_name: "Ortega",
    birthday: "1991-03-04",
    phone_number: "099 555 1234",
    email: "Lucia.Cardenas@Example.com",
    age_category: "adults",
    address: "Av. Solano 4-56",
    level_id: "3",
    schedule: "MON-WED-19-21",
    same_billing: "yes",
    promotion: "2x1",
    notes: "Prefers evenings.",
    ...fields,
  };
}

/** A valid new-course form, as posted; `course_id` must be unique and `professor_id` is a user's. */
export function courseFormValues(
  fields: Record<string, string> & { course_id: string; professor_id: string },
): Record<string, string> {
  return {
    course_number: "301",
    age_category: "adults",
    level_id: "1",
    type: "on-site",
    schedule: "MON-WED-09-11",
    start_date: "2026-09-07",
    end_date: "2026-12-18",
    assig_percentage: "30",
    test_percentage: "30",
    exam_percentage: "40",
    capacity: "20",
    status: "active",
    ...fields,
  };
}
