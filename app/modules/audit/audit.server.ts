import { type Kysely, type Transaction } from "kysely";
import { db } from "~/db/kysely.server";
import { type Database } from "~/db/schema";

/** One line in the audit log; pass the transaction so it commits with the change. */
export async function audit(
  userId: number | null,
  action: string,
  entity: string,
  entityId: number | null,
  details?: Record<string, unknown>,
  trx: Kysely<Database> | Transaction<Database> = db(),
) {
  await trx
    .insertInto("audit_log")
    .values({
      user_id: userId,
      action,
      entity,
      entity_id: entityId,
      details: details ? JSON.stringify(details) : null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
