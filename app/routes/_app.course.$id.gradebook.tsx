import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/forms";
import { ResultBadge, useCategoryLabel, useGradeFormat } from "~/components/grades/grades";
import { titleMeta } from "~/components/ui/meta";
import { TableScroll } from "~/components/ui/table-scroll";
import { type GradingCategory } from "~/db/schema";
import { requireCourseProfessor } from "~/http/course-access.server";
import { translator } from "~/i18n/i18n.server";
import { schoolToday } from "~/modules/courses/sessions.server";
import { type GradeError, cellName, gradeText, originalName, parseGrade } from "~/modules/grades/gradebook";
import { loadGradebook, saveGradebook } from "~/modules/grades/gradebook.server";
import { CATEGORIES } from "~/modules/grades/grading";
import { readForm } from "~/modules/shared/form.server";
import { examType } from "~/modules/students/levels";
import { toasts } from "~/modules/toast.server";

export const handle = { i18n: ["common", "course", "gradebook"] };

const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  const [gradebook, t] = await Promise.all([
    loadGradebook(courseId, await schoolToday()),
    translator(request, "gradebook"),
  ]);
  return json({
    title: `${t("gradebook.title")} · ${gradebook.course.course_id}`,
    token: token(),
    course: { id: gradebook.course.id, exam: examType(gradebook.course.level_id, gradebook.course.age_category) },
    items: gradebook.items,
    rows: gradebook.rows,
  });
}

export const meta = titleMeta;

type CellError = { code: GradeError } | { code: "conflict"; mine: string; theirs: string };

/** What the form shows after a refused post: every cell's text and original, and what is wrong. */
interface FormState {
  token: string;
  formError: "invalid" | "foreign" | "conflict";
  values: Record<string, string>;
  originals: Record<string, string>;
  errors: Record<string, CellError>;
}

const POSTED_CELL = /^[go]_\d{1,10}_\d{1,10}$/;

/** The cells of the post as typed, to show them again. */
function echo(form: FormData) {
  const values: Record<string, string> = {};
  const originals: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (!POSTED_CELL.test(name) || typeof value !== "string") continue;
    const text = value.slice(0, 40);
    if (name.startsWith("g_")) values[name] = text;
    else originals[`g_${name.slice(2)}`] = text;
  }
  return { values, originals };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, courseId } = await requireCourseProfessor(request, params);
  const form = await readForm(request, "grid");
  const outcome = await saveGradebook(courseId, user.id, form, await schoolToday());
  const here = `/course/${courseId}/gradebook`;
  if (outcome.ok) {
    return outcome.written
      ? toasts(request).redirectWithSuccess(here, "gradebook:gradebook.saved")
      : toasts(request).redirectWithInfo(here, "gradebook:gradebook.nothingChanged");
  }
  switch (outcome.reason) {
    case "invalid": {
      const errors: Record<string, CellError> = {};
      for (const [name, code] of Object.entries(outcome.errors)) errors[name] = { code };
      const state: FormState = { token: token(), formError: "invalid", ...echo(form), errors };
      return json({ state }, { status: 400 });
    }
    case "foreign": {
      const state: FormState = { token: token(), formError: "foreign", ...echo(form), errors: {} };
      return json({ state }, { status: 400 });
    }
    case "conflict": {
      // Everything as stored now, with this post's other changes kept as typed.
      const values: Record<string, string> = {};
      const originals: Record<string, string> = {};
      const errors: Record<string, CellError> = {};
      for (const [name, grade] of Object.entries(outcome.current)) {
        originals[name] = gradeText(grade);
        values[name] = outcome.kept[name] ?? gradeText(grade);
      }
      for (const [name, c] of Object.entries(outcome.conflicts))
        errors[name] = { code: "conflict", mine: c.mine, theirs: gradeText(c.theirs) };
      const state: FormState = { token: token(), formError: "conflict", values, originals, errors };
      return json({ state }, { status: 409 });
    }
    default: {
      const never: never = outcome;
      throw new Error(`Unhandled outcome ${JSON.stringify(never)}`);
    }
  }
}

export default function GradebookPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state = actionData && "state" in actionData ? (actionData.state as FormState) : undefined;
  // A fresh form after every answer from the server, so cells show what it says.
  return <GradebookForm key={state?.token ?? data.token} state={state} />;
}

function GradebookForm({ state }: { state?: FormState }) {
  const { course, items, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation("gradebook");
  const format = useGradeFormat();
  const categoryLabel = useCategoryLabel(course.exam);
  const [errors, setErrors] = useState<Record<string, CellError>>(state?.errors ?? {});
  const [formError, setFormError] = useState(state?.formError);
  const summaryRef = useRef<HTMLDivElement>(null);

  const groups = CATEGORIES.map((category) => ({
    category,
    items: items.filter((i) => i.category === category),
  })).filter((g) => g.items.length);
  const shownCategories = groups.map((g) => g.category);
  const ordered = groups.flatMap((g) => g.items);
  const itemName = new Map(ordered.map((i) => [i.id, i.item_name]));
  const studentName = new Map(rows.map((r) => [r.id, r.name]));
  const cellId = (studentId: number, itemId: number) => `g-${studentId}-${itemId}`;

  // Refused by the server: the message, then the first marked cell, get the focus.
  useEffect(() => {
    if (!state) return;
    summaryRef.current?.focus();
  }, [state]);

  const message = (name: string, e: CellError) => {
    if (e.code !== "conflict") return t(`errors.${e.code}`);
    if (e.theirs === "") return t("errors.conflictRemoved", { mine: e.mine });
    if (e.mine.trim() === "") return t("errors.conflictCleared", { theirs: e.theirs });
    return t("errors.conflictCell", { theirs: e.theirs, mine: e.mine });
  };

  // With JavaScript the same rules run before the post; without it the server says the same.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found: Record<string, CellError> = {};
    for (const input of event.currentTarget.querySelectorAll<HTMLInputElement>("input[data-cell]")) {
      const parsed = parseGrade(input.value);
      if (!parsed.ok) found[input.name] = { code: parsed.error };
    }
    const names = Object.keys(found);
    if (!names.length) return;
    event.preventDefault();
    setErrors((old) => ({
      ...Object.fromEntries(Object.entries(old).filter(([, e]) => e.code === "conflict")),
      ...found,
    }));
    setFormError("invalid");
    const [, s, i] = names[0].split("_");
    document.getElementById(cellId(Number(s), Number(i)))?.focus();
  }

  // Whether a mouse button (or a tap) is down: the blur it causes comes
  // between the press and the release.
  const pressing = useRef(false);
  useEffect(() => {
    const down = () => {
      pressing.current = true;
    };
    const up = () => {
      pressing.current = false;
    };
    window.addEventListener("mousedown", down, true);
    window.addEventListener("mouseup", up, true);
    return () => {
      window.removeEventListener("mousedown", down, true);
      window.removeEventListener("mouseup", up, true);
    };
  }, []);

  function onBlur(name: string, value: string) {
    const parsed = parseGrade(value);
    const mark = () =>
      setErrors((old) => {
        const current = old[name];
        if (!parsed.ok) return current?.code === parsed.error ? old : { ...old, [name]: { code: parsed.error } };
        if (!current || current.code === "conflict") return old;
        const { [name]: _, ...rest } = old;
        return rest;
      });
    if (!pressing.current) return mark();
    // Left with a press on Save (or anything else): marking the cell adds its
    // message and moves the rows below, and the button with them, before the
    // release, so the click was lost and the professor saw nothing happen
    // (issue 15). The mark waits until the click has been handled.
    window.addEventListener("mouseup", () => window.setTimeout(mark, 0), { capture: true, once: true });
  }

  // Enter moves like a spreadsheet and never saves: the same item of the next
  // student (Shift+Enter: the previous one); past the last student, the first
  // student of the next item (Shift+Enter: back to the last of the previous
  // one). Without JavaScript Enter submits the form, as any form does.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, row: number, itemId: number) {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const step = event.shiftKey ? -1 : 1;
    let target = rows[row + step];
    let item = itemId;
    if (!target) {
      const column = ordered.findIndex((i) => i.id === itemId);
      const nextItem = ordered[column + step];
      if (!nextItem) return;
      item = nextItem.id;
      target = rows[step > 0 ? 0 : rows.length - 1];
    }
    const next = document.getElementById(cellId(target.id, item)) as HTMLInputElement | null;
    next?.focus();
    next?.select();
  }

  const errorCount = Object.keys(errors).length;
  const errorNames = Object.keys(errors);

  if (!rows.length || !items.length) {
    return (
      <section aria-labelledby="gradebook-title" className="space-y-3">
        <h1 id="gradebook-title" className="text-2xl font-semibold">
          {t("gradebook.title")}
        </h1>
        <p className="card text-slate-800">{!items.length ? t("gradebook.noItems") : t("gradebook.noStudents")}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="gradebook-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="gradebook-title" className="text-2xl font-semibold">
          {t("gradebook.title")}
        </h1>
        <Link to={`/course/${course.id}/student-report`} className="text-sm text-primary-dark underline">
          {t("gradebook.toReport")}
        </Link>
      </div>
      <p id="gradebook-help" className="max-w-3xl text-sm text-slate-700">
        {t("gradebook.help")} {t("gradebook.keyboard")}
      </p>

      {formError && (formError !== "invalid" || errorCount) ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          className="rounded-md border border-secondary-dark bg-rose-50 px-3 py-2 text-sm text-rose-900"
        >
          <p className="font-semibold">
            {formError === "foreign"
              ? t("errors.foreign")
              : formError === "conflict"
                ? t("errors.conflict", { count: errorNames.filter((n) => errors[n].code === "conflict").length })
                : t("errors.summary", { count: errorCount })}
          </p>
          {errorNames.length ? (
            <ul className="mt-1 list-disc ps-5">
              {errorNames.map((name) => {
                const [, s, i] = name.split("_").map(Number);
                return (
                  <li key={name}>
                    <a href={`#${cellId(s, i)}`} className="underline">
                      {t("gradebook.cellLabel", { student: studentName.get(s) ?? "", item: itemName.get(i) ?? "" })}
                    </a>
                    {": "}
                    {message(name, errors[name])}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}

      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="gradebook-title"
        aria-describedby="gradebook-help"
        className="space-y-4"
      >
        <TableScroll
          label={t("gradebook.caption")}
          className="max-w-full rounded-lg border border-slate-200 bg-white"
          testId="gradebook-scroll"
        >
          <table className="min-w-max border-separate border-spacing-0 text-sm">
            <caption className="sr-only">{t("gradebook.caption")}</caption>
            <colgroup>
              <col />
            </colgroup>
            {groups.map((g) => (
              <colgroup key={g.category} span={g.items.length} />
            ))}
            <colgroup span={shownCategories.length} />
            <colgroup span={2} />
            <thead>
              <tr>
                <th
                  rowSpan={2}
                  scope="col"
                  className="sticky start-0 z-20 border-b border-e border-slate-200 bg-slate-50 px-3 py-2 text-start align-bottom"
                >
                  {t("gradebook.student")}
                </th>
                {groups.map((g) => (
                  <th
                    key={g.category}
                    colSpan={g.items.length}
                    scope="colgroup"
                    className="border-b border-e border-slate-200 bg-slate-50 px-3 py-2 text-center font-semibold"
                  >
                    {categoryLabel(g.category as GradingCategory)}
                  </th>
                ))}
                <th
                  colSpan={shownCategories.length}
                  scope="colgroup"
                  className="border-b border-e border-slate-200 bg-slate-100 px-3 py-2 text-center font-semibold"
                >
                  {t("gradebook.averages")}
                </th>
                <th
                  rowSpan={2}
                  scope="col"
                  className="border-b border-slate-200 bg-slate-100 px-3 py-2 text-end align-bottom"
                >
                  {t("gradebook.final")}
                </th>
                <th
                  rowSpan={2}
                  scope="col"
                  className="border-b border-slate-200 bg-slate-100 px-3 py-2 text-center align-bottom"
                >
                  {t("gradebook.result")}
                </th>
              </tr>
              <tr>
                {ordered.map((item) => (
                  <th
                    key={item.id}
                    scope="col"
                    className="max-w-[9rem] border-b border-slate-200 bg-slate-50 px-2 py-2 text-center align-bottom font-medium"
                  >
                    {item.item_name}
                  </th>
                ))}
                {shownCategories.map((c) => (
                  <th
                    key={c}
                    scope="col"
                    className="max-w-[8rem] border-b border-slate-200 bg-slate-100 px-2 py-2 text-end align-bottom font-medium"
                  >
                    {categoryLabel(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={row.id} className="group">
                  <th
                    scope="row"
                    className="sticky start-0 z-10 max-w-[14rem] border-b border-e border-slate-200 bg-white px-3 py-1 text-start font-medium group-hover:bg-slate-50"
                  >
                    {row.name}
                  </th>
                  {ordered.map((item) => {
                    const name = cellName(row.id, item.id);
                    const stored = (row.grades as Record<string, number>)[item.id];
                    const value = state?.values[name] ?? gradeText(stored, format.decimalSeparator);
                    const original = state?.originals[name] ?? gradeText(stored);
                    const error = errors[name];
                    const id = cellId(row.id, item.id);
                    return (
                      <td key={item.id} className="border-b border-slate-200 px-1 py-1 text-center align-top">
                        <input type="hidden" name={originalName(row.id, item.id)} value={original} />
                        <input
                          id={id}
                          name={name}
                          type="text"
                          inputMode="decimal"
                          autoComplete="off"
                          maxLength={10}
                          defaultValue={value}
                          data-cell=""
                          aria-label={t("gradebook.cellLabel", { student: row.name, item: item.item_name })}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error` : undefined}
                          onBlur={(e) => onBlur(name, e.currentTarget.value)}
                          onKeyDown={(e) => onKeyDown(e, r, item.id)}
                          className="w-[4.5rem] rounded border border-slate-400 px-2 py-1 text-end tabular-nums aria-[invalid=true]:border-2 aria-[invalid=true]:border-secondary-dark"
                        />
                        {error ? (
                          <p id={`${id}-error`} className="mt-0.5 max-w-[9rem] text-start text-xs text-secondary-dark">
                            {message(name, error)}
                          </p>
                        ) : null}
                      </td>
                    );
                  })}
                  {shownCategories.map((c) => (
                    <td key={c} className="border-b border-slate-200 bg-slate-50 px-2 py-1 text-end tabular-nums">
                      {format.score(row.averages[c])}
                    </td>
                  ))}
                  <td className="border-b border-slate-200 bg-slate-50 px-3 py-1 text-end font-semibold tabular-nums">
                    {format.score(row.final)}
                  </td>
                  <td className="border-b border-slate-200 bg-slate-50 px-3 py-1 text-center">
                    <ResultBadge result={row.result} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton>{t("gradebook.save")}</SubmitButton>
          <p className="text-sm text-slate-700">{t("gradebook.savedOnly")}</p>
        </div>
      </Form>
    </section>
  );
}
