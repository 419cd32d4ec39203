import { type Insertable, type Kysely, type Transaction } from "kysely";
import { hashPassword } from "~/modules/auth/password.server";
import { findSchedule, heldSessionsBetween, STANDARD_SCHEDULES, type HolidayRange } from "~/modules/calendar/calendar";
import { defaultSyllabus } from "~/modules/grades/syllabus";
import { levelsFor, nextLevelId, type Level } from "~/modules/levels/levels";
import {
  type AgeCategory,
  type ApprovalStatus,
  type AttendanceValue,
  type Database,
  type GradingCategory,
  type RecordStatus,
  type Role,
  type StudentsTable,
} from "../schema";
import { createRandom, type Random } from "./random";

// PRODUCT 11: the demo school. Everything below is derived from one fixed seed
// and fixed dates, so every run (SQLite or PostgreSQL) loads the same school.

export const DEMO_PASSWORD = "demo-pass-2026";
/** Attendance and grades of the demo term are recorded up to this day. */
export const DEMO_TODAY = "2026-11-20";
export const DEMO_TERM = { start_date: "2026-09-07", end_date: "2026-12-18" } as const;

const SEED = 20260907;
const CHUNK = 500; // rows per INSERT (PostgreSQL allows 65535 bind parameters per statement)
const UTC_OFFSET_HOURS = 5; // America/Guayaquil is UTC-5 all year

type Trx = Transaction<Database>;
export type PersonRow = Omit<
  Insertable<StudentsTable>,
  "user_id" | "registration_id" | "status" | "notes" | "created_at" | "updated_at"
>;

// ---------------------------------------------------------------------------
// Staff (the bench school, scripts/bench/data.ts, signs in with the same accounts)

export const USERS: [string, string, Role][] = [
  ["Ana Admin", "admin@school.test", "admin_staff"],
  ["Carla Coordinator", "coordinator@school.test", "coordinator"],
  ["Rita Reception", "reception@school.test", "receptionist"],
  ["Fabio Finance", "finance@school.test", "financial"],
  ["Paul Professor", "professor@school.test", "professor"],
  ["Petra Professor", "professor2@school.test", "professor"],
  ["Pablo Professor", "professor3@school.test", "professor"],
  ["Sam Student", "student@school.test", "student"],
];

// ---------------------------------------------------------------------------
// Courses of the term (and one upcoming in 2027)

interface CoursePlan {
  index: number;
  course_number: string;
  course_id: string;
  level_id: number;
  age: AgeCategory;
  type: string;
  schedule: string;
  start_date: string;
  end_date: string;
  professor: string;
  percentages: [number, number, number];
  /** Students enrolled from the course's start. */
  size: number;
}

const COURSES: Omit<CoursePlan, "index">[] = [
  {
    course_number: "101",
    course_id: "ADU-A1-MW-0911",
    level_id: 1,
    age: "adults",
    type: "on-site",
    schedule: "MON-WED-09-11",
    ...DEMO_TERM,
    professor: "professor@school.test",
    percentages: [30, 30, 40],
    size: 18,
  },
  {
    course_number: "102",
    course_id: "ADU-A2-TT-1719",
    level_id: 2,
    age: "adults",
    type: "on-site",
    schedule: "TUE-THU-17-19",
    ...DEMO_TERM,
    professor: "professor2@school.test",
    percentages: [30, 30, 40],
    size: 16,
  },
  {
    course_number: "103",
    course_id: "ADU-B1-MW-1921",
    level_id: 3,
    age: "adults",
    type: "online",
    schedule: "MON-WED-19-21",
    ...DEMO_TERM,
    professor: "professor3@school.test",
    percentages: [30, 30, 40],
    size: 16,
  },
  {
    course_number: "104",
    course_id: "ADU-B2F-FRI-1418",
    level_id: 6,
    age: "adults",
    type: "on-site",
    schedule: "FRI-INTENSIVE-14-18",
    ...DEMO_TERM,
    professor: "professor@school.test",
    percentages: [20, 30, 50],
    size: 14,
  },
  {
    course_number: "105",
    course_id: "ADU-PC-SAT-0913",
    level_id: 14,
    age: "adults",
    type: "private",
    schedule: "SAT-09-13",
    ...DEMO_TERM,
    professor: "professor2@school.test",
    percentages: [30, 30, 40],
    size: 4,
  },
  {
    course_number: "106",
    course_id: "ADU-B1P-TT-1921",
    level_id: 4,
    age: "adults",
    type: "private - online",
    schedule: "TUE-THU-19-21",
    start_date: "2027-01-12",
    end_date: "2027-04-22",
    professor: "professor2@school.test",
    percentages: [30, 30, 40],
    size: 0,
  },
  {
    course_number: "201",
    course_id: "KID-PA1-SAT-1418",
    level_id: 7,
    age: "kids",
    type: "on-site",
    schedule: "SAT-14-18",
    ...DEMO_TERM,
    professor: "professor3@school.test",
    percentages: [30, 30, 40],
    size: 16,
  },
  {
    course_number: "202",
    course_id: "KID-A11-TT-1517",
    level_id: 8,
    age: "kids",
    type: "on-site",
    schedule: "TUE-THU-15-17",
    ...DEMO_TERM,
    professor: "professor@school.test",
    percentages: [30, 30, 40],
    size: 17,
  },
];

// ---------------------------------------------------------------------------
// Holidays

interface HolidayPlan {
  name: string;
  start_date: string;
  end_date: string;
  course: string | null; // course code
}

const HOLIDAYS: HolidayPlan[] = [
  { name: "Independencia de Guayaquil", start_date: "2026-10-09", end_date: "2026-10-09", course: null },
  { name: "Día de los Difuntos", start_date: "2026-11-02", end_date: "2026-11-02", course: null },
  { name: "Independencia de Cuenca", start_date: "2026-11-03", end_date: "2026-11-03", course: null },
  { name: "Navidad", start_date: "2026-12-24", end_date: "2026-12-25", course: null },
  { name: "Año Nuevo", start_date: "2027-01-01", end_date: "2027-01-01", course: null },
  { name: "Carnaval", start_date: "2027-02-15", end_date: "2027-02-16", course: null },
  { name: "Parent-teacher meetings", start_date: "2026-10-22", end_date: "2026-10-22", course: "KID-A11-TT-1517" },
];

// ---------------------------------------------------------------------------
// People

const FEMALE = [
  "María",
  "Ana",
  "Lucía",
  "Valentina",
  "Camila",
  "Sofía",
  "Daniela",
  "Gabriela",
  "Fernanda",
  "Isabella",
  "Paula",
  "Andrea",
  "Carolina",
  "Mónica",
  "Verónica",
  "Ximena",
  "Renata",
  "Emilia",
  "Martina",
  "Inés",
  "Beatriz",
  "Joana",
  "Chloé",
  "Aiko",
  "Mei",
  "Leonor",
  "Julieta",
  "Agustina",
  "Noemí",
  "Raquel",
];
const MALE = [
  "José",
  "Juan",
  "Carlos",
  "Luis",
  "Andrés",
  "Sebastián",
  "Mateo",
  "Santiago",
  "Diego",
  "Jorge",
  "Fernando",
  "Ramiro",
  "Esteban",
  "Tomás",
  "Joaquín",
  "Nicolás",
  "Martín",
  "Héctor",
  "Iván",
  "Óscar",
  "Rubén",
  "João",
  "Pierre",
  "Kenji",
  "Liam",
  "David",
  "Gabriel",
  "Emilio",
  "Cristóbal",
  "Adrián",
];
const SURNAMES = [
  "Núñez",
  "Gonçalves",
  "Pérez",
  "González",
  "Rodríguez",
  "Martínez",
  "López",
  "Hernández",
  "Ramírez",
  "Jiménez",
  "Vásquez",
  "Ordóñez",
  "Peña",
  "Muñoz",
  "Zúñiga",
  "Cárdenas",
  "Andrade",
  "Cabrera",
  "Vintimilla",
  "Crespo",
  "Maldonado",
  "Tenorio",
  "Sánchez",
  "Álvarez",
  "Guzmán",
  "Carrión",
  "Espinoza",
  "Bermeo",
  "Sarmiento",
  "Quintanilla",
  "Ibáñez",
  "Dávila",
  "Müller",
  "O'Connor",
  "Dubois",
  "Tanaka",
  "Silva",
  "Araújo",
  "Castañeda",
  "Benítez",
  "Durán",
  "Ortega",
  "Salinas",
  "Moscoso",
  "Astudillo",
  "Córdova",
  "León",
  "Palacios",
  "Torres",
  "Ríos",
];
const STREETS = [
  "Av. Solano",
  "Av. Remigio Crespo",
  "Calle Larga",
  "Gran Colombia",
  "Av. de las Américas",
  "Av. Ordóñez Lasso",
  "Presidente Córdova",
  "Simón Bolívar",
  "Av. 12 de Abril",
  "Av. Huayna Cápac",
  "Av. González Suárez",
  "Av. Paucarbamba",
];
const CROSS_STREETS = [
  "Benigno Malo",
  "Padre Aguirre",
  "Hermano Miguel",
  "Luis Cordero",
  "Tarqui",
  "Juan Montalvo",
  "Coronel Talbot",
  "Av. Loja",
];
const TOWNS = ["Cuenca", "Cuenca", "Cuenca", "Cuenca", "Azogues", "Gualaceo"];
const HEARD = ["Facebook", "Instagram", "A friend", "Google", "Flyer", "TikTok", "Radio"];
const NOTES = [
  "Prefers to be called in the evening.",
  "Needs an invoice with RUC.",
  "Pays monthly.",
  "Allergic to peanuts.",
];
const KID_BIRTH_YEARS: Record<number, [number, number]> = {
  7: [2018, 2020],
  8: [2016, 2018],
  12: [2015, 2017],
  13: [2014, 2016],
  9: [2013, 2015],
  10: [2012, 2014],
  11: [2011, 2013],
  14: [2012, 2018],
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const ascii = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();

/** ISO timestamp for a local (America/Guayaquil) date and HH:MM. */
function localTimestamp(date: string, time: string) {
  const [y, m, d] = date.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  return new Date(Date.UTC(y, m - 1, d, h + UTC_OFFSET_HOURS, min)).toISOString();
}

export class People {
  private ids = new Set<string>();
  private phones = new Set<string>();
  private emails = new Set<string>();

  constructor(private rng: Random) {}

  /** A valid-looking Ecuadorian cédula (province, third digit < 6, mod-10 check digit), unique. */
  idNumber(): string {
    for (;;) {
      const base =
        this.rng.pick(["01", "01", "01", "03", "09", "17"]) + String(this.rng.int(0, 5)) + this.rng.digits(6);
      const sum = [...base].reduce((acc, ch, i) => {
        let v = Number(ch) * (i % 2 === 0 ? 2 : 1);
        if (v > 9) v -= 9;
        return acc + v;
      }, 0);
      const id = base + String((10 - (sum % 10)) % 10);
      if (!this.ids.has(id)) {
        this.ids.add(id);
        return id;
      }
    }
  }

  phone(): string {
    for (;;) {
      const p = "09" + String(this.rng.int(6, 9)) + this.rng.digits(7);
      if (!this.phones.has(p)) {
        this.phones.add(p);
        return p;
      }
    }
  }

  email(local: string, domain: string): string {
    let candidate = `${local}@${domain}`;
    for (let n = 2; this.emails.has(candidate); n++) candidate = `${local}${n}@${domain}`;
    this.emails.add(candidate);
    return candidate;
  }

  address(): string {
    const r = this.rng;
    return `${r.pick(STREETS)} ${r.int(1, 12)}-${pad(r.int(1, 99))} y ${r.pick(CROSS_STREETS)}, ${r.pick(TOWNS)}`;
  }

  person(age: AgeCategory, levelId: number, schedule: string): PersonRow {
    const r = this.rng;
    const female = r.chance(0.52);
    const names = female ? FEMALE : MALE;
    const first_name = r.pick(names);
    let middle_name = r.chance(0.85) ? r.pick(names) : "";
    if (middle_name === first_name) middle_name = "";
    const last_name = r.pick(SURNAMES);
    let second_last_name = r.pick(SURNAMES);
    if (second_last_name === last_name) second_last_name = r.pick(SURNAMES);

    let birthday: string;
    if (age === "kids") {
      const [from, to] = KID_BIRTH_YEARS[levelId] ?? [2012, 2019];
      birthday = `${r.int(from, to)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
    } else {
      birthday = `${r.int(1972, 2006)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
    }

    const phone_number = this.phone();
    let emergency: Pick<
      PersonRow,
      "emergency_contact_name" | "emergency_contact_phone" | "emergency_contact_relationship"
    > = {
      emergency_contact_name: null,
      emergency_contact_phone: null,
      emergency_contact_relationship: null,
    };
    let email: string;
    if (age === "kids") {
      const [relationship, contactFemale] = r.pick([
        ["Mother", true],
        ["Mother", true],
        ["Father", false],
        ["Father", false],
        ["Grandmother", true],
        ["Grandfather", false],
        ["Aunt", true],
        ["Uncle", false],
      ] as const);
      const contactFirst = r.pick(contactFemale ? FEMALE : MALE);
      const contactLast = relationship === "Mother" || relationship === "Father" ? last_name : r.pick(SURNAMES);
      emergency = {
        emergency_contact_name: `${contactFirst} ${contactLast}`,
        emergency_contact_phone: this.phone(), // never the student's phone: phones are unique
        emergency_contact_relationship: relationship,
      };
      email = this.email(`familia.${ascii(last_name)}.${ascii(first_name)}`, "example.net");
    } else {
      email = this.email(
        `${ascii(first_name)}.${ascii(last_name)}`,
        r.pick(["example.com", "example.org", "example.net"]),
      );
    }

    const same_billing = r.chance(0.85) ? 1 : 0;
    const roll = r.next();
    return {
      first_name,
      middle_name,
      last_name,
      second_last_name,
      id_number: this.idNumber(),
      birthday,
      phone_number,
      email,
      address: this.address(),
      age_category: age,
      ...emergency,
      level_id: levelId,
      schedule,
      same_billing,
      billing_address: same_billing ? null : this.address(),
      where_hear_about_us: r.pick(HEARD),
      promotion: roll < 0.14 ? "Navidad" : roll < 0.24 ? "2x1" : null,
    };
  }
}

// ---------------------------------------------------------------------------
// Plan types

interface StudentPlan {
  person: PersonRow;
  status: RecordStatus;
  notes: string | null;
  created_at: string;
  updated_at: string;
  /** Links the "Sam Student" account. */
  userEmail?: string;
  /** Mean of the student's grades. */
  ability: number;
  /** Planned absence count (absent + 0.5·late) for the warning/danger demo students. */
  absenceTarget?: number;
  registration?: RegistrationPlan;
}

interface EnrollmentPlan {
  student: StudentPlan;
  course: CoursePlan;
  start_date: string;
  end_date: string | null;
  end_reason: string | null;
}

interface TransferPlan {
  students: StudentPlan[];
  from: CoursePlan;
  to: CoursePlan;
  level_id: number;
  reason: string;
  status: ApprovalStatus;
  created_by: string;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
}

interface RegistrationPlan {
  person: PersonRow;
  reference: string;
  message: string | null;
  status: ApprovalStatus;
  reject_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  student?: StudentPlan;
}

// ---------------------------------------------------------------------------

/** Loads the demo school into an empty database, in one transaction. */
export async function seedDemoData(db: Kysely<Database>) {
  const hash = await hashPassword(DEMO_PASSWORD); // once: argon2 is deliberately slow
  const plan = planDemoSchool();
  await db.transaction().execute(async (trx) => {
    await insertDemoSchool(trx, plan, hash);
    await insertDemoCertificate(trx);
  });
}

/** The demo certificate's verification code (README "Verifying a certificate"): fixed, so the docs can print it. */
export const DEMO_CERTIFICATE_CODE = "CERT-DEMX-2468";
/** A second certificate of that course (so two end-to-end runs at once each change their own). */
export const DEMO_CERTIFICATE_CODE_2 = "CERT-DEMX-3579";
/** The summer course it certifies: ended, without a professor (so it is on no professor's list). */
export const DEMO_CERTIFICATE_COURSE = "ADU-A1-SUM-0911";

/**
 * Verifiable certificates (issue 21, ADR 048): the first two students of the
 * A2 course took A1 in a summer course that has ended, passed it with every
 * item graded, and were issued certificates. Uses no random numbers (the rest of
 * the demo stays as it was).
 */
async function insertDemoCertificate(trx: Trx) {
  const a2 = await trx
    .selectFrom("courses")
    .select("id")
    .where("course_id", "=", "ADU-A2-TT-1719")
    .executeTakeFirstOrThrow();
  const firstTwo = await trx
    .selectFrom("enrollments")
    .select("student_id")
    .where("course_id", "=", a2.id)
    .orderBy("id")
    .limit(2)
    .execute();
  const admin = await trx
    .selectFrom("users")
    .select("id")
    .where("email", "=", "admin@school.test")
    .executeTakeFirstOrThrow();
  const sched = findSchedule("MON-WED-09-11")!;
  const course = await trx
    .insertInto("courses")
    .values({
      course_number: "100",
      course_id: DEMO_CERTIFICATE_COURSE,
      level_id: 1,
      age_category: "adults",
      type: "on-site",
      schedule_days: sched.days,
      start_time: sched.start_time,
      end_time: sched.end_time,
      start_date: "2026-06-01",
      end_date: "2026-08-21",
      professor_id: null,
      assig_percentage: 30,
      test_percentage: 30,
      exam_percentage: 40,
      capacity: 20,
      status: "inactive",
      created_at: "2026-05-15T14:00:00.000Z",
      updated_at: "2026-08-24T14:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const items = await trx
    .insertInto("grading_items")
    .values(defaultSyllabus(1, "adults").map((it, i) => ({ course_id: course.id, ...it, position: i + 1 })))
    .returning("id")
    .execute();
  for (const [i, first] of firstTwo.entries()) {
    await trx
      .insertInto("enrollments")
      .values({
        student_id: first.student_id,
        course_id: course.id,
        start_date: "2026-06-01",
        end_date: "2026-08-22",
        end_reason: "completed",
      })
      .execute();
    await trx
      .insertInto("grades")
      .values(
        items.map((item, n) => ({
          grading_item_id: item.id,
          student_id: first.student_id,
          grade: 86 + (n % 3) * 4,
          updated_at: "2026-08-21T23:00:00.000Z",
        })),
      )
      .execute();
    await trx
      .insertInto("certificates")
      .values({
        number: `HES-2026-${String(course.id).padStart(4, "0")}-${String(first.student_id).padStart(6, "0")}`,
        student_id: first.student_id,
        course_id: course.id,
        issued_on: "2026-08-24",
        issued_by: admin.id,
        created_at: "2026-08-24T15:00:00.000Z",
        verification_code: i === 0 ? DEMO_CERTIFICATE_CODE : DEMO_CERTIFICATE_CODE_2,
      })
      .execute();
  }
}

type DemoPlan = ReturnType<typeof planDemoSchool>;

function planDemoSchool() {
  const rng = createRandom(SEED);
  const people = new People(rng);
  const courses: CoursePlan[] = COURSES.map((c, index) => ({ ...c, index }));
  const byCode = new Map(courses.map((c) => [c.course_id, c]));
  const course = (code: string) => byCode.get(code)!;

  const students: StudentPlan[] = [];
  const enrollments: EnrollmentPlan[] = [];
  const createdAt = () => `2026-08-${pad(rng.int(3, 31))}T${pad(rng.int(13, 23))}:${pad(rng.int(0, 59))}:00.000Z`;
  const newStudent = (
    age: AgeCategory,
    levelId: number,
    schedule: string,
    status: RecordStatus = "active",
  ): StudentPlan => {
    const created_at = createdAt();
    const s: StudentPlan = {
      person: people.person(age, levelId, schedule),
      status,
      notes: rng.chance(0.08) ? rng.pick(NOTES) : null,
      created_at,
      updated_at: created_at,
      ability: rng.chance(0.14) ? 50 + rng.next() * 18 : 72 + rng.next() * 23,
    };
    students.push(s);
    return s;
  };

  // Students of each course, enrolled from the course's start.
  const roster = new Map<CoursePlan, StudentPlan[]>();
  for (const c of courses) {
    const list: StudentPlan[] = [];
    for (let i = 0; i < c.size; i++) {
      const s = newStudent(c.age, c.level_id, c.schedule);
      list.push(s);
      enrollments.push({ student: s, course: c, start_date: c.start_date, end_date: null, end_reason: null });
    }
    roster.set(c, list);
  }
  const rosterOf = (code: string) => roster.get(course(code))!;

  // The "Sam Student" account is one of the A1 adults.
  const sam = rosterOf("ADU-A1-MW-0911")[0];
  Object.assign(sam.person, {
    first_name: "Samuel",
    middle_name: "Andrés",
    last_name: "Salinas",
    second_last_name: "Ríos",
    email: "student@school.test",
  });
  sam.userEmail = "student@school.test";

  // Three A1 adults were moved up to A2 (approved transfers on 2026-10-02).
  const a1 = course("ADU-A1-MW-0911");
  const a2 = course("ADU-A2-TT-1719");
  const movedUp: StudentPlan[] = [];
  for (let i = 0; i < 3; i++) {
    const s = newStudent("adults", a1.level_id, a1.schedule);
    s.person.level_id = nextLevelId("adults", a1.level_id);
    s.person.schedule = a2.schedule;
    s.updated_at = "2026-10-02T14:05:00.000Z";
    s.ability = 84 + rng.next() * 10;
    enrollments.push({
      student: s,
      course: a1,
      start_date: a1.start_date,
      end_date: "2026-10-02",
      end_reason: "transfer",
    });
    enrollments.push({ student: s, course: a2, start_date: "2026-10-05", end_date: null, end_reason: null });
    movedUp.push(s);
  }

  // Not enrolled this term: some waiting for a course, a few inactive.
  for (let i = 0; i < 16; i++) {
    const age: AgeCategory = rng.chance(0.6) ? "adults" : "kids";
    const level: Level = rng.pick(levelsFor(age));
    const sched =
      age === "kids"
        ? rng.pick(STANDARD_SCHEDULES.filter((s) => s.start_time >= "14:00" || s.days === "SA"))
        : rng.pick(STANDARD_SCHEDULES);
    newStudent(age, level.id, sched.id, i < 6 ? "inactive" : "active");
  }

  // Attendance trouble: three at the warning threshold, one at danger.
  const pickFresh = (code: string, taken: Set<StudentPlan>) => {
    const s = rosterOf(code).find((x) => !taken.has(x) && x !== sam)!;
    taken.add(s);
    return s;
  };
  const taken = new Set<StudentPlan>(movedUp);
  pickFresh("ADU-A1-MW-0911", taken).absenceTarget = 12.5;
  pickFresh("KID-A11-TT-1517", taken).absenceTarget = 12;
  pickFresh("ADU-B1-MW-1921", taken).absenceTarget = 13;
  const danger = pickFresh("ADU-A2-TT-1719", taken);
  danger.absenceTarget = 20.5;
  danger.ability = 48 + rng.next() * 8;

  // Transfers: approved (the moves above), rejected, and pending ones.
  const transfers: TransferPlan[] = [];
  const fromRoster = (code: string, n: number) => Array.from({ length: n }, () => pickFresh(code, taken));
  const transfer = (t: Omit<TransferPlan, "level_id">) =>
    transfers.push({ ...t, level_id: nextLevelId(t.from.age, t.from.level_id) });
  const b1 = course("ADU-B1-MW-1921");
  const b1p = course("ADU-B1P-TT-1921");
  const pa1 = course("KID-PA1-SAT-1418");
  const a11 = course("KID-A11-TT-1517");
  transfer({
    students: [movedUp[0]],
    from: a1,
    to: a2,
    reason: "Placement re-test: above A1.",
    status: "approved",
    created_by: "reception@school.test",
    created_at: "2026-09-28T15:10:00.000Z",
    decided_by: "coordinator@school.test",
    decided_at: "2026-10-02T14:05:00.000Z",
  });
  transfer({
    students: movedUp.slice(1),
    from: a1,
    to: a2,
    reason: "Both finished the A1 book early.",
    status: "approved",
    created_by: "coordinator@school.test",
    created_at: "2026-09-29T16:40:00.000Z",
    decided_by: "admin@school.test",
    decided_at: "2026-10-02T14:05:00.000Z",
  });
  transfer({
    students: fromRoster("ADU-B1-MW-1921", 1),
    from: b1,
    to: b1p,
    reason: "Wants to move up before the end of term.",
    status: "rejected",
    created_by: "reception@school.test",
    created_at: "2026-10-15T17:20:00.000Z",
    decided_by: "coordinator@school.test",
    decided_at: "2026-10-20T13:45:00.000Z",
  });
  transfer({
    students: fromRoster("KID-PA1-SAT-1418", 2),
    from: pa1,
    to: a11,
    reason: "Parents asked for a weekday group.",
    status: "rejected",
    created_by: "reception@school.test",
    created_at: "2026-10-21T20:00:00.000Z",
    decided_by: "admin@school.test",
    decided_at: "2026-10-27T15:30:00.000Z",
  });
  transfer({
    students: fromRoster("ADU-A1-MW-0911", 1),
    from: a1,
    to: a2,
    reason: "Finished the A1 book early.",
    status: "pending",
    created_by: "reception@school.test",
    created_at: "2026-11-12T14:15:00.000Z",
    decided_by: null,
    decided_at: null,
  });
  transfer({
    students: fromRoster("KID-PA1-SAT-1418", 3),
    from: pa1,
    to: a11,
    reason: "Ready for A1.1 after the progress tests.",
    status: "pending",
    created_by: "coordinator@school.test",
    created_at: "2026-11-13T21:30:00.000Z",
    decided_by: null,
    decided_at: null,
  });
  transfer({
    students: fromRoster("ADU-B1-MW-1921", 1),
    from: b1,
    to: b1p,
    reason: "Will continue in January.",
    status: "pending",
    created_by: "reception@school.test",
    created_at: "2026-11-16T16:05:00.000Z",
    decided_by: null,
    decided_at: null,
  });
  transfer({
    students: fromRoster("ADU-A2-TT-1719", 2),
    from: a2,
    to: b1,
    reason: "Strong progress test results.",
    status: "pending",
    created_by: "admin@school.test",
    created_at: "2026-11-17T18:50:00.000Z",
    decided_by: null,
    decided_at: null,
  });
  transfer({
    students: fromRoster("ADU-A1-MW-0911", 1),
    from: a1,
    to: a2,
    reason: "Changed job; needs the evening group.",
    status: "pending",
    created_by: "reception@school.test",
    created_at: "2026-11-18T22:10:00.000Z",
    decided_by: null,
    decided_at: null,
  });
  transfer({
    students: fromRoster("KID-PA1-SAT-1418", 1),
    from: pa1,
    to: a11,
    reason: "Teacher recommends moving up.",
    status: "pending",
    created_by: "coordinator@school.test",
    created_at: "2026-11-19T15:25:00.000Z",
    decided_by: null,
    decided_at: null,
  });

  // Registrations: pending ones from the website, and some already decided.
  const registrations: RegistrationPlan[] = [];
  const messages = [
    "¿Tienen clases los sábados?",
    "I would like to prepare for the FIRST exam.",
    "My daughter already studied one year of English.",
    "Necesito factura a nombre de mi empresa.",
    null,
    null,
  ];
  const approvedFor = [rosterOf("KID-A11-TT-1517")[5], students[students.length - 1]];
  for (const [i, s] of approvedFor.entries()) {
    const decided_at = `2026-08-${pad(20 + i * 5)}T15:30:00.000Z`;
    const r: RegistrationPlan = {
      person: { ...s.person },
      reference: "",
      message: null,
      status: "approved",
      reject_reason: null,
      decided_by: "reception@school.test",
      decided_at,
      created_at: `2026-08-${pad(18 + i * 5)}T19:12:00.000Z`,
      student: s,
    };
    s.registration = r;
    s.created_at = decided_at;
    s.updated_at = decided_at;
    registrations.push(r);
  }
  const regPerson = () => {
    const age: AgeCategory = rng.chance(0.55) ? "adults" : "kids";
    const level = rng.pick(levelsFor(age).slice(0, 6));
    return people.person(age, level.id, rng.pick(STANDARD_SCHEDULES).id);
  };
  for (const [i, reason] of [
    "Duplicate of an earlier registration.",
    "Could not reach the applicant at the phone number given.",
  ].entries()) {
    registrations.push({
      person: regPerson(),
      reference: "",
      message: rng.pick(messages),
      status: "rejected",
      reject_reason: reason,
      decided_by: i === 0 ? "reception@school.test" : "admin@school.test",
      decided_at: `2026-10-${pad(6 + i * 7)}T16:00:00.000Z`,
      created_at: `2026-10-${pad(2 + i * 7)}T23:41:00.000Z`,
    });
  }
  for (let i = 0; i < 8; i++) {
    registrations.push({
      person: regPerson(),
      reference: "",
      message: rng.pick(messages),
      status: "pending",
      reject_reason: null,
      decided_by: null,
      decided_at: null,
      created_at: `2026-11-${pad(9 + i)}T${pad(rng.int(13, 23))}:${pad(rng.int(0, 59))}:00.000Z`,
    });
  }
  registrations.sort((a, b) => a.created_at.localeCompare(b.created_at));
  let refNo = 100;
  for (const r of registrations) {
    refNo += rng.int(1, 9);
    r.reference = `REG-2026-${pad(refNo, 6)}`;
  }

  // Insert students in a mixed order, as a real school's would be.
  const studentOrder = rng.shuffle(students);

  // Attendance: every held session up to DEMO_TODAY for everyone enrolled that day.
  const holidayRanges: HolidayRange[] = HOLIDAYS.map((h) => ({
    ...h,
    course_id: h.course ? course(h.course).index : null,
  }));
  const attendance: {
    course: CoursePlan;
    date: string;
    student: StudentPlan;
    status: AttendanceValue;
    recorded_at: string;
  }[] = [];
  const specialMarks = new Map<StudentPlan, Map<string, AttendanceValue>>();
  for (const c of courses) {
    if (c.start_date > DEMO_TODAY) continue;
    const sessions = heldSessionsBetween(
      {
        id: c.index,
        schedule_days: findSchedule(c.schedule)!.days,
        start_date: c.start_date,
        end_date: c.end_date,
        start_time: findSchedule(c.schedule)!.start_time,
        end_time: findSchedule(c.schedule)!.end_time,
      },
      holidayRanges,
      c.start_date,
      DEMO_TODAY,
    );
    const courseEnrollments = enrollments.filter((e) => e.course === c);
    for (const e of courseEnrollments) {
      const s = e.student;
      if (s.absenceTarget === undefined) continue;
      const mine = sessions.filter((x) => x.date >= e.start_date && (e.end_date === null || x.date <= e.end_date));
      const absent = Math.floor(s.absenceTarget);
      const late = Math.round((s.absenceTarget - absent) * 2);
      if (absent + late > mine.length)
        throw new Error(`Demo seed: ${c.course_id} has too few sessions for an absence count of ${s.absenceTarget}`);
      const picked = rng.sample(mine, absent + late);
      specialMarks.set(s, new Map(picked.map((x, i) => [x.date, (i < absent ? "absent" : "late") as AttendanceValue])));
    }
    for (const session of sessions) {
      const recorded_at = localTimestamp(session.date, session.end_time);
      for (const e of courseEnrollments) {
        if (e.start_date > session.date || (e.end_date !== null && session.date > e.end_date)) continue;
        const special = specialMarks.get(e.student);
        let status: AttendanceValue;
        if (special) {
          status = special.get(session.date) ?? "present";
        } else {
          const r = rng.next();
          status = r < 0.86 ? "present" : r < 0.92 ? "late" : r < 0.97 ? "absent" : "recovered";
        }
        attendance.push({ course: c, date: session.date, student: e.student, status, recorded_at });
      }
    }
  }

  // Syllabus per level, copied into each course's grading items.
  const syllabus = new Map<number, { item_name: string; category: GradingCategory; position: number }[]>();
  for (const age of ["adults", "kids"] as const) {
    for (const level of levelsFor(age)) {
      if (syllabus.has(level.id)) continue;
      const items = defaultSyllabus(level.id, age);
      syllabus.set(
        level.id,
        items.map((it, i) => ({ ...it, position: i + 1 })),
      );
    }
  }

  // Grades: assignments and progress tests are done by DEMO_TODAY; exams are in December.
  const grades: { course: CoursePlan; position: number; student: StudentPlan; grade: number; updated_at: string }[] =
    [];
  const gradeOf = (s: StudentPlan, spread: number) => {
    let g = s.ability + (rng.next() * 2 - 1) * spread;
    g = Math.min(100, Math.max(0, g));
    const style = rng.next();
    if (style < 0.6) return Math.round(g);
    if (style < 0.85) return Math.round(g * 2) / 2;
    return Math.round(g * 100) / 100;
  };
  const gradedOn: Record<string, string> = {
    "Assignment 1": "2026-09-25",
    "Assignment 2": "2026-10-16",
    "Assignment 3": "2026-11-13",
    "Progress Test 1": "2026-10-09",
    "Progress Test 2": "2026-11-06",
  };
  for (const c of courses) {
    if (c.start_date > DEMO_TODAY) continue;
    for (const item of syllabus.get(c.level_id)!) {
      const on = gradedOn[item.item_name];
      if (!on) continue;
      for (const e of enrollments) {
        if (e.course !== c) continue;
        // Graded while enrolled: a student who left or joined in between has no grade for it.
        if (e.start_date > on || (e.end_date !== null && e.end_date < on)) continue;
        if (item.position > 1 && rng.chance(0.04)) continue; // a few not handed in yet
        grades.push({
          course: c,
          position: item.position,
          student: e.student,
          grade: gradeOf(e.student, item.category === "PROGRESS TESTS" ? 12 : 9),
          updated_at: localTimestamp(on, "18:00"),
        });
      }
    }
  }

  return { courses, students: studentOrder, enrollments, transfers, registrations, attendance, syllabus, grades };
}

async function insertAll(trx: Trx, table: keyof Database, rows: readonly object[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await (trx as unknown as Kysely<any>)
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** Inserts rows and maps each row's `key` column to the new id (ids are not assumed to start anywhere). */
async function insertWithIds<K extends string>(
  trx: Trx,
  table: keyof Database,
  key: K,
  rows: readonly ({ [P in K]: string | number } & object)[],
) {
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const out: Record<string, unknown>[] = await (trx as unknown as Kysely<any>)
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK))
      .returning(["id", key])
      .execute();
    for (const r of out) ids.set(String(r[key]), Number(r.id));
  }
  return ids;
}

async function insertDemoSchool(trx: Trx, plan: DemoPlan, passwordHash: string) {
  const created = "2026-08-01T13:00:00.000Z";
  const userIds = await insertWithIds(
    trx,
    "users",
    "email",
    USERS.map(([name, email, role]) => ({
      name,
      email,
      role,
      password_hash: passwordHash,
      status: "active",
      image: null,
      locale: null,
      locked_at: null,
      created_at: created,
      updated_at: created,
    })),
  );
  const user = (email: string | null) => (email ? userIds.get(email)! : null);

  const courseIds = await insertWithIds(
    trx,
    "courses",
    "course_id",
    plan.courses.map((c) => {
      const sched = findSchedule(c.schedule)!;
      return {
        course_number: c.course_number,
        course_id: c.course_id,
        level_id: c.level_id,
        age_category: c.age,
        type: c.type,
        schedule_days: sched.days,
        start_time: sched.start_time,
        end_time: sched.end_time,
        start_date: c.start_date,
        end_date: c.end_date,
        professor_id: user(c.professor),
        assig_percentage: c.percentages[0],
        test_percentage: c.percentages[1],
        exam_percentage: c.percentages[2],
        capacity: 20,
        status: "active",
        created_at: "2026-08-10T14:00:00.000Z",
        updated_at: "2026-08-10T14:00:00.000Z",
      };
    }),
  );
  const courseId = (c: CoursePlan) => courseIds.get(c.course_id)!;

  const registrationIds = await insertWithIds(
    trx,
    "registrations",
    "reference",
    plan.registrations.map((r) => ({
      ...r.person,
      reference: r.reference,
      message: r.message,
      accepted_terms: 1,
      status: r.status,
      reject_reason: r.reject_reason,
      student_id: null,
      decided_by: user(r.decided_by),
      decided_at: r.decided_at,
      created_at: r.created_at,
    })),
  );

  const studentIds = await insertWithIds(
    trx,
    "students",
    "id_number",
    plan.students.map((s) => ({
      ...s.person,
      user_id: s.userEmail ? user(s.userEmail) : null,
      registration_id: s.registration ? registrationIds.get(s.registration.reference)! : null,
      status: s.status,
      notes: s.notes,
      created_at: s.created_at,
      updated_at: s.updated_at,
    })),
  );
  const studentId = (s: StudentPlan) => studentIds.get(s.person.id_number)!;
  for (const r of plan.registrations) {
    if (r.student) {
      await trx
        .updateTable("registrations")
        .set({ student_id: studentId(r.student) })
        .where("reference", "=", r.reference)
        .execute();
    }
  }

  await insertAll(
    trx,
    "enrollments",
    plan.enrollments.map((e) => ({
      student_id: studentId(e.student),
      course_id: courseId(e.course),
      start_date: e.start_date,
      end_date: e.end_date,
      end_reason: e.end_reason,
    })),
  );

  await insertAll(
    trx,
    "holidays",
    HOLIDAYS.map((h) => ({
      name: h.name,
      start_date: h.start_date,
      end_date: h.end_date,
      course_id: h.course ? courseIds.get(h.course)! : null,
    })),
  );

  await insertAll(
    trx,
    "syllabus_items",
    [...plan.syllabus.entries()].flatMap(([level_id, items]) => items.map((it) => ({ level_id, ...it }))),
  );

  // Grading items have no single unique column: key them by course and position.
  const itemIds = new Map<string, number>();
  const itemRows = plan.courses.flatMap((c) =>
    plan.syllabus.get(c.level_id)!.map((it) => ({ course_id: courseId(c), ...it })),
  );
  for (let i = 0; i < itemRows.length; i += CHUNK) {
    const out = await trx
      .insertInto("grading_items")
      .values(itemRows.slice(i, i + CHUNK))
      .returning(["id", "course_id", "position"])
      .execute();
    for (const r of out) itemIds.set(`${r.course_id}:${r.position}`, Number(r.id));
  }

  await insertAll(
    trx,
    "grades",
    plan.grades.map((g) => ({
      grading_item_id: itemIds.get(`${courseId(g.course)}:${g.position}`)!,
      student_id: studentId(g.student),
      grade: g.grade,
      updated_at: g.updated_at,
    })),
  );

  await insertAll(
    trx,
    "attendance",
    plan.attendance.map((a) => ({
      course_id: courseId(a.course),
      session_date: a.date,
      student_id: studentId(a.student),
      status: a.status,
      recorded_by: user(a.course.professor),
      recorded_at: a.recorded_at,
    })),
  );

  const auditRows: object[] = [];
  for (const t of plan.transfers) {
    const row = await trx
      .insertInto("transfers")
      .values({
        is_group: t.students.length > 1 ? 1 : 0,
        from_course_id: courseId(t.from),
        selected_course_id: courseId(t.to),
        selected_level_id: t.level_id,
        reason: t.reason,
        status: t.status,
        created_by: user(t.created_by),
        created_at: t.created_at,
        updated_at: t.decided_at ?? t.created_at,
        decided_by: user(t.decided_by),
        decided_at: t.decided_at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertAll(
      trx,
      "transfer_students",
      t.students.map((s) => ({ transfer_id: row.id, student_id: studentId(s) })),
    );
    auditRows.push({
      user_id: user(t.created_by),
      action: "transfer.created",
      entity: "transfer",
      entity_id: row.id,
      details: JSON.stringify({ students: t.students.length }),
      created_at: t.created_at,
    });
    if (t.decided_at) {
      auditRows.push({
        user_id: user(t.decided_by),
        action: `transfer.${t.status}`,
        entity: "transfer",
        entity_id: row.id,
        details: null,
        created_at: t.decided_at,
      });
    }
  }
  for (const r of plan.registrations) {
    if (!r.decided_at) continue;
    auditRows.push({
      user_id: user(r.decided_by),
      action: `registration.${r.status}`,
      entity: "registration",
      entity_id: registrationIds.get(r.reference)!,
      details: r.reject_reason ? JSON.stringify({ reason: r.reject_reason }) : null,
      created_at: r.decided_at,
    });
  }
  auditRows.sort((a, b) =>
    String((a as { created_at: string }).created_at).localeCompare(String((b as { created_at: string }).created_at)),
  );
  await insertAll(trx, "audit_log", auditRows);
}
