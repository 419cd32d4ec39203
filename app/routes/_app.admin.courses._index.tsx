import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CourseFilters, CoursesTable } from "~/components/courses/course-list";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { requirePermission } from "~/http/guards.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { courseListPage } from "~/modules/courses/admin-pages.server";

export const handle = { i18n: ["common", "courses"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "courses:manage");
  const [page, t] = await Promise.all([
    courseListPage(new URL(request.url).searchParams),
    translator(request, "courses"),
  ]);
  return json({ title: t("title"), ...page });
}

export const meta = titleMeta;

export default function Courses() {
  const { rows, total, page, limit, professors } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        actions={
          <Link to="/admin/courses/new" className="btn-primary">
            {t("new")}
          </Link>
        }
      />
      <CourseFilters professors={professors} />
      <CoursesTable rows={rows} />
      <Pagination page={page} limit={limit} total={total} />
    </div>
  );
}
