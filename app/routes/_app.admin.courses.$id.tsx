import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useCategoryLabel, useCourseTypeLabel, useScheduleLabel, useWeekdayNames } from "~/components/courses/labels";
import { useFormat } from "~/components/format";
import { FieldError, SubmitButton } from "~/components/forms";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable } from "~/components/ui/data-table";
import { DetailsCard } from "~/components/ui/details-card";
import { FormAlert } from "~/components/ui/form-alert";
import { PageHeader } from "~/components/ui/page-header";
import { StatusBadge } from "~/components/ui/status-badge";
import { requireId } from "~/http/ids.server";
import { notFound } from "~/http/not-found.server";
import { ENROLL_REFUSALS, formReply } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import {
  courseEnrollments,
  enrollStudents,
  getCourse,
  gradingItemsOf,
  searchStudentsForCourse,
  unenrollStudent,
} from "~/modules/courses/courses.server";
import { phaseOf } from "~/modules/courses/schema";
import { countByStatus } from "~/modules/courses/session-counts";
import { schoolToday, sessionsOfCourse } from "~/modules/courses/sessions.server";
import { readForm } from "~/modules/shared/form.server";
import { MAX_ID } from "~/modules/shared/ids";
import { examType, levelById } from "~/modules/students/levels";
import { toasts } from "~/modules/toast.server";

export const handle = { i18n: ["common", "courses", "gradebook"] };

const SEARCH_MAX = 100;

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("enroll"),
    student_ids: z
      .array(z.coerce.number().int().positive().max(MAX_ID), { required_error: "courses:enroll.errors.none" })
      .min(1, "courses:enroll.errors.none")
      .max(100, "courses:enroll.errors.tooMany")
      .or(
        z.coerce
          .number()
          .int()
          .positive()
          .max(MAX_ID)
          .transform((n) => [n]),
      ),
  }),
  z.object({
    intent: z.literal("unenroll"),
    enrollment_id: z.coerce.number().int().positive().max(MAX_ID),
  }),
]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "courses:manage");
  const id = requireId(params);
  const url = new URL(request.url);
  const q = url.searchParams.has("q") ? (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX) : null;
  const today = await schoolToday();
  const [course, enrollments, sessions, items] = await Promise.all([
    getCourse(id),
    courseEnrollments(id, today),
    sessionsOfCourse(id),
    gradingItemsOf(id),
  ]);
  if (!course || !sessions) notFound();
  const search = q !== null ? await searchStudentsForCourse(course, q, today) : null;
  return json({
    course: {
      ...course,
      level: levelById(course.level_id)?.name ?? "",
      exam: examType(course.level_id, course.age_category),
    },
    phase: phaseOf(course, today),
    enrollments,
    sessions: sessions.sessions.map(({ date, start_time, end_time, holiday, status }) => ({
      date,
      start_time,
      end_time,
      holiday,
      status,
    })),
    items,
    q,
    search: search
      ? { more: search.more, rows: search.rows.map((s) => ({ ...s, level: levelById(s.level_id)?.name ?? "" })) }
      : null,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.course.course_id ?? "" }];

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "courses:manage");
  const id = requireId(params);
  const submission = parseWithZod(await readForm(request), { schema: actionSchema });
  const intent = submission.payload.intent === "unenroll" ? "unenroll" : "enroll";
  if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const today = await schoolToday();
  const here = `/admin/courses/${id}`;

  if (value.intent === "unenroll") {
    const outcome = await unenrollStudent(id, value.enrollment_id, user.id, today);
    if (!outcome.ok)
      return json(
        { intent, result: submission.reply({ formErrors: ["courses:unenroll.notCurrent"] }) },
        { status: 409 },
      );
    return toasts(request).redirectWithSuccess(here, "courses:unenroll.done");
  }

  const outcome = await enrollStudents(id, value.student_ids, user.id, today);
  if (!outcome.ok) {
    if (outcome.reason === "notFound") notFound();
    const { status, reply } = formReply(submission, outcome, ENROLL_REFUSALS);
    return json({ intent, result: reply }, { status });
  }
  const t = await translator(request, "courses");
  // The names are data, the rest is translated here: the toast shows the text as it is.
  const description = outcome.skipped.length ? t("enroll.skipped", { names: outcome.skipped.join(", ") }) : undefined;
  const back = new URL(request.url).searchParams.get("q");
  const to = back !== null ? `${here}?q=${encodeURIComponent(back)}#enroll` : here;
  if (outcome.enrolled === 0)
    return toasts(request).redirectWithInfo(to, { message: "courses:enroll.noneEnrolled", description });
  return toasts(request).redirectWithSuccess(to, {
    message: t("enroll.done", { count: outcome.enrolled }),
    description,
  });
}

type ActionData = { intent: "enroll" | "unenroll"; result: SubmissionResult<string[]> };

export default function CourseDetail() {
  const { course: c, phase, enrollments, sessions, items, q, search } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const format = useFormat();
  const [params] = useSearchParams();
  const typeLabel = useCourseTypeLabel();
  const scheduleLabel = useScheduleLabel();
  const here = `/admin/courses/${c.id}`;
  const confirmId = Number(params.get("unenroll"));
  const toUnenroll = enrollments.current.find((e) => e.id === confirmId);
  const counts = countByStatus(sessions);
  const free = Math.max(0, c.capacity - enrollments.current.length);
  const canEnroll = c.status === "active" && phase !== "finished";

  const data: [string, ReactNode][] = [
    [t("fields.code"), c.course_id],
    [t("fields.number"), c.course_number],
    [t("registration.fields.level"), c.level],
    [t("registration.fields.age_category"), t(`registration.age.${c.age_category}`)],
    [t("fields.type"), typeLabel(c.type)],
    [t("registration.fields.schedule"), scheduleLabel(c)],
    [t("fields.dates"), t("dateRange", { start: format.day(c.start_date), end: format.day(c.end_date) })],
    [t("fields.phase"), t(`phases.${phase}`)],
    [t("fields.professor"), c.professor_name ? `${c.professor_name} (${c.professor_email})` : t("noProfessor")],
    [
      t("form.percentages"),
      t("percentagesValue", {
        assig: format.percent(c.assig_percentage, 0),
        test: format.percent(c.test_percentage, 0),
        exam: format.percent(c.exam_percentage, 0),
      }),
    ],
    [
      t("fields.enrolled"),
      <bdi key="enrolled" dir="ltr">
        {t("enrolledOf", { enrolled: format.number(enrollments.current.length), capacity: format.number(c.capacity) })}
      </bdi>,
    ],
    [t("fields.exam"), c.exam ?? t("noExam")],
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title={c.course_id}
        titleClassName="font-mono"
        back={{ to: "/admin/courses", label: t("backToList") }}
        badge={<StatusBadge status={c.status} />}
      />
      <div className="flex flex-wrap gap-3">
        <Link to={`${here}/edit`} className="btn-primary">
          {t("edit")}
        </Link>
        <Link to={`${here}/report`} className="btn-secondary">
          {t("gradebook:staff.open")}
        </Link>
      </div>

      <DetailsCard id="data-heading" title={t("detail.data")} items={data} wide />

      <section aria-labelledby="students-heading" className="card">
        <h2 id="students-heading" className="mb-3 text-lg font-semibold">
          {t("detail.students")}
        </h2>
        {actionData?.intent === "unenroll" && actionData.result.error?.[""]?.length ? (
          <FormAlert className="mb-3">{t(actionData.result.error[""][0])}</FormAlert>
        ) : null}
        <DataTable
          label={t("detail.students")}
          className=""
          rows={enrollments.current}
          rowKey={(e) => e.id}
          whenEmpty={<p className="text-slate-700">{t("detail.noStudents")}</p>}
          columns={[
            {
              header: t("detail.name"),
              cell: (e) => (
                <Link to={`/admin/students/${e.student_id}`} className="font-medium text-primary-dark underline">
                  {fullName(e)}
                </Link>
              ),
            },
            { header: t("registration.fields.id_number"), className: "font-mono", cell: (e) => e.id_number },
            { header: t("detail.since"), cell: (e) => format.day(e.start_date) },
            {
              header: t("detail.actions"),
              align: "end",
              cell: (e) => (
                <Link
                  to={`?unenroll=${e.id}`}
                  preventScrollReset
                  className="text-sm font-medium text-secondary-dark underline"
                >
                  {t("unenroll.action")}
                  <span className="sr-only"> {fullName(e)}</span>
                </Link>
              ),
            },
          ]}
        />
        {enrollments.ended.length ? (
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-medium text-primary-dark">
              {t("detail.former", { count: enrollments.ended.length })}
            </summary>
            <DataTable
              label={t("detail.formerCaption")}
              className="mt-2"
              rows={enrollments.ended}
              rowKey={(e) => e.id}
              columns={[
                {
                  header: t("detail.name"),
                  cell: (e) => (
                    <Link to={`/admin/students/${e.student_id}`} className="text-primary-dark underline">
                      {fullName(e)}
                    </Link>
                  ),
                },
                { header: t("detail.since"), cell: (e) => format.day(e.start_date) },
                { header: t("detail.until"), cell: (e) => format.day(e.end_date) },
                { header: t("detail.reason"), cell: (e) => endReasonLabel(t, e.end_reason) },
              ]}
            />
          </details>
        ) : null}
      </section>

      <section id="enroll" aria-labelledby="enroll-heading" className="card">
        <h2 id="enroll-heading" className="mb-1 text-lg font-semibold">
          {t("enroll.title")}
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          {t("enroll.places", { enrolled: enrollments.current.length, capacity: c.capacity, free })}
        </p>
        {canEnroll ? (
          <>
            <Form
              method="get"
              action={`${here}#enroll`}
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
                  maxLength={SEARCH_MAX}
                  aria-describedby="enroll-q-hint"
                  className="field-input"
                />
              </div>
              <button type="submit" className="btn-secondary">
                {t("enroll.find")}
              </button>
            </Form>
            {search ? (
              <EnrollForm
                rows={search.rows}
                more={search.more}
                q={q ?? ""}
                lastResult={actionData?.intent === "enroll" ? actionData.result : undefined}
              />
            ) : null}
          </>
        ) : (
          <p className="text-sm text-slate-700">
            {t(c.status !== "active" ? "enroll.errors.inactive" : "enroll.errors.finished")}
          </p>
        )}
      </section>

      <section aria-labelledby="sessions-heading" className="card">
        <h2 id="sessions-heading" className="mb-1 text-lg font-semibold">
          {t("sessions.title")}
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          {t("sessions.summary", {
            total: sessions.length,
            held: counts.held,
            holiday: counts.holiday,
            upcoming: counts.upcoming,
          })}
        </p>
        <SessionsTable sessions={sessions} />
      </section>

      <section aria-labelledby="items-heading" className="card">
        <h2 id="items-heading" className="mb-1 text-lg font-semibold">
          {t("detail.items")}
        </h2>
        <p className="mb-3 text-sm text-slate-700">{t("detail.itemsNote")}</p>
        <GradingItems items={items} exam={c.exam} />
      </section>

      {toUnenroll ? (
        <ConfirmDialog title={t("unenroll.confirmTitle")} cancelTo={here}>
          <Form method="post" action={here} className="space-y-3">
            <input type="hidden" name="intent" value="unenroll" />
            <input type="hidden" name="enrollment_id" value={toUnenroll.id} />
            <p className="text-sm text-slate-800">
              {t("unenroll.confirmText", {
                name: [toUnenroll.first_name, toUnenroll.last_name, toUnenroll.second_last_name]
                  .filter(Boolean)
                  .join(" "),
                code: c.course_id,
              })}
            </p>
            <SubmitButton className="btn-danger">{t("unenroll.action")}</SubmitButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

const fullName = (e: { first_name: string; middle_name: string; last_name: string; second_last_name: string }) =>
  [e.first_name, e.middle_name, e.last_name, e.second_last_name].filter(Boolean).join(" ");

function endReasonLabel(t: (key: string) => string, reason: string | null) {
  if (reason === "unenrolled" || reason === "transfer" || reason === "completed" || reason === "withdrawn")
    return t(`endReasons.${reason}`);
  return reason || t("endReasons.ended");
}

function EnrollForm({
  rows,
  more,
  q,
  lastResult,
}: {
  rows: {
    id: number;
    first_name: string;
    middle_name: string;
    last_name: string;
    second_last_name: string;
    id_number: string;
    level: string;
    enrolled: boolean;
  }[];
  more: boolean;
  q: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  // Not "enroll": that is the section's id (the search's #enroll anchor).
  const [form, fields] = useForm({ id: "enroll-form", lastResult });
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
            { header: t("registration.fields.level"), cell: (s) => s.level },
          ]}
        />
        {more ? <p className="mt-2 text-sm text-slate-700">{t("enroll.more")}</p> : null}
        <FieldError id={ids.errorId} errors={ids.errors} />
      </fieldset>
      <SubmitButton>{t("enroll.submit")}</SubmitButton>
    </Form>
  );
}

function SessionsTable({
  sessions,
}: {
  sessions: {
    date: string;
    start_time: string;
    end_time: string;
    holiday: string | null;
    status: "held" | "holiday" | "upcoming";
  }[];
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const format = useFormat();
  const weekdays = useWeekdayNames();
  if (sessions.length === 0) return <p className="text-slate-700">{t("sessions.none")}</p>;
  const STYLE = {
    held: "bg-emerald-100 text-emerald-900",
    holiday: "bg-amber-100 text-amber-900",
    upcoming: "bg-slate-100 text-slate-800",
  } as const;
  const weekday = (date: string) =>
    weekdays[["SU", "MO", "TU", "WE", "TH", "FR", "SA"][new Date(`${date}T00:00:00Z`).getUTCDay()]];
  return (
    <div
      role="region"
      className="max-h-[32rem] overflow-auto rounded-md border border-slate-200"
      tabIndex={0}
      aria-labelledby="sessions-heading"
    >
      <DataTable
        label={t("sessions.title")}
        scroll={false}
        headClassName="sticky top-0 bg-slate-100"
        rows={sessions}
        rowKey={(s) => s.date}
        columns={[
          { header: "#", className: "tabular-nums text-slate-700", cell: (_, i) => i + 1 },
          {
            header: t("sessions.date"),
            className: "whitespace-nowrap",
            cell: (s) => `${weekday(s.date)} ${format.day(s.date)}`,
          },
          {
            header: t("sessions.time"),
            className: "whitespace-nowrap tabular-nums",
            cell: (s) => t("timeRange", { start: s.start_time, end: s.end_time }),
          },
          {
            header: t("sessions.status"),
            cell: (s) => (
              <>
                <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STYLE[s.status]}`}>
                  {t(`sessions.statuses.${s.status}`)}
                </span>
                {s.holiday ? <span className="ms-2 text-slate-700">{s.holiday}</span> : null}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}

function GradingItems({
  items,
  exam,
}: {
  items: { id: number; item_name: string; category: "ASSIGNMENTS" | "PROGRESS TESTS" | "EXAM" }[];
  exam: Parameters<ReturnType<typeof useCategoryLabel>>[1];
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const categoryLabel = useCategoryLabel();
  return (
    <DataTable
      label={t("detail.items")}
      scroll={false}
      rows={items}
      rowKey={(it) => it.id}
      whenEmpty={<p className="text-slate-700">{t("detail.noItems")}</p>}
      columns={[
        { header: t("syllabus.category"), cell: (it) => categoryLabel(it.category, exam) },
        { header: t("syllabus.itemName"), cell: (it) => it.item_name },
      ]}
    />
  );
}
