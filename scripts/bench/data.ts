// npm run bench:data [-- --today=YYYY-MM-DD] [-- --scale=10]
//
// A large school for the benchmark (issue 9), generated from one fixed seed:
// 5,000 students, 300 courses in two terms of one school year, 60 professors,
// attendance for every held session of every enrollment, grades for every
// grading item that is due, 2,000 transfers and 3,000 registrations, plus the
// demo school's staff accounts (same emails and password) so the bench can
// sign in. The year ends at `today` (the school's today, or --today /
// BENCH_TODAY), so the second term is running and the pages have a "now";
// for one `today` every run loads the same school.
//
// DATABASE_URL as for the app (default file:./data/bench.db). The database is
// recreated from scratch: the SQLite file is deleted, or PostgreSQL's schema
// public is dropped and created again.
//
// --scale=N (or BENCH_SCALE): a school N times larger (students, courses,
// professors, transfers and registrations; attendance and grades follow),
// into data/bench-x<N>.db unless DATABASE_URL says otherwise
// (scaleUrl in shared.ts). The known course keeps its code and its 30 x 15.
import path from "node:path";
import { type Kysely } from "kysely";
import { closeDatabase, database, sql } from "~/db/kysely.server";
import { migrateToLatest } from "~/db/migrate.server";
import {
  type AgeCategory,
  type ApprovalStatus,
  type AttendanceValue,
  type Database,
  type GradingCategory,
  type RecordStatus,
} from "~/db/schema";
import { DEMO_PASSWORD, People, type PersonRow, USERS } from "~/db/seed/demo.server";
import { createRandom } from "~/db/seed/random";
import { hashPassword } from "~/modules/auth/password.server";
import { type HolidayRange, heldSessions } from "~/modules/calendar/calendar";
import { STANDARD_SCHEDULES, type StandardSchedule } from "~/modules/calendar/schedules";
import { todayIn, zonedInstant } from "~/modules/calendar/sessions";
import { addDays, mondayOf } from "~/modules/calendar/week";
import { examModules, examType, levelById, nextLevelId } from "~/modules/levels/levels";
import { isPostgres, printable, removeSqlite, sqliteFileOf } from "../lib/database-url";
import { benchScale, scaleUrl } from "./measure";
import {
  BENCH_COURSE_CODE,
  BENCH_COURSE_ITEMS,
  BENCH_COURSE_STUDENTS,
  BENCH_PROFESSOR,
  BENCH_SQLITE_URL,
} from "./shared";

const SEED = 20250901;
const TIME_ZONE = "America/Guayaquil";
const SCALE = benchScale(process.argv, process.env.BENCH_SCALE);
const COURSES_PER_TERM = 150 * SCALE;
const FIRST_TERM_STUDENTS = 4500 * SCALE;
const LEAVERS = 300 * SCALE; // finish the first term and do not come back (inactive)
const NEWCOMERS = 500 * SCALE; // join for the second term
const PROFESSORS = 60 * SCALE;
const CAPACITY = 50;
const TRANSFERS = {
  firstApproved: 700 * SCALE,
  firstRejected: 170 * SCALE,
  secondApproved: 800 * SCALE,
  secondRejected: 180 * SCALE,
  pending: 150 * SCALE,
};
const REGISTRATIONS = { approved: 2100 * SCALE, rejected: 500 * SCALE, pending: 400 * SCALE };

// Levels a term's courses teach (Private Classes are one-to-one, not in this school's groups), with their weights.
const LEVEL_WEIGHTS: Record<AgeCategory, [number, number][]> = {
  adults: [
    [7, 10],
    [1, 25],
    [2, 20],
    [3, 18],
    [4, 10],
    [6, 9],
    [5, 8],
  ],
  kids: [
    [7, 18],
    [8, 20],
    [12, 17],
    [13, 15],
    [9, 12],
    [10, 10],
    [11, 8],
  ],
};
// Kids come in the afternoon, the evening or on Saturday (as in the demo school).
const KIDS_SCHEDULES = STANDARD_SCHEDULES.filter(
  (s) => s.start_time >= "15:00" || s.id.startsWith("SAT") || s.id === "FRI-INTENSIVE-14-18",
);

const HOLIDAYS_OF_A_YEAR: [string, string, string][] = [
  ["01-01", "01-01", "Año Nuevo"],
  ["05-01", "05-01", "Día del Trabajo"],
  ["05-24", "05-24", "Batalla de Pichincha"],
  ["08-10", "08-10", "Primer Grito de Independencia"],
  ["10-09", "10-09", "Independencia de Guayaquil"],
  ["11-02", "11-03", "Difuntos e Independencia de Cuenca"],
  ["12-24", "12-25", "Navidad"],
];
const TRANSFER_REASONS = [
  "Schedule change: new job.",
  "Placement re-test: above the level.",
  "Finished the book early.",
  "Parents asked for another group.",
  "Moves to the evening group.",
  "Teacher recommends moving up.",
  null,
];
const REJECT_REASONS = [
  "Duplicate of an earlier registration.",
  "Could not reach the applicant.",
  "Incomplete information.",
];
const MESSAGES = [
  "¿Tienen clases los sábados?",
  "I would like to prepare for the FIRST exam.",
  "Necesito factura.",
  null,
  null,
  null,
];

// ---------------------------------------------------------------------------
// Plan types

interface Student {
  id: number;
  person: PersonRow;
  /** The person as registered (before levels and schedules moved on). */
  registered: PersonRow;
  age: AgeCategory;
  level: number;
  status: RecordStatus;
  created_at: string;
  updated_at: string;
  user_id: number | null;
  registration_id: number | null;
  ability: number;
  pAbsent: number;
  pLate: number;
  pRecovered: number;
}

interface Item {
  id: number;
  item_name: string;
  category: GradingCategory;
  position: number;
  /** When it is graded. */
  due: string;
}

interface Course {
  id: number;
  code: string;
  term: 1 | 2;
  age: AgeCategory;
  level_id: number;
  schedule: StandardSchedule;
  professor: number;
  start_date: string;
  end_date: string;
  percentages: [number, number, number];
  type: string;
  items: Item[];
}

interface Enrollment {
  id: number;
  student: Student;
  course: Course;
  start_date: string;
  end_date: string | null;
  end_reason: string | null;
}

interface Transfer {
  id: number;
  students: Student[];
  from: Course;
  to: Course;
  level: number;
  reason: string | null;
  status: ApprovalStatus;
  created_by: number;
  created_at: string;
  decided_by: number | null;
  decided_at: string | null;
}

interface Registration {
  id: number;
  person: PersonRow;
  reference: string;
  message: string | null;
  status: ApprovalStatus;
  reject_reason: string | null;
  student: Student | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}

// ---------------------------------------------------------------------------
// The plan: everything decided in memory, ids included, before any insert.

function plan(today: string, passwordHash: string) {
  const rng = createRandom(SEED);
  const people = new People(rng);
  const weighted = (pairs: [number, number][]) => {
    let r = rng.next() * pairs.reduce((s, [, w]) => s + w, 0);
    for (const [v, w] of pairs) if ((r -= w) < 0) return v;
    return pairs[pairs.length - 1][0];
  };
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
  const randomDay = (from: string, to: string) => addDays(from, rng.int(0, Math.max(0, daysBetween(from, to))));
  /** An instant during office hours (08:00-18:59 in the school's zone) of a day. */
  const officeTime = (day: string) =>
    zonedInstant(day, `${pad(rng.int(8, 18))}:${pad(rng.int(0, 59))}`, TIME_ZONE).toISOString();
  const endOf = (day: string, time: string) => zonedInstant(day, time, TIME_ZONE).toISOString();

  // Staff: the demo accounts, then professors 4 to 60.
  const created = endOf(addDays(today, -400), "09:00");
  const users = USERS.map(([name, email, role], i) => ({
    id: i + 1,
    name,
    email,
    role,
    password_hash: passwordHash,
    status: "active" as const,
    image: null,
    locale: null,
    locked_at: null,
    created_at: created,
    updated_at: created,
  }));
  for (let n = 4; users.filter((u) => u.role === "professor").length < PROFESSORS; n++) {
    const p = people.person("adults", 1, "MON-WED-09-11");
    users.push({
      ...users[0],
      id: users.length + 1,
      name: `${p.first_name} ${p.last_name}`,
      email: `professor${n}@school.test`,
      role: "professor",
    });
  }
  const userId = (email: string) => users.find((u) => u.email === email)!.id;
  const professors = users.filter((u) => u.role === "professor").map((u) => u.id);
  const deciders = [userId("admin@school.test"), userId("coordinator@school.test")];
  const creators = [...deciders, userId("reception@school.test"), userId("reception@school.test")];

  // One school year ending today: a first term of 24 weeks, a week off, and a second term of 30 weeks that is running.
  const yearStart = mondayOf(addDays(today, -364));
  const terms = {
    1: { start: yearStart, end: addDays(yearStart, 24 * 7 - 2) },
    2: { start: addDays(yearStart, 25 * 7), end: addDays(yearStart, 25 * 7 + 30 * 7 - 2) },
  } as const;

  // School-wide holidays of the year.
  const holidays: (HolidayRange & { name: string; id: number })[] = [];
  for (const year of [Number(yearStart.slice(0, 4)), Number(yearStart.slice(0, 4)) + 1]) {
    for (const [from, to, name] of HOLIDAYS_OF_A_YEAR) {
      const start_date = `${year}-${from}`;
      const end_date = `${year}-${to}`;
      if (end_date >= yearStart && start_date <= terms[2].end)
        holidays.push({ id: holidays.length + 1, name, start_date, end_date, course_id: null });
    }
  }

  // Students of the first term.
  const students: Student[] = [];
  const newStudent = (createdOn: string): Student => {
    const age: AgeCategory = rng.chance(0.4) ? "kids" : "adults";
    const level = weighted(LEVEL_WEIGHTS[age]);
    const person = people.person(age, level, rng.pick(age === "kids" ? KIDS_SCHEDULES : STANDARD_SCHEDULES).id);
    const troubled = rng.chance(0.05);
    const at = officeTime(createdOn);
    const s: Student = {
      id: students.length + 1,
      person,
      registered: { ...person },
      age,
      level,
      status: "active",
      created_at: at,
      updated_at: at,
      user_id: null,
      registration_id: null,
      ability: rng.chance(0.15) ? 50 + rng.next() * 18 : 72 + rng.next() * 23,
      pAbsent: troubled ? 0.25 + rng.next() * 0.2 : 0.01 + rng.next() * 0.04,
      pLate: troubled ? 0.1 : 0.03 + rng.next() * 0.05,
      pRecovered: 0.02,
    };
    students.push(s);
    return s;
  };
  for (let i = 0; i < FIRST_TERM_STUDENTS; i++)
    newStudent(randomDay(addDays(terms[1].start, -60), addDays(terms[1].start, -3)));
  // "Sam Student" is one of them.
  Object.assign(students[0].person, { email: "student@school.test" });
  students[0].user_id = userId("student@school.test");

  // Courses and enrollments.
  const courses: Course[] = [];
  const enrollments: Enrollment[] = [];
  const syllabus = new Map<number, { item_name: string; category: GradingCategory }[]>();
  const syllabusOf = (levelId: number, age: AgeCategory) => {
    // This school's syllabus: 8 assignments, 3 progress tests and the exam's modules (15 items for B1 and B2).
    let items = syllabus.get(levelId);
    if (!items) {
      items = [
        ...Array.from({ length: 8 }, (_, i) => ({
          item_name: `Assignment ${i + 1}`,
          category: "ASSIGNMENTS" as const,
        })),
        ...Array.from({ length: 3 }, (_, i) => ({
          item_name: `Progress Test ${i + 1}`,
          category: "PROGRESS TESTS" as const,
        })),
        ...examModules(examType(levelId, age)).map((m) => ({ item_name: m, category: "EXAM" as const })),
      ];
      syllabus.set(levelId, items);
    }
    return items;
  };
  let itemId = 0;
  const newCourse = (
    term: 1 | 2,
    age: AgeCategory,
    level_id: number,
    schedule: StandardSchedule,
    professor: number,
    code?: string,
  ): Course => {
    const { start, end } = terms[term];
    const seq = courses.filter((c) => c.term === term).length + 1;
    const short = levelById(level_id)!.short;
    const days = schedule.days
      .replace(/,/g, "")
      .replace(/(\w)\w(?=\w)/g, "$1")
      .slice(0, 4); // MO,WE → MW, FR → FR
    const c: Course = {
      id: courses.length + 1,
      code:
        code ??
        `T${term}-${age === "kids" ? "KID" : "ADU"}-${short}-${days}${schedule.start_time.slice(0, 2)}${schedule.end_time.slice(0, 2)}-${pad(seq, 3)}`,
      term,
      age,
      level_id,
      schedule,
      professor,
      start_date: start,
      end_date: end,
      percentages: rng.chance(0.2) ? [20, 30, 50] : [30, 30, 40],
      type: rng.chance(0.75) ? "on-site" : "online",
      items: [],
    };
    const drafts = syllabusOf(level_id, age);
    const span = daysBetween(start, end) - 14;
    let a = 0;
    let t = 0;
    c.items = drafts.map((d, i) => {
      let due: string;
      if (d.category === "ASSIGNMENTS") due = addDays(start, Math.round((span * ++a) / 9));
      else if (d.category === "PROGRESS TESTS") due = addDays(start, Math.round((span * ++t) / 4) + 1);
      else due = addDays(end, -3);
      return { id: ++itemId, ...d, position: i + 1, due };
    });
    courses.push(c);
    return c;
  };

  /** Professors and schedules of a term: no professor teaches two courses at one time. */
  const busy = new Set<string>();
  const load = new Map<string, number>();
  const slot = (term: number, age: AgeCategory): [StandardSchedule, number] => {
    const schedules = rng.shuffle(age === "kids" ? KIDS_SCHEDULES : STANDARD_SCHEDULES);
    const byLoad = rng
      .shuffle(professors)
      .sort((a, b) => (load.get(`${term}:${a}`) ?? 0) - (load.get(`${term}:${b}`) ?? 0));
    for (const p of byLoad) {
      for (const s of schedules) {
        const key = `${term}:${p}:${s.id}`;
        if (busy.has(key)) continue;
        busy.add(key);
        load.set(`${term}:${p}`, (load.get(`${term}:${p}`) ?? 0) + 1);
        return [s, p];
      }
    }
    throw new Error("No free professor for a course");
  };

  /**
   * A term's courses for its students: courses shared out among (age, level)
   * groups by size (largest remainder), students dealt into them. `first`
   * takes exactly `size` students of its group before the others are dealt.
   */
  const allocate = (term: 1 | 2, members: Student[], first?: { course: Course; size: number }) => {
    const groups = new Map<string, Student[]>();
    for (const s of members) {
      const key = `${s.age}:${s.level}`;
      groups.set(key, [...(groups.get(key) ?? []), s]);
    }
    const keys = [...groups.keys()].sort();
    const total = members.length;
    const shares = keys.map((k) => {
      const quota = (COURSES_PER_TERM * groups.get(k)!.length) / total;
      return { k, n: Math.max(1, Math.floor(quota)), rest: quota - Math.floor(quota) };
    });
    let left = COURSES_PER_TERM - shares.reduce((s, x) => s + x.n, 0);
    for (const s of [...shares].sort((a, b) => b.rest - a.rest)) {
      if (left <= 0) break;
      s.n++;
      left--;
    }
    while (left < 0) {
      const biggest = [...shares].sort((a, b) => b.n - a.n)[0];
      biggest.n--;
      left++;
    }
    for (const { k, n } of shares) {
      const [age, level] = k.split(":");
      const list = rng.shuffle(groups.get(k)!);
      const groupCourses: Course[] = [];
      let rest = list;
      if (first && k === `${first.course.age}:${first.course.level_id}`) {
        if (n < 2 || list.length < first.size + n) throw new Error("The bench course's group is too small");
        for (const s of list.slice(0, first.size))
          enrollments.push({
            id: enrollments.length + 1,
            student: s,
            course: first.course,
            start_date: first.course.start_date,
            end_date: null,
            end_reason: null,
          });
        rest = list.slice(first.size);
        for (let i = 1; i < n; i++)
          groupCourses.push(newCourse(term, age as AgeCategory, Number(level), ...slot(term, age as AgeCategory)));
      } else {
        for (let i = 0; i < n; i++)
          groupCourses.push(newCourse(term, age as AgeCategory, Number(level), ...slot(term, age as AgeCategory)));
      }
      rest.forEach((s, i) => {
        const course = groupCourses[i % groupCourses.length];
        enrollments.push({
          id: enrollments.length + 1,
          student: s,
          course,
          start_date: course.start_date,
          end_date: null,
          end_reason: null,
        });
      });
    }
  };

  /** The enrollment of each student in a term that is open (the latest). */
  const openIn = (term: 1 | 2) => {
    const map = new Map<Student, Enrollment>();
    for (const e of enrollments) if (e.course.term === term && e.end_date === null) map.set(e.student, e);
    return map;
  };

  // Transfers of a term, in date order: approved ones move the students.
  const transfers: Omit<Transfer, "id">[] = [];
  const benchCourse = () => courses.find((c) => c.code === BENCH_COURSE_CODE);
  const transfersOf = (term: 1 | 2, approved: number, rejected: number) => {
    const { start, end } = terms[term];
    const last = end < today ? addDays(end, -21) : addDays(today, -15);
    const plans = rng
      .shuffle([...Array(approved).fill("approved"), ...Array(rejected).fill("rejected")] as ApprovalStatus[])
      .map((status) => ({ status, day: randomDay(addDays(start, 21), last) }))
      .sort((a, b) => a.day.localeCompare(b.day));
    const moved = new Set<Student>();
    const termCourses = courses.filter((c) => c.term === term && c !== benchCourse());
    // A larger school (--scale) keeps each course's open roster up to date
    // instead of rescanning every enrollment for each transfer (quadratic: hours
    // at x10); the bench school itself (x1) is planned as it always was, so it
    // stays the same school.
    const byCourse = new Map<Course, Map<Student, Enrollment>>();
    if (SCALE > 1)
      for (const e of openIn(term).values()) {
        if (!byCourse.has(e.course)) byCourse.set(e.course, new Map());
        byCourse.get(e.course)!.set(e.student, e);
      }
    for (const p of plans) {
      const open = SCALE > 1 ? null : openIn(term);
      for (let attempt = 0; ; attempt++) {
        if (attempt > 200) throw new Error("Could not plan a transfer");
        const from = rng.pick(termCourses);
        const roster = [...(open ?? byCourse.get(from) ?? new Map<Student, Enrollment>()).values()].filter(
          (e) => e.course === from && !moved.has(e.student),
        );
        const size = rng.chance(0.2) ? rng.int(2, 4) : 1;
        if (roster.length < size + 5) continue;
        const up = rng.chance(0.3) ? nextLevelId(from.age, from.level_id) : from.level_id;
        const targets = termCourses.filter((c) => c !== from && c.age === from.age && c.level_id === up);
        if (!targets.length) continue;
        const to = rng.pick(targets);
        const who = rng.sample(roster, size);
        const created_at = officeTime(addDays(p.day, -rng.int(1, 6)));
        const decided_at = officeTime(p.day);
        transfers.push({
          students: who.map((e) => e.student),
          from,
          to,
          level: up,
          reason: rng.pick(TRANSFER_REASONS),
          status: p.status,
          created_by: rng.pick(creators),
          created_at,
          decided_by: rng.pick(deciders),
          decided_at,
        });
        if (p.status === "approved") {
          // The day of the transfer belongs to the new course (ADR 008).
          for (const e of who) {
            moved.add(e.student);
            e.end_date = p.day;
            e.end_reason = "transfer";
            e.student.level = to.level_id;
            const next: Enrollment = {
              id: enrollments.length + 1,
              student: e.student,
              course: to,
              start_date: p.day,
              end_date: null,
              end_reason: null,
            };
            enrollments.push(next);
            if (SCALE > 1) {
              byCourse.get(from)?.delete(e.student);
              if (!byCourse.has(to)) byCourse.set(to, new Map());
              byCourse.get(to)!.set(e.student, next);
            }
          }
        }
        break;
      }
    }
  };

  allocate(1, students);
  transfersOf(1, TRANSFERS.firstApproved, TRANSFERS.firstRejected);
  // The first term is over: its enrollments end the day after its last class.
  for (const e of enrollments) {
    if (e.course.term === 1 && e.end_date === null) {
      e.end_date = addDays(e.course.end_date, 1);
      e.end_reason = "completed";
    }
  }

  // Between the terms: some leave, the others move up when they passed; newcomers join.
  const firstTerm = [...students];
  const leaving = new Set(rng.sample(firstTerm, LEAVERS));
  const finalCourse = new Map<Student, Course>();
  for (const e of enrollments) if (e.course.term === 1) finalCourse.set(e.student, e.course);
  for (const s of firstTerm) {
    const course = finalCourse.get(s)!;
    s.level = course.level_id;
    if (leaving.has(s)) {
      s.status = "inactive";
      s.updated_at = officeTime(addDays(terms[1].end, rng.int(2, 6)));
      continue;
    }
    const next = s.ability > 70 ? nextLevelId(s.age, course.level_id) : course.level_id;
    if (next !== 14) s.level = next; // the last level of a list stays: no group for Private Classes
  }
  for (let i = 0; i < NEWCOMERS; i++) newStudent(randomDay(addDays(terms[2].start, -30), addDays(terms[2].start, -2)));

  // The second term, the bench's course first: its students all pass.
  const bench = newCourse(
    2,
    "adults",
    3,
    STANDARD_SCHEDULES.find((s) => s.id === "MON-WED-09-11")!,
    userId(BENCH_PROFESSOR),
    BENCH_COURSE_CODE,
  );
  busy.add(`2:${bench.professor}:${bench.schedule.id}`);
  load.set(`2:${bench.professor}`, 1);
  if (bench.items.length !== BENCH_COURSE_ITEMS) throw new Error(`The bench course has ${bench.items.length} items`);
  allocate(
    2,
    students.filter((s) => s.status === "active"),
    { course: bench, size: BENCH_COURSE_STUDENTS },
  );
  for (const e of enrollments)
    if (e.course === bench) e.student.ability = Math.max(e.student.ability, 76 + rng.next() * 18);
  transfersOf(2, TRANSFERS.secondApproved, TRANSFERS.secondRejected);

  // Pending transfers: asked for in the last two weeks, students still in the course they would leave.
  {
    const open = openIn(2);
    const asked = new Set<Student>();
    const termCourses = courses.filter((c) => c.term === 2 && c !== bench);
    let made = 0;
    for (let attempt = 0; made < TRANSFERS.pending; attempt++) {
      if (attempt > 10_000) throw new Error("Could not plan the pending transfers");
      const from = rng.pick(termCourses);
      const roster = [...open.values()].filter((e) => e.course === from && !asked.has(e.student));
      const size = rng.chance(0.2) ? rng.int(2, 4) : 1;
      if (roster.length < size + 5) continue;
      const up = rng.chance(0.5) ? nextLevelId(from.age, from.level_id) : from.level_id;
      const targets = termCourses.filter((c) => c !== from && c.age === from.age && c.level_id === up);
      if (!targets.length) continue;
      const who = rng.sample(roster, size).map((e) => e.student);
      for (const s of who) asked.add(s);
      const created_at = officeTime(addDays(today, -rng.int(1, 14)));
      transfers.push({
        students: who,
        from,
        to: rng.pick(targets),
        level: up,
        reason: rng.pick(TRANSFER_REASONS),
        status: "pending",
        created_by: rng.pick(creators),
        created_at,
        decided_by: null,
        decided_at: null,
      });
      made++;
    }
  }
  transfers.sort((a, b) => a.created_at.localeCompare(b.created_at));
  const numberedTransfers: Transfer[] = transfers.map((t, i) => ({ ...t, id: i + 1 }));

  // Students' level and schedule are those of their current (or last) course.
  const lastCourse = new Map<Student, Course>();
  for (const e of enrollments) lastCourse.set(e.student, e.course);
  for (const s of students) {
    const c = lastCourse.get(s)!;
    s.person.level_id = s.level;
    s.person.schedule = c.schedule.id;
  }

  // Course holidays: a parent-teacher meeting for some kids' groups.
  for (const c of rng.sample(
    courses.filter((x) => x.age === "kids"),
    25,
  )) {
    const day = randomDay(addDays(c.start_date, 30), addDays(c.end_date, -30));
    holidays.push({
      id: holidays.length + 1,
      name: "Parent-teacher meeting",
      start_date: day,
      end_date: day,
      course_id: c.id,
    });
  }

  // Registrations: most students came through one; some were rejected, some wait.
  const registrations: Omit<Registration, "id" | "reference">[] = [];
  for (const s of rng.sample(students, REGISTRATIONS.approved)) {
    const decidedOn = s.created_at.slice(0, 10);
    registrations.push({
      person: s.registered,
      message: rng.pick(MESSAGES),
      status: "approved",
      reject_reason: null,
      student: s,
      decided_by: rng.pick(creators),
      decided_at: s.created_at,
      created_at: officeTime(addDays(decidedOn, -rng.int(1, 5))),
    });
  }
  const applicant = () => {
    const age: AgeCategory = rng.chance(0.4) ? "kids" : "adults";
    return people.person(
      age,
      weighted(LEVEL_WEIGHTS[age]),
      rng.pick(age === "kids" ? KIDS_SCHEDULES : STANDARD_SCHEDULES).id,
    );
  };
  for (let i = 0; i < REGISTRATIONS.rejected; i++) {
    const day = randomDay(addDays(yearStart, -60), addDays(today, -5));
    registrations.push({
      person: applicant(),
      message: rng.pick(MESSAGES),
      status: "rejected",
      reject_reason: rng.pick(REJECT_REASONS),
      student: null,
      decided_by: rng.pick(creators),
      decided_at: officeTime(addDays(day, rng.int(1, 4))),
      created_at: officeTime(day),
    });
  }
  for (let i = 0; i < REGISTRATIONS.pending; i++) {
    registrations.push({
      person: applicant(),
      message: rng.pick(MESSAGES),
      status: "pending",
      reject_reason: null,
      student: null,
      decided_by: null,
      decided_at: null,
      created_at: officeTime(addDays(today, -rng.int(1, 30))),
    });
  }
  registrations.sort((a, b) => a.created_at.localeCompare(b.created_at));
  let ref = 1000;
  const numberedRegistrations: Registration[] = registrations.map((r, i) => {
    ref += rng.int(1, 3);
    return { ...r, id: i + 1, reference: `REG-${r.created_at.slice(0, 4)}-${pad(ref, 6)}` };
  });
  for (const r of numberedRegistrations) if (r.student) r.student.registration_id = r.id;

  return {
    today,
    users,
    students,
    courses,
    enrollments,
    holidays,
    syllabus,
    transfers: numberedTransfers,
    registrations: numberedRegistrations,
    bench,
    rng,
    endOf,
  };
}

type Plan = ReturnType<typeof plan>;

// ---------------------------------------------------------------------------
// Rows

function* attendanceRows(p: Plan) {
  const { rng } = p;
  const held = new Map<Course, { date: string; recorded_at: string }[]>();
  for (const c of p.courses) {
    const own = p.holidays.filter((h) => h.course_id === null || h.course_id === c.id);
    const sessions = heldSessions(
      {
        id: c.id,
        schedule_days: c.schedule.days,
        start_date: c.start_date,
        end_date: c.end_date,
        start_time: c.schedule.start_time,
        end_time: c.schedule.end_time,
      },
      own,
    );
    // Taken at the end of each class; today's classes are still to come.
    held.set(
      c,
      sessions.filter((s) => s.date < p.today).map((s) => ({ date: s.date, recorded_at: p.endOf(s.date, s.end_time) })),
    );
  }
  for (const e of p.enrollments) {
    const s = e.student;
    for (const session of held.get(e.course)!) {
      if (session.date < e.start_date || (e.end_date !== null && session.date >= e.end_date)) continue;
      const r = rng.next();
      const status: AttendanceValue =
        r < s.pAbsent
          ? "absent"
          : r < s.pAbsent + s.pLate
            ? "late"
            : r < s.pAbsent + s.pLate + s.pRecovered
              ? "recovered"
              : "present";
      yield {
        course_id: e.course.id,
        session_date: session.date,
        student_id: s.id,
        status,
        recorded_by: e.course.professor,
        recorded_at: session.recorded_at,
      };
    }
  }
}

function* gradeRows(p: Plan) {
  const { rng } = p;
  for (const e of p.enrollments) {
    for (const item of e.course.items) {
      // Graded while enrolled, once due; a few not handed in (none in the bench course: its grid is full).
      if (item.due >= p.today || item.due < e.start_date || (e.end_date !== null && item.due >= e.end_date)) continue;
      if (e.course !== p.bench && item.position > 1 && rng.chance(0.04)) continue;
      const spread = item.category === "ASSIGNMENTS" ? 9 : 12;
      let g = Math.min(100, Math.max(0, e.student.ability + (rng.next() * 2 - 1) * spread));
      const style = rng.next();
      g = style < 0.6 ? Math.round(g) : style < 0.85 ? Math.round(g * 2) / 2 : Math.round(g * 100) / 100;
      yield { grading_item_id: item.id, student_id: e.student.id, grade: g, updated_at: p.endOf(item.due, "18:00") };
    }
  }
}

// ---------------------------------------------------------------------------
// Inserts

type Db = Kysely<Database>;

/**
 * Every row in one transaction, in batches: multi-row INSERTs of at most
 * ~30,000 bound values on SQLite; on PostgreSQL one INSERT … SELECT FROM
 * unnest() per 20,000 rows, a typed array per column (a few parameters
 * instead of a hundred thousand: PostgreSQL's parse and bind time was most
 * of the load). Prints the table's time when it is long.
 */
async function insertAll(db: Db, table: keyof Database, rows: Iterable<Record<string, unknown>>) {
  const postgres = database().dialect === "postgres";
  const started = performance.now();
  let count = 0;
  await db.transaction().execute(async (trx) => {
    const types = postgres ? await columnTypes(trx, table) : null;
    // PostgreSQL builds an index faster once than row by row: the plain
    // indexes (not those of a key or unique constraint) are made again after.
    const rebuild = postgres ? await dropPlainIndexes(trx, table) : [];
    let batch: Record<string, unknown>[] = [];
    let size = 0;
    const flush = async () => {
      if (!batch.length) return;
      if (types) {
        const columns = Object.keys(batch[0]);
        const arrays = columns.map((c) => sql`${batch.map((r) => r[c] ?? null)}::${sql.raw(types.get(c)!)}[]`);
        await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
          select * from unnest(${sql.join(arrays)})`.execute(trx);
      } else {
        await (trx as unknown as Kysely<any>).insertInto(table).values(batch).execute();
      }
      count += batch.length;
      batch = [];
    };
    for (const row of rows) {
      size ||= postgres ? 20_000 : Math.max(1, Math.floor(30_000 / Object.keys(row).length));
      batch.push(row);
      if (batch.length >= size) await flush();
    }
    await flush();
    for (const definition of rebuild) await sql.raw(definition).execute(trx);
  });
  const ms = performance.now() - started;
  if (ms > 2000) console.log(`  ${table}: ${count} rows in ${(ms / 1000).toFixed(1)} s`);
  return count;
}

/** Drops a table's indexes that back no constraint; returns their CREATE INDEX statements. */
async function dropPlainIndexes(trx: Db, table: string): Promise<string[]> {
  const r = await sql<{ indexname: string; indexdef: string }>`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`.execute(
    trx,
  );
  for (const i of r.rows) await sql`drop index ${sql.ref(i.indexname)}`.execute(trx);
  return r.rows.map((i) => i.indexdef);
}

/** PostgreSQL's type of each column of a table (int4, text, float8…), for the unnest() arrays. */
async function columnTypes(trx: Db, table: string) {
  const r = await sql<{ column_name: string; udt_name: string }>`
    select column_name, udt_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
    trx,
  );
  return new Map(r.rows.map((c) => [c.column_name, c.udt_name]));
}

async function insertSchool(db: Db, p: Plan) {
  await insertAll(db, "users", p.users);
  await insertAll(
    db,
    "registrations",
    p.registrations.map((r) => ({
      id: r.id,
      ...r.person,
      reference: r.reference,
      message: r.message,
      accepted_terms: 1,
      status: r.status,
      reject_reason: r.reject_reason,
      student_id: r.student?.id ?? null,
      decided_by: r.decided_by,
      decided_at: r.decided_at,
      created_at: r.created_at,
    })),
  );
  await insertAll(
    db,
    "students",
    p.students.map((s) => ({
      id: s.id,
      ...s.person,
      user_id: s.user_id,
      registration_id: s.registration_id,
      status: s.status,
      notes: null,
      created_at: s.created_at,
      updated_at: s.updated_at,
    })),
  );
  await insertAll(
    db,
    "courses",
    p.courses.map((c) => ({
      id: c.id,
      course_number: String(1000 + c.id),
      course_id: c.code,
      level_id: c.level_id,
      age_category: c.age,
      type: c.type,
      schedule_days: c.schedule.days,
      start_time: c.schedule.start_time,
      end_time: c.schedule.end_time,
      start_date: c.start_date,
      end_date: c.end_date,
      professor_id: c.professor,
      assig_percentage: c.percentages[0],
      test_percentage: c.percentages[1],
      exam_percentage: c.percentages[2],
      capacity: CAPACITY,
      status: "active",
      created_at: p.endOf(addDays(c.start_date, -30), "10:00"),
      updated_at: p.endOf(addDays(c.start_date, -30), "10:00"),
    })),
  );
  await insertAll(
    db,
    "enrollments",
    p.enrollments.map((e) => ({
      id: e.id,
      student_id: e.student.id,
      course_id: e.course.id,
      start_date: e.start_date,
      end_date: e.end_date,
      end_reason: e.end_reason,
    })),
  );
  await insertAll(
    db,
    "holidays",
    p.holidays.map(({ id, name, start_date, end_date, course_id }) => ({ id, name, start_date, end_date, course_id })),
  );
  await insertAll(
    db,
    "syllabus_items",
    [...p.syllabus].flatMap(([level_id, items]) => items.map((it, i) => ({ level_id, ...it, position: i + 1 }))),
  );
  await insertAll(
    db,
    "grading_items",
    p.courses.flatMap((c) =>
      c.items.map((it) => ({
        id: it.id,
        course_id: c.id,
        item_name: it.item_name,
        category: it.category,
        position: it.position,
      })),
    ),
  );
  await insertAll(db, "grades", gradeRows(p));
  await insertAll(db, "attendance", attendanceRows(p));
  await insertAll(
    db,
    "transfers",
    p.transfers.map((t) => ({
      id: t.id,
      is_group: t.students.length > 1 ? 1 : 0,
      from_course_id: t.from.id,
      selected_course_id: t.to.id,
      selected_level_id: t.level,
      reason: t.reason,
      status: t.status,
      created_by: t.created_by,
      created_at: t.created_at,
      updated_at: t.decided_at ?? t.created_at,
      decided_by: t.decided_by,
      decided_at: t.decided_at,
    })),
  );
  await insertAll(
    db,
    "transfer_students",
    p.transfers.flatMap((t) => t.students.map((s) => ({ transfer_id: t.id, student_id: s.id }))),
  );
  const audit = [
    ...p.transfers.flatMap((t) => [
      {
        user_id: t.created_by,
        action: "transfer.created",
        entity: "transfer",
        entity_id: t.id,
        details: JSON.stringify({ students: t.students.map((s) => s.id) }),
        created_at: t.created_at,
      },
      ...(t.decided_at
        ? [
            {
              user_id: t.decided_by,
              action: `transfer.${t.status}`,
              entity: "transfer",
              entity_id: t.id,
              details: null,
              created_at: t.decided_at,
            },
          ]
        : []),
    ]),
    ...p.registrations
      .filter((r) => r.decided_at)
      .map((r) => ({
        user_id: r.decided_by,
        action: `registration.${r.status}`,
        entity: "registration",
        entity_id: r.id,
        details: r.reject_reason ? JSON.stringify({ reason: r.reject_reason }) : null,
        created_at: r.decided_at!,
      })),
  ].sort((a, b) => a.created_at.localeCompare(b.created_at));
  await insertAll(db, "audit_log", audit);
}

// ---------------------------------------------------------------------------

const COUNTED: (keyof Database)[] = [
  "users",
  "students",
  "registrations",
  "courses",
  "enrollments",
  "holidays",
  "syllabus_items",
  "grading_items",
  "grades",
  "attendance",
  "transfers",
  "transfer_students",
  "audit_log",
];

async function recreate(url: string) {
  if (isPostgres(url)) {
    const { db } = database();
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
    return;
  }
  removeSqlite(sqliteFileOf(url));
}

async function main() {
  const started = performance.now();
  const url = (process.env.DATABASE_URL ||= scaleUrl(BENCH_SQLITE_URL, SCALE));
  const todayArg = process.argv.find((a) => a.startsWith("--today="))?.slice(8) ?? process.env.BENCH_TODAY;
  if (todayArg && !/^\d{4}-\d{2}-\d{2}$/.test(todayArg)) throw new Error("--today must be YYYY-MM-DD");
  const today = todayArg ?? todayIn(TIME_ZONE);
  console.log(`Bench school for ${today} into ${isPostgres(url) ? printable(url) : path.resolve(sqliteFileOf(url))}`);

  const [passwordHash] = await Promise.all([hashPassword(DEMO_PASSWORD), recreate(url)]);
  const { db, dialect } = database();
  await migrateToLatest(db);
  const p = plan(today, passwordHash);
  const planned = performance.now();
  await insertSchool(db, p);
  if (dialect === "postgres") {
    // Ids were given explicitly: the sequences carry on after them.
    for (const t of [
      "users",
      "registrations",
      "students",
      "courses",
      "enrollments",
      "holidays",
      "syllabus_items",
      "grading_items",
      "grades",
      "attendance",
      "transfers",
      "audit_log",
    ]) {
      await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.table(t)}), 1))`.execute(
        db,
      );
    }
    // As autovacuum does after a bulk load (PostgreSQL 13 on): the planner needs
    // the tables' statistics, and index-only scans their visibility map.
    await sql`vacuum analyze`.execute(db);
  } else {
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
  const loaded = performance.now();

  const counts: Record<string, number> = {};
  for (const t of COUNTED) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[t] = Number(r.n);
  }
  console.table(counts);
  const bench = await db
    .selectFrom("courses")
    .select("id")
    .where("course_id", "=", BENCH_COURSE_CODE)
    .executeTakeFirstOrThrow();
  console.log(
    `Bench course: id ${bench.id} (${BENCH_COURSE_CODE}), ${BENCH_COURSE_STUDENTS} students x ${BENCH_COURSE_ITEMS} items, professor ${BENCH_PROFESSOR}`,
  );
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `Planned in ${s(planned - started)}, inserted in ${s(loaded - planned)}; ${s(performance.now() - started)} in all (${dialect}).`,
  );
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
