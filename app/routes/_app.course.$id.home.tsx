import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CourseDataCard, CoursePageLinks, CurrentStudents, NextSessions } from "~/components/attendance/course-home";
import { PageHeader } from "~/components/ui/page-header";
import { requireCourseProfessor } from "~/http/course-access.server";
import { found } from "~/http/outcome.server";
import { useTranslation } from "~/i18n/react";
import { courseHomePage } from "~/modules/attendance/course-home.server";

export const handle = { i18n: ["common", "course", "attendance"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  return json(found(await courseHomePage(courseId)));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.course.course_id ?? "" }];

export default function CourseHome() {
  const { course, counts, next, students } = useLoaderData<typeof loader>();
  const { t } = useTranslation("attendance");
  return (
    <div className="space-y-6">
      <PageHeader title={t("home.title", { code: course.course_id })} />
      <CourseDataCard course={course} counts={counts} />
      <NextSessions next={next} />
      <CurrentStudents students={students} />
      <CoursePageLinks courseId={course.id} />
    </div>
  );
}
