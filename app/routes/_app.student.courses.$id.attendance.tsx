import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AttendanceSummaryCard, SessionMarks } from "~/components/portal/attendance";
import { PortalCourseHeader } from "~/components/portal/course-card";
import { titleMeta } from "~/components/ui/meta";
import { notFound } from "~/http/not-found.server";
import { requirePortalCourse } from "~/http/portal-access.server";
import { translator } from "~/i18n/i18n.server";
import { portalAttendancePage } from "~/modules/portal/portal.server";

// "attendance" for the marks' words, "gradebook" and "students" for the absence count.
export const handle = { i18n: ["common", "portal", "school", "attendance", "gradebook", "students"] };

/** /student/courses/{id}/attendance: the signed-in student's own marks in one of their courses (ADR 047). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { studentId, courseId } = await requirePortalCourse(request, params);
  const [page, t] = await Promise.all([portalAttendancePage(studentId, courseId), translator(request, "portal")]);
  if (!page) notFound();
  return json({ title: t("attendance.title", { code: page.course.code }), ...page });
}

export const meta = titleMeta;

export default function StudentAttendance() {
  const { title, course, summary, sessions } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PortalCourseHeader title={title} course={course} />
      <AttendanceSummaryCard summary={summary} />
      <SessionMarks sessions={sessions} />
    </div>
  );
}
