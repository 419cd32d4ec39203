import { db } from "~/db/kysely.server";

// Issue 16 (M3): rows that anyone can make without signing in are kept for a
// bounded time, and removed where they are made (an indexed range delete,
// usually of nothing), so no table grows without end.

const HOUR_MS = 60 * 60 * 1000;

/** An unfinished registration draft lives this long after it was started. */
export const DRAFT_HOURS = 24;
/** A finished draft (it only shows the Done page and its reference) lives as long as its cookie. */
export const FINISHED_DRAFT_DAYS = 14;
/**
 * Sign-in attempts are kept this long: far longer than the longest window the
 * sign-in limits count (login.server.ts); a limit with a longer window must
 * raise this too.
 */
export const LOGIN_ATTEMPT_HOURS = 24;

/** The moment before which an unfinished draft has expired. */
export function draftCutoff(now: Date = new Date()) {
  return new Date(now.getTime() - DRAFT_HOURS * HOUR_MS).toISOString();
}

/** Deletes expired drafts: unfinished ones after DRAFT_HOURS, finished ones after FINISHED_DRAFT_DAYS. */
export async function pruneDrafts(now: Date = new Date()) {
  await db()
    .deleteFrom("registration_drafts")
    .where("created_at", "<", draftCutoff(now))
    .where("registration_id", "is", null)
    .execute();
  const finished = new Date(now.getTime() - FINISHED_DRAFT_DAYS * 24 * HOUR_MS).toISOString();
  await db()
    .deleteFrom("registration_drafts")
    .where("updated_at", "<", finished)
    .where("registration_id", "is not", null)
    .execute();
}

/**
 * Deletes sign-in attempts older than LOGIN_ATTEMPT_HOURS, except the failed
 * ones of an email without an account: an account's run of failures and its
 * lock live on its users row and do not expire, and an unknown email must
 * answer as an account would (issue 16 L1), so its failures (at most five:
 * login.server.ts marks later tries as refused) are kept as long.
 */
export async function pruneLoginAttempts(now: Date = new Date()) {
  const cutoff = new Date(now.getTime() - LOGIN_ATTEMPT_HOURS * HOUR_MS).toISOString();
  await db()
    .deleteFrom("login_attempts")
    .where("created_at", "<", cutoff)
    .where((eb) =>
      eb.or([
        eb("success", "!=", 0),
        eb("email", "in", eb.selectFrom("users").select("email").where("password_hash", "is not", null)),
      ]),
    )
    .execute();
}

/** Public certificate lookups are kept this long: far longer than the verify limit's window (verify.server.ts). */
export const VERIFY_LOOKUP_HOURS = 24;

/** Deletes certificate lookups older than VERIFY_LOOKUP_HOURS. */
export async function pruneVerifyLookups(now: Date = new Date()) {
  const cutoff = new Date(now.getTime() - VERIFY_LOOKUP_HOURS * HOUR_MS).toISOString();
  await db().deleteFrom("verify_lookups").where("created_at", "<", cutoff).execute();
}
