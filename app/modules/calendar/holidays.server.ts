import { sql } from "kysely";
import { z } from "zod";
import { db } from "~/db/kysely.server";
import { audit } from "~/modules/audit/audit.server";
import { courseLabelOf, courseLabelOptions, labelParts } from "~/modules/courses/options.server";
import { rowId } from "~/modules/shared/ids";
import { parsePaging } from "~/modules/shared/listing";
import { type CourseSchedule, expandSessions } from "./calendar";
import { type HolidayInput } from "./holiday-schema";
import { HOLIDAY_PERIODS } from "./holidays";
import { schoolToday } from "./sessions.server";

export const HOLIDAYS_PAGE_SIZE = 20;

const filterSchema = z.object({ when: z.enum(HOLIDAY_PERIODS).catch("upcoming") });

export function parseHolidayFilters(params: URLSearchParams) {
  return {
    ...filterSchema.parse({ when: params.get("when") ?? undefined }),
    ...parsePaging(params, HOLIDAYS_PAGE_SIZE),
  };
}

export type HolidayFilters = ReturnType<typeof parseHolidayFilters>;

/** What a holiday cancels: how many class sessions, in which courses (codes). */
export interface Cancellation {
  sessions: number;
  courses: string[];
}

type ScheduledCourse = CourseSchedule & { id: number; course_id: string };

/**
 * The sessions each holiday falls on, from the courses' schedules (PRODUCT 5).
 * Each course is expanded once, however many holidays are asked about.
 */
export function cancellations(
  holidays: readonly { start_date: string; end_date: string; course_id: number | null }[],
  courses: readonly ScheduledCourse[],
): Cancellation[] {
  const dates = new Map<number, string[]>();
  const datesOf = (c: ScheduledCourse) => {
    let list = dates.get(c.id);
    if (!list) {
      list = expandSessions(c).map((s) => s.date);
      dates.set(c.id, list);
    }
    return list;
  };
  return holidays.map((h) => {
    const result: Cancellation = { sessions: 0, courses: [] };
    for (const c of courses) {
      if (h.course_id !== null && h.course_id !== c.id) continue;
      if (c.end_date < h.start_date || c.start_date > h.end_date) continue;
      const n = datesOf(c).filter((d) => h.start_date <= d && d <= h.end_date).length;
      if (n > 0) {
        result.sessions += n;
        result.courses.push(c.course_id);
      }
    }
    result.courses.sort();
    return result;
  });
}

/** One page of holidays (upcoming soonest first, past latest first) with what each cancels: three queries. */
export async function listHolidays(f: HolidayFilters, today: string) {
  let query = db().selectFrom("holidays as h").leftJoin("courses as c", "c.id", "h.course_id");
  if (f.when === "upcoming") query = query.where("h.end_date", ">=", today);
  if (f.when === "past") query = query.where("h.end_date", "<", today);
  const upcomingFirst = sql<number>`case when h.end_date >= ${today} then 0 else 1 end`;
  const [rows, count] = await Promise.all([
    query
      .leftJoin("users as p", "p.id", "c.professor_id")
      .select([
        "h.id",
        "h.name",
        "h.start_date",
        "h.end_date",
        "h.course_id",
        "c.course_id as course_code",
        // What the course's readable label shows (issue 19).
        "c.level_id",
        "c.schedule_days",
        "c.start_time",
        "c.end_time",
        "p.name as professor",
      ])
      .orderBy(upcomingFirst)
      .orderBy(sql`case when h.end_date >= ${today} then h.start_date end`)
      .orderBy("h.start_date", "desc")
      .orderBy("h.id")
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  if (rows.length === 0) return { rows: [], total: Number(count.n) };

  const from = rows.reduce((min, r) => (r.start_date < min ? r.start_date : min), rows[0].start_date);
  const to = rows.reduce((max, r) => (r.end_date > max ? r.end_date : max), rows[0].end_date);
  const courses = await db()
    .selectFrom("courses")
    .select(["id", "course_id", "schedule_days", "start_date", "end_date", "start_time", "end_time"])
    .where("status", "=", "active")
    .where("start_date", "<=", to)
    .where("end_date", ">=", from)
    .execute();
  const cancelled = cancellations(rows, courses);
  return {
    rows: rows.map(({ course_code, level_id, schedule_days, start_time, end_time, professor, ...r }, i) => ({
      ...r,
      course: courseLabelOf({ course_id: course_code, level_id, schedule_days, start_time, end_time, professor }),
      cancels: cancelled[i],
    })),
    total: Number(count.n),
  };
}

export async function getHoliday(id: number) {
  return db()
    .selectFrom("holidays")
    .select(["id", "name", "start_date", "end_date", "course_id"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The courses a holiday may belong to, for the form's select. */
export async function holidayCourseOptions() {
  return (await courseLabelOptions()).map(labelParts);
}

/**
 * The next `limit` holidays not over yet: school-wide ones and, when
 * `professorId` is given, only that professor's courses' own (`courseIds`:
 * only these courses' own, as a student's portal shows them).
 */
export async function upcomingHolidays(
  today: string,
  { limit = 5, professorId, courseIds }: { limit?: number; professorId?: number; courseIds?: readonly number[] } = {},
) {
  let query = db()
    .selectFrom("holidays as h")
    .leftJoin("courses as c", "c.id", "h.course_id")
    .select(["h.id", "h.name", "h.start_date", "h.end_date", "c.course_id as course_code"])
    .where("h.end_date", ">=", today);
  if (professorId !== undefined) {
    query = query.where((eb) => eb.or([eb("h.course_id", "is", null), eb("c.professor_id", "=", professorId)]));
  }
  if (courseIds !== undefined) {
    const ids = [...courseIds];
    query = query.where((eb) =>
      ids.length ? eb.or([eb("h.course_id", "is", null), eb("h.course_id", "in", ids)]) : eb("h.course_id", "is", null),
    );
  }
  return query.orderBy("h.start_date").orderBy("h.id").limit(limit).execute();
}

/**
 * The holidays page: one page of the list (?when=, ?page=), the courses of
 * the form, and the holiday ?edit=ID or ?delete=ID opens. An id that names no
 * holiday (deleted meanwhile, or one that can name no row: 2147483648 would
 * make PostgreSQL fail the query) opens nothing and is `missing`.
 */
export async function holidaysPage(params: URLSearchParams) {
  const filters = parseHolidayFilters(params);
  const asked = params.get("edit") ?? params.get("delete");
  const openId = [params.get("edit"), params.get("delete")].map(rowId).find((id) => id !== null);
  const today = await schoolToday();
  const [{ rows, total }, courses, open] = await Promise.all([
    listHolidays(filters, today),
    holidayCourseOptions(),
    openId ? getHoliday(openId) : undefined,
  ]);
  return {
    missing: asked !== null && !open,
    rows,
    total,
    page: filters.page,
    limit: filters.limit,
    when: filters.when,
    courses,
    editing: open && params.get("edit") ? open : null,
    deleting: open && params.get("delete") ? open : null,
  };
}

export type HolidayChange = { ok: true; id: number } | { ok: false; reason: "notFound" | "courseNotFound" };

async function courseExists(trx: ReturnType<typeof db>, courseId: number | undefined) {
  if (courseId === undefined) return true;
  return !!(await trx.selectFrom("courses").select("id").where("id", "=", courseId).executeTakeFirst());
}

const values = (input: HolidayInput) => ({
  name: input.name,
  start_date: input.start_date,
  end_date: input.end_date,
  course_id: input.course_id ?? null,
});

export async function createHoliday(input: HolidayInput, actorId: number): Promise<HolidayChange> {
  return db()
    .transaction()
    .execute(async (trx) => {
      if (!(await courseExists(trx, input.course_id))) return { ok: false as const, reason: "courseNotFound" as const };
      const { id } = await trx.insertInto("holidays").values(values(input)).returning("id").executeTakeFirstOrThrow();
      await audit(actorId, "holiday.created", "holiday", id, values(input), trx);
      return { ok: true as const, id };
    });
}

export async function updateHoliday(id: number, input: HolidayInput, actorId: number): Promise<HolidayChange> {
  return db()
    .transaction()
    .execute(async (trx) => {
      if (!(await courseExists(trx, input.course_id))) return { ok: false as const, reason: "courseNotFound" as const };
      const result = await trx.updateTable("holidays").set(values(input)).where("id", "=", id).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return { ok: false as const, reason: "notFound" as const };
      await audit(actorId, "holiday.updated", "holiday", id, values(input), trx);
      return { ok: true as const, id };
    });
}

export async function deleteHoliday(id: number, actorId: number): Promise<HolidayChange> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .deleteFrom("holidays")
        .where("id", "=", id)
        .returning(["name", "start_date", "end_date", "course_id"])
        .executeTakeFirst();
      if (!row) return { ok: false as const, reason: "notFound" as const };
      await audit(actorId, "holiday.deleted", "holiday", id, row, trx);
      return { ok: true as const, id };
    });
}
