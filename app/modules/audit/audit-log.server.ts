import { z } from "zod";
import { db } from "~/db/kysely.server";
import { schoolDayRange } from "~/modules/calendar/sessions.server";
import { MAX_ID } from "~/modules/shared/ids";
import { isIsoDate, parsePaging } from "~/modules/shared/listing";

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

/** The audit log page: one page of entries, their details as lines of text, and the filters' choices. */
export async function auditPage(params: URLSearchParams) {
  const filters = parseAuditFilters(params);
  const [{ rows, total }, options] = await Promise.all([listAudit(filters), auditFilterOptions()]);
  return {
    rows: rows.map((r) => ({ ...r, details: describeDetails(r.details) })),
    total,
    page: filters.page,
    limit: filters.limit,
    options,
  };
}

/** The details JSON as plain "key: value" lines ({from, to} pairs as "from → to"); React renders them as text. */
export function describeDetails(details: string | null): string[] {
  if (!details) return [];
  let value: unknown;
  try {
    value = JSON.parse(details);
  } catch {
    return [details];
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return [JSON.stringify(value)];
  const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
  return Object.entries(value).map(([key, v]: [string, unknown]) =>
    v && typeof v === "object" && "from" in v && "to" in v
      ? `${key}: ${show(v.from)} → ${show(v.to)}`
      : `${key}: ${show(v)}`,
  );
}
