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
  "certificates:revoke": ["admin_staff", "coordinator"],
  "course-pages:use": ["professor"],
  "coordinator-faq:view": ["admin_staff", "coordinator"],
  "teachers-faq:view": ["professor"],
  "audit:view": ["admin_staff"],
  "settings:manage": ["admin_staff"],
  "students:invite": ["admin_staff", "coordinator", "receptionist"],
  "outbox:view": ["admin_staff"],
  // The student portal (/student*): a student's own record only (ADR 047).
  "portal:use": ["student"],
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

/** The /v1/api (transfer data) is for staff and professors; a student has no use of it (deny by default). */
export function canUseApi(role: Role): boolean {
  return role !== "student";
}

export type Home = "/dashboard" | "/teachers" | "/student";

/** Where a role lands after sign-in (PRODUCT 2): staff the dashboard, a professor /teachers, a student the portal. */
export function homeFor(role: Role): Home {
  if (isStaff(role)) return "/dashboard";
  if (role === "professor") return "/teachers";
  return "/student";
}
