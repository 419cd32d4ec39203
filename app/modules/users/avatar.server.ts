import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type UploadHandler, json } from "@remix-run/node";
import { uploadDir } from "~/env.server";
import { BodyTooLarge, IMAGE_MAX_BYTES, readMultipartBody } from "~/modules/security/body.server";
import { logSafe } from "~/modules/security/log.server";

export const MAX_AVATAR_BYTES = IMAGE_MAX_BYTES;
const MAX_TEXT_BYTES = 16 * 1024;
const MAX_PARTS = 10;

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
 * The answer's status when the image is refused: a file too large is a 413
 * (its body may have been cut off at the upload limit), anything else a 400.
 */
export function imageRefusal(image: Extract<ImageUpload, { ok: false }>): ResponseInit {
  return { status: image.reason === "tooLarge" ? 413 : 400 };
}

/**
 * Reads a multipart form whose file field is `fileField`: the text fields, and
 * the file checked by content and size. The body is read up to the upload
 * limit (BODY_LIMITS.upload: the largest image and the form around it); a
 * file a little over MAX_AVATAR_BYTES is read and refused, a body over the
 * limit is not read further (ADR 026; the server lets the client finish
 * sending for a moment, so the browser gets our page rather than a reset
 * connection). Either way the answer is the form's "too large" field error;
 * a body cut off keeps none of its text fields.
 */
export async function readImageForm(request: Request, fileField = "avatar"): Promise<{ fields: FormData; image: ImageUpload }> {
  let parts = 0;
  let tooLarge = false;
  const got: { file: Uint8Array | null } = { file: null };

  const handler: UploadHandler = async ({ name, filename, data }) => {
    parts += 1;
    if (parts > MAX_PARTS) throw json({ message: "errors.tooManyFields" }, { status: 400 });
    const isFile = typeof filename === "string";
    const limit = isFile && name === fileField ? MAX_AVATAR_BYTES : MAX_TEXT_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    let over = false;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > limit) over = true;
      if (!over) chunks.push(chunk);
    }
    if (isFile) {
      // Only the first file of the expected field counts; any other file is read and dropped.
      if (name === fileField && got.file === null && !tooLarge) {
        if (over) tooLarge = true;
        else got.file = Buffer.concat(chunks);
      }
      return undefined;
    }
    if (over) throw json({ message: "errors.fieldTooLong" }, { status: 400 });
    return Buffer.concat(chunks).toString("utf8");
  };

  let fields: FormData;
  try {
    fields = await readMultipartBody(request, "upload", handler);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      return { fields: new FormData(), image: { ok: false, reason: "tooLarge" } };
    }
    // Our own refusals (too many parts, a text field too long) go out as they are;
    // anything else is a body that is not a well-formed multipart form: 400, not 500.
    if (error instanceof Response) throw error;
    throw json({ message: "errors.formUnreadable" }, { status: 400 });
  }
  if (tooLarge) return { fields, image: { ok: false, reason: "tooLarge" } };
  const bytes = got.file;
  if (!bytes || bytes.byteLength === 0) return { fields, image: { ok: false, reason: "missing" } };
  const extension = detectImageType(bytes);
  if (!extension) return { fields, image: { ok: false, reason: "notAnImage" } };
  return { fields, image: { ok: true, bytes, extension } };
}

export function isMultipart(request: Request) {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

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

/**
 * A stored image as the browser gets it: inline, its type from the extension
 * the upload chose by content, never sniffed, never run (sandboxed).
 */
export function imageResponse(image: { bytes: Buffer; contentType: string }, cacheControl: string) {
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.byteLength),
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": cacheControl,
    },
  });
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
