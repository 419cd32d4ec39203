import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
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

/** Writes the image under a fresh random name (128 bits) and returns that name. */
export async function storeImage(bytes: Uint8Array, extension: ImageExtension): Promise<string> {
  const dir = uploadDir();
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString("hex")}.${extension}`;
  await fs.writeFile(path.join(dir, name), bytes, { flag: "wx", mode: 0o640 });
  return name;
}

/** Removes a stored image; a missing file or a name we did not make is ignored. */
export async function removeImage(name: string | null | undefined) {
  if (!name || !IMAGE_NAME.test(name)) return;
  try {
    await fs.unlink(path.join(uploadDir(), name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") console.error(logSafe(error));
  }
}

/** The stored image, or null when the name is not one of ours or the file is gone. */
export async function readImage(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const m = IMAGE_NAME.exec(name);
  if (!m) return null;
  try {
    const bytes = await fs.readFile(path.join(uploadDir(), name));
    return { bytes, contentType: CONTENT_TYPES[m[1] as ImageExtension] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
