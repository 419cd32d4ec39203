import fs from "node:fs";
import path from "node:path";
import { type Kysely, PostgresAdapter } from "kysely";

// Issue 18 (target 8, ADR 038): uploaded pictures (users' avatars, the
// school's logo) are kept in the database, so that every app instance serves
// them without a shared disk. The name stays the one the URLs carry
// (32 hex digits and the extension). Pictures uploaded before, as files
// under UPLOAD_DIR, are copied in here (the files are left where they are;
// the app still reads one there when the table has no such name).

const NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;
const TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("stored_images")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", postgres ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  const dir = path.resolve(process.env.UPLOAD_DIR?.trim() || "data/uploads");
  const users = await db.selectFrom("users").select("image").where("image", "is not", null).execute();
  const logo = await db.selectFrom("settings").select("value").where("key", "=", "logo").execute();
  const names = new Set([...users.map((u) => u.image as string), ...logo.map((l) => l.value as string)]);
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(dir, name));
    } catch {
      continue;
    }
    await db
      .insertInto("stored_images")
      .values({ name, content_type: TYPES[m[1]], bytes, created_at: new Date().toISOString() })
      .execute();
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("stored_images").execute();
}
