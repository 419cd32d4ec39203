import { type UploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { IMAGE_MAX_BYTES } from "~/modules/users/avatar.server";

// Request bodies (issue 16, H1; ADR 026). THE one module that reads a
// request's body: every action, the API and the uploads come here, and a
// source scan (tests/unit/body-readers.test.ts) keeps it that way. Before,
// every action read the whole body before any check, with no limit: one
// anonymous 64 MiB sign-in post ended a server capped at 192 MiB.
//
// - a declared Content-Length over the limit is refused before one byte is read;
// - a body without one (chunked) is read with a byte counter and cut off at
//   the limit: the rest is never read by the app. The stream is left as it
//   is, not cancelled: cancelling destroys Node's request and its socket
//   before the 413 is sent. The server (server/index.js) then throws away
//   what the client is still sending for a moment, so that the client reads
//   the 413, and closes the connection.

const KiB = 1024;

/**
 * The most a request body of each kind may hold, in bytes. Generous for real
 * use, small for everything else:
 * - login: an email and a password of 1024 characters, every one of them
 *   three UTF-8 bytes percent-encoded (9 bytes), and the page to go back to;
 * - form: every other form (the longest text fields are a few thousand
 *   characters; percent-encoded non-Latin text takes 6 to 9 bytes a character);
 * - grid: the gradebook and the attendance sheet. A 60-student class with 40
 *   items posts 2,400 cells, each twice (`g_<student>_<item>` and its original
 *   `o_…`): 53 KB on its first save and 65 KB after it with small ids,
 *   168 KB with ids of 10 digits and every cell's 10 characters
 *   (tests/integration/body-limits.test.ts posts a real one, twice);
 * - upload: one image of IMAGE_MAX_BYTES with the form around it (multipart
 *   headers, the settings form's text fields);
 * - api: a JSON or form body of the /v1/api (a transfer, a sign-in).
 */
export const BODY_LIMITS = {
  login: 16 * KiB,
  form: 64 * KiB,
  grid: 512 * KiB,
  upload: IMAGE_MAX_BYTES + 128 * KiB,
  api: 64 * KiB,
} as const;

export type BodyKind = keyof typeof BODY_LIMITS;

/** A body over its kind's limit: declared so, or found so while reading. */
export class BodyTooLarge extends Error {
  constructor(
    readonly kind: BodyKind,
    readonly limit: number,
  ) {
    super(`The request body is larger than ${limit} bytes (${kind}).`);
    this.name = "BodyTooLarge";
  }
}

/** The declared length when it is a plain number, else null (none, or chunked). */
function declaredLength(request: Request): number | null {
  const raw = request.headers.get("Content-Length");
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  return Number(raw);
}

/**
 * The body's bytes, at most the kind's limit; throws BodyTooLarge when it
 * declares or turns out to hold more. Any other failure (a client that went
 * away) is thrown as it is, for the caller to answer 400.
 */
export async function readBodyBytes(request: Request, kind: BodyKind): Promise<Uint8Array<ArrayBuffer>> {
  const limit = BODY_LIMITS[kind];
  const declared = declaredLength(request);
  if (declared !== null && declared > limit) throw new BodyTooLarge(kind, limit);
  const body = request.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Not cancelled: see the top of this file.
      if (size > limit) throw new BodyTooLarge(kind, limit);
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The body as UTF-8 text, at most the kind's limit. */
export async function readBodyText(request: Request, kind: BodyKind): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, kind));
}

/**
 * The body as a form (URL-encoded or multipart, as its Content-Type says),
 * at most the kind's limit. A body that is not a form throws (not BodyTooLarge).
 */
export async function readBodyForm(request: Request, kind: BodyKind): Promise<FormData> {
  const bytes = await readBodyBytes(request, kind);
  const type = request.headers.get("Content-Type");
  return new Response(bytes, { headers: type ? { "Content-Type": type } : {} }).formData();
}

/**
 * A multipart body, at most the kind's limit, parsed part by part through
 * `handler` (the uploads: app/http/image-upload.server.ts checks each part).
 */
export async function readMultipartBody(request: Request, kind: BodyKind, handler: UploadHandler): Promise<FormData> {
  const bytes = await readBodyBytes(request, kind);
  const bounded = new Request(request.url, { method: "POST", headers: request.headers, body: bytes });
  return unstable_parseMultipartFormData(bounded, handler);
}
