import { Form } from "@remix-run/react";
import { type FocusEvent, type KeyboardEvent } from "react";
import { useAppNames } from "~/components/app-names";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import {
  type GradebookItem,
  type GradebookRow,
  ORIGINALS_FIELD,
  cellName,
  isCell,
  gradeText,
  packOriginals,
} from "~/modules/grades/gradebook";
import { type CellError, type GradebookFormState } from "~/modules/grades/gradebook-form";
import { cellId, itemGroups, useCellMessage } from "./gradebook-table";
import { ResultBadge, useCategoryLabel, useGradeFormat } from "./grades";

// The gradebook one item at a time (issue 19, the phone's view): a GET
// picker (?item=<id>, no JavaScript needed), the items as links on a phone,
// and one item's cells — the same cell names, originals and one-post save as
// the grid (ADR 009), so only the cells of that item are posted and written.

/** The picker: a GET form, so the chosen item is in the address (the whole grid when none). */
export function ItemPicker({
  here,
  exam,
  items,
  chosen,
}: {
  here: string;
  exam: string | null;
  items: readonly GradebookItem[];
  chosen: number | null;
}) {
  const names = useAppNames();
  const { t } = useTranslation("gradebook");
  const categoryLabel = useCategoryLabel(exam);
  return (
    <Form method="get" action={here} className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 sm:max-w-md">
        <label htmlFor="gradebook-item" className="field-label">
          {t("gradebook.pickItem")}
        </label>
        <select id="gradebook-item" name="item" key={chosen ?? ""} defaultValue={chosen ?? ""} className="field-input">
          <option value="">{t("gradebook.allItems")}</option>
          {itemGroups(items).map((g) => (
            <optgroup key={g.category} label={categoryLabel(g.category)}>
              {g.items.map((i) => (
                <option key={i.id} value={i.id}>
                  {names.item(i.item_name)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        {t("gradebook.show")}
      </button>
    </Form>
  );
}

/** On a phone, instead of the grid: every item as a link to its own view, with how many grades it has. */
export function ItemLinks({
  here,
  exam,
  items,
  rows,
}: {
  here: string;
  exam: string | null;
  items: readonly GradebookItem[];
  rows: readonly GradebookRow[];
}) {
  const names = useAppNames();
  const { t } = useTranslation("gradebook");
  const categoryLabel = useCategoryLabel(exam);
  return (
    <nav aria-labelledby="gradebook-items-title" className="card space-y-3 px-3 sm:hidden">
      <h2 id="gradebook-items-title" className="text-lg font-semibold">
        {t("gradebook.chooseItem")}
      </h2>
      {itemGroups(items).map((g) => (
        <section key={g.category} aria-label={categoryLabel(g.category)}>
          <h3 className="mb-1 text-sm font-semibold text-slate-700">{categoryLabel(g.category)}</h3>
          <ul className="divide-y divide-slate-200 border-y border-slate-200">
            {g.items.map((i) => (
              <li key={i.id}>
                <Link
                  to={`${here}?item=${i.id}`}
                  className="flex min-h-12 items-center justify-between gap-3 px-1 py-2 text-primary-dark"
                >
                  <span className="font-medium underline">{names.item(i.item_name)}</span>
                  <span className="shrink-0 text-sm text-slate-700">
                    {t("gradebook.graded", {
                      done: rows.filter((r) => r.grades[i.id] !== undefined).length,
                      total: rows.length,
                    })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

/** The previous and next items, and the way back to the whole grid. */
function ItemSteps({ here, items, item }: { here: string; items: readonly GradebookItem[]; item: GradebookItem }) {
  const names = useAppNames();
  const { t, i18n } = useTranslation("gradebook");
  const ordered = itemGroups(items).flatMap((g) => g.items);
  const at = ordered.findIndex((i) => i.id === item.id);
  const previous = ordered[at - 1];
  const next = ordered[at + 1];
  // Arrows that point the way the page reads: "previous" is to the left in English, to the right in Arabic.
  const rtl = i18n.dir(i18n.language) === "rtl";
  const link = "inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm text-primary-dark underline";
  return (
    <nav aria-label={t("gradebook.itemSteps")} className="flex flex-wrap items-center justify-between gap-2">
      {previous ? (
        <Link to={`${here}?item=${previous.id}`} className={link}>
          <span aria-hidden="true">{rtl ? "→" : "←"}</span>
          {t("gradebook.previousItem", { item: names.item(previous.item_name) })}
        </Link>
      ) : (
        <span />
      )}
      <Link to={here} className={link}>
        {t("gradebook.allItems")}
      </Link>
      {next ? (
        <Link to={`${here}?item=${next.id}`} className={link}>
          {t("gradebook.nextItem", { item: names.item(next.item_name) })}
          <span aria-hidden="true">{rtl ? "←" : "→"}</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** One item's grades: a row per student with a large cell, and the student's final grade, result and band. */
export function ItemGrades({
  here,
  exam,
  items,
  item,
  rows,
  state,
  errors,
  onBlur,
  onKeyDown,
}: {
  here: string;
  exam: string | null;
  items: readonly GradebookItem[];
  item: GradebookItem;
  rows: readonly GradebookRow[];
  state?: GradebookFormState;
  errors: Record<string, CellError>;
  onBlur: (name: string, value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>, studentId: number, itemId: number) => void;
}) {
  const names = useAppNames();
  const { t } = useTranslation("gradebook");
  const format = useGradeFormat();
  const categoryLabel = useCategoryLabel(exam);
  const message = useCellMessage();
  // Only this item's originals travel: the save writes only posted cells, so the other items stay as stored.
  const originals = packOriginals(
    rows.map((row) => {
      const name = cellName(row.id, item.id);
      return [name, state?.originals[name] ?? gradeText(row.grades[item.id])] as const;
    }),
  );
  const blur = (event: FocusEvent<HTMLOListElement>) => {
    const input = event.target;
    if (isCell(input)) onBlur(input.name, input.value);
  };
  const keyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const input = event.target;
    if (isCell(input))
      onKeyDown(event as unknown as KeyboardEvent<HTMLInputElement>, Number(input.name.split("_")[1]), item.id);
  };
  return (
    <section aria-labelledby="gradebook-item-title" className="card -mx-2 space-y-3 px-3 sm:mx-0 sm:px-6">
      <ItemSteps here={here} items={items} item={item} />
      <div>
        <h2 id="gradebook-item-title" className="text-lg font-semibold">
          {names.item(item.item_name)}
        </h2>
        <p className="text-sm text-slate-700">{categoryLabel(item.category)}</p>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegation: the listeners serve the list's inputs (Enter moves, blur checks the cell) */}
      <ol className="divide-y divide-slate-200 border-y border-slate-200" onBlur={blur} onKeyDown={keyDown}>
        {rows.map((row) => {
          const name = cellName(row.id, item.id);
          const id = cellId(row.id, item.id);
          const error = errors[name];
          return (
            <li key={row.id} data-student={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <div className="min-w-0 flex-1">
                <label htmlFor={id} className="block font-medium">
                  {row.name}
                </label>
                <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-700">
                  <span>
                    {t("common:colon", { label: t("gradebook.final") })}{" "}
                    <span className="font-semibold tabular-nums">{format.score(row.final)}</span>
                  </span>
                  <ResultBadge result={row.result} />
                  {row.band ? <span>{names.band(row.band)}</span> : null}
                </p>
              </div>
              <input
                id={id}
                name={name}
                inputMode="decimal"
                maxLength={10}
                defaultValue={state?.values[name] ?? gradeText(row.grades[item.id], format.decimalSeparator)}
                aria-label={t("gradebook.cellLabel", { student: row.name, item: names.item(item.item_name) })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className="h-11 w-24 rounded border border-slate-400 px-2 text-end text-base tabular-nums aria-[invalid=true]:border-2 aria-[invalid=true]:border-secondary-dark"
              />
              {error ? (
                <p id={`${id}-error`} className="w-full text-end text-sm text-secondary-dark">
                  {message(error)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <input type="hidden" name={ORIGINALS_FIELD} value={originals} />
    </section>
  );
}
