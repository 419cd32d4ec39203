import { type Kysely, PostgresAdapter } from "kysely";

// Issue 15: each user's bookmarks (pages starred from their header) and
// pinned menu entries, kept in the database so they follow the user across
// sign-outs and devices; removed with the user.
export async function up(db: Kysely<any>) {
  const table = db.schema.createTable("menu_bookmarks");
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (
    postgres
      ? table.addColumn("id", "serial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("menu_bookmarks_user_path_unique", ["user_id", "path"])
    .execute();

  await db.schema
    .createTable("menu_pins")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("menu_pins_pk", ["user_id", "item_id"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("menu_pins").execute();
  await db.schema.dropTable("menu_bookmarks").execute();
}
