import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { StudentFilters, StudentTable } from "~/components/students/student-list";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { requirePermission } from "~/http/guards.server";
import { translator } from "~/i18n/i18n.server";
import { studentListPage } from "~/modules/students/pages.server";

export const handle = { i18n: ["common", "students"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "students:view");
  const params = new URL(request.url).searchParams;
  const [page, t] = await Promise.all([studentListPage(params, user.role), translator(request, "students")]);
  return json({ title: t("title"), ...page });
}

export const meta = titleMeta;

export default function Students() {
  const { rows, total, more, page, limit, sort, dir, course, canEdit } = useLoaderData<typeof loader>();
  const { t } = useStudentsTranslation();
  const [params] = useSearchParams();

  // The export keeps the filters and the order, not the page.
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  exportParams.delete("limit");
  const exportQuery = exportParams.toString();

  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        actions={
          <>
            <a href={`/admin/students.csv${exportQuery ? `?${exportQuery}` : ""}`} download className="btn-secondary">
              {t("export")}
            </a>
            {canEdit ? (
              <Link to="/admin/students/new" className="btn-primary">
                {t("new")}
              </Link>
            ) : null}
          </>
        }
      />
      <StudentFilters sort={sort} dir={dir} course={course} />
      <StudentTable rows={rows} sort={sort} dir={dir} />
      <Pagination page={page} limit={limit} total={total} more={more} />
    </div>
  );
}
