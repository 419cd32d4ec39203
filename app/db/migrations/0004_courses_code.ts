import { type Kysely, sql } from "kysely";

// A course code is unique whatever its case ("adu-a1" and "ADU-A1" are the
// same code to people), also when two staff save at once.
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("courses_code_lower_unique")
    .on("courses")
    .expression(sql`lower(course_id)`)
    .unique()
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("courses_code_lower_unique").execute();
}
