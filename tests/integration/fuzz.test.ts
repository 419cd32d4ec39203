import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { issueSession } from "~/http/session.server";
import { STYLESHEET_VERSION } from "~/http/stylesheet.server";
import { ROLES } from "~/modules/auth/permissions";
import { resetPassword } from "~/modules/users/users.server";
import { addDays, schoolDay } from "../helpers/clock";
import { useTestDatabase } from "../helpers/db";
import {
  ORIGIN,
  PASSWORD,
  callAction,
  callLoader,
  createRoleUsers,
  createUser,
  request,
  signIn,
} from "../helpers/fixtures";
import {
  type Diff,
  type Encoding,
  type Entries,
  type Form,
  type Row,
  type Table,
  brokenRules,
  changedOutside,
  encodeBody,
  formEncoding,
  formEntries,
  fuzzOptions,
  hostileQuery,
  mutatedForm,
  mutatedJson,
  routeParam,
  tried,
  unsound,
  watchWrites,
  writeMark,
  writesSince,
} from "../helpers/fuzz";
import {
  Wizard,
  addressValues,
  adultPersonal,
  insertRegistration,
  messageValues,
  uniqueIdNumber,
} from "../helpers/registration";
import { courseFormValues, courseRow, studentFormValues, studentRow, transferRow } from "../helpers/rows";
import { storedImages } from "../helpers/stored-images";

// Issue 10, part 2: generated bad input at every loader and every form (each
// intent) of every route module, and at every /v1/api endpoint. For each input:
// never a 500 (nor a thrown error), never an off-site redirect, no driver
// error in the answer; a refused request (4xx) writes nothing; an accepted one
// writes only its own tables, whole (checked per form), and leaves the
// database's rules intact. Forms are built around a valid one, so that many
// inputs pass validation and reach the code behind it.
//
// The route table below is checked against app/routes: a new route module, or
// a new loader or action, without an entry here fails the first test.
// Reproduce a failure with the seed fast-check prints (FUZZ_SEED); FUZZ_RUNS=5
// runs five times as many inputs.

useTestDatabase();

const UPLOADS = fs.mkdtempSync(path.join(os.tmpdir(), "school-fuzz-uploads-"));
process.env.UPLOAD_DIR = UPLOADS;
afterAll(() => fs.rmSync(UPLOADS, { recursive: true, force: true }));

// ---------------------------------------------------------------------------
// Route modules, from the file system (as the authorization matrix reads them)

type RouteModule = Parameters<typeof callLoader>[0] & Parameters<typeof callAction>[0];
const TOP = import.meta.glob<RouteModule>("/app/routes/*.{ts,tsx,js,jsx}", { eager: true });
const ROUTES: Record<string, RouteModule> = Object.fromEntries(
  Object.entries(TOP).map(([file, mod]) => [file.replace(/^\/app\/routes\//, "").replace(/\.(tsx?|jsx?)$/, ""), mod]),
);

// ---------------------------------------------------------------------------
// Fixtures (beforeAll)

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
const bearers = {} as Record<Role, string>;
let profileUser: User;
let profileCookie: string;
let loginUser: User;
let target: User;
/** One set-password link per user: a new link ends the user's older ones. */
const tokens: { token: string; userId: number }[] = [];
let course: number;
/** A course that has ended with one passing student: its certificate can be issued (issue 16 L3). */
let endedCourse: number;
let nextCourse: number;
let editCourse: number;
let items: number[] = [];
let sessionDate: string;
let band: number;
let syllabusItem: number;
let holiday: number;
/** Rows of one form each, so that one form's accepted changes do not make another's valid form invalid. */
const mine = {
  students: {} as Record<
    | "newTransfer"
    | "apiTransfer"
    | "promoteA"
    | "promoteB"
    | "graded"
    | "unenroll"
    | "deactivate"
    | "activate"
    | "edit"
    | "enroll",
    number
  >,
  transfers: {} as Record<"approve" | "reject" | "edit" | "apiUpdate" | "apiApprove" | "apiReject", number>,
  registrations: {} as Record<"approve" | "reject", number[]>,
  /** The student of each pending transfer. */
  inTransfer: {} as Record<"approve" | "reject" | "edit" | "apiUpdate" | "apiApprove" | "apiReject", number>,
  /** Everyone enrolled in `course` (the attendance form's rows), and their enrollments. */
  enrolled: [] as number[],
  enrollment: {} as Record<number, number>,
  /** Issued certificates of `endedCourse` (issue 21): one valid (revoke), one revoked (re-issue). */
  certificates: {} as Record<"revoke" | "reissue", number>,
};

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000000000005000104" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

// The school's today, read once before the fixtures (beforeAll): dates count from it.
let today = "";
function dayFromToday(offset: number) {
  return addDays(today, offset);
}

let seq = 0;
async function insertStudent(last: string) {
  seq += 1;
  const n = `17${String(seq).padStart(8, "0")}`;
  const row = await db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: "Fuzz",
        last_name: last,
        id_number: n,
        phone_number: `09${n.slice(-8)}`,
        email: `f${n}@example.com`,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function insertCourse(code: string, levelId: number, professorId: number | null) {
  const row = await db()
    .insertInto("courses")
    .values(
      courseRow({
        course_id: code,
        level_id: levelId,
        start_date: dayFromToday(-70),
        end_date: dayFromToday(70),
        professor_id: professorId,
        schedule_days: "MO,TU,WE,TH,FR",
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function insertTransfer(studentId: number) {
  const { id } = await db()
    .insertInto("transfers")
    .values(
      transferRow({
        from_course_id: course,
        selected_course_id: nextCourse,
        selected_level_id: 2,
        reason: "Fuzz",
        created_by: users.coordinator.id,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
  await db().insertInto("transfer_students").values({ transfer_id: id, student_id: studentId }).execute();
  return Number(id);
}

beforeAll(async () => {
  today = await schoolDay();
  users = await createRoleUsers();
  for (const role of ROLES) {
    cookies[role] = await signIn(users[role].email);
    bearers[role] = (await issueSession(request("/"), users[role].id)).token;
  }
  // Users of one form each, so one form's changes (a new password, a lock) do not end another's session.
  profileUser = await createUser({
    role: "receptionist",
    email: "profile-fuzz@school.example.com",
    name: "Profile Fuzz",
  });
  profileCookie = await signIn(profileUser.email);
  loginUser = await createUser({ role: "coordinator", email: "login-fuzz@school.example.com", name: "Login Fuzz" });
  target = await createUser({ role: "receptionist", email: "target-fuzz@school.example.com", name: "Target Fuzz" });
  for (let i = 0; i < 4; i++) {
    const invitee = await createUser({
      role: "financial",
      email: `invitee-${i}@school.example.com`,
      name: `Invitee ${i}`,
      password_hash: null,
    });
    const outcome = await resetPassword(invitee.id, { method: "link" }, users.admin_staff.id);
    if (!outcome.ok || !outcome.token) throw new Error("no token");
    tokens.push({ token: outcome.token, userId: invitee.id });
  }

  course = await insertCourse("FZ-A1", 1, users.professor.id);
  nextCourse = await insertCourse("FZ-A2", 2, null);
  editCourse = await insertCourse("FZ-ED", 3, null);
  const enrolledKeys = ["newTransfer", "apiTransfer", "promoteA", "promoteB", "graded", "unenroll"] as const;
  for (const k of enrolledKeys) mine.students[k] = await insertStudent(k);
  for (const k of ["deactivate", "activate", "edit", "enroll"] as const) mine.students[k] = await insertStudent(k);
  await db().updateTable("students").set({ status: "inactive" }).where("id", "=", mine.students.activate).execute();
  const inTransfer = mine.inTransfer;
  for (const k of ["approve", "reject", "edit", "apiUpdate", "apiApprove", "apiReject"] as const)
    inTransfer[k] = await insertStudent(`transfer-${k}`);
  mine.enrolled = [...Object.values(inTransfer), ...enrolledKeys.map((k) => mine.students[k])];
  for (const s of mine.enrolled) {
    const { id } = await db()
      .insertInto("enrollments")
      .values({ course_id: course, student_id: s, start_date: dayFromToday(-70), end_date: null, end_reason: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    mine.enrollment[s] = Number(id);
  }
  items = (
    await db()
      .insertInto("grading_items")
      .values([
        { course_id: course, item_name: "Assignment 1", category: "ASSIGNMENTS", position: 1 },
        { course_id: course, item_name: "Test 1", category: "PROGRESS TESTS", position: 2 },
        { course_id: course, item_name: "Final exam", category: "EXAM", position: 3 },
      ])
      .returning("id")
      .execute()
  ).map((r) => Number(r.id));
  // Two students pass the course, so the report can promote them.
  const now = new Date().toISOString();
  await db()
    .insertInto("grades")
    .values(
      [mine.students.promoteA, mine.students.promoteB].flatMap((s) =>
        items.map((i) => ({ grading_item_id: i, student_id: s, grade: 90, updated_at: now })),
      ),
    )
    .execute();
  endedCourse = Number(
    (
      await db()
        .insertInto("courses")
        .values(
          courseRow({
            course_id: "FZ-END",
            level_id: 1,
            start_date: dayFromToday(-200),
            end_date: dayFromToday(-100),
            professor_id: users.professor.id,
            schedule_days: "MO,WE",
          }),
        )
        .returning(["id"])
        .executeTakeFirstOrThrow()
    ).id,
  );
  for (const [k, revoked] of [
    ["revoke", false],
    ["reissue", true],
  ] as const) {
    const holder = await insertStudent(`cert-${k}`);
    mine.certificates[k] = Number(
      (
        await db()
          .insertInto("certificates")
          .values({
            number: `FZ-${k}`,
            student_id: holder,
            course_id: endedCourse,
            issued_on: dayFromToday(-99),
            issued_by: null,
            created_at: new Date().toISOString(),
            verification_code: k === "revoke" ? "FZRV-KEAB-CDEF" : "FZRS-KEAB-CDEF",
            revoked_at: revoked ? new Date().toISOString() : null,
            revoke_reason: revoked ? "Fuzz" : null,
          })
          .returning(["id"])
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const graduate = await insertStudent("graduate");
  await db()
    .insertInto("enrollments")
    .values({
      course_id: endedCourse,
      student_id: graduate,
      start_date: dayFromToday(-200),
      end_date: null,
      end_reason: null,
    })
    .execute();
  const endedItems = await db()
    .insertInto("grading_items")
    .values([
      { course_id: endedCourse, item_name: "Assignment 1", category: "ASSIGNMENTS", position: 1 },
      { course_id: endedCourse, item_name: "Test 1", category: "PROGRESS TESTS", position: 2 },
      { course_id: endedCourse, item_name: "Final exam", category: "EXAM", position: 3 },
    ])
    .returning("id")
    .execute();
  await db()
    .insertInto("grades")
    .values(
      endedItems.map((i) => ({ grading_item_id: Number(i.id), student_id: graduate, grade: 90, updated_at: now })),
    )
    .execute();
  for (const k of Object.keys(inTransfer) as (keyof typeof inTransfer)[])
    mine.transfers[k] = await insertTransfer(inTransfer[k]);
  const registration = async () => Number((await insertRegistration({ status: "pending", level_id: 1 })).id);
  mine.registrations.approve = [await registration(), await registration(), await registration()];
  mine.registrations.reject = [await registration(), await registration(), await registration()];
  holiday = Number(
    (
      await db()
        .insertInto("holidays")
        .values({ name: "Fuzz day", start_date: dayFromToday(100), end_date: dayFromToday(101), course_id: null })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  // The migration's bands cover 70-100: this one sits below them.
  band = Number(
    (
      await db()
        .insertInto("grade_bands")
        .values({ name: "Low", min: 20, max: 30 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  syllabusItem = Number(
    (
      await db()
        .insertInto("syllabus_items")
        .values({ level_id: 1, item_name: "Quiz", category: "PROGRESS TESTS", position: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  // A past session of the course that can take attendance (a student transferred today has left today's).
  const page = await callLoader(
    ROUTES["_app.course.$id.attendance"],
    request(`/course/${course}/attendance`, { cookie: cookies.professor }),
    { id: String(course) },
  );
  const data = (await page.json()) as { choices: { date: string }[] };
  const past = data.choices.find((c) => c.date < dayFromToday(0));
  if (!past) throw new Error("the fixture course has no past session to take attendance for");
  sessionDate = past.date;
  await watchWrites();
});

// ---------------------------------------------------------------------------
// The route table

interface Caller {
  cookie?: string;
  bearer?: string;
  headers?: Record<string, string>;
}
type CallerOf = () => Caller | Promise<Caller>;

const anonymous: CallerOf = () => ({});
const as =
  (role: Role): CallerOf =>
  () => ({ cookie: cookies[role] });
const api =
  (role: Role): CallerOf =>
  () => ({ bearer: bearers[role] });
const admin = as("admin_staff");
const professor = as("professor");
const student = as("student");

/** Good values of a route's params ($id, $token...); each run also tries hostile ones. */
type ParamGoods = Record<string, () => readonly string[]>;

interface Target {
  caller: CallerOf;
  /** The path for these params (already decoded values; the table encodes them). */
  path: (p: Record<string, string>) => string;
  params?: ParamGoods;
  runs?: number;
}

interface LoaderFuzz extends Target {
  /** Tables the loader may write; sessions' last use is ignored everywhere. */
  writes?: Table[];
}

interface Accepted {
  entries: Entries;
  json: Record<string, unknown> | null;
  params: Record<string, string>;
  response: Response;
  diff: Diff;
  state: Record<string, unknown>;
}

interface IntentFuzz extends Target {
  method?: "POST" | "PUT";
  /** A valid form (for a JSON API: a valid body) the inputs are built around. */
  form?: () => Form;
  json?: () => Record<string, unknown>;
  /** More good values per field. */
  good?: () => Record<string, readonly string[]>;
  /** The query string the page posts to (e.g. ?level=1); hostile ones are tried too. */
  query?: () => Entries;
  /** Tables an accepted request may write. */
  writes: Table[];
  /** Tables even a refused request writes by design (login attempts, registration drafts). */
  refusedWrites?: Table[];
  /** An accepted write must add an audit_log row. */
  audited?: boolean;
  /** Checks that an accepted write is whole. */
  whole?: (a: Accepted) => void | Promise<void>;
  /** Runs before each input (a wizard's earlier steps); what it returns goes to the caller and `whole`. */
  prepare?: () => Promise<{ caller?: Caller; state?: Record<string, unknown> }>;
  /** multipart with a file: the avatar forms (and the settings form's logo). */
  upload?: boolean;
  /** The file input's name when it is not "avatar". */
  fileField?: string;
  /** Refuses every input by design (an unknown path's action). */
  refusesAll?: boolean;
}

interface Entry {
  loader?: LoaderFuzz;
  action?: Record<string, IntentFuzz>;
}

const id = (n: () => number | number[]) => () => [n()].flat().map(String);
/** A field's value when it was sent once (a form sent twice is an array to conform, so refused). */
const single = (a: Accepted, name: string) => {
  const values = a.entries.filter(([k]) => k === name).map(([, v]) => v);
  return values.length === 1 ? values[0] : undefined;
};
/** A field's first value: what `FormData.get` reads in the forms parsed by hand (attendance). */
const first = (a: Accepted, name: string) => a.entries.find(([k]) => k === name)?.[1];
const added = (a: Accepted, t: Table) => a.diff[t]?.added ?? [];
const changed = (a: Accepted, t: Table) => a.diff[t]?.changed ?? [];
/** A text field as stored: what was posted, trimmed (never cut, never altered). */
const storedAsPosted = (a: Accepted, row: Row, fields: string[]) => {
  for (const f of fields) {
    const posted = single(a, f);
    if (posted !== undefined && posted.trim() !== "") expect(row[f], f).toBe(posted.trim());
  }
};

const studentForm = (): Form => studentFormValues({ id_number: uniqueIdNumber(), where_hear_about_us: "friend" });
const studentGood = () => ({
  age_category: ["kids"],
  level_id: ["1", "7", "8", "14"],
  same_billing: ["no"],
  billing_address: ["Calle 5"],
  emergency_contact_name: ["Marta"],
  emergency_contact_phone: ["310 987 6543"],
  emergency_contact_relationship: ["Mother"],
});
const STUDENT_TEXT = ["first_name", "middle_name", "last_name", "second_last_name", "address", "notes"];

let courseSeq = 0;
const courseForm = (): Form =>
  courseFormValues({
    course_id: `FZ-NEW-${++courseSeq}`,
    professor_id: String(users.professor.id),
    start_date: dayFromToday(10),
    end_date: dayFromToday(120),
  });
const courseGood = () => ({
  schedule: ["custom"],
  days: ["MO", "FR"],
  start_time: ["08:00", "23:59"],
  end_time: ["10:30"],
  professor_id: [String(users.coordinator.id), "0"],
  status: ["inactive"],
  level_id: ["2", "8"],
});
const courseWhole = (a: Accepted, row: Row) => {
  storedAsPosted(a, row, ["course_number", "course_id"]);
  const weights = ["assig_percentage", "test_percentage", "exam_percentage"].map((k) => Number(row[k]));
  expect(weights.reduce((x, y) => x + y, 0)).toBe(100);
};

let emailSeq = 0;
const freshEmail = () => `new${++emailSeq}-${Date.now()}@school.example.com`;

const transferBody = (studentId: number) => ({
  student_ids: [String(studentId)],
  from_course_id: String(course),
  selected_course_id: String(nextCourse),
  selected_level_id: "2",
  reason: "Moving up",
});
const transferGood = () => ({
  student_ids: mine.enrolled.map(String),
  from_course_id: [String(nextCourse)],
  selected_course_id: [String(course)],
  selected_level_id: ["1", "14", "99"],
});
/** A transfer and its students, written together. */
const transferWhole = (a: Accepted, expectNew: boolean) => {
  const rows = added(a, "transfers");
  const changedRows = changed(a, "transfers").map((c) => c.after);
  const transfer = expectNew ? rows : changedRows;
  if (expectNew) expect(rows).toHaveLength(1);
  for (const t of transfer) {
    const mine = [...(a.diff.transfer_students?.added ?? [])].filter((s) => s.transfer_id === t.id);
    if (expectNew) expect(mine.length).toBeGreaterThan(0);
    const reason = a.json ? a.json.reason : single(a, "reason");
    if (typeof reason === "string" && reason.trim()) expect(t.reason).toBe(reason.trim());
  }
};

const bandForm = (): Form => ({ name: "Bottom", min: "0", max: "10" });

const MATRIX: Record<string, Entry> = {
  // Public and catch-all
  $: {
    loader: {
      caller: admin,
      path: (p) => `/${p["*"]}`,
      params: { "*": () => ["no-such-page", "admin/nothing", "course/1/x"] },
    },
    action: {
      post: {
        caller: admin,
        path: (p) => `/${p["*"]}`,
        params: { "*": () => ["no-such-page"] },
        form: () => ({ intent: "x" }),
        writes: [],
        refusesAll: true,
      },
    },
  },
  "404": { loader: { caller: anonymous, path: () => "/404" } },
  status: { loader: { caller: anonymous, path: () => "/status" } },
  _index: { loader: { caller: admin, path: () => "/" } },
  authentication: { loader: { caller: anonymous, path: () => "/authentication/login" } },
  "authentication._index": { loader: { caller: anonymous, path: () => "/authentication" } },
  "authentication.login": {
    loader: { caller: anonymous, path: () => "/authentication/login" },
    action: {
      login: {
        caller: anonymous,
        path: () => "/authentication/login",
        form: () => ({ email: loginUser.email, password: PASSWORD, redirectTo: "/admin/students" }),
        good: () => ({
          email: [" LOGIN-FUZZ@school.example.com "],
          redirectTo: ["/dashboard?x=1", "https://evil.example", "//evil.example"],
        }),
        writes: ["sessions", "login_attempts", "users"],
        // Failures are counted, and the fifth locks the account (and says so in the audit log).
        refusedWrites: ["login_attempts", "users", "sessions", "audit_log"],
        runs: 20,
        whole: (a) => {
          const sessions = added(a, "sessions");
          expect(sessions).toHaveLength(1);
          expect(sessions[0].user_id).toBe(loginUser.id);
        },
      },
    },
  },
  "authentication.set-password.$token": {
    loader: {
      caller: anonymous,
      path: (p) => `/authentication/set-password/${p.token}`,
      params: { token: () => tokens.map((t) => t.token) },
    },
    action: {
      set: {
        caller: anonymous,
        path: (p) => `/authentication/set-password/${p.token}`,
        params: { token: () => tokens.map((t) => t.token) },
        form: () => ({ password: "a-new-password-42", confirm: "a-new-password-42" }),
        writes: ["password_tokens", "users", "sessions", "audit_log"],
        runs: 15,
        whole: (a) => {
          expect(
            changed(a, "password_tokens").filter((c) => c.before.used_at === null && c.after.used_at !== null),
          ).toHaveLength(1);
          const user = changed(a, "users").find((c) => tokens.some((t) => t.userId === c.after.id));
          expect(user?.after.password_hash).toBeTruthy();
        },
      },
    },
  },
  "students-registration._index": { loader: { caller: anonymous, path: () => "/students-registration" } },
  "students-registration.$step": {
    loader: {
      caller: anonymous,
      path: (p) => `/students-registration/${p.step}`,
      params: { step: () => ["personal", "address", "message", "done"] },
    },
    action: {
      personal: {
        caller: anonymous,
        path: () => "/students-registration/personal",
        params: { step: () => ["personal"] },
        form: () => adultPersonal(),
        good: () => ({
          age_category: ["kids"],
          emergency_contact_name: ["Marta"],
          emergency_contact_phone: ["310 987 6543"],
          emergency_contact_relationship: ["Mother"],
        }),
        writes: ["registration_drafts"],
        refusedWrites: ["registration_drafts"],
      },
      address: {
        caller: anonymous,
        path: () => "/students-registration/address",
        params: { step: () => ["address"] },
        prepare: async () => {
          const w = new Wizard();
          await w.post("personal", adultPersonal());
          return { caller: { cookie: w.cookie } };
        },
        form: () => addressValues(),
        good: () => ({
          same_billing: ["yes"],
          level: ["A1", "Private Classes", "A1.1"],
          schedule: ["SAT-09-13"],
          promotion: ["Navidad"],
        }),
        writes: ["registration_drafts"],
        refusedWrites: ["registration_drafts"],
      },
      message: {
        caller: anonymous,
        path: () => "/students-registration/message",
        params: { step: () => ["message"] },
        prepare: async () => {
          const w = new Wizard();
          const personal = await w.upToMessage();
          return { caller: { cookie: w.cookie }, state: { personal } };
        },
        form: () => messageValues(),
        writes: ["registration_drafts", "registrations"],
        refusedWrites: ["registration_drafts"],
        runs: 15,
        whole: (a) => {
          const rows = added(a, "registrations");
          // Submitted: one registration, as the draft had it; otherwise (sent elsewhere) none.
          expect(rows).toHaveLength(a.response.headers.get("Location") === "/students-registration/done" ? 1 : 0);
          if (!rows.length) return;
          const personal = a.state.personal as Record<string, string>;
          for (const f of ["first_name", "middle_name", "last_name", "second_last_name", "id_number"])
            expect(rows[0][f]).toBe(personal[f].trim());
          expect(rows[0].status).toBe("pending");
        },
      },
      back: {
        caller: anonymous,
        path: (p) => `/students-registration/${p.step}`,
        params: { step: () => ["personal", "address", "message", "done"] },
        prepare: async () => {
          const w = new Wizard();
          await w.post("personal", adultPersonal());
          return { caller: { cookie: w.cookie } };
        },
        form: () => ({ intent: "back", address: "Calle 1" }),
        writes: ["registration_drafts"],
        refusedWrites: ["registration_drafts"],
      },
    },
  },
  logout: {
    loader: { caller: anonymous, path: () => "/logout" },
    action: {
      logout: {
        caller: async () => ({ cookie: await signIn(users.receptionist.email) }),
        path: () => "/logout",
        form: () => ({}),
        writes: ["sessions"],
        whole: (a) => expect(a.diff.sessions?.removed ?? []).toHaveLength(1),
      },
    },
  },
  "resources.locale": {
    loader: { caller: anonymous, path: () => "/resources/locale" },
    action: {
      lng: {
        caller: anonymous,
        path: () => "/resources/locale",
        form: () => ({ lng: "es", redirectTo: "/admin/students?page=2" }),
        good: () => ({ lng: ["ar", "zh"] }),
        writes: [],
      },
    },
  },
  "resources.layout": {
    loader: { caller: admin, path: () => "/resources/layout" },
    action: {
      toggle: {
        caller: admin,
        path: () => "/resources/layout",
        form: () => ({ sidebar: "open", redirectTo: "/admin/students", fetch: "1" }),
        writes: [],
      },
    },
  },
  "resources.menu": {
    loader: { caller: admin, path: () => "/resources/menu" },
    action: {
      bookmark: {
        caller: admin,
        path: () => "/resources/menu",
        form: () => ({
          intent: "bookmark",
          path: "/admin/students?status=active",
          label: "Students",
          state: "on",
          redirectTo: "/admin/students",
          fetch: "1",
        }),
        good: () => ({ path: ["/admin/courses", "/profile", "/admin/users/1"], state: ["on", "off"] }),
        writes: ["menu_bookmarks"],
      },
      pin: {
        caller: admin,
        path: () => "/resources/menu",
        form: () => ({ intent: "pin", item: "students", state: "on", redirectTo: "/dashboard" }),
        good: () => ({ item: ["dashboard", "users", "holidays"], state: ["on", "off"] }),
        writes: ["menu_pins"],
      },
    },
  },
  "resources.pending-transfers": { loader: { caller: admin, path: () => "/resources/pending-transfers" } },
  "resources.course-options": { loader: { caller: admin, path: () => "/resources/course-options?q=ADU" } },

  // Signed-in layout and pages for every role
  _app: { loader: { caller: admin, path: () => "/profile" } },
  "_app.profile": {
    loader: { caller: () => ({ cookie: profileCookie }), path: () => "/profile" },
    action: {
      profile: {
        caller: () => ({ cookie: profileCookie }),
        path: () => "/profile",
        form: () => ({ intent: "profile", name: "Profile Fuzz Renamed" }),
        writes: ["users", "audit_log"],
        whole: (a) => {
          const row = changed(a, "users").find((c) => c.after.id === profileUser.id);
          if (row) expect(row.after.name).toBe(single(a, "name")?.trim());
        },
      },
      removeAvatar: {
        caller: () => ({ cookie: profileCookie }),
        path: () => "/profile",
        form: () => ({ intent: "removeAvatar" }),
        writes: ["users", "audit_log"],
      },
      language: {
        caller: () => ({ cookie: profileCookie }),
        path: () => "/profile",
        form: () => ({ intent: "language", locale: "fr" }),
        good: () => ({ locale: ["ar", "en", "pt"] }),
        writes: ["users", "audit_log"],
      },
      password: {
        caller: () => ({ cookie: profileCookie }),
        path: () => "/profile",
        form: () => ({
          intent: "password",
          current_password: PASSWORD,
          password: "another-password-42",
          confirm: "another-password-42",
        }),
        // The current password is checked as a sign-in is (issue 16 L2): the try is recorded.
        writes: ["users", "sessions", "audit_log", "login_attempts"],
        refusedWrites: ["login_attempts", "users"],
        runs: 12,
      },
      avatar: {
        caller: () => ({ cookie: profileCookie }),
        path: () => "/profile",
        upload: true,
        form: () => ({ intent: "avatar" }),
        // The picture itself: stored_images (issue 18, ADR 038), as its file under UPLOAD_DIR was.
        writes: ["users", "audit_log", "stored_images"],
        runs: 12,
      },
    },
  },
  "_app.teachers._index": { loader: { caller: professor, path: () => "/teachers" } },
  "_app.teachers.faq": { loader: { caller: professor, path: () => "/teachers/faq" } },

  // Staff area
  "_app.dashboard": { loader: { caller: admin, path: () => "/dashboard" } },
  "_app.admin.audit": { loader: { caller: admin, path: () => "/admin/audit" } },
  "_app.admin.outbox": { loader: { caller: admin, path: () => "/admin/outbox" } },
  "_app.admin.users._index": { loader: { caller: admin, path: () => "/admin/users" } },
  "_app.admin.users.new": {
    loader: { caller: admin, path: () => "/admin/users/new" },
    action: {
      create: {
        caller: admin,
        path: () => "/admin/users/new",
        form: () => ({ method: "link", name: "New Person", email: freshEmail(), role: "receptionist" }),
        good: () => ({ method: ["password"], password: ["long-enough-password"], role: [...ROLES] }),
        writes: ["users", "password_tokens", "audit_log"],
        audited: true,
        runs: 20,
        whole: (a) => {
          const rows = added(a, "users");
          expect(rows).toHaveLength(1);
          storedAsPosted(a, rows[0], ["name"]);
          expect(rows[0].email).toBe(single(a, "email")?.trim().toLowerCase());
          expect(added(a, "password_tokens")).toHaveLength(single(a, "method") === "link" ? 1 : 0);
        },
      },
    },
  },
  "_app.admin.users.$id": {
    loader: { caller: admin, path: (p) => `/admin/users/${p.id}`, params: { id: id(() => target.id) } },
    action: {
      update: {
        caller: admin,
        path: (p) => `/admin/users/${p.id}`,
        params: { id: id(() => target.id) },
        form: () => ({
          intent: "update",
          name: "Target Fuzz",
          email: "target-fuzz@school.example.com",
          role: "receptionist",
        }),
        good: () => ({ role: [...ROLES], email: [users.professor.email] }),
        writes: ["users", "sessions", "audit_log"],
        audited: true,
        whole: (a) => {
          const row = changed(a, "users").find((c) => c.after.id === target.id);
          if (row) storedAsPosted(a, row.after, ["name"]);
        },
      },
      reset: {
        caller: admin,
        path: (p) => `/admin/users/${p.id}`,
        params: { id: id(() => target.id) },
        form: () => ({ intent: "reset", method: "link" }),
        good: () => ({ method: ["password"], password: ["long-enough-password"] }),
        writes: ["users", "sessions", "password_tokens", "audit_log"],
        audited: true,
        runs: 15,
      },
      ...Object.fromEntries(
        ["activate", "deactivate", "lock", "unlock", "removeAvatar"].map((intent) => [
          intent,
          {
            caller: admin,
            path: (p: Record<string, string>) => `/admin/users/${p.id}`,
            params: { id: id(() => [target.id, users.admin_staff.id]) },
            form: () => ({ intent }),
            writes: ["users", "sessions", "audit_log"],
            runs: 10,
          } satisfies IntentFuzz,
        ]),
      ),
      avatar: {
        caller: admin,
        path: (p) => `/admin/users/${p.id}`,
        params: { id: id(() => target.id) },
        upload: true,
        form: () => ({ intent: "avatar" }),
        // The picture itself: stored_images (issue 18, ADR 038), as its file under UPLOAD_DIR was.
        writes: ["users", "audit_log", "stored_images"],
        runs: 10,
      },
    },
  },
  "_app.admin.registered-students._index": { loader: { caller: admin, path: () => "/admin/registered-students" } },
  "_app.admin.registered-students.$id": {
    loader: {
      caller: admin,
      path: (p) => `/admin/registered-students/${p.id}`,
      params: { id: id(() => [...mine.registrations.approve, ...mine.registrations.reject]) },
    },
    action: {
      approve: {
        caller: admin,
        path: (p) => `/admin/registered-students/${p.id}`,
        params: { id: id(() => mine.registrations.approve) },
        form: () => ({ intent: "approve", course_id: String(course) }),
        good: () => ({ course_id: [String(nextCourse)] }),
        // With an e-mail address, the new student is invited to the portal (issue 21): a user, a link, a message.
        writes: [
          "registrations",
          "students",
          "student_counts",
          "enrollments",
          "audit_log",
          "users",
          "password_tokens",
          "outbox",
        ],
        audited: true,
        whole: (a) => {
          const decided = changed(a, "registrations").map((c) => c.after);
          expect(decided).toHaveLength(1);
          expect(decided[0].status).toBe("approved");
          const student = added(a, "students")[0] ?? null;
          expect(decided[0].student_id).toBe(student ? student.id : decided[0].student_id);
          expect(student?.first_name ?? decided[0].first_name).toBe(decided[0].first_name);
          const courseId = single(a, "course_id");
          if (courseId) expect(added(a, "enrollments").map((e) => e.student_id)).toEqual([decided[0].student_id]);
        },
      },
      reject: {
        caller: admin,
        path: (p) => `/admin/registered-students/${p.id}`,
        params: { id: id(() => mine.registrations.reject) },
        form: () => ({ intent: "reject", reason: "Incomplete" }),
        writes: ["registrations", "audit_log"],
        audited: true,
        whole: (a) => {
          const decided = changed(a, "registrations").map((c) => c.after);
          expect(decided).toHaveLength(1);
          expect(decided[0].status).toBe("rejected");
          expect(decided[0].reject_reason).toBe(single(a, "reason")?.trim());
        },
      },
    },
  },
  "_app.admin.students._index": { loader: { caller: admin, path: () => "/admin/students" } },
  "admin.students[.csv]": { loader: { caller: admin, path: () => "/admin/students.csv" } },
  "_app.admin.students.new": {
    loader: { caller: admin, path: () => "/admin/students/new" },
    action: {
      create: {
        caller: admin,
        path: () => "/admin/students/new",
        form: studentForm,
        good: studentGood,
        writes: ["students", "student_counts", "audit_log"],
        audited: true,
        whole: (a) => {
          const rows = added(a, "students");
          expect(rows).toHaveLength(1);
          storedAsPosted(a, rows[0], STUDENT_TEXT);
        },
      },
    },
  },
  "_app.admin.students.$id": {
    loader: {
      caller: admin,
      path: (p) => `/admin/students/${p.id}`,
      params: { id: id(() => [mine.students.edit, mine.students.deactivate]) },
    },
    action: Object.fromEntries(
      ["activate", "deactivate"].map((intent) => [
        intent,
        {
          caller: admin,
          path: (p: Record<string, string>) => `/admin/students/${p.id}`,
          params: { id: id(() => (intent === "activate" ? mine.students.activate : mine.students.deactivate)) },
          form: () => ({ intent }),
          writes: ["students", "student_counts", "enrollments", "audit_log"],
          audited: true,
          runs: 15,
        } satisfies IntentFuzz,
      ]),
    ),
  },
  "_app.admin.students.$id_.edit": {
    loader: {
      caller: admin,
      path: (p) => `/admin/students/${p.id}/edit`,
      params: { id: id(() => mine.students.edit) },
    },
    action: {
      edit: {
        caller: admin,
        path: (p) => `/admin/students/${p.id}/edit`,
        params: { id: id(() => mine.students.edit) },
        form: studentForm,
        good: studentGood,
        writes: ["students", "student_counts", "audit_log"],
        whole: (a) => {
          for (const c of changed(a, "students")) storedAsPosted(a, c.after, STUDENT_TEXT);
        },
      },
    },
  },
  "_app.admin.transfer-students._index": {
    loader: { caller: admin, path: () => "/admin/transfer-students" },
    action: Object.fromEntries(
      (["approve", "reject"] as const).map((intent) => [
        intent,
        {
          caller: admin,
          path: () => "/admin/transfer-students",
          form: () => ({ intent, id: String(mine.transfers[intent]) }),
          writes: ["transfers", "enrollments", "students", "student_counts", "audit_log"],
          audited: true,
          runs: 15,
          whole: (a) => {
            const decided = changed(a, "transfers").map((c) => c.after);
            expect(decided).toHaveLength(1);
            expect(decided[0].status).toBe(intent === "approve" ? "approved" : "rejected");
            if (intent === "approve") expect(added(a, "enrollments").length).toBeGreaterThan(0);
          },
        } satisfies IntentFuzz,
      ]),
    ),
  },
  "_app.admin.transfer-students.new": {
    loader: { caller: admin, path: () => "/admin/transfer-students/new" },
    action: {
      create: {
        caller: admin,
        path: () => "/admin/transfer-students/new",
        form: () => transferBody(mine.students.newTransfer),
        good: transferGood,
        writes: ["transfers", "transfer_students", "audit_log"],
        audited: true,
        whole: (a) => transferWhole(a, true),
      },
    },
  },
  "_app.admin.transfer-students.$id.edit": {
    loader: {
      caller: admin,
      path: (p) => `/admin/transfer-students/${p.id}/edit`,
      params: { id: id(() => mine.transfers.edit) },
    },
    action: {
      update: {
        caller: admin,
        path: (p) => `/admin/transfer-students/${p.id}/edit`,
        params: { id: id(() => mine.transfers.edit) },
        form: () => transferBody(mine.inTransfer.edit),
        good: transferGood,
        writes: ["transfers", "transfer_students", "audit_log"],
        whole: (a) => transferWhole(a, false),
      },
    },
  },
  "_app.admin.courses._index": { loader: { caller: admin, path: () => "/admin/courses" } },
  "_app.admin.courses.new": {
    loader: { caller: admin, path: () => "/admin/courses/new" },
    action: {
      create: {
        caller: admin,
        path: () => "/admin/courses/new",
        form: courseForm,
        good: courseGood,
        writes: ["courses", "grading_items", "audit_log"],
        audited: true,
        whole: (a) => {
          const rows = added(a, "courses");
          expect(rows).toHaveLength(1);
          courseWhole(a, rows[0]);
        },
      },
    },
  },
  "_app.admin.courses.$id": {
    loader: { caller: admin, path: (p) => `/admin/courses/${p.id}`, params: { id: id(() => [course, nextCourse]) } },
    action: {
      enroll: {
        caller: admin,
        path: (p) => `/admin/courses/${p.id}`,
        params: { id: id(() => nextCourse) },
        query: () => [["q", "Fuzz"]],
        form: () => ({ intent: "enroll", student_ids: [String(mine.students.enroll)] }),
        good: () => ({ student_ids: [...mine.enrolled, mine.students.activate].map(String) }),
        writes: ["enrollments", "audit_log"],
        whole: (a) => {
          for (const e of added(a, "enrollments")) expect(e.end_date).toBeNull();
        },
      },
      unenroll: {
        caller: admin,
        path: (p) => `/admin/courses/${p.id}`,
        params: { id: id(() => [course, nextCourse]) },
        form: () => ({ intent: "unenroll", enrollment_id: String(mine.enrollment[mine.students.unenroll]) }),
        good: () => ({ enrollment_id: Object.values(mine.enrollment).map(String) }),
        writes: ["enrollments", "audit_log"],
        runs: 15,
      },
    },
  },
  "_app.admin.courses.$id_.edit": {
    loader: { caller: admin, path: (p) => `/admin/courses/${p.id}/edit`, params: { id: id(() => editCourse) } },
    action: {
      edit: {
        caller: admin,
        path: (p) => `/admin/courses/${p.id}/edit`,
        params: { id: id(() => editCourse) },
        form: () => ({
          ...courseForm(),
          course_id: "FZ-ED",
          level_id: "3",
          start_date: dayFromToday(-70),
          end_date: dayFromToday(70),
          professor_id: "",
        }),
        good: courseGood,
        writes: ["courses", "grading_items", "audit_log"],
        whole: (a) => {
          for (const c of changed(a, "courses")) courseWhole(a, c.after);
        },
      },
    },
  },
  "_app.admin.courses.$id_.report": {
    loader: { caller: admin, path: (p) => `/admin/courses/${p.id}/report`, params: { id: id(() => course) } },
    action: {
      promote: {
        caller: admin,
        path: (p) => `/admin/courses/${p.id}/report`,
        params: { id: id(() => course) },
        form: () => ({ selected_course_id: String(nextCourse) }),
        writes: ["transfers", "transfer_students", "audit_log"],
        runs: 15,
        whole: (a) => transferWhole(a, true),
      },
    },
  },
  "admin.courses.$id.report[.pdf]": {
    loader: {
      caller: admin,
      path: (p) => `/admin/courses/${p.id}/report.pdf`,
      params: { id: id(() => course) },
      runs: 6,
    },
  },
  // Issue 16 L3: the GET prints issued certificates only (it writes nothing); the POST issues them.
  "admin.courses.$id.certificate[.pdf]": {
    loader: {
      caller: admin,
      path: (p) => `/admin/courses/${p.id}/certificate.pdf`,
      params: { id: id(() => course) },
      runs: 6,
    },
    action: {
      issue: {
        caller: admin,
        path: (p) => `/admin/courses/${p.id}/certificate.pdf`,
        params: { id: id(() => endedCourse) },
        form: () => ({ all: "1" }),
        writes: ["certificates"],
        runs: 6,
      },
    },
  },
  "_app.admin.syllabus": {
    loader: { caller: admin, path: () => "/admin/syllabus" },
    action: Object.fromEntries(
      (
        [
          ["add", { item_name: "Oral test", category: "PROGRESS TESTS" }],
          ["rename", { item_id: "", item_name: "Renamed" }],
          ["move", { item_id: "", direction: "down" }],
          ["remove", { item_id: "" }],
          ["defaults", {}],
        ] as const
      ).map(([intent, fields]) => [
        intent,
        {
          caller: admin,
          path: () => "/admin/syllabus",
          query: () => [["level", intent === "defaults" ? "2" : "1"]],
          form: () => ({ intent, ...fields, ...("item_id" in fields ? { item_id: String(syllabusItem) } : {}) }),
          good: () => ({ category: ["ASSIGNMENTS", "EXAM"], direction: ["up"] }),
          writes: ["syllabus_items", "audit_log"],
          runs: intent === "defaults" ? 10 : 20,
          whole: (a: Accepted) => {
            for (const row of [...added(a, "syllabus_items"), ...changed(a, "syllabus_items").map((c) => c.after)]) {
              if (intent === "add" || intent === "rename") storedAsPosted(a, row, ["item_name"]);
            }
          },
        } satisfies IntentFuzz,
      ]),
    ),
  },
  "_app.admin.holidays": {
    loader: { caller: admin, path: () => "/admin/holidays" },
    action: Object.fromEntries(
      (["create", "update", "delete"] as const).map((intent) => [
        intent,
        {
          caller: admin,
          path: () => "/admin/holidays",
          query: () => [["when", "all"]],
          form: () =>
            intent === "delete"
              ? { intent, id: String(holiday) }
              : {
                  intent,
                  ...(intent === "update" ? { id: String(holiday) } : {}),
                  name: "Carnival",
                  start_date: dayFromToday(90),
                  end_date: dayFromToday(91),
                  course_id: String(course),
                },
          good: () => ({ course_id: [String(nextCourse)], end_date: [dayFromToday(89)] }),
          writes: ["holidays", "audit_log"],
          whole: (a: Accepted) => {
            for (const row of [...added(a, "holidays"), ...changed(a, "holidays").map((c) => c.after)])
              storedAsPosted(a, row, ["name"]);
          },
        } satisfies IntentFuzz,
      ]),
    ),
  },
  "_app.admin.grade-bands": {
    loader: { caller: admin, path: () => "/admin/grade-bands" },
    action: {
      create: {
        caller: admin,
        path: () => "/admin/grade-bands",
        form: () => ({ intent: "create", ...bandForm() }),
        good: () => ({ min: ["11", "60,5"], max: ["100", "69.99"] }),
        writes: ["grade_bands", "audit_log"],
        whole: (a) => {
          for (const r of added(a, "grade_bands")) storedAsPosted(a, r, ["name"]);
        },
      },
      update: {
        caller: admin,
        path: () => "/admin/grade-bands",
        form: () => ({ intent: "update", band_id: String(band), name: "Lower", min: "20", max: "35" }),
        good: () => ({ min: ["15"], max: ["39.5"] }),
        writes: ["grade_bands", "audit_log"],
        whole: (a) => {
          for (const c of changed(a, "grade_bands")) storedAsPosted(a, c.after, ["name"]);
        },
      },
      delete: {
        caller: admin,
        path: () => "/admin/grade-bands",
        form: () => ({ intent: "delete", band_id: String(band) }),
        writes: ["grade_bands", "audit_log"],
        runs: 15,
      },
    },
  },
  "_app.admin.settings": {
    loader: { caller: admin, path: () => "/admin/settings" },
    action: {
      // Zones of Guayaquil's offset only: the other entries' "today" must not move.
      save: {
        caller: admin,
        path: () => "/admin/settings",
        upload: true,
        fileField: "logo",
        form: () => ({ intent: "save", name: "Fuzz School", time_zone: "America/Guayaquil", default_language: "en" }),
        good: () => ({
          name: ["Horizon English School", "Ñandú Academy"],
          time_zone: ["America/Bogota", "America/Lima"],
          default_language: ["es", "ar", "zh"],
        }),
        writes: ["settings", "audit_log", "stored_images"],
        audited: true,
        runs: 15,
        whole: (a) => {
          const row = [...added(a, "settings"), ...changed(a, "settings").map((c) => c.after)].find(
            (r) => r.key === "school_name",
          );
          if (row) expect(row.value).toBe(single(a, "name")?.trim());
        },
      },
      removeLogo: {
        caller: admin,
        path: () => "/admin/settings",
        form: () => ({ intent: "removeLogo" }),
        writes: ["settings", "audit_log", "stored_images"],
        runs: 10,
      },
    },
  },
  "_app.admin.teachers": {
    loader: { caller: admin, path: () => "/admin/teachers" },
    action: {
      create: {
        caller: admin,
        path: () => "/admin/teachers",
        form: () => ({ name: "New Teacher", email: freshEmail(), password: "long-enough-password" }),
        writes: ["users", "audit_log"],
        audited: true,
        runs: 15,
        whole: (a) => {
          const rows = added(a, "users");
          expect(rows).toHaveLength(1);
          expect(rows[0].role).toBe("professor");
          storedAsPosted(a, rows[0], ["name"]);
        },
      },
    },
  },
  "_app.coordinator.professors": { loader: { caller: admin, path: () => "/coordinator/professors" } },
  "_app.coordinator.faq": { loader: { caller: admin, path: () => "/coordinator/faq" } },

  // Course pages: the course's own professor
  ...Object.fromEntries(
    (
      [
        ["_app.course.$id", ""],
        ["_app.course.$id._index", ""],
        ["_app.course.$id.home", "/home"],
        ["_app.course.$id.faq", "/faq"],
        ["_app.course.$id.holidays", "/holidays"],
        ["_app.course.$id.student-report", "/student-report"],
      ] as const
    ).map(([key, page]) => [
      key,
      {
        loader: {
          caller: professor,
          path: (p: Record<string, string>) => `/course/${p.id}${page}`,
          params: { id: id(() => course) },
        },
      },
    ]),
  ),
  "_app.course.$id.attendance": {
    loader: { caller: professor, path: (p) => `/course/${p.id}/attendance`, params: { id: id(() => course) } },
    action: {
      save: {
        caller: professor,
        path: (p) => `/course/${p.id}/attendance`,
        params: { id: id(() => course) },
        form: () => ({
          date: sessionDate,
          ...Object.fromEntries(
            mine.enrolled.map((s, i) => [`status-${s}`, ["present", "late", "absent", "recovered"][i % 4]]),
          ),
        }),
        good: () => ({
          date: [dayFromToday(0), dayFromToday(-1), dayFromToday(-3)],
          ...Object.fromEntries(mine.enrolled.map((s) => [`status-${s}`, ["absent"]])),
        }),
        writes: ["attendance", "absence_counts", "audit_log"],
        whole: (a) => {
          const date = first(a, "date")?.trim();
          const rows = [...added(a, "attendance"), ...changed(a, "attendance").map((c) => c.after)];
          for (const r of rows) {
            expect(r.session_date).toBe(date);
            expect(first(a, `status-${r.student_id}`)).toBe(r.status);
          }
        },
      },
    },
  },
  "_app.course.$id.gradebook": {
    loader: { caller: professor, path: (p) => `/course/${p.id}/gradebook`, params: { id: id(() => course) } },
    action: {
      save: {
        caller: professor,
        path: (p) => `/course/${p.id}/gradebook`,
        params: { id: id(() => course) },
        form: () => Object.fromEntries(items.map((it, j) => [`g_${mine.students.graded}_${it}`, String(60 + j * 10)])),
        good: () => ({
          [`g_${mine.students.graded}_${items[0]}`]: ["", "100", "0", "85,5", "99.99"],
          [`o_${mine.students.graded}_${items[0]}`]: ["", "60"],
        }),
        writes: ["grades", "audit_log"],
        whole: (a) => {
          for (const r of [...added(a, "grades"), ...changed(a, "grades").map((c) => c.after)]) {
            expect(single(a, `g_${r.student_id}_${r.grading_item_id}`), "a grade nobody posted").toBeDefined();
          }
        },
      },
    },
  },
  "course.$id.report[.pdf]": {
    loader: { caller: professor, path: (p) => `/course/${p.id}/report.pdf`, params: { id: id(() => course) }, runs: 6 },
  },
  "course.$id.certificate[.pdf]": {
    loader: {
      caller: professor,
      path: (p) => `/course/${p.id}/certificate.pdf`,
      params: { id: id(() => course) },
      runs: 6,
    },
    action: {
      issue: {
        caller: professor,
        path: (p) => `/course/${p.id}/certificate.pdf`,
        params: { id: id(() => endedCourse) },
        form: () => ({ all: "1" }),
        writes: ["certificates"],
        runs: 6,
      },
    },
  },

  // Certificates anyone can verify (issue 21): public lookups (counted per client), the staff's revoke and re-issue.
  "certificates.verify._index": {
    loader: { caller: anonymous, path: () => "/certificates/verify", writes: ["verify_lookups"] },
  },
  "styles.$version[.]css": {
    loader: {
      caller: anonymous,
      path: (p) => `/styles/${p.version}.css`,
      params: { version: () => [STYLESHEET_VERSION, "AAAAAAAAAAAAAAAA"] },
    },
  },
  "certificates.verify.$code": {
    loader: {
      caller: anonymous,
      path: (p) => `/certificates/verify/${p.code}`,
      params: { code: () => ["FZRV-KEAB-CDEF", "fzrvkeabcdef"] },
      writes: ["verify_lookups"],
    },
  },
  "_app.admin.courses.$id_.certificates": {
    loader: {
      caller: admin,
      path: (p) => `/admin/courses/${p.id}/certificates`,
      params: { id: id(() => endedCourse) },
    },
    action: {
      revoke: {
        caller: admin,
        path: (p) => `/admin/courses/${p.id}/certificates`,
        params: { id: id(() => endedCourse) },
        form: () => ({ intent: "revoke", certificate_id: String(mine.certificates.revoke), reason: "Issued in error" }),
        writes: ["certificates", "audit_log"],
        audited: true,
      },
      reissue: {
        caller: admin,
        path: (p) => `/admin/courses/${p.id}/certificates`,
        params: { id: id(() => endedCourse) },
        form: () => ({ intent: "reissue", certificate_id: String(mine.certificates.reissue) }),
        writes: ["certificates", "certificate_retired_codes", "audit_log"],
        audited: true,
      },
    },
  },

  // The student portal (issue 21): the fuzz's student account has no student
  // record, so every course is another's (404); the ids and forms are still hostile.
  "_app.student._index": { loader: { caller: student, path: () => "/student" } },
  "_app.student.courses.$id.attendance": {
    loader: { caller: student, path: (p) => `/student/courses/${p.id}/attendance`, params: { id: id(() => course) } },
  },
  "_app.student.courses.$id.grades": {
    loader: { caller: student, path: (p) => `/student/courses/${p.id}/grades`, params: { id: id(() => course) } },
  },
  "student.courses.$id.report[.pdf]": {
    loader: { caller: student, path: (p) => `/student/courses/${p.id}/report.pdf`, params: { id: id(() => course) } },
  },
  "student.courses.$id.certificate[.pdf]": {
    loader: {
      caller: student,
      path: (p) => `/student/courses/${p.id}/certificate.pdf`,
      params: { id: id(() => endedCourse) },
    },
    action: {
      issue: {
        caller: student,
        path: (p) => `/student/courses/${p.id}/certificate.pdf`,
        params: { id: id(() => endedCourse) },
        form: () => ({}),
        writes: ["certificates"],
        // No student record behind this account: every course is another student's.
        refusesAll: true,
      },
    },
  },

  // /v1/api
  "v1.api.auth.login": {
    loader: { caller: anonymous, path: () => "/v1/api/auth/login" },
    action: {
      login: {
        caller: anonymous,
        path: () => "/v1/api/auth/login",
        json: () => ({ email: loginUser.email, password: PASSWORD }),
        writes: ["sessions", "login_attempts", "users"],
        refusedWrites: ["login_attempts", "users", "sessions", "audit_log"],
        runs: 15,
        whole: (a) => expect(added(a, "sessions")).toHaveLength(1),
      },
    },
  },
  "v1.api.auth.logout": {
    loader: { caller: anonymous, path: () => "/v1/api/auth/logout" },
    action: {
      logout: {
        caller: async () => ({ bearer: (await issueSession(request("/"), users.receptionist.id)).token }),
        path: () => "/v1/api/auth/logout",
        json: () => ({}),
        writes: ["sessions"],
        whole: (a) => expect(a.diff.sessions?.removed ?? []).toHaveLength(1),
      },
    },
  },
  "school-logo.$file": {
    loader: {
      caller: anonymous,
      path: (p) => `/school-logo/${p.file}`,
      params: { file: () => ["0123456789abcdef0123456789abcdef.png", "x.png"] },
    },
  },
  "v1.api.images.$file": {
    loader: {
      caller: api("admin_staff"),
      path: (p) => `/v1/api/images/${p.file}`,
      params: { file: () => ["0123456789abcdef0123456789abcdef.png", "x.png"] },
    },
    // GET-only endpoints answer any other method 405 (issue 15).
    action: {
      post: {
        caller: api("admin_staff"),
        path: () => "/v1/api/images/x.png",
        params: { file: () => ["x.png"] },
        json: () => ({}),
        writes: [],
        refusesAll: true,
      },
    },
  },
  ...Object.fromEntries(
    (["get-all", "get-pending", "get-approved"] as const).map((name) => [
      `v1.api.transfer-data.${name}`,
      {
        loader: { caller: api("admin_staff"), path: () => `/v1/api/transfer-data/${name}` },
        action: {
          post: {
            caller: api("admin_staff"),
            path: () => `/v1/api/transfer-data/${name}`,
            json: () => ({}),
            writes: [],
            refusesAll: true,
          },
        },
      } satisfies Entry,
    ]),
  ),
  "v1.api.transfer-data.create": {
    loader: { caller: anonymous, path: () => "/v1/api/transfer-data/create" },
    action: {
      create: {
        caller: api("admin_staff"),
        path: () => "/v1/api/transfer-data/create",
        json: () => ({
          student_ids: [mine.students.apiTransfer],
          from_course_id: course,
          selected_course_id: nextCourse,
          selected_level_id: 2,
          reason: "API",
        }),
        writes: ["transfers", "transfer_students", "audit_log"],
        audited: true,
        whole: (a) => transferWhole(a, true),
      },
    },
  },
  "v1.api.transfer-data.update.$id": {
    loader: {
      caller: anonymous,
      path: (p) => `/v1/api/transfer-data/update/${p.id}`,
      params: { id: id(() => mine.transfers.apiUpdate) },
    },
    action: {
      update: {
        caller: api("admin_staff"),
        method: "PUT",
        path: (p) => `/v1/api/transfer-data/update/${p.id}`,
        params: { id: id(() => mine.transfers.apiUpdate) },
        json: () => ({
          student_ids: [mine.inTransfer.apiUpdate],
          from_course_id: course,
          selected_course_id: nextCourse,
          selected_level_id: 2,
          reason: "API",
        }),
        writes: ["transfers", "transfer_students", "audit_log"],
        whole: (a) => transferWhole(a, false),
      },
    },
  },
  ...Object.fromEntries(
    (["approve", "reject"] as const).map((decision) => [
      `v1.api.transfer-data.${decision}.$id`,
      {
        loader: {
          caller: anonymous,
          path: (p: Record<string, string>) => `/v1/api/transfer-data/${decision}/${p.id}`,
          params: { id: id(() => (decision === "approve" ? mine.transfers.apiApprove : mine.transfers.apiReject)) },
        },
        action: {
          [decision]: {
            caller: api("admin_staff"),
            method: "PUT",
            path: (p: Record<string, string>) => `/v1/api/transfer-data/${decision}/${p.id}`,
            params: { id: id(() => (decision === "approve" ? mine.transfers.apiApprove : mine.transfers.apiReject)) },
            json: () => (decision === "reject" ? { reason: "No" } : {}),
            writes: ["transfers", "enrollments", "students", "student_counts", "audit_log"],
            audited: true,
            runs: 15,
          } satisfies IntentFuzz,
        },
      } satisfies Entry,
    ]),
  ),
};

// ---------------------------------------------------------------------------
// One input

/** A lone surrogate cannot be sent; a browser sends U+FFFD instead. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

function url(target: Target, params: Record<string, string>, query: Entries) {
  const encoded = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      k === "*"
        ? v
            .split("/")
            .map((x) => encodeURIComponent(wellFormed(x)))
            .join("/")
        : encodeURIComponent(wellFormed(v)),
    ]),
  );
  const search = new URLSearchParams(query.map(([k, v]) => [wellFormed(k), wellFormed(v)]));
  const qs = search.toString();
  return `${ORIGIN}${target.path(encoded)}${qs ? `?${qs}` : ""}`;
}

function buildRequest(href: string, caller: Caller, method: string, body?: { contentType?: string; body?: BodyInit }) {
  const headers = new Headers(caller.headers);
  if (caller.cookie) headers.set("Cookie", caller.cookie);
  if (caller.bearer) headers.set("Authorization", `Bearer ${caller.bearer}`);
  if (method !== "GET") headers.set("Origin", ORIGIN);
  if (body?.contentType) headers.set("Content-Type", body.contentType);
  return new Request(href, { method, headers, body: method === "GET" ? undefined : body?.body });
}

/** Route params: good ones and hostile ones; the values reach the route decoded, as Remix passes them. */
function paramsArb(goods: ParamGoods = {}): fc.Arbitrary<Record<string, string>> {
  const names = Object.keys(goods);
  if (!names.length) return fc.constant({});
  return fc
    .tuple(...names.map((n) => routeParam(goods[n]()).map(wellFormed)))
    .map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]])));
}

/** The upload of an avatar form: a real image, an image too large, something else, or nothing. */
const uploadArb = fc.constantFrom<"png" | "big" | "text" | "html" | "none" | "empty">(
  "png",
  "png",
  "big",
  "text",
  "html",
  "none",
  "empty",
);

function uploadBody(entries: Entries, kind: "png" | "big" | "text" | "html" | "none" | "empty", field = "avatar") {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(wellFormed(k), wellFormed(v));
  const file: Record<typeof kind, BlobPart[] | null> = {
    png: [PNG],
    big: [PNG, new Uint8Array(2 * 1024 * 1024 + 1)],
    text: ["just text"],
    html: ["<html><script>alert(1)</script></html>"],
    none: null,
    empty: [],
  };
  const parts = file[kind];
  if (parts)
    fd.append(
      field,
      new Blob(parts, { type: kind === "html" ? "image/png" : "application/octet-stream" }),
      kind === "html" ? "x.png" : "../../x.png",
    );
  return { body: fd };
}

const uploads = async () => (await storedImages()).length;

function hasAudit(d: Diff) {
  return (d.audit_log?.added.length ?? 0) > 0;
}

async function tryIntent(
  key: string,
  intent: IntentFuzz,
  input: {
    params: Record<string, string>;
    query: Entries;
    entries: Entries;
    json: Record<string, unknown> | null;
    encoding: Encoding;
    upload: Parameters<typeof uploadBody>[1];
  },
) {
  const prepared = intent.prepare ? await intent.prepare() : {};
  const caller = { ...(await intent.caller()), ...prepared.caller };
  const method = intent.method ?? "POST";
  const href = url(intent, input.params, input.query);
  const entries = input.entries.map(([k, v]): [string, string] => [wellFormed(k), wellFormed(v)]);
  const body = intent.upload
    ? uploadBody(entries, input.upload, intent.fileField)
    : input.json
      ? { contentType: "application/json", body: JSON.stringify(input.json) }
      : encodeBody(entries, input.encoding);
  const req = buildRequest(href, caller, method, body);
  const mark = await writeMark();
  const filesBefore = await uploads();
  const response = await callAction(ROUTES[key], req, input.params);
  tried.inputs += 1;
  const problem = await unsound(response);
  if (problem) throw new Error(`${key}: ${problem}`);
  const d = await writesSince(mark);
  if (response.status >= 400) {
    tried.refused += 1;
    const outside = changedOutside(d, intent.refusedWrites ?? []);
    if (outside.length)
      throw new Error(
        `${key}: refused (${response.status}) but wrote ${outside.join(", ")}: ${JSON.stringify(d).slice(0, 600)}`,
      );
    if ((await uploads()) !== filesBefore)
      throw new Error(`${key}: refused (${response.status}) but kept an uploaded file`);
    return false;
  }
  tried.accepted += 1;
  const outside = changedOutside(d, intent.writes);
  if (outside.length)
    throw new Error(
      `${key}: accepted (${response.status}) and wrote ${outside.join(", ")}: ${JSON.stringify(d).slice(0, 600)}`,
    );
  const broken = await brokenRules();
  if (broken.length) throw new Error(`${key}: after an accepted request: ${broken.join("; ")}`);
  const domain = changedOutside(d, ["sessions", "login_attempts", "registration_drafts", "audit_log"]);
  if (intent.audited && domain.length && !(await hasAudit(d)))
    throw new Error(`${key}: changed ${domain.join(", ")} without an audit entry`);
  await intent.whole?.({
    entries,
    json: input.json,
    params: input.params,
    response,
    diff: d,
    state: prepared.state ?? {},
  });
  return true;
}

async function tryLoader(key: string, loader: LoaderFuzz, params: Record<string, string>, query: Entries) {
  const req = buildRequest(url(loader, params, query), await loader.caller(), "GET");
  const mark = await writeMark();
  const response = await callLoader(ROUTES[key], req, params);
  tried.inputs += 1;
  if (response.status >= 400) tried.refused += 1;
  else tried.accepted += 1;
  const problem = await unsound(response);
  if (problem) throw new Error(`${key} (GET ${req.url}): ${problem}`);
  const outside = changedOutside(await writesSince(mark), loader.writes ?? []);
  if (outside.length) throw new Error(`${key}: a GET wrote ${outside.join(", ")}`);
}

// ---------------------------------------------------------------------------
// The tests

describe("the fuzz table", () => {
  it("has an entry for every route module, a loader entry for every loader and an action entry for every action", () => {
    const problems: string[] = [];
    for (const key of new Set([...Object.keys(ROUTES), ...Object.keys(MATRIX)])) {
      const mod = ROUTES[key];
      const entry = MATRIX[key];
      if (!mod) problems.push(`${key}: no such route module`);
      else if (!entry) problems.push(`${key}: no fuzz entry`);
      else {
        if (!!mod.loader !== !!entry.loader)
          problems.push(`${key}: loader ${mod.loader ? "not fuzzed" : "fuzzed but missing"}`);
        if (!!mod.action !== !!entry.action)
          problems.push(`${key}: action ${mod.action ? "not fuzzed" : "fuzzed but missing"}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

const LOADER_RUNS = 10;
/** The forms that accepted at least one input. */
const acceptedBy = new Set<string>();
const INTENT_RUNS = 25;

describe.each(Object.keys(MATRIX).filter((k) => k in ROUTES))("%s", (key) => {
  const entry = MATRIX[key];
  const loader = entry.loader;
  if (loader) {
    it("loader: hostile params and query strings", async () => {
      await fc.assert(
        fc.asyncProperty(paramsArb(loader.params), hostileQuery, async (params, query) => {
          await tryLoader(key, loader, params, query);
        }),
        fuzzOptions(`${key} loader`, loader.runs ?? LOADER_RUNS),
      );
    });
  }
  for (const [name, intent] of Object.entries(entry.action ?? {})) {
    it(`action (${name}): hostile forms`, async () => {
      const base = intent.json ? intent.json() : (intent.form?.() ?? {});
      // A JSON body also goes as a form now and then: its values as text.
      const asForm: Form = Object.fromEntries(
        Object.entries(base).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
      );
      const goods = intent.good?.() ?? {};
      const baseQuery: Entries = intent.query?.() ?? [];
      const query = fc.oneof(
        { weight: 3, arbitrary: fc.constant(baseQuery) },
        { weight: 1, arbitrary: hostileQuery.map((q): Entries => [...baseQuery, ...q]) },
      );
      type Body = { json: Record<string, unknown> | null; entries: Entries; encoding: Encoding };
      const asFormBody = fc
        .tuple(mutatedForm(asForm, goods), formEncoding)
        .map(([entries, encoding]): Body => ({ json: null, entries, encoding }));
      const body: fc.Arbitrary<Body> = intent.json
        ? fc.oneof(
            { weight: 5, arbitrary: mutatedJson(base).map((json): Body => ({ json, entries: [], encoding: "json" })) },
            { weight: 1, arbitrary: asFormBody },
          )
        : asFormBody;
      // The first input is the valid form itself (good params, the page's query): the fuzz must reach past validation.
      const goodParams = Object.fromEntries(Object.entries(intent.params ?? {}).map(([k, good]) => [k, good()[0]]));
      const valid: Body = intent.json
        ? { json: base, entries: [], encoding: "json" }
        : { json: null, entries: formEntries(asForm), encoding: "urlencoded" };
      await fc.assert(
        fc.asyncProperty(paramsArb(intent.params), query, body, uploadArb, async (params, q, b, upload) => {
          // Each run builds its form again (fresh emails, id numbers), then applies the generated changes to it.
          const fresh = intent.json ? null : (intent.form?.() ?? {});
          const entries = fresh
            ? b.entries.map(([k, v]): [string, string] =>
                k in fresh && v === asForm[k] && typeof fresh[k] === "string" ? [k, fresh[k] as string] : [k, v],
              )
            : b.entries;
          const accepted = await tryIntent(key, intent, {
            params,
            query: q,
            entries,
            json: b.json,
            encoding: b.encoding,
            upload,
          });
          if (accepted) acceptedBy.add(`${key} ${name}`);
        }),
        {
          ...fuzzOptions(`${key} ${name}`, intent.runs ?? INTENT_RUNS),
          examples: [[goodParams, baseQuery, valid, "png"]],
        },
      );
    });
  }
});

describe("the count", () => {
  it("tried every input", () => {
    // Printed for docs/security.md ("inputs tried").
    console.info(
      `fuzz: ${tried.inputs} inputs tried (${tried.accepted} accepted, ${tried.refused} refused) on ${Object.keys(ROUTES).length} route modules`,
    );
    expect(tried.inputs).toBeGreaterThan(Object.keys(ROUTES).length * LOADER_RUNS);
    // Every form took at least one input (its valid form, tried first): the inputs reached the code behind validation.
    const forms = Object.entries(MATRIX).flatMap(([key, entry]) =>
      Object.entries(entry.action ?? {})
        .filter(([, i]) => !i.refusesAll)
        .map(([name]) => `${key} ${name}`),
    );
    expect(forms.filter((f) => !acceptedBy.has(f)).join(", ")).toBe("");
  });
});
