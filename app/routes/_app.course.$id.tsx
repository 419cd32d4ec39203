import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { NavLink } from "~/components/ui/link";
import { requireCourseProfessor } from "~/http/course-access.server";
import { found } from "~/http/outcome.server";
import { useTranslation } from "~/i18n/react";
import { courseFrame } from "~/modules/attendance/course-home.server";
import { COURSE_PAGES } from "~/modules/attendance/course-pages";

export const handle = { i18n: ["common", "course"] };

/** The frame of a professor's course pages: the course's name and its pages. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  return json({ course: found(await courseFrame(courseId)) });
}

export default function CourseFrame() {
  const { course } = useLoaderData<typeof loader>();
  const { t } = useTranslation("course");
  const appNames = useAppNames();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {course.course_id} · {appNames.level(course.level)}
      </p>
      <nav aria-label={t("nav.label")} className="overflow-x-auto border-b border-slate-200">
        <ul className="flex gap-1">
          {COURSE_PAGES.map((page) => (
            <li key={page}>
              <NavLink
                to={`/course/${course.id}/${page}`}
                prefetch="intent"
                className={({ isActive }) =>
                  `block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${isActive ? "border-primary-dark text-primary-dark" : "border-transparent text-slate-700 hover:text-slate-900"}`
                }
              >
                {t(`nav.${page}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
