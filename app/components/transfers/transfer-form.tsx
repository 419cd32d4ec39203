import { type SubmissionResult, getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { type ReactNode } from "react";
import { useAppNames } from "~/components/app-names";
import { CourseLabel, type CourseLabelParts, useCourseLabel, useIsolate } from "~/components/courses/labels";
import { FieldError, SubmitButton } from "~/components/forms";
import { Link } from "~/components/ui/link";
import { useAppForm } from "~/components/use-app-form";
import { useTranslation } from "~/i18n/react";
import { TRANSFER_SEARCH_MAX } from "~/modules/transfers/limits";

interface Props {
  courses: (CourseLabelParts & { id: number })[];
  from: { id: number; course_id: string } | null;
  students: {
    id: number;
    first_name: string;
    last_name: string;
    second_last_name: string;
    id_number: string | null;
    has_pending: boolean;
  }[];
  levels: { id: number; name: string }[];
  defaults: {
    student_ids: number[];
    selected_course_id: number | null;
    selected_level_id: number | null;
    reason: string;
  };
  lastResult?: SubmissionResult<string[]>;
}

/** The new and edit pages: the way back to the list, the title, the form. */
export function TransferFormPage({ back, title, children }: { back: string; title: string; children: ReactNode }) {
  const { t } = useTranslation("transfers");
  return (
    <div className="space-y-4">
      <Link to={back} className="text-sm text-primary-dark underline">
        {t("title")}
      </Link>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

/**
 * Choose the current course (a GET that lists its students), then the
 * students, the selected course and level, and a reason (one POST).
 */
export function TransferForm({ courses, from, students, levels, defaults, lastResult }: Props) {
  const { t } = useTranslation("transfers");
  const courseLabel = useCourseLabel();
  const isolate = useIsolate();
  const appNames = useAppNames();
  const [form, fields] = useAppForm({
    // One form per source course: with JavaScript "Show its students" is a
    // client-side navigation that keeps this component, and conform keeps a
    // form's first defaults for as long as its id stays the same. A new id
    // starts over from this course's defaults, its next level preselected
    // (without it the browser showed the list's first level, Pre-A1).
    id: from ? `transfer-${from.id}-${defaults.student_ids.join("-")}` : "transfer",
    lastResult,
    defaultValue: {
      from_course_id: from ? String(from.id) : "",
      student_ids: defaults.student_ids.map(String),
      selected_course_id: defaults.selected_course_id ? String(defaults.selected_course_id) : "",
      selected_level_id: defaults.selected_level_id ? String(defaults.selected_level_id) : "",
      reason: defaults.reason,
    },
  });
  const chosen = new Set((fields.student_ids.initialValue as string[] | undefined) ?? defaults.student_ids.map(String));

  return (
    <div className="space-y-4">
      <Form method="get" className="card flex flex-wrap items-end gap-3">
        <div className="min-w-[14rem] flex-1">
          <label htmlFor="from" className="field-label">
            {t("form.fromCourse")}
          </label>
          {/* Keyed by the course: a client-side visit to ?student= (another course) shows it, not the old choice. */}
          <select key={from?.id ?? ""} id="from" name="from" defaultValue={from?.id ?? ""} className="field-input">
            <option value="">{t("form.chooseCourse")}</option>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {courseLabel(c)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("form.showStudents")}
        </button>
      </Form>

      {from ? (
        <Form method="post" {...getFormProps(form)} className="card space-y-4">
          <input type="hidden" name="from_course_id" value={from.id} />
          {form.errors?.length ? (
            <div
              id={form.errorId}
              role="alert"
              className="rounded-md border border-secondary-dark bg-rose-50 px-3 py-2 text-sm text-rose-900"
            >
              {t(form.errors[0])}
            </div>
          ) : null}
          <fieldset
            aria-describedby={`${fields.student_ids.errorId} students-hint`}
            aria-invalid={fields.student_ids.errors?.length ? true : undefined}
          >
            <legend className="field-label">{t("form.students")}</legend>
            <p id="students-hint" className="mb-2 text-xs text-slate-700">
              {t("form.studentsHint")}
            </p>
            {students.length === 0 ? <p className="text-sm">{t("form.noStudents")}</p> : null}
            <ul className="grid gap-1 sm:grid-cols-2">
              {students.map((s) => (
                <li key={s.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="student_ids"
                      value={s.id}
                      defaultChecked={chosen.has(String(s.id))}
                      disabled={s.has_pending}
                      className="h-4 w-4 accent-[#4c3fe0]"
                    />
                    <span>
                      {`${s.first_name} ${s.last_name} ${s.second_last_name}`} · {s.id_number || t("bell.na")}
                      {s.has_pending ? <span className="text-slate-700"> ({t("form.pendingAlready")})</span> : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <FieldError id={fields.student_ids.errorId} errors={fields.student_ids.errors} />
          </fieldset>
          {/* Fields side by side line up their selects whatever their labels and hints (tailwind.css .field). */}
          <div className="grid gap-x-4 sm:grid-cols-2">
            <div className="field">
              <label htmlFor={fields.selected_course_id.id} className="field-label">
                {t("form.selectedCourse")}
              </label>
              <select
                {...getSelectProps(fields.selected_course_id)}
                key={fields.selected_course_id.key}
                required
                className="field-input"
              >
                <option value="">{t("form.chooseCourse")}</option>
                {courses
                  .filter((c) => c.id !== from.id)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {courseLabel(c)}
                    </option>
                  ))}
              </select>
              <FieldError id={fields.selected_course_id.errorId} errors={fields.selected_course_id.errors} />
            </div>
            <div className="field">
              <div>
                <label htmlFor={fields.selected_level_id.id} className="field-label">
                  {t("form.selectedLevel")}
                </label>
                <p id="level-hint" className="mb-1 text-xs text-slate-700">
                  {t("form.nextLevelHint")}
                </p>
              </div>
              {/* Not `required`: a level is always chosen (there is no empty option). */}
              <select
                {...getSelectProps(fields.selected_level_id)}
                key={fields.selected_level_id.key}
                className="field-input"
                aria-describedby={`${fields.selected_level_id.errorId} level-hint`}
              >
                {levels.map((l) => (
                  <option key={l.id} value={l.id}>
                    {isolate(appNames.level(l.name))}
                  </option>
                ))}
              </select>
              <FieldError id={fields.selected_level_id.errorId} errors={fields.selected_level_id.errors} />
            </div>
          </div>
          <div>
            <label htmlFor={fields.reason.id} className="field-label">
              {t("form.reason")}
            </label>
            <textarea
              {...getTextareaProps(fields.reason)}
              key={fields.reason.key}
              rows={3}
              maxLength={500}
              className="field-input"
            />
            <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
          </div>
          <SubmitButton>{t("form.save")}</SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

interface FoundStudent {
  id: number;
  first_name: string;
  last_name: string;
  second_last_name: string;
  email: string | null;
  course_id: number | null;
  /** The course they are in today, by its readable label (issue 19). */
  course: CourseLabelParts | null;
}

/**
 * New transfer from a student (issue 19): a search (a GET form: it works
 * without JavaScript) by name, e-mail or id number; each student found links
 * to the form with their course and them ticked (?student=).
 */
export function StudentSearch({
  q,
  found,
  withoutCourse,
}: {
  q: string;
  found: FoundStudent[] | null;
  withoutCourse: boolean;
}) {
  const { t } = useTranslation("transfers");
  return (
    <section aria-labelledby="transfer-search-heading" className="card space-y-3">
      <h2 id="transfer-search-heading" className="text-lg font-semibold">
        {t("search.title")}
      </h2>
      {withoutCourse ? (
        <p role="alert" className="rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t("search.withoutCourse")}
        </p>
      ) : null}
      <Form method="get" role="search" aria-label={t("search.title")} className="flex flex-wrap items-end gap-3">
        <div className="min-w-[14rem] flex-1">
          <label htmlFor="transfer-q" className="field-label">
            {t("search.label")}
          </label>
          <p id="transfer-q-hint" className="mb-1 text-xs text-slate-700">
            {t("search.hint")}
          </p>
          <input
            id="transfer-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={TRANSFER_SEARCH_MAX}
            aria-describedby="transfer-q-hint"
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-secondary whitespace-nowrap">
          {t("search.submit")}
        </button>
      </Form>
      {found ? (
        <div>
          <p role="status" className="mb-2 text-sm text-slate-700">
            {t("search.results", { count: found.length })}
          </p>
          {found.length ? (
            <ul className="divide-y divide-slate-200">
              {found.map((s) => {
                const name = `${s.first_name} ${s.last_name} ${s.second_last_name}`.trim();
                return (
                  <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span>
                      <bdi className="font-medium">{name}</bdi>
                      {s.email ? (
                        <>
                          {" · "}
                          <bdi dir="ltr">{s.email}</bdi>
                        </>
                      ) : null}
                      {" · "}
                      {s.course ? (
                        <CourseLabel course={s.course} />
                      ) : (
                        <span className="text-slate-700">{t("search.noCourse")}</span>
                      )}
                    </span>
                    {s.course_id ? (
                      <Link to={`?student=${s.id}`} className="btn-secondary whitespace-nowrap">
                        {t("search.start", { name })}
                      </Link>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
