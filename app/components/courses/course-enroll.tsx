import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { FieldError, SubmitButton } from "~/components/forms";
import { DataTable } from "~/components/ui/data-table";
import { useAppForm } from "~/components/use-app-form";
import { useTranslation } from "~/i18n/react";
import { ENROLL_SEARCH_MAX } from "~/modules/courses/constants";
import { fullName } from "./course-page";

type Candidate = {
  id: number;
  first_name: string;
  middle_name: string;
  last_name: string;
  second_last_name: string;
  id_number: string;
  level: string;
  enrolled: boolean;
};

/**
 * The course page's Enroll section (#enroll): the places left, a search of
 * the students of the course's age category (a GET), and the form that
 * enrolls those picked among the results. A finished or inactive course
 * says why it enrolls nobody.
 */
export function EnrollSection({
  course: c,
  canEnroll,
  enrolled,
  q,
  search,
  lastResult,
}: {
  course: { id: number; status: "active" | "inactive"; age_category: "kids" | "adults"; capacity: number };
  canEnroll: boolean;
  /** How many students are enrolled today. */
  enrolled: number;
  q: string | null;
  search: { rows: Candidate[]; more: boolean } | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const free = Math.max(0, c.capacity - enrolled);
  return (
    <section id="enroll" aria-labelledby="enroll-heading" className="card">
      <h2 id="enroll-heading" className="mb-1 text-lg font-semibold">
        {t("enroll.title")}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t("enroll.places", { enrolled, capacity: c.capacity, free })}</p>
      {canEnroll ? (
        <>
          <Form
            method="get"
            action={`/admin/courses/${c.id}#enroll`}
            role="search"
            aria-label={t("enroll.searchLabel")}
            className="flex flex-wrap items-end gap-2"
          >
            <div className="min-w-[16rem] flex-1">
              <label htmlFor="enroll-q" className="field-label">
                {t("enroll.search")}
              </label>
              <p id="enroll-q-hint" className="mb-1 text-xs text-slate-700">
                {t("enroll.searchHint", { age: t(`registration.age.${c.age_category}`) })}
              </p>
              <input
                id="enroll-q"
                name="q"
                type="search"
                defaultValue={q ?? ""}
                maxLength={ENROLL_SEARCH_MAX}
                aria-describedby="enroll-q-hint"
                className="field-input"
              />
            </div>
            <button type="submit" className="btn-secondary">
              {t("enroll.find")}
            </button>
          </Form>
          {search ? <EnrollForm rows={search.rows} more={search.more} q={q ?? ""} lastResult={lastResult} /> : null}
        </>
      ) : (
        <p className="text-sm text-slate-700">
          {t(c.status !== "active" ? "enroll.errors.inactive" : "enroll.errors.finished")}
        </p>
      )}
    </section>
  );
}

function EnrollForm({
  rows,
  more,
  q,
  lastResult,
}: {
  rows: Candidate[];
  more: boolean;
  q: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const appNames = useAppNames();
  // Not "enroll": that is the section's id (the search's #enroll anchor).
  const [form, fields] = useAppForm({ id: "enroll-form", lastResult });
  const ids = fields.student_ids;
  const initial = ids.initialValue;
  const checked = new Set((Array.isArray(initial) ? initial : initial ? [initial] : []).map(String));
  if (rows.length === 0) return <p className="mt-3 text-slate-700">{t("enroll.noMatches", { q })}</p>;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="enroll" />
      <fieldset aria-describedby={ids.errorId} aria-invalid={ids.errors?.length ? true : undefined}>
        <legend className="field-label">{t("enroll.choose")}</legend>
        <DataTable
          label={t("enroll.results")}
          className=""
          rows={rows}
          rowKey={(s) => s.id}
          columns={[
            {
              header: <span className="sr-only">{t("enroll.pick")}</span>,
              headerClassName: "w-12",
              cell: (s) => (
                <input
                  id={`enroll-student-${s.id}`}
                  type="checkbox"
                  name="student_ids"
                  value={s.id}
                  defaultChecked={checked.has(String(s.id))}
                  key={`${ids.key ?? ""}-${s.id}`}
                  disabled={s.enrolled}
                  className="h-4 w-4 accent-[#4c3fe0]"
                />
              ),
            },
            {
              header: t("detail.name"),
              cell: (s) => (
                <>
                  <label htmlFor={`enroll-student-${s.id}`}>{fullName(s)}</label>
                  {s.enrolled ? <span className="ms-2 text-xs text-slate-700">({t("enroll.already")})</span> : null}
                </>
              ),
            },
            { header: t("registration.fields.id_number"), className: "font-mono", cell: (s) => s.id_number },
            { header: t("registration.fields.level"), cell: (s) => appNames.level(s.level) },
          ]}
        />
        {more ? <p className="mt-2 text-sm text-slate-700">{t("enroll.more")}</p> : null}
        <FieldError id={ids.errorId} errors={ids.errors} />
      </fieldset>
      <SubmitButton>{t("enroll.submit")}</SubmitButton>
    </Form>
  );
}
