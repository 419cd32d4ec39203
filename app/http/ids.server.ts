import { rowId } from "~/modules/shared/ids";
import { notFound } from "./not-found.server";

// Ids in URLs (ADR 033): the one way a route turns its path or its query
// string into a row id. The grammar is rowId's (modules/shared/ids.ts):
// decimal digits, 1 to MAX_ID.

/** The id in the route's path (`:id` unless named): a URL whose id can name no row is a 404. */
export function requireId(params: Readonly<Record<string, string | undefined>>, name = "id"): number {
  return rowId(params[name]) ?? notFound();
}

/** The id of a query parameter (`?edit=`, `?from=`): null when it is absent or names no row. */
export function searchId(request: Request, name: string): number | null {
  return rowId(new URL(request.url).searchParams.get(name));
}
