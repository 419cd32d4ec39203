import type { Role } from "~/db/schema";

export interface MenuItem {
  id: string;
  /** Translation key of the title. */
  title: string;
  path: string;
  icon: IconName;
}

export type IconName =
  | "home" | "users" | "students" | "transfer" | "registered" | "book" | "course"
  | "teacher" | "user" | "calendar" | "faq"
  | "settings";

const item = (id: string, path: string, icon: IconName): MenuItem => ({ id, title: `menu.${id}`, path, icon });

const dashboard = item("dashboard", "/dashboard", "home");
const professors = item("professors", "/coordinator/professors", "teacher");
const students = item("students", "/admin/students", "students");
const transfers = item("transferStudents", "/admin/transfer-students", "transfer");
const registered = item("registeredStudents", "/admin/registered-students", "registered");
const syllabus = item("syllabus", "/admin/syllabus", "book");
const courses = item("courses", "/admin/courses", "course");
const teachers = item("teachers", "/admin/teachers", "teacher");
const users = item("users", "/admin/users", "user");
const holidays = item("holidays", "/admin/holidays", "calendar");
const settings = item("settings", "/admin/settings", "settings");
const coordinatorFaq = item("coordinatorFaq", "/coordinator/faq", "faq");
const teachersHome = item("teachersHome", "/teachers", "home");
const teachersFaq = item("teachersFaq", "/teachers/faq", "faq");

// The spec's sidebar destinations per role, in its order; financial per PRODUCT 2.
const MENUS: Record<Role, MenuItem[]> = {
  admin_staff: [dashboard, students, transfers, registered, syllabus, courses, teachers, users, holidays, settings],
  coordinator: [dashboard, professors, students, transfers, syllabus, courses, teachers, holidays, coordinatorFaq],
  receptionist: [dashboard, professors, students, transfers, registered, teachers],
  financial: [dashboard, students, registered, transfers],
  professor: [teachersHome, teachersFaq],
  student: [teachersHome, teachersFaq],
};

export function menuFor(role: Role): MenuItem[] {
  return MENUS[role];
}

/** Menu links can carry the layout name (spec: layout query parameter). */
export function menuHref(path: string, layout?: string | null) {
  return layout ? `${path}?layout=${encodeURIComponent(layout)}` : path;
}
