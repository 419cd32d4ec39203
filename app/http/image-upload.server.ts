import { type Submission, type SubmissionResult } from "@conform-to/react";
import { type UploadHandler, json } from "@remix-run/node";
import { BodyTooLarge, readMultipartBody } from "~/http/body.server";
import { readForm } from "~/http/form.server";
import { type ImageUpload, MAX_AVATAR_BYTES, detectImageType } from "~/modules/users/avatar.server";

// THE EDGE of the image uploads and downloads (the profile picture, a user's
// picture, the school's logo; issue 17, ADR 034): the multipart form read and
// its image checked (app/modules/users/avatar.server.ts knows what an image
// is and where it is kept), a refused image's status, and a stored image as
// the browser gets it.

const MAX_TEXT_BYTES = 16 * 1024;
const MAX_PARTS = 10;

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
export async function readImageForm(
  request: Request,
  fileField = "avatar",
): Promise<{ fields: FormData; image: ImageUpload }> {
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

/**
 * A form that may carry an image (multipart) or not (a plain post, e.g. its
 * remove button): its text fields, and the image ("missing" in a plain post).
 */
export async function readFormWithImage(request: Request, fileField: string) {
  if (isMultipart(request)) return readImageForm(request, fileField);
  const image: ImageUpload = { ok: false, reason: "missing" };
  return { fields: await readForm(request), image };
}

/**
 * The refused reply of a form whose image is checked with its fields:
 * conform's reply with `errors` over the schema's, a 413 when the image was
 * too large (else 400). A body cut off at its limit has lost its text fields
 * (no `intent`): the form keeps what it showed, with only `errors`.
 */
export function imageFormRefusal(
  fields: FormData,
  submission: Pick<Submission<unknown>, "status" | "reply">,
  image: ImageUpload,
  errors: Record<string, string[]>,
): { result: SubmissionResult<string[]>; init: ResponseInit } {
  const init = image.ok ? { status: 400 } : imageRefusal(image);
  if (!fields.has("intent")) return { result: { status: "error", error: errors }, init };
  if (submission.status === "success") return { result: submission.reply({ fieldErrors: errors }), init };
  const result = submission.reply();
  return { result: { ...result, error: { ...result.error, ...errors } }, init };
}

export function isMultipart(request: Request) {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
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
