import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CourseLabel, type CourseLabelParts } from "~/components/courses/labels";
import { TextField } from "~/components/fields";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { DataTable } from "~/components/ui/data-table";
import { FilterActions, FilterFold, FilterInput } from "~/components/ui/filters";
import { Link } from "~/components/ui/link";
import { StatusBadge } from "~/components/ui/status-badge";
import { useAppForm } from "~/components/use-app-form";
import { useTranslation } from "~/i18n/react";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";

interface Teacher {
  id: number;
  name: string;
  email: string;
  status: "active" | "inactive";
  /** Each course by its readable label (issue 19), the professor implied. */
  courses: (Omit<CourseLabelParts, "professor"> & { id: number; running: boolean })[];
  weeklyHours: number;
}

/** The search by name or email. */
export function TeacherSearch() {
  const { t } = useTranslation(["school", "common"]);
  return (
    <FilterFold>
      <Form
        method="get"
        role="search"
        aria-label={t("common:filters.label")}
        className="card flex flex-wrap items-end gap-3 p-4"
      >
        <FilterInput
          name="q"
          label={t("common:filters.search")}
          maxLength={100}
          placeholder={t("teachers.searchHint")}
          className="min-w-[16rem] flex-1"
        />
        <FilterActions />
      </Form>
    </FilterFold>
  );
}

/** A page of professors: contact, the courses they teach (linked for who manages courses), weekly hours, status. */
export function TeacherTable({ rows, opensCourses }: { rows: Teacher[]; opensCourses: boolean }) {
  const { t } = useTranslation(["school", "common"]);
  const format = useFormat();
  return (
    <DataTable
      label={t("teachers.listTitle")}
      rows={rows}
      rowKey={(p) => p.id}
      rowClassName="align-top"
      empty={t("teachers.empty")}
      stack
      columns={[
        { header: t("teachers.name"), rowHeader: true, phone: "title", cell: (p) => <bdi>{p.name}</bdi> },
        {
          header: t("teachers.email"),
          className: "[overflow-wrap:anywhere]",
          cell: (p) => (
            <a href={`mailto:${p.email}`} dir="ltr" className="text-primary-dark underline">
              {p.email}
            </a>
          ),
        },
        {
          header: t("teachers.courses"),
          cell: (p) =>
            p.courses.length === 0 ? (
              <span className="text-slate-700">{t("teachers.noCourses")}</span>
            ) : (
              <ul className="space-y-1">
                {p.courses.map((c) => (
                  <li key={c.id}>
                    {opensCourses ? (
                      <Link to={`/admin/courses/${c.id}`} className="text-primary-dark underline">
                        <CourseLabel course={c} professor={false} />
                      </Link>
                    ) : (
                      <CourseLabel course={c} professor={false} />
                    )}
                    {!c.running ? <span className="text-xs text-slate-700"> ({t("teachers.upcoming")})</span> : null}
                  </li>
                ))}
              </ul>
            ),
        },
        {
          header: t("teachers.weeklyHours"),
          align: "end",
          className: "tabular-nums",
          cell: (p) => format.number(p.weeklyHours),
        },
        { header: t("common:filters.status"), cell: (p) => <StatusBadge kind="user" status={p.status} /> },
      ]}
    />
  );
}

/** A new professor: name, email and an initial password. */
export function NewProfessor({ rules, lastResult }: { rules: FieldRules; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["school", "users", "common"]);
  const check = useLaterSchema(() => import("~/modules/teachers/schema").then((m) => m.professorSchema));
  const [form, fields] = useAppForm({
    id: "new-professor",
    lastResult,
    constraint: rules,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  return (
    <section aria-labelledby="new-heading" className="card max-w-2xl space-y-3">
      <h2 id="new-heading" className="text-lg font-semibold">
        {t("teachers.newTitle")}
      </h2>
      <p className="text-sm text-slate-700">{t("teachers.newExplain")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-1">
        <TextField field={fields.name} label={t("teachers.name")} autoComplete="off" />
        <TextField field={fields.email} label={t("teachers.email")} type="email" autoComplete="off" />
        <TextField
          field={fields.password}
          label={t("teachers.initialPassword")}
          type="password"
          autoComplete="new-password"
          hint={t("teachers.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        />
        <SubmitButton>{t("teachers.create")}</SubmitButton>
      </Form>
    </section>
  );
}
