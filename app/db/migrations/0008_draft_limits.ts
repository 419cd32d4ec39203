import { type Kysely } from "kysely";

// Issue 16 (M3): the per-client draft limit counts a client's drafts, and the
// pruning deletes drafts and sign-in attempts by age; these indexes keep both
// to a small range read.
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("registration_drafts_client_idx")
    .on("registration_drafts")
    .columns(["client", "created_at"])
    .execute();
  await db.schema
    .createIndex("registration_drafts_created_idx")
    .on("registration_drafts")
    .column("created_at")
    .execute();
  await db.schema.createIndex("login_attempts_created_idx").on("login_attempts").column("created_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("login_attempts_created_idx").execute();
  await db.schema.dropIndex("registration_drafts_created_idx").execute();
  await db.schema.dropIndex("registration_drafts_client_idx").execute();
}
