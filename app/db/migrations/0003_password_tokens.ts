import { type Kysely } from "kysely";

// One-time set-password links (admin "send a set-password link"): only the
// SHA-256 of the token is kept, so a copy of the database cannot use a link.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("password_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("password_tokens_user_idx").on("password_tokens").column("user_id").execute();
  // The audit page filters by actor and entity, newest first.
  await db.schema.createIndex("audit_log_user_idx").on("audit_log").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity", "entity_id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("audit_log_entity_idx").execute();
  await db.schema.dropIndex("audit_log_user_idx").execute();
  await db.schema.dropTable("password_tokens").execute();
}
