import { type FieldMetadata, type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { Bdi, CourseLabel, type CourseLabelParts, useCourseLabel } from "~/components/courses/labels";
import { SelectField } from "~/components/fields";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { DataTable } from "~/components/ui/data-table";
import { type Detail, DetailsCard } from "~/components/ui/details-card";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { useAppForm } from "~/components/use-app-form";
import { levelById } from "~/modules/levels/levels";
import { HEAR_ABOUT_VALUES } from "~/modules/registrations/hear-about";
import { AbsenceCount } from "./absence-count";
import { phone, usePersonDetails, useScheduleLabel } from "./person-details";
import { useStudentsTranslation } from "./use-students-translation";

export interface StudentDetailsRecord {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  second_last_name: string;
  id_number: string | null;
  birthday: string | null;
  phone_number: string | null;
  email: string | null;
  age_category: string;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  emergency_contact_relationship: string | null;
  address: string | null;
  same_billing: number;
  billing_address: string | null;
  level_id: number;
  schedule: string | null;
  promotion: string | null;
  where_hear_about_us: string | null;
  notes: string | null;
  registration_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The student's personal and school cards (the school card with the notes and the registration's link). */
export function StudentDetails({ s }: { s: StudentDetailsRecord }) {
  const { t } = useStudentsTranslation();
  const appNames = useAppNames();
  const format = useFormat();
  const scheduleLabel = useScheduleLabel();
  const personal: Detail[] = [
    ...usePersonDetails(s),
    ...(s.age_category === "kids"
      ? ([
          [t("registration.fields.emergency_contact_name"), s.emergency_contact_name],
          [t("registration.fields.emergency_contact_phone"), phone(s.emergency_contact_phone)],
          [t("registration.fields.emergency_contact_relationship"), s.emergency_contact_relationship],
        ] satisfies Detail[])
      : []),
    [t("registration.fields.address"), s.address],
    [t("registration.fields.same_billing"), s.same_billing ? t("registration.yes") : t("registration.no")],
    [t("registration.fields.billing_address"), s.billing_address],
  ];
  const hear = s.where_hear_about_us;
  const school: Detail[] = [
    [
      t("registration.fields.level"),
      <Bdi key="level" ltr>
        {appNames.level(levelById(s.level_id)?.name)}
      </Bdi>,
    ],
    [t("registration.fields.schedule"), scheduleLabel(s.schedule)],
    [t("registration.fields.promotion"), s.promotion],
    [
      t("registration.fields.where_hear_about_us"),
      hear && (HEAR_ABOUT_VALUES as readonly string[]).includes(hear) ? t(`registration.hear.${hear}`) : hear,
    ],
    [t("fields.created_at"), format.dateTime(s.created_at)],
    [t("fields.updated_at"), format.dateTime(s.updated_at)],
  ];
  return (
    <>
      <DetailsCard id="personal-heading" title={t("sections.personal")} items={personal} dash />
      <DetailsCard id="school-heading" title={t("sections.school")} items={school} dash>
        <div className="mt-3">
          <h3 className="text-sm text-slate-700">{t("fields.notes")}</h3>
          <p className="whitespace-pre-line break-words font-medium">{s.notes || "—"}</p>
        </div>
        {s.registration_id ? (
          <p className="mt-3 text-sm">
            <Link to={`/admin/registered-students/${s.registration_id}`} className="text-primary-dark underline">
              {t("openRegistration")}
            </Link>
          </p>
        ) : null}
      </DetailsCard>
    </>
  );
}

interface Enrollment extends Omit<CourseLabelParts, "course_id"> {
  id: number;
  course_code: string;
  start_date: string;
  end_date: string | null;
  end_reason: string | null;
  current: boolean;
  absences: number;
}

const KNOWN_REASONS = ["transfer", "completed", "withdrawn", "unenrolled"];

/** Every enrollment of the student: course, dates, why it ended, absences. */
export function EnrollmentHistory({ enrollments }: { enrollments: Enrollment[] }) {
  const { t } = useStudentsTranslation();
  const format = useFormat();
  const ended = (e: Enrollment) => {
    if (e.current) return t("enrollments.current");
    if (e.end_reason && KNOWN_REASONS.includes(e.end_reason)) return t(`enrollments.reasons.${e.end_reason}`);
    return e.end_reason || t("enrollments.reasons.ended");
  };
  return (
    <section aria-labelledby="enrollments-heading" className="card">
      <h2 id="enrollments-heading" className="mb-3 text-lg font-semibold">
        {t("enrollments.title")}
      </h2>
      <DataTable
        label={t("enrollments.title")}
        className=""
        rows={enrollments}
        rowKey={(e) => e.id}
        whenEmpty={<p className="text-slate-700">{t("enrollments.empty")}</p>}
        columns={[
          {
            header: t("enrollments.course"),
            className: "font-medium",
            cell: (e) => <CourseLabel course={{ ...e, course_id: e.course_code }} />,
          },
          { header: t("enrollments.from"), cell: (e) => format.day(e.start_date) },
          { header: t("enrollments.to"), cell: (e) => (e.end_date ? format.day(e.end_date) : "—") },
          { header: t("enrollments.ended"), cell: ended },
          { header: t("columns.absences"), align: "end", cell: (e) => <AbsenceCount count={e.absences} /> },
        ]}
      />
    </section>
  );
}

/** The confirm step's form: activate or deactivate, and why it was refused. */
export function StudentStatusForm({ intent, errors }: { intent: "activate" | "deactivate"; errors?: string[] }) {
  const { t } = useStudentsTranslation();
  const [form] = useAppForm({ id: `status-${intent}` });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <p className="text-sm text-slate-800">{t(intent === "deactivate" ? "deactivateText" : "activateText")}</p>
      {errors?.length ? <FormAlert plain>{t(errors[0])}</FormAlert> : null}
      <SubmitButton tone={intent === "deactivate" ? "danger" : "primary"}>{t(intent)}</SubmitButton>
    </Form>
  );
}

/**
 * Issue 19: from the student's page, enroll them in a course: the open courses
 * of their age category they are not in, each by its readable label (one
 * post; the course page's Enroll does the same for several students).
 */
export function EnrollInCourse({
  courses,
  lastResult,
}: {
  courses: (CourseLabelParts & { id: number })[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useStudentsTranslation();
  const courseLabel = useCourseLabel();
  const [form, fields] = useAppForm({ id: "enroll-here", lastResult });
  return (
    <section id="enroll" aria-labelledby="enroll-here-heading" className="card">
      <h2 id="enroll-here-heading" className="mb-1 text-lg font-semibold">
        {t("enrollHere.title")}
      </h2>
      {courses.length === 0 ? (
        <p className="text-sm text-slate-700">{t("enrollHere.none")}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="enroll" />
          {form.errors?.length ? (
            <div className="w-full">
              <FormAlert plain>{t(form.errors[0])}</FormAlert>
            </div>
          ) : null}
          <div className="min-w-0 flex-1 basis-64">
            <SelectField
              field={fields.course_id as unknown as FieldMetadata<string | undefined>}
              label={t("enrollHere.course")}
              placeholder={t("enrollHere.choose")}
              options={courses.map((c) => ({ value: String(c.id), label: courseLabel(c) }))}
            />
          </div>
          <SubmitButton className="btn-primary whitespace-nowrap">{t("enrollHere.submit")}</SubmitButton>
        </Form>
      )}
    </section>
  );
}
