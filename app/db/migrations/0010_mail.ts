import { type Kysely, PostgresAdapter } from "kysely";

// Issue 21 (ADR 046): e-mail goes out through an outbox. A message is written
// here in the same transaction as the change that causes it (an invitation,
// an absence warning); a sender claims the due ones, sends them through SMTP
// and records the result. `absence_warnings` keeps each threshold e-mail
// sent once per student and course, ever.
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = db.schema.createTable("outbox");
  await (
    postgres
      ? table.addColumn("id", "serial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("student_id", "integer", (c) => c.references("students.id").onDelete("set null"))
    // queued → sending → sent | queued (retry) | failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("leased_until", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // A message that must go out once (an absence warning): a second insert with the same key is a no-op.
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("outbox_student").on("outbox").columns(["student_id", "kind"]).execute();
  await db.schema.createIndex("outbox_created").on("outbox").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("absence_warnings")
    .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
    .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    // 12 (warning) or 20 (danger): whole absences.
    .addColumn("threshold", "integer", (c) => c.notNull())
    .addColumn("half_absences", "integer", (c) => c.notNull())
    .addColumn("outbox_id", "integer", (c) => c.references("outbox.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("absence_warnings_pk", ["student_id", "course_id", "threshold"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("absence_warnings").execute();
  await db.schema.dropTable("outbox").execute();
}
