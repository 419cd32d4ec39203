import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { db } from "~/db/kysely.server";
import { uploadDir } from "~/env.server";
import { logSafe } from "~/modules/shared/log.server";

/** The largest image (a user's picture, the school's logo) an upload may carry. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_AVATAR_BYTES = IMAGE_MAX_BYTES;

export type ImageExtension = "png" | "jpg" | "webp";

export const CONTENT_TYPES: Record<ImageExtension, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
};

/** The only names the image route serves: what storeImage() generates (no paths, no dots but the extension's). */
export const IMAGE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/** The image type by its first bytes (magic numbers); never by file name or declared type. */
export function detectImageType(bytes: Uint8Array): ImageExtension | null {
  const starts = (sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpg";
  // "RIFF" <size> "WEBP"
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

export type ImageUpload =
  | { ok: true; bytes: Uint8Array; extension: ImageExtension }
  | { ok: false; reason: "missing" | "tooLarge" | "notAnImage" };

/**
 * Stores the image under a fresh random name (128 bits) and returns that name.
 * In the database (stored_images, ADR 038), so that every app instance serves
 * it without a shared disk.
 */
export async function storeImage(bytes: Uint8Array, extension: ImageExtension): Promise<string> {
  const name = `${crypto.randomBytes(16).toString("hex")}.${extension}`;
  await db()
    .insertInto("stored_images")
    .values({
      name,
      content_type: CONTENT_TYPES[extension],
      bytes: Buffer.from(bytes),
      created_at: new Date().toISOString(),
    })
    .execute();
  return name;
}

/** Removes a stored image (and its file from before the images moved into the database); a name we did not make is ignored. */
export async function removeImage(name: string | null | undefined) {
  if (!name || !IMAGE_NAME.test(name)) return;
  await db().deleteFrom("stored_images").where("name", "=", name).execute();
  try {
    await fs.unlink(path.join(uploadDir(), name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") console.error(logSafe(error));
  }
}

/**
 * The stored image, or null when the name is not one of ours or it is gone.
 * The database first; then, for a picture uploaded before they moved there and
 * not copied in by migration 0009 (a file added to UPLOAD_DIR since), the file.
 */
export async function readImage(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const m = IMAGE_NAME.exec(name);
  if (!m) return null;
  const row = await db()
    .selectFrom("stored_images")
    .select(["bytes", "content_type"])
    .where("name", "=", name)
    .executeTakeFirst();
  if (row) return { bytes: Buffer.from(row.bytes), contentType: row.content_type };
  try {
    const bytes = await fs.readFile(path.join(uploadDir(), name));
    return { bytes, contentType: CONTENT_TYPES[m[1] as ImageExtension] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
