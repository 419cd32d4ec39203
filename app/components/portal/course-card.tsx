import { type ReactNode } from "react";
import { useAppNames } from "~/components/app-names";
import { Bdi } from "~/components/courses/labels";
import { formatList, useFormat } from "~/components/format";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";

/** A course as the portal shows it (modules/portal/portal.server.ts courseCard). */
export interface PortalCourse {
  id: number;
  code: string;
  level: string;
  days: string[];
  start_time: string;
  end_time: string;
  start_date: string;
  end_date: string;
  professor: string | null;
  ended: boolean;
}

/** The course's facts: level, schedule, professor, dates. */
export function CourseFacts({ course }: { course: PortalCourse }) {
  const { t } = useTranslation("portal");
  const school = useTranslation("school").t;
  const names = useAppNames();
  const format = useFormat();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-slate-700">{school("teachersHome.level")}</dt>
      <dd>
        <Bdi ltr>{names.level(course.level)}</Bdi>
      </dd>
      <dt className="text-slate-700">{school("teachersHome.schedule")}</dt>
      <dd>
        {school("schedule", {
          days: formatList(
            format.locale,
            course.days.map((d) => school(`weekdays.${d}`)),
            "unit",
          ),
          start: course.start_time,
          end: course.end_time,
        })}
      </dd>
      <dt className="text-slate-700">{t("course.professor")}</dt>
      <dd>{course.professor ?? t("course.noProfessor")}</dd>
      <dt className="text-slate-700">{t("course.dates")}</dt>
      <dd>{`${format.day(course.start_date)} – ${format.day(course.end_date)}`}</dd>
    </dl>
  );
}

/** The links of one of the student's courses: attendance and grades. */
export function CourseLinks({ id }: { id: number }) {
  const { t } = useTranslation("portal");
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium">
      <Link to={`/student/courses/${id}/attendance`} className="text-primary-dark underline">
        {t("course.attendance")}
      </Link>
      <Link to={`/student/courses/${id}/grades`} className="text-primary-dark underline">
        {t("course.grades")}
      </Link>
    </p>
  );
}

/** One course card of the portal's home: its code, facts, `children` (the next classes) and links. */
export function CourseCard({ course, children }: { course: PortalCourse; children?: ReactNode }) {
  const { t } = useTranslation("portal");
  const format = useFormat();
  return (
    <li className="card flex flex-col gap-3 p-4" data-course={course.code}>
      <h3 className="text-base font-semibold [overflow-wrap:anywhere]">
        <Bdi ltr nowrap>
          {course.code}
        </Bdi>
      </h3>
      <CourseFacts course={course} />
      {course.ended ? (
        <p className="text-sm text-slate-700">{t("course.ended", { date: format.day(course.end_date) })}</p>
      ) : null}
      {children}
      <CourseLinks id={course.id} />
    </li>
  );
}

/** The top of a course's page: the way back to the portal's home, the title and the course's facts. */
export function PortalCourseHeader({ title, course }: { title: string; course: PortalCourse }) {
  const { t } = useTranslation("portal");
  return (
    <div className="space-y-3">
      <Link to="/student" className="text-sm text-primary-dark underline">
        {t("course.back")}
      </Link>
      <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{title}</h1>
      <div className="card p-4">
        <CourseFacts course={course} />
      </div>
    </div>
  );
}
