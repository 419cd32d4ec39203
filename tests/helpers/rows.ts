import type { Insertable } from "kysely";
import type { Database } from "~/db/schema";

// Complete rows with ordinary values, so a test names only what it is about.

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
