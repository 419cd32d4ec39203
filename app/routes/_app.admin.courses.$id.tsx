import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { EnrollSection } from "~/components/courses/course-enroll";
import {
  CourseData,
  CourseGradingItems,
  CourseSessions,
  CourseStudents,
  UnenrollDialog,
} from "~/components/courses/course-page";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { StatusBadge } from "~/components/ui/status-badge";
import { COURSE_PAGE_REFUSALS, enrolledAnswer } from "~/http/courses.server";
import { requirePermission } from "~/http/guards.server";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { useTranslation } from "~/i18n/react";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { coursePage } from "~/modules/courses/admin-pages.server";
import { enrollStudents, unenrollStudent } from "~/modules/courses/courses.server";
import { coursePageForms } from "~/modules/courses/schema";

export const handle = { i18n: ["common", "courses", "gradebook"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "courses:manage");
  const page = (await coursePage(requireId(params), new URL(request.url).searchParams.get("q"))) ?? notFound();
  return json({ title: page.course.course_id, ...page });
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "courses:manage"), id: requireId(params) }),
    forms: coursePageForms,
    intents: {
      enroll: async ({ student_ids }, { user, id }) => {
        const outcome = await enrollStudents(id, student_ids, user.id, await schoolToday());
        return outcome.ok ? enrolledAnswer(request, `/admin/courses/${id}`, outcome) : outcome;
      },
      unenroll: async ({ enrollment_id }, { user, id }) =>
        ifDone(
          await unenrollStudent(id, enrollment_id, user.id, await schoolToday()),
          toastTo(`/admin/courses/${id}`, "courses:unenroll.done"),
        ),
    },
    refusals: COURSE_PAGE_REFUSALS,
  });
}

export default function CourseDetail() {
  const { course: c, phase, enrollments, sessions, items, q, search } = useLoaderData<typeof loader>();
  const enrolled = useIntentResult<typeof action>("enroll")?.result;
  const unenrollError = useIntentResult<typeof action>("unenroll")?.result.error?.[""]?.[0];
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const [params] = useSearchParams();
  const here = `/admin/courses/${c.id}`;
  const toUnenroll = enrollments.current.find((e) => e.id === Number(params.get("unenroll")));

  return (
    <div className="space-y-4">
      <PageHeader
        title={c.course_id}
        titleClassName="font-mono"
        back={{ to: "/admin/courses", label: t("backToList") }}
        badge={<StatusBadge kind="course" status={c.status} />}
      />
      <div className="flex flex-wrap gap-3">
        <Link to={`${here}/edit`} className="btn-primary">
          {t("edit")}
        </Link>
        <Link to={`${here}/report`} className="btn-secondary">
          {t("gradebook:staff.open")}
        </Link>
      </div>
      <CourseData course={c} phase={phase} enrolled={enrollments.current.length} />
      <CourseStudents enrollments={enrollments} error={unenrollError} />
      <EnrollSection
        course={c}
        canEnroll={c.status === "active" && phase !== "finished"}
        enrolled={enrollments.current.length}
        q={q}
        search={search}
        lastResult={enrolled}
      />
      <CourseSessions sessions={sessions} />
      <CourseGradingItems items={items} exam={c.exam} />
      {toUnenroll ? <UnenrollDialog here={here} code={c.course_id} enrollment={toUnenroll} /> : null}
    </div>
  );
}
