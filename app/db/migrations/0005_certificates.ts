import { type Kysely, PostgresAdapter } from "kysely";

// Issued certificates: one number per student and course, kept with the date
// of first issue, so a reprint shows the same number and date.
export async function up(db: Kysely<any>) {
  const table = db.schema.createTable("certificates");
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (
    postgres
      ? table.addColumn("id", "serial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
    .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("issued_on", "text", (c) => c.notNull())
    .addColumn("issued_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("certificates_student_course_unique", ["student_id", "course_id"])
    .execute();
  await db.schema.createIndex("certificates_course_idx").on("certificates").column("course_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("certificates").execute();
}
