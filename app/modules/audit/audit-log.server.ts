import { sql } from "kysely";
import { z } from "zod";
import { db } from "~/db/kysely.server";
import { schoolDayRange } from "~/modules/calendar/sessions.server";
import { levelById } from "~/modules/levels/levels";
import { MAX_ID } from "~/modules/shared/ids";
import { isIsoDate, parsePaging } from "~/modules/shared/listing";
import { type AuditNames, describeDetails, referencedIds } from "./audit-details";

export const AUDIT_PAGE_SIZE = 50;

const filterSchema = z.object({
  // A user id, or "system" for changes no user made (automatic lock after failed sign-ins).
  actor: z
    .union([z.literal("system"), z.coerce.number().int().positive().max(MAX_ID)])
    .optional()
    .catch(undefined),
  entity: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
});

export function parseAuditFilters(params: URLSearchParams) {
  const raw = filterSchema.parse(Object.fromEntries(params));
  return {
    ...raw,
    from: isIsoDate(raw.from) ? raw.from : undefined,
    to: isIsoDate(raw.to) ? raw.to : undefined,
    ...parsePaging(params, AUDIT_PAGE_SIZE),
  };
}

export { describeDetails } from "./audit-details";

/** One page of the audit log, newest first, with the actor's name. */
export async function listAudit(f: ReturnType<typeof parseAuditFilters>) {
  let query = db().selectFrom("audit_log").leftJoin("users", "users.id", "audit_log.user_id");
  if (f.actor === "system") query = query.where("audit_log.user_id", "is", null);
  else if (f.actor) query = query.where("audit_log.user_id", "=", f.actor);
  if (f.entity) query = query.where("audit_log.entity", "=", f.entity);
  // The school's calendar days, not UTC's.
  const range = await schoolDayRange(f.from, f.to);
  if (range.from) query = query.where("audit_log.created_at", ">=", range.from);
  if (range.to) query = query.where("audit_log.created_at", "<", range.to);
  const [rows, count] = await Promise.all([
    query
      .select([
        "audit_log.id",
        "audit_log.created_at",
        "audit_log.action",
        "audit_log.entity",
        "audit_log.entity_id",
        "audit_log.details",
        "audit_log.user_id",
        "users.name as actor_name",
      ])
      .orderBy("audit_log.created_at", "desc")
      .orderBy("audit_log.id", "desc")
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The choices of the filters: users who appear as actors, and the entities logged. */
export async function auditFilterOptions() {
  const [actors, entities] = await Promise.all([
    db()
      .selectFrom("users")
      .select(["id", "name"])
      .where("id", "in", db().selectFrom("audit_log").select("user_id").where("user_id", "is not", null))
      .orderBy("name")
      .execute(),
    db().selectFrom("audit_log").select("entity").distinct().orderBy("entity").execute(),
  ]);
  return { actors, entities: entities.map((e) => e.entity) };
}

/** The name of each record the entries are about, by entity and id (a removed record has none). */
async function recordNames(rows: readonly { entity: string; entity_id: number | null }[]) {
  const ids = (entity: string) => [
    ...new Set(rows.filter((r) => r.entity === entity && r.entity_id !== null).map((r) => r.entity_id as number)),
  ];
  const named = async (entity: string, find: (list: number[]) => Promise<{ id: number; name: string }[]>) => {
    const list = ids(entity);
    return list.length ? (await find(list)).map((r) => [`${entity}:${r.id}`, r.name] as const) : [];
  };
  const person = sql<string>`first_name || ' ' || last_name`;
  const found = await Promise.all([
    named("user", (l) => db().selectFrom("users").select(["id", "name"]).where("id", "in", l).execute()),
    named("student", (l) =>
      db()
        .selectFrom("students")
        .select(["id", person.as("name")])
        .where("id", "in", l)
        .execute(),
    ),
    named("registration", (l) =>
      db()
        .selectFrom("registrations")
        .select(["id", person.as("name")])
        .where("id", "in", l)
        .execute(),
    ),
    named("course", (l) =>
      db().selectFrom("courses").select(["id", "course_id as name"]).where("id", "in", l).execute(),
    ),
    named("holiday", (l) => db().selectFrom("holidays").select(["id", "name"]).where("id", "in", l).execute()),
    named("grade_band", (l) => db().selectFrom("grade_bands").select(["id", "name"]).where("id", "in", l).execute()),
    named("syllabus_item", (l) =>
      db().selectFrom("syllabus_items").select(["id", "item_name as name"]).where("id", "in", l).execute(),
    ),
  ]);
  return new Map<string, string>(found.flat());
}

/** The people and courses the entries' details name by id, by their names. */
async function detailNames(details: readonly (string | null)[]): Promise<AuditNames> {
  const wanted = { users: new Set<number>(), students: new Set<number>(), courses: new Set<number>() };
  for (const d of details) referencedIds(d, wanted);
  const person = sql<string>`first_name || ' ' || last_name`;
  const [users, students, courses] = await Promise.all([
    wanted.users.size
      ? db()
          .selectFrom("users")
          .select(["id", "name"])
          .where("id", "in", [...wanted.users])
          .execute()
      : [],
    wanted.students.size
      ? db()
          .selectFrom("students")
          .select(["id", person.as("name")])
          .where("id", "in", [...wanted.students])
          .execute()
      : [],
    wanted.courses.size
      ? db()
          .selectFrom("courses")
          .select(["id", "course_id as name"])
          .where("id", "in", [...wanted.courses])
          .execute()
      : [],
  ]);
  const map = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
  return { users: map(users), students: map(students), courses: map(courses) };
}

/**
 * The audit log page: one page of entries with the names of the people and
 * records they are about, their details as lines in words (audit-details.ts),
 * and the filters' choices.
 */
export async function auditPage(params: URLSearchParams) {
  const filters = parseAuditFilters(params);
  const [{ rows, total }, options] = await Promise.all([listAudit(filters), auditFilterOptions()]);
  const [records, names] = await Promise.all([recordNames(rows), detailNames(rows.map((r) => r.details))]);
  return {
    rows: rows.map((r) => ({
      ...r,
      // A level is one of the app's own (its name is shown through translations, like everywhere).
      target_level: r.entity === "level" && r.entity_id !== null ? (levelById(r.entity_id)?.name ?? null) : null,
      target_name: r.entity_id === null ? null : (records.get(`${r.entity}:${r.entity_id}`) ?? null),
      details: describeDetails(r.details, names, r.action),
    })),
    total,
    page: filters.page,
    limit: filters.limit,
    options,
  };
}
