import { type LoaderFunctionArgs } from "@remix-run/node";
import { STYLESHEET, STYLESHEET_VERSION, stylesheetCookie } from "~/http/stylesheet.server";

/**
 * GET /styles/{version}.css: this build's stylesheet, cached for good (its
 * address changes with its content), public like the sign-in page it styles.
 * Its answer tells the server, through a cookie, that this browser holds it
 * (ADR 051). Another build's version is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.version !== STYLESHEET_VERSION) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(STYLESHEET, {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      // private: the answer sets a cookie, so no shared cache keeps it.
      "Cache-Control": "private, max-age=31536000, immutable",
      "Set-Cookie": stylesheetCookie(request),
    },
  });
}
