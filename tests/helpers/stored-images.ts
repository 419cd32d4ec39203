import fs from "node:fs";
import path from "node:path";
import { db } from "~/db/kysely.server";
import { uploadDir } from "~/env.server";

// Uploaded pictures live in the database since issue 18 (stored_images,
// ADR 038); a file under UPLOAD_DIR is only read as a fallback. What the
// upload tests call "the stored pictures" is both, by name.

/** Every stored picture's name: the database's rows and UPLOAD_DIR's files, sorted. */
export async function storedImages(): Promise<string[]> {
  const rows = await db().selectFrom("stored_images").select("name").execute();
  const dir = uploadDir();
  const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  return [...rows.map((r) => r.name), ...files].sort();
}

/** The bytes stored under a name (the database's, else the file's), or null. */
export async function storedImageBytes(name: string): Promise<Buffer | null> {
  const row = await db().selectFrom("stored_images").select("bytes").where("name", "=", name).executeTakeFirst();
  if (row) return Buffer.from(row.bytes);
  const file = path.join(uploadDir(), name);
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}

/** Removes every stored picture (rows and files). */
export async function clearStoredImages() {
  await db().deleteFrom("stored_images").execute();
  const dir = uploadDir();
  if (fs.existsSync(dir)) for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f));
}
