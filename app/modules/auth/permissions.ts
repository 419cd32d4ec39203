import { type Role } from "~/db/schema";

// PRODUCT 2. Deny by default: a capability a role is not listed for is refused.
export const CAPABILITIES = {
  "dashboard:view": ["admin_staff", "coordinator", "receptionist", "financial"],
  "users:manage": ["admin_staff"],
  "registrations:view": ["admin_staff", "receptionist", "financial"],
  "registrations:decide": ["admin_staff", "receptionist"],
  "students:view": ["admin_staff", "coordinator", "receptionist", "financial"],
  "students:edit": ["admin_staff", "coordinator", "receptionist"],
  "transfers:view": ["admin_staff", "coordinator", "receptionist", "financial"],
  "transfers:edit": ["admin_staff", "coordinator", "receptionist"],
  "transfers:decide": ["admin_staff", "coordinator"],
  "transfers:bell": ["admin_staff", "coordinator", "financial"],
  "courses:manage": ["admin_staff", "coordinator"],
  "syllabus:manage": ["admin_staff", "coordinator"],
  "holidays:manage": ["admin_staff", "coordinator"],
  "gradebands:manage": ["admin_staff", "coordinator"],
  "teachers:view": ["admin_staff", "coordinator", "receptionist"],
  "teachers:edit": ["admin_staff", "coordinator"],
  "professors:overview": ["admin_staff", "coordinator", "receptionist"],
  "course-reports:view": ["admin_staff", "coordinator"],
  "course-pages:use": ["professor"],
  "coordinator-faq:view": ["admin_staff", "coordinator"],
  "teachers-faq:view": ["professor"],
  "audit:view": ["admin_staff"],
  "settings:manage": ["admin_staff"],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export const ROLES: readonly Role[] = [
  "admin_staff",
  "coordinator",
  "receptionist",
  "financial",
  "professor",
  "student",
];

export const STAFF_ROLES: readonly Role[] = ["admin_staff", "coordinator", "receptionist", "financial"];

export function can(role: Role | undefined | null, capability: Capability): boolean {
  if (!role) return false;
  return (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

export function isStaff(role: Role) {
  return STAFF_ROLES.includes(role);
}

/** Where a role lands after sign-in; null: this role cannot use the app. */
export function homeFor(role: Role): "/dashboard" | "/teachers" | null {
  if (isStaff(role)) return "/dashboard";
  if (role === "professor") return "/teachers";
  return null;
}
