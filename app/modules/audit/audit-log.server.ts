import { z } from "zod";
import { db } from "~/db/kysely.server";
import { isIsoDate, nextDay, parsePaging } from "~/modules/shared/listing";
import { MAX_ID } from "~/modules/shared/ids";

export const AUDIT_PAGE_SIZE = 50;

const filterSchema = z.object({
  // A user id, or "system" for changes no user made (automatic lock after failed sign-ins).
  actor: z.union([z.literal("system"), z.coerce.number().int().positive().max(MAX_ID)]).optional().catch(undefined),
  entity: z.string().trim().regex(/^[a-z_]{1,40}$/).optional().catch(undefined),
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

/** Milliseconds the zone is ahead of UTC at that instant. */
function zoneOffset(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant (ISO) when a calendar day starts in the school's time zone. */
export function startOfLocalDay(ymd: string, timeZone: string) {
  const guess = Date.parse(`${ymd}T00:00:00Z`);
  let instant = guess - zoneOffset(guess, timeZone);
  // Once more, in case the first guess fell on the other side of a DST change.
  instant = guess - zoneOffset(instant, timeZone);
  return new Date(instant).toISOString();
}

/** One page of the audit log, newest first, with the actor's name. */
export async function listAudit(f: ReturnType<typeof parseAuditFilters>, timeZone: string) {
  let query = db().selectFrom("audit_log").leftJoin("users", "users.id", "audit_log.user_id");
  if (f.actor === "system") query = query.where("audit_log.user_id", "is", null);
  else if (f.actor) query = query.where("audit_log.user_id", "=", f.actor);
  if (f.entity) query = query.where("audit_log.entity", "=", f.entity);
  if (f.from) query = query.where("audit_log.created_at", ">=", startOfLocalDay(f.from, timeZone));
  if (f.to) query = query.where("audit_log.created_at", "<", startOfLocalDay(nextDay(f.to), timeZone));
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
