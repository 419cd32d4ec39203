import { type Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Database, type Role, type User } from "~/db/schema";
import { issueSession } from "~/http/session.server";
import { STYLESHEET_VERSION } from "~/http/stylesheet.server";
import { ROLES } from "~/modules/auth/permissions";
import { useTestDatabase } from "../helpers/db";
import {
  ORIGIN,
  callAction,
  callLoader,
  createRoleUsers,
  createUser,
  redirectedTo,
  request,
  signIn,
} from "../helpers/fixtures";
import { insertRegistration } from "../helpers/registration";
import { courseRow, studentRow, transferRow } from "../helpers/rows";

useTestDatabase();

// ---------------------------------------------------------------------------
// The authorization matrix (issue 10, part 1): every route module of
// app/routes x every role plus anonymous, for the loader and for each form
// (intent) of the action. The expectations are PRODUCT 2 written out by hand,
// not read from app/modules/auth, so the app can disagree with them.
//
// Each module is called on its own, as a data request (`?_data=`) reaches it:
// a leaf must guard itself, not count on its layout's loader.

type Who = Role | "anonymous";
const WHO: readonly Who[] = ["anonymous", ...ROLES];
const STAFF: readonly Role[] = ["admin_staff", "coordinator", "receptionist", "financial"];

/**
 * What the guard answered: "ok" (anything but the refusals below), "login"
 * (to /authentication/login?redirectTo=<this path>), a redirect to a role's
 * home, 403, or 401.
 */
type Outcome = "ok" | "login" | "/teachers" | "/dashboard" | "/student" | 403 | 401;
type Rule = (who: Who) => Outcome;

// PRODUCT 2 rules, by area.
/** /dashboard, /admin*, /coordinator*: staff in `roles` allowed, other staff 403, a student to /student, a professor to /teachers. */
const staff =
  (...roles: Role[]): Rule =>
  (who) =>
    who === "anonymous"
      ? "login"
      : who === "student"
        ? "/student"
        : !STAFF.includes(who)
          ? "/teachers"
          : roles.includes(who)
            ? "ok"
            : 403;
const ALL_STAFF = staff("admin_staff", "coordinator", "receptionist", "financial");
const ADMIN_COORD = staff("admin_staff", "coordinator");
/** Teacher area other than /teachers itself: professors only, a student to /student, anyone else to /dashboard. */
const teacherArea: Rule = (who) =>
  who === "anonymous" ? "login" : who === "professor" ? "ok" : who === "student" ? "/student" : "/dashboard";
/** Any signed-in role. */
const signedIn: Rule = (who) => (who === "anonymous" ? "login" : "ok");
/** Any signed-in role but a student, who reaches only the portal, their PDFs and the profile (to /student). */
const notStudent: Rule = (who) => (who === "anonymous" ? "login" : who === "student" ? "/student" : "ok");
/** The student portal (/student*, its PDFs): a student only; everyone else to their own home. */
const portal: Rule = (who) =>
  who === "anonymous" ? "login" : who === "student" ? "ok" : who === "professor" ? "/teachers" : "/dashboard";
/** Public: /students-registration*, /authentication/*, /404, and the like. */
const open: Rule = () => "ok";
/** /v1/api: bearer token; 401 without one, 403 JSON for a role without the capability. */
const api =
  (...roles: Role[]): Rule =>
  (who) =>
    who === "anonymous" ? 401 : roles.includes(who) ? "ok" : 403;
const apiSignedIn: Rule = (who) => (who === "anonymous" ? 401 : "ok");
/** Signed-in users go home from /authentication/*. */
const authArea: Rule = (who) =>
  who === "anonymous" ? "ok" : who === "student" ? "/student" : who === "professor" ? "/teachers" : "/dashboard";

type Body =
  { form: Record<string, string> } | { multipart: Record<string, string> } | { json: Record<string, unknown> };

interface Entry {
  path: () => string;
  params?: () => Record<string, string>;
  loader?: Rule;
  action?: Rule;
  /** The forms the action takes (default: one empty form). Harmless: each fails validation or touches a throwaway row. */
  intents?: Record<string, Body>;
  /** A /v1/api route: bearer token instead of the cookie; `method` for the action. */
  api?: { method: "POST" | "PUT" };
  /** The call ends the session: use a throwaway one. */
  endsSession?: boolean;
  /** A /course/{id} page: also tried by the professor of another course (403). */
  course?: boolean;
  /** Extra check when PRODUCT 2 does not name the path: `deny` takes 403 or the role's home. */
  loaderDenyEither?: Role[];
}

const f = (form: Record<string, string> = {}): Body => ({ form });
const intents = (...names: string[]) =>
  Object.fromEntries(names.map((n) => [n, f({ intent: n, id: "x", item_id: "x", band_id: "x" })]));

// Fixture rows (beforeAll).
let users: Record<Role, User>;
let otherProfessor: User;
let target: User;
let course: number;
let otherCourse: number;
let student: number;
let stranger: number;
let item: number;
let registration: number;
let transfer: number;

const c = () => String(course);

const MATRIX: Record<string, Entry> = {
  // Public and catch-all.
  // The school's logo: public (the sign-in page shows it); only the current logo's file is served.
  "school-logo.$file": {
    path: () => "/school-logo/no-such-file.png",
    params: () => ({ file: "no-such-file.png" }),
    loader: open,
  },
  $: { path: () => "/no-such-page", params: () => ({ "*": "no-such-page" }), loader: open, action: open },
  "404": { path: () => "/404", loader: open },
  // The deployment's health check (and the bench's ceiling page): public, shows nothing but "running".
  status: { path: () => "/status", loader: open },
  _index: {
    path: () => "/",
    // "/" sends everyone home; anonymous to sign in.
    loader: (who) =>
      who === "anonymous" ? "login" : who === "student" ? "/student" : who === "professor" ? "/teachers" : "/dashboard",
  },
  authentication: { path: () => "/authentication/login", loader: authArea },
  "authentication._index": { path: () => "/authentication", loader: open },
  "authentication.login": { path: () => "/authentication/login", loader: open, action: open },
  "authentication.set-password.$token": {
    path: () => "/authentication/set-password/no-such-token",
    params: () => ({ token: "no-such-token" }),
    loader: open,
    action: open,
  },
  "students-registration._index": { path: () => "/students-registration", loader: open },
  "students-registration.$step": {
    path: () => "/students-registration/personal",
    params: () => ({ step: "personal" }),
    loader: open,
    action: open,
    intents: { next: f({ intent: "next" }), back: f({ intent: "back" }) },
  },
  // The stylesheet file (ADR 051): public, like the sign-in page it styles.
  "styles.$version[.]css": {
    path: () => `/styles/${STYLESHEET_VERSION}.css`,
    params: () => ({ version: STYLESHEET_VERSION }),
    loader: open,
  },
  // Certificate verification (issue 21, ADR 048): public, no sign-in.
  "certificates.verify._index": { path: () => "/certificates/verify", loader: open },
  "certificates.verify.$code": {
    path: () => "/certificates/verify/ABCD-EFGH-JKMN",
    params: () => ({ code: "ABCD-EFGH-JKMN" }),
    // An unknown code: the same 404 page for anyone.
    loader: open,
  },
  logout: { path: () => "/logout", loader: open, action: open, endsSession: true },
  "resources.locale": {
    path: () => "/resources/locale",
    loader: open,
    action: open,
    intents: { lng: f({ lng: "xx" }) },
  },
  "resources.layout": {
    path: () => "/resources/layout",
    loader: open,
    action: signedIn,
    intents: { toggle: f({ sidebar: "open", fetch: "1" }) },
  },
  // Bookmarks and pins (issue 15): any signed-in user, for their own menu only; unpinning changes nothing here.
  "resources.menu": {
    path: () => "/resources/menu",
    loader: open,
    action: signedIn,
    intents: { unpin: f({ intent: "pin", item: "dashboard", state: "off", fetch: "1" }) },
  },
  // A list's course search suggestions (issue 18): the roles that filter the students and transfers lists.
  "resources.course-options": { path: () => "/resources/course-options?q=ADU", loader: ALL_STAFF },
  "resources.pending-transfers": {
    path: () => "/resources/pending-transfers",
    // The bell: admin, coordinator, financial. Not a path PRODUCT 2 names, so a
    // professor may get 403 or its home; the receptionist gets 403, a student /student.
    loader: (who) => (who === "professor" ? "/teachers" : staff("admin_staff", "coordinator", "financial")(who)),
    loaderDenyEither: ["professor"],
  },

  // Signed-in layout and pages for every role.
  _app: { path: () => "/profile", loader: signedIn },
  "_app.profile": {
    path: () => "/profile",
    loader: signedIn,
    action: signedIn,
    intents: {
      avatar: { multipart: { intent: "avatar" } },
      removeAvatar: f({ intent: "removeAvatar" }),
      profile: f({ intent: "profile" }),
      language: f({ intent: "language", locale: "xx" }),
      password: f({ intent: "password" }),
    },
  },
  "_app.teachers._index": { path: () => "/teachers", loader: notStudent },
  "_app.teachers.faq": { path: () => "/teachers/faq", loader: teacherArea },

  // Staff area.
  "_app.dashboard": { path: () => "/dashboard", loader: ALL_STAFF },
  "_app.admin.audit": { path: () => "/admin/audit", loader: staff("admin_staff") },
  // Issue 21: the outbox (e-mails waiting or sent): admin only.
  "_app.admin.outbox": { path: () => "/admin/outbox", loader: staff("admin_staff") },
  "_app.admin.users._index": { path: () => "/admin/users", loader: staff("admin_staff") },
  "_app.admin.users.new": {
    path: () => "/admin/users/new",
    loader: staff("admin_staff"),
    action: staff("admin_staff"),
  },
  "_app.admin.users.$id": {
    path: () => `/admin/users/${target.id}`,
    params: () => ({ id: String(target.id) }),
    loader: staff("admin_staff"),
    action: staff("admin_staff"),
    intents: {
      avatar: { multipart: { intent: "avatar" } },
      update: f({ intent: "update" }),
      reset: f({ intent: "reset" }),
      // The switches change only `target`, a user of this file alone.
      ...intents("activate", "deactivate", "lock", "unlock"),
    },
  },
  "_app.admin.registered-students._index": {
    path: () => "/admin/registered-students",
    loader: staff("admin_staff", "receptionist", "financial"),
  },
  "_app.admin.registered-students.$id": {
    path: () => `/admin/registered-students/${registration}`,
    params: () => ({ id: String(registration) }),
    loader: staff("admin_staff", "receptionist", "financial"),
    action: staff("admin_staff", "receptionist"),
    intents: { approve: f({ intent: "approve", course_id: "x" }), reject: f({ intent: "reject" }) },
  },
  "_app.admin.students._index": { path: () => "/admin/students", loader: ALL_STAFF },
  "admin.students[.csv]": { path: () => "/admin/students.csv", loader: ALL_STAFF },
  "_app.admin.students.new": {
    path: () => "/admin/students/new",
    loader: staff("admin_staff", "coordinator", "receptionist"),
    action: staff("admin_staff", "coordinator", "receptionist"),
  },
  "_app.admin.students.$id": {
    path: () => `/admin/students/${student}`,
    params: () => ({ id: String(student) }),
    loader: ALL_STAFF,
    action: staff("admin_staff", "coordinator", "receptionist"),
    // invite: PRODUCT 2 "invite a student to the portal" (issue 21), the same roles.
    intents: intents("activate", "deactivate", "invite"),
  },
  "_app.admin.students.$id_.edit": {
    path: () => `/admin/students/${student}/edit`,
    params: () => ({ id: String(student) }),
    loader: staff("admin_staff", "coordinator", "receptionist"),
    action: staff("admin_staff", "coordinator", "receptionist"),
  },
  "_app.admin.transfer-students._index": {
    path: () => "/admin/transfer-students",
    loader: ALL_STAFF,
    action: ADMIN_COORD,
    intents: intents("approve", "reject"),
  },
  "_app.admin.transfer-students.new": {
    path: () => "/admin/transfer-students/new",
    loader: staff("admin_staff", "coordinator", "receptionist"),
    action: staff("admin_staff", "coordinator", "receptionist"),
  },
  "_app.admin.transfer-students.$id.edit": {
    path: () => `/admin/transfer-students/${transfer}/edit`,
    params: () => ({ id: String(transfer) }),
    loader: staff("admin_staff", "coordinator", "receptionist"),
    action: staff("admin_staff", "coordinator", "receptionist"),
  },
  "_app.admin.courses._index": { path: () => "/admin/courses", loader: ADMIN_COORD },
  "_app.admin.courses.new": { path: () => "/admin/courses/new", loader: ADMIN_COORD, action: ADMIN_COORD },
  "_app.admin.courses.$id": {
    path: () => `/admin/courses/${course}`,
    params: () => ({ id: c() }),
    loader: ADMIN_COORD,
    action: ADMIN_COORD,
    intents: { enroll: f({ intent: "enroll" }), unenroll: f({ intent: "unenroll" }) },
  },
  "_app.admin.courses.$id_.edit": {
    path: () => `/admin/courses/${course}/edit`,
    params: () => ({ id: c() }),
    loader: ADMIN_COORD,
    action: ADMIN_COORD,
  },
  "_app.admin.courses.$id_.report": {
    path: () => `/admin/courses/${course}/report`,
    params: () => ({ id: c() }),
    loader: ADMIN_COORD,
    // Promoting the passing students creates a transfer: report readers who may create transfers.
    action: ADMIN_COORD,
    intents: { promote: f({ selected_course_id: "x" }) },
  },
  "admin.courses.$id.report[.pdf]": {
    path: () => `/admin/courses/${course}/report.pdf`,
    params: () => ({ id: c() }),
    loader: ADMIN_COORD,
  },
  // Issuing certificates is a POST (issue 16 L3); the GET only prints issued ones.
  "admin.courses.$id.certificate[.pdf]": {
    path: () => `/admin/courses/${course}/certificate.pdf`,
    params: () => ({ id: c() }),
    loader: ADMIN_COORD,
    action: ADMIN_COORD,
  },
  // Revoke / re-issue a certificate: admin staff and coordinators (PRODUCT 2).
  "_app.admin.courses.$id_.certificates": {
    path: () => `/admin/courses/${course}/certificates`,
    params: () => ({ id: c() }),
    loader: ADMIN_COORD,
    action: ADMIN_COORD,
    intents: {
      revoke: f({ intent: "revoke", certificate_id: "999999", reason: "matrix" }),
      reissue: f({ intent: "reissue", certificate_id: "999999" }),
    },
  },
  "_app.admin.syllabus": {
    path: () => "/admin/syllabus?level=1",
    loader: ADMIN_COORD,
    action: ADMIN_COORD,
    intents: intents("add", "rename", "move", "remove", "defaults"),
  },
  "_app.admin.holidays": {
    path: () => "/admin/holidays",
    loader: ADMIN_COORD,
    action: ADMIN_COORD,
    intents: intents("create", "update", "delete"),
  },
  "_app.admin.grade-bands": {
    path: () => "/admin/grade-bands",
    loader: ADMIN_COORD,
    action: ADMIN_COORD,
    intents: intents("create", "update", "delete"),
  },
  // School settings (issue 15): admin only. "save" is sent empty (refused by validation); there is no logo to remove.
  "_app.admin.settings": {
    path: () => "/admin/settings",
    loader: staff("admin_staff"),
    action: staff("admin_staff"),
    intents: { save: { multipart: { intent: "save" } }, removeLogo: f({ intent: "removeLogo" }) },
  },
  "_app.admin.teachers": {
    path: () => "/admin/teachers",
    loader: staff("admin_staff", "coordinator", "receptionist"),
    action: ADMIN_COORD,
  },
  "_app.coordinator.professors": {
    path: () => "/coordinator/professors",
    loader: staff("admin_staff", "coordinator", "receptionist"),
  },
  "_app.coordinator.faq": { path: () => "/coordinator/faq", loader: ADMIN_COORD },

  // Course pages: the course's own professor only.
  "_app.course.$id": {
    path: () => `/course/${course}`,
    params: () => ({ id: c() }),
    loader: teacherArea,
    course: true,
  },
  "_app.course.$id._index": {
    path: () => `/course/${course}`,
    params: () => ({ id: c() }),
    loader: teacherArea,
    course: true,
  },
  "_app.course.$id.home": {
    path: () => `/course/${course}/home`,
    params: () => ({ id: c() }),
    loader: teacherArea,
    course: true,
  },
  "_app.course.$id.faq": {
    path: () => `/course/${course}/faq`,
    params: () => ({ id: c() }),
    loader: teacherArea,
    course: true,
  },
  "_app.course.$id.holidays": {
    path: () => `/course/${course}/holidays`,
    params: () => ({ id: c() }),
    loader: teacherArea,
    course: true,
  },
  "_app.course.$id.attendance": {
    path: () => `/course/${course}/attendance`,
    params: () => ({ id: c() }),
    loader: teacherArea,
    action: teacherArea,
    course: true,
  },
  "_app.course.$id.gradebook": {
    path: () => `/course/${course}/gradebook`,
    params: () => ({ id: c() }),
    loader: teacherArea,
    action: teacherArea,
    course: true,
  },
  "_app.course.$id.student-report": {
    path: () => `/course/${course}/student-report`,
    params: () => ({ id: c() }),
    loader: teacherArea,
    course: true,
  },
  "course.$id.report[.pdf]": {
    path: () => `/course/${course}/report.pdf`,
    params: () => ({ id: c() }),
    loader: teacherArea,
    course: true,
  },
  "course.$id.certificate[.pdf]": {
    path: () => `/course/${course}/certificate.pdf`,
    params: () => ({ id: c() }),
    loader: teacherArea,
    action: teacherArea,
    course: true,
  },

  // The student portal (ADR 047): the student's own record only. The matrix's
  // student account is linked to the student `student`, enrolled in `course`;
  // other students' and other courses' ids are tried in student-portal.test.ts.
  "_app.student._index": { path: () => "/student", loader: portal },
  "_app.student.courses.$id.attendance": {
    path: () => `/student/courses/${course}/attendance`,
    params: () => ({ id: c() }),
    loader: portal,
  },
  "_app.student.courses.$id.grades": {
    path: () => `/student/courses/${course}/grades`,
    params: () => ({ id: c() }),
    loader: portal,
  },
  "student.courses.$id.report[.pdf]": {
    path: () => `/student/courses/${course}/report.pdf`,
    params: () => ({ id: c() }),
    loader: portal,
  },
  // The course has not ended: the certificate is refused (not eligible), after the guard.
  "student.courses.$id.certificate[.pdf]": {
    path: () => `/student/courses/${course}/certificate.pdf`,
    params: () => ({ id: c() }),
    loader: portal,
    action: portal,
  },

  // /v1/api: JSON 401/403, never a redirect. Loaders of action-only endpoints answer 405 to anyone.
  "v1.api.auth.login": {
    path: () => "/v1/api/auth/login",
    api: { method: "POST" },
    loader: open,
    action: open,
    intents: { login: { json: {} } },
  },
  "v1.api.auth.logout": {
    path: () => "/v1/api/auth/logout",
    api: { method: "POST" },
    loader: open,
    action: apiSignedIn,
    endsSession: true,
  },
  "v1.api.images.$file": {
    path: () => "/v1/api/images/no-such-file.png",
    params: () => ({ file: "no-such-file.png" }),
    api: { method: "POST" },
    loader: apiSignedIn,
    action: open,
  },
  // GET-only endpoints: any other method is 405 to anyone (issue 15).
  "v1.api.transfer-data.get-all": {
    path: () => "/v1/api/transfer-data/get-all",
    api: { method: "POST" },
    loader: api(...STAFF),
    action: open,
  },
  "v1.api.transfer-data.get-pending": {
    path: () => "/v1/api/transfer-data/get-pending",
    api: { method: "POST" },
    loader: api(...STAFF),
    action: open,
  },
  "v1.api.transfer-data.get-approved": {
    path: () => "/v1/api/transfer-data/get-approved",
    api: { method: "POST" },
    loader: api(...STAFF),
    action: open,
  },
  "v1.api.transfer-data.create": {
    path: () => "/v1/api/transfer-data/create",
    api: { method: "POST" },
    loader: open,
    action: api("admin_staff", "coordinator", "receptionist"),
    intents: { create: { json: {} } },
  },
  // A transfer id that does not exist: the allowed roles get 404, nothing is decided.
  "v1.api.transfer-data.update.$id": {
    path: () => "/v1/api/transfer-data/update/999999",
    params: () => ({ id: "999999" }),
    api: { method: "PUT" },
    loader: open,
    action: api("admin_staff", "coordinator", "receptionist"),
    intents: { update: { json: {} } },
  },
  "v1.api.transfer-data.approve.$id": {
    path: () => "/v1/api/transfer-data/approve/999999",
    params: () => ({ id: "999999" }),
    api: { method: "PUT" },
    loader: open,
    action: api("admin_staff", "coordinator"),
    intents: { approve: { json: {} } },
  },
  "v1.api.transfer-data.reject.$id": {
    path: () => "/v1/api/transfer-data/reject/999999",
    params: () => ({ id: "999999" }),
    api: { method: "PUT" },
    loader: open,
    action: api("admin_staff", "coordinator"),
    intents: { reject: { json: { reason: "x" } } },
  },
};

// ---------------------------------------------------------------------------
// Every route module of the app, from the file system (what Remix's flat routes read).

type RouteModule = Parameters<typeof callLoader>[0] & Parameters<typeof callAction>[0];
const TOP = import.meta.glob<RouteModule>("/app/routes/*.{ts,tsx,js,jsx}", { eager: true });
const EVERY_FILE = import.meta.glob("/app/routes/**/*", { eager: false });
const ROUTES: Record<string, RouteModule> = Object.fromEntries(
  Object.entries(TOP).map(([file, mod]) => [file.replace(/^\/app\/routes\//, "").replace(/\.(tsx?|jsx?)$/, ""), mod]),
);

// ---------------------------------------------------------------------------
// Sessions: one per role per file (cookie for pages, bearer for the API).

const cookies = {} as Record<Role, string>;
const bearers = {} as Record<Role, string>;
let otherProfessorCookie: string;
let otherProfessorBearer: string;

async function bearerFor(userId: number) {
  return (await issueSession(request("/"), userId)).token;
}

let seq = 0;
async function insertStudent(last: string) {
  seq += 1;
  const n = `18${String(seq).padStart(8, "0")}`;
  const now = new Date().toISOString();
  const row = await db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: "Matrix",
        last_name: last,
        second_last_name: "Test",
        id_number: n,
        phone_number: `09${n.slice(-8)}`,
        email: `m${n}@example.com`,
        created_at: now,
        updated_at: now,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function insertCourse(code: string, professorId: number, fields: Partial<Insertable<Database["courses"]>> = {}) {
  const now = new Date().toISOString();
  const row = await db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: "901",
        course_id: code,
        start_date: "2026-01-05",
        end_date: "2099-12-18",
        professor_id: professorId,
        created_at: now,
        updated_at: now,
        ...fields,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function enroll(courseId: number, studentId: number) {
  await db()
    .insertInto("enrollments")
    .values({ course_id: courseId, student_id: studentId, start_date: "2026-01-05", end_date: null, end_reason: null })
    .execute();
}

beforeAll(async () => {
  users = await createRoleUsers();
  otherProfessor = await createUser({
    role: "professor",
    email: "other-professor@school.example.com",
    name: "Other Professor",
  });
  target = await createUser({ role: "receptionist", email: "target@school.example.com", name: "Target User" });
  for (const role of ROLES) {
    cookies[role] = await signIn(users[role].email);
    bearers[role] = await bearerFor(users[role].id);
  }
  otherProfessorCookie = await signIn(otherProfessor.email);
  otherProfessorBearer = await bearerFor(otherProfessor.id);

  course = await insertCourse("AM-MINE", users.professor.id);
  otherCourse = await insertCourse("AM-OTHER", otherProfessor.id);
  [item] = (
    await db()
      .insertInto("grading_items")
      .values({ course_id: course, item_name: "Assignment 1", category: "ASSIGNMENTS", position: 1 })
      .returning(["id"])
      .execute()
  ).map((r) => Number(r.id));
  await db()
    .insertInto("grading_items")
    .values({ course_id: otherCourse, item_name: "Assignment 1", category: "ASSIGNMENTS", position: 1 })
    .execute();
  student = await insertStudent("Mine");
  stranger = await insertStudent("Stranger");
  await enroll(course, student);
  await enroll(otherCourse, stranger);
  // The portal's student is `student` (students.user_id).
  await db().updateTable("students").set({ user_id: users.student.id }).where("id", "=", student).execute();
  registration = Number((await insertRegistration({ status: "pending" })).id);
  transfer = Number(
    (
      await db()
        .insertInto("transfers")
        .values(
          transferRow({
            from_course_id: course,
            selected_course_id: otherCourse,
            selected_level_id: 1,
            reason: "Matrix",
            created_by: users.coordinator.id,
          }),
        )
        .returning(["id"])
        .executeTakeFirstOrThrow()
    ).id,
  );
  await db().insertInto("transfer_students").values({ transfer_id: transfer, student_id: student }).execute();
});

// ---------------------------------------------------------------------------
// One request per cell.

function bodyInit(body: Body): { headers: Record<string, string>; body: BodyInit } {
  if ("json" in body) return { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body.json) };
  if ("multipart" in body) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(body.multipart)) fd.append(k, v);
    return { headers: {}, body: fd }; // the Request sets the multipart boundary
  }
  return {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body.form).toString(),
  };
}

interface Caller {
  cookie?: string;
  bearer?: string;
}

function buildRequest(path: string, who: Caller, method: string, body?: Body) {
  const headers = new Headers();
  if (who.cookie) headers.set("Cookie", who.cookie);
  if (who.bearer) headers.set("Authorization", `Bearer ${who.bearer}`);
  let init: BodyInit | undefined;
  if (method !== "GET") {
    headers.set("Origin", ORIGIN);
    const b = bodyInit(body ?? f());
    for (const [k, v] of Object.entries(b.headers)) headers.set(k, v);
    init = b.body;
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body: init });
}

async function callerFor(entry: Entry, who: Who, fresh: boolean): Promise<Caller> {
  if (who === "anonymous") return {};
  if (fresh) {
    const userId = users[who].id;
    return entry.api ? { bearer: await bearerFor(userId) } : { cookie: await signIn(users[who].email) };
  }
  return entry.api ? { bearer: bearers[who] } : { cookie: cookies[who] };
}

const checked = { cells: 0 };

/** The guard's answer, in the terms of PRODUCT 2. */
async function outcomeOf(response: Response, path: string, isApi: boolean): Promise<Outcome> {
  const to = redirectedTo(response);
  if (isApi && to) throw new Error(`${path}: the API redirected to ${to}`);
  if (response.status === 401 || response.status === 403) {
    // Refusals are JSON ({message}) everywhere: the API's answer, and the pages' Access Denied.
    expect(response.headers.get("Content-Type") ?? "", `${path} ${response.status}`).toContain("application/json");
    return response.status;
  }
  if (!to) return "ok";
  const login = path === "/" ? "/authentication/login" : `/authentication/login?redirectTo=${encodeURIComponent(path)}`;
  if (to === login) return "login";
  if (to === "/teachers" || to === "/dashboard" || to === "/student") return to;
  return "ok";
}

async function row(
  key: string,
  entry: Entry,
  kind: "loader" | "action",
  body: Body | undefined,
  opts: { otherCourse?: boolean } = {},
) {
  const mod = ROUTES[key];
  const actual: Partial<Record<Who, Outcome>> = {};
  const expected: Partial<Record<Who, Outcome>> = {};
  const rule = kind === "loader" ? entry.loader! : entry.action!;
  const path = opts.otherCourse ? entry.path().replace(`/course/${course}`, `/course/${otherCourse}`) : entry.path();
  const params = opts.otherCourse ? { ...entry.params?.(), id: String(otherCourse) } : entry.params?.();
  for (const who of opts.otherCourse ? (["professor"] as Who[]) : WHO) {
    const caller = await callerFor(entry, who, !!entry.endsSession && kind === "action");
    const method = kind === "loader" ? "GET" : (entry.api?.method ?? "POST");
    const req = buildRequest(path, caller, method, body);
    const response = kind === "loader" ? await callLoader(mod, req, params) : await callAction(mod, req, params);
    let got = await outcomeOf(response, path, !!entry.api);
    if (kind === "loader" && entry.loaderDenyEither?.includes(who as Role) && (got === 403 || got === "/teachers"))
      got = "/teachers";
    actual[who] = got;
    expected[who] = opts.otherCourse ? 403 : rule(who);
    checked.cells += 1;
  }
  expect(actual).toEqual(expected);
}

describe("the route table", () => {
  it("has an entry for every route module, and no entry without one", () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it("has no route module in a folder (folder routes would need entries too)", () => {
    const nested = Object.keys(EVERY_FILE).filter((file) => file.replace(/^\/app\/routes\//, "").includes("/"));
    expect(nested).toEqual([]);
  });

  it("has an expectation for each loader and action a module exports, and none for what it lacks", () => {
    const mismatches: string[] = [];
    for (const [key, mod] of Object.entries(ROUTES)) {
      const entry = MATRIX[key];
      if (!entry) continue;
      if (!!mod.loader !== !!entry.loader) mismatches.push(`${key}: loader ${mod.loader ? "exported" : "missing"}`);
      if (!!mod.action !== !!entry.action) mismatches.push(`${key}: action ${mod.action ? "exported" : "missing"}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe.each(Object.keys(MATRIX).filter((k) => k in ROUTES))("%s", (key) => {
  const entry = MATRIX[key];
  if (entry.loader) {
    it("loader (GET)", async () => {
      await row(key, entry, "loader", undefined);
    });
  }
  if (entry.action) {
    for (const [name, body] of Object.entries(entry.intents ?? { form: f() })) {
      it(`action (${entry.api?.method ?? "POST"}: ${name})`, async () => {
        await row(key, entry, "action", body);
      });
    }
  }
  if (entry.course) {
    it("another professor's course: 403 (loader)", async () => {
      await row(key, entry, "loader", undefined, { otherCourse: true });
    });
    if (entry.action) {
      it("another professor's course: 403 (action)", async () => {
        await row(key, entry, "action", f(), { otherCourse: true });
      });
    }
  }
});

// ---------------------------------------------------------------------------
// Object-level checks.

describe("object-level checks", () => {
  const count = async (table: "grades" | "attendance") =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("a gradebook post naming a student of another course → 400, nothing saved", async () => {
    const before = await count("grades");
    const response = await callAction(
      ROUTES["_app.course.$id.gradebook"],
      request(`/course/${course}/gradebook`, {
        cookie: cookies.professor,
        form: { [`g_${student}_${item}`]: "90", [`g_${stranger}_${item}`]: "80" },
      }),
      { id: c() },
    );
    expect(response.status).toBe(400);
    expect(await count("grades")).toBe(before);
  });

  it("the other professor's gradebook post into this course, with this course's own cells → 403, nothing saved", async () => {
    const before = await count("grades");
    const response = await callAction(
      ROUTES["_app.course.$id.gradebook"],
      request(`/course/${course}/gradebook`, {
        cookie: otherProfessorCookie,
        form: { [`g_${student}_${item}`]: "90" },
      }),
      { id: c() },
    );
    expect(response.status).toBe(403);
    expect(await count("grades")).toBe(before);
  });

  const transferStatus = async () =>
    (await db().selectFrom("transfers").select("status").where("id", "=", transfer).executeTakeFirstOrThrow()).status;

  it("a receptionist approving a transfer by id → 403 on the page and on the API; it stays pending", async () => {
    for (const intent of ["approve", "reject"]) {
      const page = await callAction(
        ROUTES["_app.admin.transfer-students._index"],
        request("/admin/transfer-students", { cookie: cookies.receptionist, form: { intent, id: String(transfer) } }),
      );
      expect(page.status).toBe(403);
      const viaApi = await callAction(
        ROUTES[`v1.api.transfer-data.${intent}.$id`],
        buildRequest(`/v1/api/transfer-data/${intent}/${transfer}`, { bearer: bearers.receptionist }, "PUT", {
          json: { reason: "x" },
        }),
        { id: String(transfer) },
      );
      expect(viaApi.status).toBe(403);
    }
    // The financial role sees transfers but cannot decide or edit them either.
    const edit = await callAction(
      ROUTES["v1.api.transfer-data.update.$id"],
      buildRequest(`/v1/api/transfer-data/update/${transfer}`, { bearer: bearers.financial }, "PUT", {
        json: { reason: "changed" },
      }),
      { id: String(transfer) },
    );
    expect(edit.status).toBe(403);
    expect(await transferStatus()).toBe("pending");
  });

  it("API calls with another role's token: a professor's on get-all → 403, none → 401, JSON", async () => {
    const getAll = ROUTES["v1.api.transfer-data.get-all"];
    const asProfessor = await callLoader(
      getAll,
      buildRequest("/v1/api/transfer-data/get-all", { bearer: bearers.professor }, "GET"),
    );
    expect(asProfessor.status).toBe(403);
    expect(await asProfessor.json()).toHaveProperty("message");
    const other = await callLoader(
      getAll,
      buildRequest("/v1/api/transfer-data/get-all", { bearer: otherProfessorBearer }, "GET"),
    );
    expect(other.status).toBe(403);
    const none = await callLoader(getAll, buildRequest("/v1/api/transfer-data/get-all", {}, "GET"));
    expect(none.status).toBe(401);
    expect(await none.json()).toHaveProperty("message");
    // A page's cookie-less bearer of a student: 403, not a redirect.
    const student = await callLoader(
      getAll,
      buildRequest("/v1/api/transfer-data/get-all", { bearer: bearers.student }, "GET"),
    );
    expect(student.status).toBe(403);
  });

  it("checked every cell of the matrix", () => {
    // Printed for docs/security.md (routes x roles checked).
    console.info(`authorization matrix: ${Object.keys(ROUTES).length} route modules, ${checked.cells} cells`);
    expect(checked.cells).toBeGreaterThan(Object.keys(ROUTES).length * WHO.length);
  });
});
