import { type Kysely } from "kysely";
import { type Database } from "~/db/schema";
import { type Answer, type Browser, HttpError } from "./client";

// The writes the crash and soak scripts make, the way the app's users make
// them (plain form posts of the real pages), and the ledger that says what
// must be in the database afterwards.

export const DEMO_PASSWORD = process.env.RELIABILITY_PASSWORD ?? "demo-pass-2026";

export const ROUTES = {
  teachers: "routes/_app.teachers._index",
  gradebook: "routes/_app.course.$id.gradebook",
  attendance: "routes/_app.course.$id.attendance",
} as const;

// ---------------------------------------------------------------------------
// A small seeded random source, so a run can be repeated (CRASH_SEED / SOAK_SEED).

export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => list[int(list.length)],
    shuffle<T>(list: T[]): T[] {
      for (let i = list.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [list[i], list[j]] = [list[j], list[i]];
      }
      return list;
    },
  };
}
export type Random = ReturnType<typeof random>;

// ---------------------------------------------------------------------------
// Signing in

export async function signIn(browser: Browser, email: string, password = DEMO_PASSWORD) {
  const answer = await browser.post("/authentication/login", { email, password });
  if (answer.status !== 302 || !browser.cookies.has("token")) {
    throw new Error(`Sign-in as ${email} failed: ${answer.status} ${answer.location ?? ""}`);
  }
  return answer.location;
}

// ---------------------------------------------------------------------------
// What a professor's pages say (Remix data requests of the real loaders)

export interface GradebookData {
  course: { id: number };
  items: { id: number }[];
  rows: { id: number; grades: Record<string, number> }[];
}

export interface AttendanceData {
  courseId: number;
  choices: { date: string }[];
  session: { date: string } | null;
  roster: { id: number; status: string | null }[];
}

export async function professorCourses(browser: Browser): Promise<number[]> {
  const data = await browser.data<{ teaching: { courses: { id: number }[] } | null }>("/teachers", ROUTES.teachers);
  return (data.teaching?.courses ?? []).map((c) => c.id);
}

export const gradebookOf = (browser: Browser, courseId: number) =>
  browser.data<GradebookData>(`/course/${courseId}/gradebook`, ROUTES.gradebook);

export const attendanceOf = (browser: Browser, courseId: number, date?: string) =>
  browser.data<AttendanceData>(`/course/${courseId}/attendance${date ? `?date=${date}` : ""}`, ROUTES.attendance);

// ---------------------------------------------------------------------------
// Writes

export const ATTENDANCE = ["present", "recovered", "late", "absent"] as const;

export interface GradeCell {
  studentId: number;
  itemId: number;
  /** What the form showed (null: empty). */
  original: number | null;
  grade: number;
}

export interface GradesWrite {
  kind: "grades";
  browser: Browser;
  courseId: number;
  /** The whole form as the page shows it (cell → value), changed cells included. */
  sheet: GradebookData;
  cells: GradeCell[];
}

export interface AttendanceWrite {
  kind: "attendance";
  browser: Browser;
  courseId: number;
  date: string;
  /** Filled in when the page is loaded just before the post. */
  marks: { studentId: number; status: string; before: string | null }[];
  /** Only these students (the soak divides a class between its workers); all when null. */
  only: ReadonlySet<number> | null;
}

export interface RegistrationWrite {
  kind: "registration";
  browser: Browser;
  personal: Record<string, string>;
  address: Record<string, string>;
  message: Record<string, string>;
  /** The row as it must be stored. */
  expected: Record<string, string | number | null>;
}

export interface StudentWrite {
  kind: "student";
  browser: Browser;
  form: Record<string, string>;
  expected: Record<string, string | number | null>;
  /** From the redirect after the save. */
  id: number | null;
}

export type Write = GradesWrite | AttendanceWrite | RegistrationWrite | StudentWrite;

/**
 * acknowledged: the app answered success (the redirect of a saved form).
 * refused: it answered something else (a 4xx page, a 5xx).
 * unanswered: the request went out and no answer came (the server died).
 * notSent: the connection was refused before anything was sent.
 */
export type Outcome =
  | { kind: "acknowledged" }
  | { kind: "refused"; status: number; detail: string }
  | { kind: "unanswered"; detail: string }
  | { kind: "notSent"; detail: string }
  /** Nothing to write (an attendance slice with no student on that date). */
  | { kind: "nothing" };

const gradeText = (g: number | null) => (g === null ? "" : String(Math.round(g * 100) / 100));

/** A grade between 0 and 100 with up to two decimals, different from `not`. */
export function newGrade(rnd: Random, not: number | null): number {
  for (;;) {
    const g = rnd.next() < 0.3 ? rnd.int(101) : Math.round(rnd.next() * 10000) / 100;
    if (not === null || Math.abs(g - not) > 0.001) return g;
  }
}

function expectRedirect(answer: Answer, test: (location: string) => boolean, what: string): Outcome {
  if ((answer.status === 302 || answer.status === 303) && answer.location && test(answer.location))
    return { kind: "acknowledged" };
  return {
    kind: "refused",
    status: answer.status,
    detail: `${what}: ${answer.status} ${answer.location ?? answer.body.slice(0, 200)}`,
  };
}

function failure(error: unknown): Outcome {
  const code = error instanceof HttpError ? error.code : "error";
  const detail = `${code}: ${(error as Error).message}`;
  return code === "ECONNREFUSED" ? { kind: "notSent", detail } : { kind: "unanswered", detail };
}

/** Which path a redirect goes to, without its query. */
const pathOf = (location: string) => location.split("?")[0];

export async function perform(write: Write, rnd: Random): Promise<Outcome> {
  try {
    switch (write.kind) {
      case "grades": {
        const changed = new Map(write.cells.map((c) => [`${c.studentId}_${c.itemId}`, c]));
        const form: [string, string][] = [];
        for (const row of write.sheet.rows) {
          for (const item of write.sheet.items) {
            const key = `${row.id}_${item.id}`;
            const cell = changed.get(key);
            const shown = cell ? cell.original : (row.grades[item.id] ?? null);
            form.push([`g_${key}`, cell ? gradeText(cell.grade) : gradeText(shown)], [`o_${key}`, gradeText(shown)]);
          }
        }
        const answer = await write.browser.post(`/course/${write.courseId}/gradebook`, form);
        return expectRedirect(answer, (l) => pathOf(l) === `/course/${write.courseId}/gradebook`, "gradebook");
      }
      case "attendance": {
        // As a professor does it: open the session's page, mark, save.
        let page: AttendanceData;
        try {
          page = await attendanceOf(write.browser, write.courseId, write.date);
        } catch (error) {
          // The page did not load: nothing was posted.
          return { kind: "notSent", detail: `attendance page: ${(error as Error).message}` };
        }
        const roster = page.roster.filter((s) => !write.only || write.only.has(s.id));
        if (!roster.length) return { kind: "nothing" };
        write.marks = roster.map((s) => ({
          studentId: s.id,
          before: s.status,
          // Always a change, so a half-saved session would show.
          status: rnd.pick(ATTENDANCE.filter((v) => v !== s.status)),
        }));
        const form: [string, string][] = [
          ["date", write.date],
          ...write.marks.map((m): [string, string] => [`status-${m.studentId}`, m.status]),
        ];
        const answer = await write.browser.post(`/course/${write.courseId}/attendance`, form);
        return expectRedirect(
          answer,
          (l) => l === `/course/${write.courseId}/attendance?date=${write.date}`,
          "attendance",
        );
      }
      case "registration": {
        const steps: [string, Record<string, string>, string][] = [
          ["personal", write.personal, "/students-registration/address"],
          ["address", write.address, "/students-registration/message"],
          ["message", write.message, "/students-registration/done"],
        ];
        for (const [step, form, next] of steps) {
          const answer = await write.browser.post(`/students-registration/${step}`, form);
          const outcome = expectRedirect(answer, (l) => l === next, `registration ${step}`);
          if (outcome.kind !== "acknowledged") return outcome;
        }
        return { kind: "acknowledged" };
      }
      case "student": {
        const answer = await write.browser.post("/admin/students/new", write.form);
        const outcome = expectRedirect(answer, (l) => /^\/admin\/students\/\d+$/.test(l), "new student");
        if (outcome.kind === "acknowledged") write.id = Number(answer.location!.split("/").pop());
        return outcome;
      }
    }
  } catch (error) {
    return failure(error);
  }
}

// ---------------------------------------------------------------------------
// People for the public registration and the staff's new-student form

const FIRST = ["Ana", "José", "María", "Zoë", "Ñico", "Lucía", "Omar", "Wei", "Chloé", "Iñaki", "Amara", "Noé"];
const MIDDLE = ["Isabel", "Andrés", "Sofía", "Tomás", "Inés", "Raúl"];
const LAST = ["Pérez", "Gómez", "Núñez", "O'Brien", "Álvarez", "Søren", "Dubois", "García-Márquez", "Nguyễn"];
const SCHEDULES = [
  "MON-WED-09-11",
  "MON-WED-17-19",
  "TUE-THU-15-17",
  "TUE-THU-19-21",
  "FRI-INTENSIVE-09-13",
  "SAT-14-18",
];
const HEAR = ["social_media", "friend", "search", "flyer", "walk_in", "other"];

let serial = 0;
/** A unique, valid id_number: 13 characters, a run tag plus a counter. */
export function idNumber(tag: string) {
  serial += 1;
  return `${tag}${String(serial).padStart(13 - tag.length, "0")}`;
}

function person(rnd: Random, tag: string) {
  const kid = rnd.next() < 0.35;
  const id = idNumber(tag);
  const phone = `3${String(100000000 + rnd.int(899999999))}`;
  const first = rnd.pick(FIRST);
  const last = rnd.pick(LAST);
  const values = {
    first_name: first,
    middle_name: rnd.pick(MIDDLE),
    last_name: last,
    second_last_name: rnd.pick(LAST),
    id_number: id,
    birthday: kid
      ? `201${rnd.int(8)}-0${1 + rnd.int(9)}-1${rnd.int(10)}`
      : `19${70 + rnd.int(29)}-1${rnd.int(3)}-2${rnd.int(8)}`,
    phone_number: phone,
    email: `${id.toLowerCase()}@example.org`,
    age_category: kid ? "kids" : "adults",
  };
  const emergency: {
    emergency_contact_name?: string;
    emergency_contact_phone?: string;
    emergency_contact_relationship?: string;
  } = kid
    ? {
        emergency_contact_name: `${rnd.pick(FIRST)} ${last}`,
        emergency_contact_phone: `31${String(10000000 + rnd.int(89999999))}`,
        emergency_contact_relationship: "Mother",
      }
    : {};
  const sameBilling = rnd.next() < 0.5;
  const address: {
    address: string;
    schedule: string;
    same_billing: string;
    billing_address?: string;
    where_hear_about_us: string;
  } = {
    address: `Calle ${1 + rnd.int(200)} # ${1 + rnd.int(99)}-${1 + rnd.int(99)} <b>&amp;</b>`,
    schedule: rnd.pick(SCHEDULES),
    same_billing: sameBilling ? "yes" : "no",
    ...(sameBilling ? {} : { billing_address: `Carrera ${1 + rnd.int(90)} — oficina ${rnd.int(500)}` }),
    where_hear_about_us: rnd.pick(HEAR),
  };
  return { kid, values, emergency, address };
}

export function registrationWrite(browser: Browser, rnd: Random, tag: string): RegistrationWrite {
  const p = person(rnd, tag);
  const level = p.kid ? { name: "A1.1", id: 8 } : { name: "B1", id: 3 };
  const message = `Hola, quisiera información 👋 ${rnd.int(1e6)} '; drop table students; --`;
  return {
    kind: "registration",
    browser,
    personal: { ...p.values, ...(p.emergency as Record<string, string>) },
    address: { ...(p.address as Record<string, string>), level: level.name },
    message: { message, accepted_terms: "on" },
    expected: {
      ...p.values,
      emergency_contact_name: p.emergency.emergency_contact_name ?? null,
      emergency_contact_phone: p.emergency.emergency_contact_phone ?? null,
      address: p.address.address,
      schedule: p.address.schedule,
      same_billing: p.address.same_billing === "yes" ? 1 : 0,
      billing_address: p.address.billing_address ?? null,
      where_hear_about_us: p.address.where_hear_about_us,
      level_id: level.id,
      message,
      status: "pending",
    },
  };
}

export function studentWrite(browser: Browser, rnd: Random, tag: string): StudentWrite {
  const p = person(rnd, tag);
  const levelId = p.kid ? 12 : 4;
  const notes = `Pago ${rnd.int(1000)} =HYPERLINK("http://x") <script>alert(1)</script>`;
  return {
    kind: "student",
    browser,
    id: null,
    form: {
      ...p.values,
      ...(p.emergency as Record<string, string>),
      ...(p.address as Record<string, string>),
      level_id: String(levelId),
      notes,
    },
    expected: {
      ...p.values,
      emergency_contact_phone: p.emergency.emergency_contact_phone ?? null,
      address: p.address.address,
      schedule: p.address.schedule,
      same_billing: p.address.same_billing === "yes" ? 1 : 0,
      billing_address: p.address.billing_address ?? null,
      level_id: levelId,
      notes,
      status: "active",
    },
  };
}

// ---------------------------------------------------------------------------
// The ledger: what must be stored, by key

export interface Check {
  /** Acknowledged writes whose every value was found. */
  found: number;
  /** Acknowledged writes with a value missing or different. */
  lost: { write: string; detail: string }[];
  /** Unanswered writes found complete / not at all / half (must be 0). */
  unanswered: { committed: number; absent: number; partial: string[] };
  /** Values compared (grade cells, attendance marks, rows × columns). */
  values: number;
}

const gradeKey = (studentId: number, itemId: number) => `${studentId}_${itemId}`;
const markKey = (courseId: number, date: string, studentId: number) => `${courseId}_${date}_${studentId}`;

/**
 * Keeps, for every key a write touched, the value the last acknowledged
 * write gave it. Keys are never shared between writes that can run at the
 * same time (the scripts hand each key to one writer), so "last" is well
 * defined. A write that got no answer makes its keys unknown until the next
 * acknowledged write of them.
 */
export class Ledger {
  readonly acknowledged: Write[] = [];
  readonly unanswered: Write[] = [];
  private grades = new Map<string, { grade: number; write: number }>();
  private marks = new Map<string, { status: string; write: number }>();
  private writeNames: string[] = [];

  record(write: Write, outcome: Outcome) {
    if (outcome.kind === "unanswered") this.unanswered.push(write);
    if (outcome.kind !== "acknowledged") {
      // Whatever the server did with it is unknown: its keys are no longer checked.
      if (outcome.kind === "unanswered") this.forget(write);
      return;
    }
    const n = this.writeNames.push(describe(write)) - 1;
    this.acknowledged.push(write);
    if (write.kind === "grades")
      for (const c of write.cells) this.grades.set(gradeKey(c.studentId, c.itemId), { grade: c.grade, write: n });
    if (write.kind === "attendance")
      for (const m of write.marks)
        this.marks.set(markKey(write.courseId, write.date, m.studentId), { status: m.status, write: n });
  }

  private forget(write: Write) {
    if (write.kind === "grades") for (const c of write.cells) this.grades.delete(gradeKey(c.studentId, c.itemId));
    if (write.kind === "attendance")
      for (const m of write.marks) this.marks.delete(markKey(write.courseId, write.date, m.studentId));
  }

  /** Compares every acknowledged value with the database; classifies the unanswered writes. */
  async check(db: Kysely<Database>): Promise<Check> {
    const lostByWrite = new Map<number, string>();
    let values = 0;
    const lose = (n: number, detail: string) => lostByWrite.has(n) || lostByWrite.set(n, detail);

    // Grades: every cell of the courses written to.
    const courseIds = new Set<number>();
    for (const w of [...this.acknowledged, ...this.unanswered])
      if (w.kind === "grades" || w.kind === "attendance") courseIds.add(w.courseId);
    const storedGrades = new Map<string, number>();
    const storedMarks = new Map<string, string>();
    for (const ids of chunks([...courseIds], 200)) {
      const g = await db
        .selectFrom("grades")
        .innerJoin("grading_items as gi", "gi.id", "grades.grading_item_id")
        .select(["grades.student_id", "grades.grading_item_id", "grades.grade"])
        .where("gi.course_id", "in", ids)
        .execute();
      for (const r of g) storedGrades.set(gradeKey(Number(r.student_id), Number(r.grading_item_id)), Number(r.grade));
      const a = await db
        .selectFrom("attendance")
        .select(["course_id", "session_date", "student_id", "status"])
        .where("course_id", "in", ids)
        .execute();
      for (const r of a) storedMarks.set(markKey(Number(r.course_id), r.session_date, Number(r.student_id)), r.status);
    }
    const sameGrade = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) < 0.005;
    for (const [key, e] of this.grades) {
      values++;
      const got = storedGrades.get(key);
      if (!sameGrade(got, e.grade)) lose(e.write, `grade ${key}: expected ${e.grade}, found ${got ?? "none"}`);
    }
    for (const [key, e] of this.marks) {
      values++;
      const got = storedMarks.get(key);
      if (got !== e.status) lose(e.write, `attendance ${key}: expected ${e.status}, found ${got ?? "none"}`);
    }

    // Registrations and students: the rows by id_number, every column compared.
    const registrations = await rowsByIdNumber(db, "registrations", this.all("registration"));
    const students = await rowsByIdNumber(db, "students", this.all("student"));
    this.acknowledged.forEach((w, n) => {
      if (w.kind !== "registration" && w.kind !== "student") return;
      const rows = (w.kind === "registration" ? registrations : students).get(String(w.expected.id_number)) ?? [];
      if (rows.length !== 1) return void lose(n, `${describe(w)}: ${rows.length} rows`);
      if (w.kind === "student" && Number(rows[0].id) !== w.id)
        return void lose(n, `${describe(w)}: id ${rows[0].id}, the redirect said ${w.id}`);
      for (const [column, want] of Object.entries(w.expected)) {
        values++;
        const got = rows[0][column] ?? null;
        if (!sameValue(got, want))
          lose(n, `${describe(w)}.${column}: expected ${JSON.stringify(want)}, found ${JSON.stringify(got)}`);
      }
    });

    // Unanswered writes: all of it or none of it, never half.
    const unanswered = { committed: 0, absent: 0, partial: [] as string[] };
    for (const w of this.unanswered) {
      let present = 0;
      let total = 0;
      if (w.kind === "grades") {
        total = w.cells.length;
        present = w.cells.filter((c) => sameGrade(storedGrades.get(gradeKey(c.studentId, c.itemId)), c.grade)).length;
      } else if (w.kind === "attendance") {
        total = w.marks.length;
        present = w.marks.filter((m) => storedMarks.get(markKey(w.courseId, w.date, m.studentId)) === m.status).length;
        if (!total) continue; // the page load itself got no answer: nothing was posted
      } else {
        const rows = (w.kind === "registration" ? registrations : students).get(String(w.expected.id_number)) ?? [];
        total = 1;
        present =
          rows.length === 1 && Object.entries(w.expected).every(([c, v]) => sameValue(rows[0][c] ?? null, v)) ? 1 : 0;
        if (rows.length > 1 || (rows.length === 1 && !present)) {
          unanswered.partial.push(`${describe(w)}: ${rows.length} row(s), values ${present ? "match" : "differ"}`);
          continue;
        }
      }
      if (present === total) unanswered.committed++;
      else if (present === 0) unanswered.absent++;
      else unanswered.partial.push(`${describe(w)}: ${present} of ${total} values stored`);
    }

    const lost = [...lostByWrite].map(([n, detail]) => ({ write: this.writeNames[n], detail }));
    return { found: this.acknowledged.length - lostByWrite.size, lost, unanswered, values };
  }

  private all(kind: "registration" | "student") {
    return [...this.acknowledged, ...this.unanswered].filter(
      (w): w is RegistrationWrite | StudentWrite => w.kind === kind,
    );
  }
}

function sameValue(got: unknown, want: string | number | null) {
  if (want === null) return got === null;
  if (typeof want === "number") return Number(got) === want;
  return String(got) === want;
}

async function rowsByIdNumber(
  db: Kysely<Database>,
  table: "registrations" | "students",
  writes: (RegistrationWrite | StudentWrite)[],
) {
  const byId = new Map<string, Record<string, unknown>[]>();
  const ids = [...new Set(writes.map((w) => String(w.expected.id_number)))];
  for (const part of chunks(ids, 500)) {
    const rows = (await db.selectFrom(table).selectAll().where("id_number", "in", part).execute()) as Record<
      string,
      unknown
    >[];
    for (const r of rows) {
      const list = byId.get(String(r.id_number)) ?? [];
      list.push(r);
      byId.set(String(r.id_number), list);
    }
  }
  return byId;
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function describe(w: Write): string {
  switch (w.kind) {
    case "grades":
      return `grades course ${w.courseId} (${w.cells.length} cells)`;
    case "attendance":
      return `attendance course ${w.courseId} ${w.date}`;
    case "registration":
      return `registration ${w.expected.id_number}`;
    case "student":
      return `student ${w.expected.id_number}`;
  }
}
