import { Form } from "@remix-run/react";
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";
import { SubmitButton } from "~/components/forms";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import {
  CELLS,
  type GradebookItem,
  type GradebookRow,
  cellName,
  cellOfForm,
  parseGrade,
} from "~/modules/grades/gradebook";
import { type CellError, type GradebookFormState } from "~/modules/grades/gradebook-form";
import { useAppNames } from "../app-names";
import { ItemGrades, ItemLinks, ItemPicker } from "./gradebook-item";
import { GradebookTable, cellId, itemGroups, useCellMessage } from "./gradebook-table";

export interface GradebookProps {
  course: { id: number; exam: string | null };
  items: GradebookItem[];
  rows: GradebookRow[];
  /** The item shown alone (?item=, the phone's view); null: the whole grid (on a phone: the items to choose from). */
  item: number | null;
  /** The address asked for an item the course does not have. */
  unknownItem: boolean;
  /** What a refused save shows again; none: the cells as stored. */
  state?: GradebookFormState;
}

/** Whether a mouse button (or a tap) is down: the blur it causes comes between the press and the release. */
function usePressing() {
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
  return pressing;
}

/** The gradebook: every current student's grade of every item, saved at once (PRODUCT 7). */
export function GradebookForm({ course, items, rows, item, unknownItem, state }: GradebookProps) {
  const { t } = useTranslation("gradebook");
  const [errors, setErrors] = useState<Record<string, CellError>>(state?.errors ?? {});
  const [formError, setFormError] = useState(state?.formError);
  const summaryRef = useRef<HTMLDivElement>(null);
  const pressing = usePressing();
  const ordered = orderedItems(items);
  const here = `/course/${course.id}/gradebook`;
  const chosen = items.find((i) => i.id === item) ?? null;

  // Refused by the server: the message, then the first marked cell, get the focus.
  useEffect(() => {
    if (!state) return;
    summaryRef.current?.focus();
  }, [state]);

  // With JavaScript the same rules run before the post; without it the server says the same.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found: Record<string, CellError> = {};
    const form = event.currentTarget;
    for (const input of form.querySelectorAll<HTMLInputElement>(CELLS)) {
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
    cellOfForm(form, names[0])?.focus();
  }

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
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, studentId: number, itemId: number) {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const row = rows.findIndex((r) => r.id === studentId);
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
    const next = cellOfForm((event.target as HTMLInputElement).form, cellName(target.id, item));
    if (next) {
      next.focus();
      next.select();
    }
  }

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

      <ItemPicker here={here} exam={course.exam} items={items} chosen={chosen?.id ?? null} />
      {unknownItem ? <FormAlert>{t("gradebook.unknownItem")}</FormAlert> : null}

      {formError && (formError !== "invalid" || Object.keys(errors).length) ? (
        <ErrorSummary summaryRef={summaryRef} formError={formError} errors={errors} items={items} rows={rows} />
      ) : null}

      {chosen ? null : <ItemLinks here={here} exam={course.exam} items={items} rows={rows} />}
      <Form
        method="post"
        action={chosen ? `${here}?item=${chosen.id}` : here}
        noValidate
        // For every cell: none has an autocomplete of its own (issue 18).
        autoComplete="off"
        onSubmit={onSubmit}
        aria-labelledby="gradebook-title"
        aria-describedby="gradebook-help"
        // On a phone the whole grid gives way to the items' links above; one item's view shows everywhere.
        className={chosen ? "space-y-4" : "hidden space-y-4 sm:block"}
      >
        {chosen ? (
          <ItemGrades
            here={here}
            exam={course.exam}
            items={items}
            item={chosen}
            rows={rows}
            state={state}
            errors={errors}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
          />
        ) : (
          <GradebookTable
            exam={course.exam}
            items={items}
            rows={rows}
            state={state}
            errors={errors}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
          />
        )}
        <div
          className={
            chosen
              ? "sticky bottom-0 z-10 -mx-2 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-3 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0"
              : "flex flex-wrap items-center gap-3"
          }
        >
          <SubmitButton>{t("gradebook.save")}</SubmitButton>
          <p className="text-sm text-slate-700">{t("gradebook.savedOnly")}</p>
        </div>
      </Form>
    </section>
  );
}

function orderedItems(items: readonly GradebookItem[]) {
  return itemGroups(items).flatMap((g) => g.items);
}

/** What the refused save says: the form's message, then a link to each marked cell with its message. */
function ErrorSummary({
  summaryRef,
  formError,
  errors,
  items,
  rows,
}: {
  summaryRef: RefObject<HTMLDivElement>;
  formError: GradebookFormState["formError"];
  errors: Record<string, CellError>;
  items: readonly GradebookItem[];
  rows: readonly GradebookRow[];
}) {
  const { t } = useTranslation("gradebook");
  const message = useCellMessage();
  const appNames = useAppNames();
  const itemName = new Map(items.map((i) => [i.id, appNames.item(i.item_name)]));
  const studentName = new Map(rows.map((r) => [r.id, r.name]));
  const names = Object.keys(errors);
  return (
    <FormAlert focusRef={summaryRef}>
      <p className="font-semibold">
        {formError === "foreign"
          ? t("errors.foreign")
          : formError === "conflict"
            ? t("errors.conflict", { count: names.filter((n) => errors[n].code === "conflict").length })
            : t("errors.summary", { count: names.length })}
      </p>
      {names.length ? (
        <ul className="mt-1 list-disc ps-5">
          {names.map((name) => {
            const [, s, i] = name.split("_").map(Number);
            return (
              <li key={name}>
                <a href={`#${cellId(s, i)}`} className="underline">
                  {t("common:colon", {
                    label: t("gradebook.cellLabel", { student: studentName.get(s) ?? "", item: itemName.get(i) ?? "" }),
                  })}
                </a>{" "}
                {message(errors[name])}
              </li>
            );
          })}
        </ul>
      ) : null}
    </FormAlert>
  );
}
