import { type Kysely, sql } from "kysely";

// The registration wizard keeps each validated step here (ADR 005).
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("registration_drafts")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("registration_id", "integer", (c) => c.references("registrations.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("registration_drafts_updated_idx")
    .on("registration_drafts")
    .column("updated_at")
    .execute();
  // One draft gives at most one registration, even when submitted twice at once.
  await db.schema.alterTable("registrations").addColumn("draft_token_hash", "text").execute();
  await db.schema
    .createIndex("registrations_draft_unique")
    .on("registrations")
    .column("draft_token_hash")
    .unique()
    .execute();
  await db.schema.alterTable("registrations").addColumn("client", "text").execute();
  // At most one pending registration per ID number, even from two browsers at once.
  await db.schema
    .createIndex("registrations_pending_id_number_unique")
    .on("registrations")
    .column("id_number")
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("registrations_pending_id_number_unique").execute();
  await db.schema.dropIndex("registrations_draft_unique").execute();
  await db.schema.alterTable("registrations").dropColumn("draft_token_hash").execute();
  await db.schema.alterTable("registrations").dropColumn("client").execute();
  await db.schema.dropTable("registration_drafts").execute();
}
