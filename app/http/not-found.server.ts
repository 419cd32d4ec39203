import { json } from "@remix-run/node";

// The route edge (ADR 033): what only loaders and actions call, because it
// speaks HTTP. Nothing in app/modules imports app/http.

/**
 * The one "Not found" answer: status 404, body `{ message: "Not found" }`.
 * Pages show it through the error boundary (the 404 page); the /v1/api and
 * file routes send it as JSON. Built here and nowhere else.
 */
export function notFoundResponse() {
  return json({ message: "Not found" }, { status: 404 });
}

/** Stops the loader or action with the 404 (a URL that names no row, a row that is gone). */
export function notFound(): never {
  throw notFoundResponse();
}
