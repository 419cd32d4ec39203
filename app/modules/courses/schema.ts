import { z } from "zod";
import { type AgeCategory, type RecordStatus } from "~/db/schema";
import { levelsFor } from "~/modules/levels/levels";
import { MAX_ID, isRowId } from "~/modules/shared/ids";
import { isIsoDate } from "~/modules/shared/listing";
import { COURSE_TYPES, type CourseType, WEEKDAY_CODES, findSchedule, findScheduleByParts } from "../calendar/schedules";
import { CAPACITY_MAX, CODE_MAX, CUSTOM_SCHEDULE, type CoursePhase, NUMBER_MAX } from "./constants";

// The constants the pages show without parsing a form (no zod in their bundle).
export {
  CAPACITY_MAX,
  CODE_MAX,
  CUSTOM_SCHEDULE,
  ENROLL_SEARCH_MAX,
  NUMBER_MAX,
  PHASES,
  type CoursePhase,
} from "./constants";

// The course form (create and edit), shared by the browser and the server.
// Messages are translation keys of the "courses" namespace.

const E = (key: string) => `courses:errors.${key}`;
const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const WHOLE_RE = /^\d{1,3}$/;

const whole = (required: string, range: string, min: number, max: number) =>
  z
    .string({ required_error: E(required) })
    .trim()
    .min(1, E(required))
    .regex(WHOLE_RE, E("wholeNumber"))
    .transform(Number)
    .refine((n) => n >= min && n <= max, E(range));

const date = (required: string) =>
  z
    .string({ required_error: E(required) })
    .trim()
    .min(1, E(required))
    .refine((v) => isIsoDate(v), E("dateInvalid"));

const time = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || TIME_RE.test(v), E("timeInvalid"));

/** The plain field rules (also the browser's constraints). */
export const courseFields = z.object({
  course_number: z
    .string({ required_error: E("courseNumber") })
    .trim()
    .min(1, E("courseNumber"))
    .max(NUMBER_MAX, E("tooLong")),
  course_id: z
    .string({ required_error: E("code") })
    .trim()
    .min(1, E("code"))
    .max(CODE_MAX, E("tooLong"))
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, E("codeChars")),
  age_category: z.enum(["kids", "adults"], { errorMap: () => ({ message: E("ageCategory") }) }),
  level_id: z
    .string({ required_error: E("level") })
    .trim()
    .min(1, E("level"))
    .max(10, E("levelInvalid"))
    .regex(/^\d+$/, E("levelInvalid"))
    .transform(Number),
  type: z.enum(COURSE_TYPES, { errorMap: () => ({ message: E("type") }) }),
  schedule: z
    .string({ required_error: E("schedule") })
    .trim()
    .min(1, E("schedule"))
    .refine((v) => v === CUSTOM_SCHEDULE || findSchedule(v)?.id === v, E("schedule")),
  days: z
    .union([z.enum(WEEKDAY_CODES), z.array(z.enum(WEEKDAY_CODES))], { errorMap: () => ({ message: E("days") }) })
    .optional(),
  start_time: time,
  end_time: time,
  start_date: date("startDate"),
  end_date: date("endDate"),
  professor_id: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, E("professor"))
    .transform(Number)
    // 9999999999 has ten digits but no row can have it: PostgreSQL would fail the query.
    .refine(isRowId, E("professor"))
    .optional(),
  assig_percentage: whole("percentage", "percentageRange", 0, 100),
  test_percentage: whole("percentage", "percentageRange", 0, 100),
  exam_percentage: whole("percentage", "percentageRange", 0, 100),
  capacity: whole("capacity", "capacityRange", 1, CAPACITY_MAX),
  status: z.enum(["active", "inactive"], { errorMap: () => ({ message: E("status") }) }),
});

const daysOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []);

/**
 * The rules across fields, on the raw values so their messages come back with
 * the other fields' ones: level of the age's list, custom days and times,
 * end after start, percentages adding up to 100.
 */
const crossRules = z
  .record(z.unknown())
  .superRefine((raw, ctx) => {
    const age = text(raw.age_category);
    const level = text(raw.level_id);
    if (level && (age === "kids" || age === "adults") && !levelsFor(age).some((l) => String(l.id) === level)) {
      ctx.addIssue({ code: "custom", path: ["level_id"], message: E("levelInvalid") });
    }
    if (text(raw.schedule) === CUSTOM_SCHEDULE) {
      if (daysOf(raw.days).length === 0) ctx.addIssue({ code: "custom", path: ["days"], message: E("days") });
      const start = text(raw.start_time);
      const end = text(raw.end_time);
      if (!start) ctx.addIssue({ code: "custom", path: ["start_time"], message: E("startTime") });
      if (!end) ctx.addIssue({ code: "custom", path: ["end_time"], message: E("endTime") });
      if (TIME_RE.test(start) && TIME_RE.test(end) && end.slice(0, 5) <= start.slice(0, 5)) {
        ctx.addIssue({ code: "custom", path: ["end_time"], message: E("endTimeBeforeStart") });
      }
    }
    const startDate = text(raw.start_date);
    const endDate = text(raw.end_date);
    if (isIsoDate(startDate) && isIsoDate(endDate) && endDate <= startDate) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: E("endBeforeStart") });
    }
    const percentages = [raw.assig_percentage, raw.test_percentage, raw.exam_percentage].map(text);
    if (percentages.every((p) => WHOLE_RE.test(p)) && percentages.reduce((sum, p) => sum + Number(p), 0) !== 100) {
      ctx.addIssue({ code: "custom", path: ["percentages"], message: E("percentagesSum") });
    }
  })
  .transform(() => ({}));

export interface CourseInput {
  course_number: string;
  course_id: string;
  level_id: number;
  age_category: AgeCategory;
  type: CourseType;
  schedule_days: string;
  start_time: string;
  end_time: string;
  start_date: string;
  end_date: string;
  professor_id: number | null;
  assig_percentage: number;
  test_percentage: number;
  exam_percentage: number;
  capacity: number;
  status: RecordStatus;
}

export const courseSchema = z.intersection(courseFields, crossRules).transform((v): CourseInput => {
  const standard = v.schedule === CUSTOM_SCHEDULE ? undefined : findSchedule(v.schedule);
  const picked = new Set(daysOf(v.days));
  return {
    course_number: v.course_number,
    course_id: v.course_id,
    level_id: v.level_id,
    age_category: v.age_category,
    type: v.type,
    schedule_days: standard ? standard.days : WEEKDAY_CODES.filter((d) => picked.has(d)).join(","),
    start_time: standard ? standard.start_time : (v.start_time ?? "").slice(0, 5),
    end_time: standard ? standard.end_time : (v.end_time ?? "").slice(0, 5),
    start_date: v.start_date,
    end_date: v.end_date,
    professor_id: v.professor_id ?? null,
    assig_percentage: v.assig_percentage,
    test_percentage: v.test_percentage,
    exam_percentage: v.exam_percentage,
    capacity: v.capacity,
    status: v.status,
  };
});

export function phaseOf(course: { start_date: string; end_date: string }, today: string): CoursePhase {
  if (course.start_date > today) return "upcoming";
  if (course.end_date < today) return "finished";
  return "running";
}

/** A new course's form: PRODUCT 5's percentages (30/30/40), active. */
export const NEW_COURSE_DEFAULTS: Record<string, string> = {
  status: "active",
  type: "on-site",
  assig_percentage: "30",
  test_percentage: "30",
  exam_percentage: "40",
  capacity: "20",
};

/** A stored course as the form's initial values (strings, as a form posts them). */
export function courseFormValues(c: Omit<CourseInput, "type"> & { type: string }): Record<string, string | string[]> {
  const standard = findScheduleByParts(c.schedule_days, c.start_time, c.end_time);
  return {
    course_number: c.course_number,
    course_id: c.course_id,
    age_category: c.age_category,
    level_id: String(c.level_id),
    type: c.type,
    schedule: standard ? standard.id : CUSTOM_SCHEDULE,
    days: c.schedule_days.split(",").filter(Boolean),
    start_time: c.start_time,
    end_time: c.end_time,
    start_date: c.start_date,
    end_date: c.end_date,
    professor_id: c.professor_id ? String(c.professor_id) : "",
    assig_percentage: String(c.assig_percentage),
    test_percentage: String(c.test_percentage),
    exam_percentage: String(c.exam_percentage),
    capacity: String(c.capacity),
    status: c.status,
  };
}

export { findScheduleByParts } from "../calendar/schedules";

// ---------------------------------------------------------------------------
// The pages' forms by intent (ADR 036): the route's handleIntents and its forms read the same schemas.

/** The create and edit page's one form (it sends no intent). */
export const courseSaveForms = { save: courseSchema };

/** The most students one Enroll post may name. */
export const ENROLL_MAX = 100;

const rowIdNumber = z.coerce.number().int().positive().max(MAX_ID);

/** The course page's forms: enroll the students picked in the search; end one current enrollment. */
export const coursePageForms = {
  enroll: z.object({
    student_ids: z
      .array(rowIdNumber, { required_error: "courses:enroll.errors.none" })
      .min(1, "courses:enroll.errors.none")
      .max(ENROLL_MAX, "courses:enroll.errors.tooMany")
      .or(rowIdNumber.transform((n) => [n])),
  }),
  unenroll: z.object({ enrollment_id: rowIdNumber }),
};

/**
 * The course report's one form (it sends no intent): promote the passing
 * students to a course of the next level. Whatever is posted is a number:
 * a course the module does not offer is its refusal ("selectedCourse").
 */
export const courseReportForms = {
  promote: z.object({ selected_course_id: z.coerce.number().catch(0) }),
};
