import { type Kysely, PostgresAdapter } from "kysely";
import { newVerificationCode } from "~/modules/certificates/codes.server";

// Issue 21 (ADR 048): certificates anyone can verify. Each certificate gets a
// verification code (12 characters of an unambiguous alphabet, crypto random,
// unique), printed with a QR code of /certificates/verify/{code}; the ones
// issued before this migration get theirs here. A certificate can be revoked
// (when, by whom, why); re-issuing it gives it a new code and keeps the old
// one in certificate_retired_codes, where it still answers "revoked". Public
// lookups are counted per client (verify_lookups) for the rate limit.
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("certificates").addColumn("verification_code", "text").execute();
  await db.schema.alterTable("certificates").addColumn("revoked_at", "text").execute();
  await db.schema
    .alterTable("certificates")
    .addColumn("revoked_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("certificates").addColumn("revoke_reason", "text").execute();

  const existing = await db.selectFrom("certificates").select("id").execute();
  for (const row of existing) {
    await db
      .updateTable("certificates")
      .set({ verification_code: newVerificationCode() })
      .where("id", "=", row.id)
      .execute();
  }
  await db.schema
    .createIndex("certificates_verification_code_unique")
    .on("certificates")
    .column("verification_code")
    .unique()
    .execute();

  await db.schema
    .createTable("certificate_retired_codes")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("certificate_id", "integer", (c) => c.notNull().references("certificates.id").onDelete("cascade"))
    .addColumn("issued_on", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text", (c) => c.notNull())
    .addColumn("revoked_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("revoke_reason", "text", (c) => c.notNull())
    .addColumn("replaced_at", "text", (c) => c.notNull())
    .execute();

  const lookups = db.schema.createTable("verify_lookups");
  await (
    postgres
      ? lookups.addColumn("id", "serial", (c) => c.primaryKey())
      : lookups.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("verify_lookups_client_idx")
    .on("verify_lookups")
    .columns(["client", "created_at"])
    .execute();
  await db.schema.createIndex("verify_lookups_created_idx").on("verify_lookups").column("created_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("verify_lookups").execute();
  await db.schema.dropTable("certificate_retired_codes").execute();
  await db.schema.dropIndex("certificates_verification_code_unique").execute();
  for (const column of ["revoke_reason", "revoked_by", "revoked_at", "verification_code"]) {
    await db.schema.alterTable("certificates").dropColumn(column).execute();
  }
}
