import crypto from "node:crypto";
import { type Kysely, type Transaction } from "kysely";
import { db } from "~/db/kysely.server";
import { type Database } from "~/db/schema";

// The sessions table's rules the domains use (a user's sessions end with a
// role change, a lock or a new password; tokens are stored hashed). The
// cookie that carries a session is the edge's: app/http/session.server.ts.

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Ends every session of a user (role change, lock, deactivation, password
 * reset), optionally keeping one (the user's own, after changing their
 * password). Pass the transaction so it commits with the change.
 */
export async function endUserSessions(
  userId: number,
  { keep, trx = db() }: { keep?: number; trx?: Kysely<Database> | Transaction<Database> } = {},
) {
  let query = trx.deleteFrom("sessions").where("user_id", "=", userId);
  if (keep !== undefined) query = query.where("id", "!=", keep);
  await query.execute();
}
