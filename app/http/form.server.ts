import { json } from "@remix-run/node";
import { type BodyKind, BodyTooLarge, readBodyForm } from "~/http/body.server";

/**
 * Whether a value (a string, or strings anywhere inside an array or object)
 * holds the NUL character. PostgreSQL cannot store it in text and fails the
 * whole query; nobody types it, so a body that carries one is refused.
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || containsNul(v, depth + 1));
}

/**
 * The posted form. A body that is not a form (no or another Content-Type, a
 * broken multipart body, a client that went away), or that holds a NUL
 * character, is the client's mistake: a 400, never a 500. A body over its
 * kind's limit (BODY_LIMITS) is a 413, refused before it is read when its
 * length says so, cut off at the limit otherwise (ADR 026). Every action
 * reads its form through this. The messages are translation keys (the
 * shared error handling shows them in the reader's language).
 */
export async function readForm(request: Request, kind: BodyKind = "form"): Promise<FormData> {
  let form: FormData;
  try {
    form = await readBodyForm(request, kind);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw bodyTooLarge();
    throw json({ message: "errors.formUnreadable" }, { status: 400 });
  }
  for (const [name, value] of form) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      throw json({ message: "errors.formNul" }, { status: 400 });
    }
  }
  return form;
}

/** The 413 of a page's form post: its own translated page (error-view.tsx). */
export function bodyTooLarge() {
  return json({ message: "errors.bodies.tooLarge" }, { status: 413 });
}

/**
 * A form no page sends (an unknown intent): a 400 that says nothing a person
 * could act on, so the shared handling answers the toast "Oops! Something
 * went wrong!" on the page it came from (entry.server).
 */
export function unknownForm(): never {
  throw json(null, { status: 400 });
}
