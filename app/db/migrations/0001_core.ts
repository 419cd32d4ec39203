import { type Kysely, PostgresAdapter, type CreateTableBuilder } from "kysely";

function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId<T extends string>(db: Kysely<any>, tb: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? tb.addColumn("id", "serial", (c) => c.primaryKey())
    : tb.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>) {
  const real = isPostgres(db) ? "double precision" : "real";
  const ts = (c: any) => c.notNull();

  await withId(db, db.schema.createTable("users"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text")
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("image", "text")
    .addColumn("locale", "text")
    .addColumn("failed_logins", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_at", "text")
    .addColumn("created_at", "text", ts)
    .addColumn("updated_at", "text", ts)
    .execute();
  await db.schema.createIndex("users_role_idx").on("users").column("role").execute();

  await withId(db, db.schema.createTable("sessions"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", ts)
    .addColumn("expires_at", "text", ts)
    .addColumn("last_seen_at", "text", ts)
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await withId(db, db.schema.createTable("login_attempts"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("success", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", ts)
    .execute();
  await db.schema
    .createIndex("login_attempts_email_idx")
    .on("login_attempts")
    .columns(["email", "created_at"])
    .execute();
  await db.schema
    .createIndex("login_attempts_client_idx")
    .on("login_attempts")
    .columns(["client", "created_at"])
    .execute();

  const person = <T extends string>(tb: CreateTableBuilder<T, "id">) =>
    tb
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("middle_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("second_last_name", "text", (c) => c.notNull())
      .addColumn("id_number", "text", (c) => c.notNull())
      .addColumn("birthday", "text", (c) => c.notNull())
      .addColumn("phone_number", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("age_category", "text", (c) => c.notNull())
      .addColumn("emergency_contact_name", "text")
      .addColumn("emergency_contact_phone", "text")
      .addColumn("emergency_contact_relationship", "text")
      .addColumn("level_id", "integer", (c) => c.notNull())
      .addColumn("schedule", "text", (c) => c.notNull())
      .addColumn("same_billing", "integer", (c) => c.notNull())
      .addColumn("billing_address", "text")
      .addColumn("where_hear_about_us", "text")
      .addColumn("promotion", "text");

  await person(withId(db, db.schema.createTable("registrations")))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("message", "text")
    .addColumn("accepted_terms", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("reject_reason", "text")
    .addColumn("student_id", "integer")
    .addColumn("decided_by", "integer", (c) => c.references("users.id"))
    .addColumn("decided_at", "text")
    .addColumn("created_at", "text", ts)
    .execute();
  await db.schema
    .createIndex("registrations_status_idx")
    .on("registrations")
    .columns(["status", "created_at"])
    .execute();
  await db.schema.createIndex("registrations_id_number_idx").on("registrations").column("id_number").execute();

  await person(withId(db, db.schema.createTable("students")))
    .addColumn("user_id", "integer", (c) => c.references("users.id"))
    .addColumn("registration_id", "integer", (c) => c.references("registrations.id"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("notes", "text")
    .addColumn("created_at", "text", ts)
    .addColumn("updated_at", "text", ts)
    .addUniqueConstraint("students_id_number_unique", ["id_number"])
    .execute();
  await db.schema.createIndex("students_name_idx").on("students").columns(["last_name", "first_name"]).execute();
  await db.schema.createIndex("students_status_idx").on("students").columns(["status", "level_id"]).execute();

  await withId(db, db.schema.createTable("courses"))
    .addColumn("course_number", "text", (c) => c.notNull())
    .addColumn("course_id", "text", (c) => c.notNull().unique())
    .addColumn("level_id", "integer", (c) => c.notNull())
    .addColumn("age_category", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("schedule_days", "text", (c) => c.notNull())
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("end_time", "text", (c) => c.notNull())
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text", (c) => c.notNull())
    .addColumn("professor_id", "integer", (c) => c.references("users.id"))
    .addColumn("assig_percentage", "integer", (c) => c.notNull().defaultTo(30))
    .addColumn("test_percentage", "integer", (c) => c.notNull().defaultTo(30))
    .addColumn("exam_percentage", "integer", (c) => c.notNull().defaultTo(40))
    .addColumn("capacity", "integer", (c) => c.notNull().defaultTo(20))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("created_at", "text", ts)
    .addColumn("updated_at", "text", ts)
    .execute();
  await db.schema.createIndex("courses_professor_idx").on("courses").column("professor_id").execute();

  await withId(db, db.schema.createTable("enrollments"))
    .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
    .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id"))
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text")
    .addColumn("end_reason", "text")
    .execute();
  await db.schema
    .createIndex("enrollments_course_idx")
    .on("enrollments")
    .columns(["course_id", "start_date"])
    .execute();
  await db.schema
    .createIndex("enrollments_student_idx")
    .on("enrollments")
    .columns(["student_id", "start_date"])
    .execute();

  await withId(db, db.schema.createTable("holidays"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text", (c) => c.notNull())
    .addColumn("course_id", "integer", (c) => c.references("courses.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("holidays_dates_idx").on("holidays").columns(["start_date", "end_date"]).execute();

  await withId(db, db.schema.createTable("syllabus_items"))
    .addColumn("level_id", "integer", (c) => c.notNull())
    .addColumn("item_name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("syllabus_level_idx").on("syllabus_items").columns(["level_id", "position"]).execute();

  await withId(db, db.schema.createTable("grading_items"))
    .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("item_name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("grading_items_course_idx")
    .on("grading_items")
    .columns(["course_id", "position"])
    .execute();

  await withId(db, db.schema.createTable("grades"))
    .addColumn("grading_item_id", "integer", (c) => c.notNull().references("grading_items.id").onDelete("cascade"))
    .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
    .addColumn("grade", real as any, (c) => c.notNull())
    .addColumn("updated_at", "text", ts)
    .addUniqueConstraint("grades_item_student_unique", ["grading_item_id", "student_id"])
    .execute();
  await db.schema.createIndex("grades_student_idx").on("grades").column("student_id").execute();

  await withId(db, db.schema.createTable("attendance"))
    .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id"))
    .addColumn("session_date", "text", (c) => c.notNull())
    .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("recorded_by", "integer", (c) => c.references("users.id"))
    .addColumn("recorded_at", "text", ts)
    .addUniqueConstraint("attendance_session_student_unique", ["course_id", "session_date", "student_id"])
    .execute();
  await db.schema.createIndex("attendance_student_idx").on("attendance").columns(["student_id", "course_id"]).execute();

  await withId(db, db.schema.createTable("transfers"))
    .addColumn("is_group", "integer", (c) => c.notNull())
    .addColumn("from_course_id", "integer", (c) => c.references("courses.id"))
    .addColumn("selected_course_id", "integer", (c) => c.notNull().references("courses.id"))
    .addColumn("selected_level_id", "integer", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_by", "integer", (c) => c.references("users.id"))
    .addColumn("created_at", "text", ts)
    .addColumn("updated_at", "text", ts)
    .addColumn("decided_by", "integer", (c) => c.references("users.id"))
    .addColumn("decided_at", "text")
    .execute();
  await db.schema.createIndex("transfers_status_idx").on("transfers").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("transfer_students")
    .addColumn("transfer_id", "integer", (c) => c.notNull().references("transfers.id").onDelete("cascade"))
    .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
    .addPrimaryKeyConstraint("transfer_students_pk", ["transfer_id", "student_id"])
    .execute();
  await db.schema.createIndex("transfer_students_student_idx").on("transfer_students").column("student_id").execute();

  await withId(db, db.schema.createTable("grade_bands"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("min", real as any, (c) => c.notNull())
    .addColumn("max", real as any, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("audit_log"))
    .addColumn("user_id", "integer", (c) => c.references("users.id"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "integer")
    .addColumn("details", "text")
    .addColumn("created_at", "text", ts)
    .execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").column("created_at").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  // The defaults every school starts from (PRODUCT 7), not demo data.
  await db
    .insertInto("grade_bands")
    .values([
      { name: "Excellent", min: 90, max: 100 },
      { name: "Very Good", min: 80, max: 89.99 },
      { name: "Good", min: 70.01, max: 79.99 },
    ])
    .execute();
  await db
    .insertInto("settings")
    .values([
      { key: "school_name", value: "Horizon English School" },
      { key: "time_zone", value: "America/Guayaquil" },
    ])
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const t of [
    "settings",
    "audit_log",
    "grade_bands",
    "transfer_students",
    "transfers",
    "attendance",
    "grades",
    "grading_items",
    "syllabus_items",
    "holidays",
    "enrollments",
    "courses",
    "students",
    "registrations",
    "login_attempts",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
