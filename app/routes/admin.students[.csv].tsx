import { type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/http/guards.server";
import { translator } from "~/i18n/i18n.server";
import { studentsCsv } from "~/modules/students/export.server";

/**
 * GET /admin/students.csv?<the list's filters>: every matching student (not
 * only one page), in the list's order, streamed a batch at a time.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "students:view");
  const [t, c] = await Promise.all([translator(request, "students"), translator(request, "common")]);
  const { body, filename } = await studentsCsv(new URL(request.url).searchParams, t, c);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
