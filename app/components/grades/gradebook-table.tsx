import { type FocusEvent, type KeyboardEvent } from "react";
import { translated } from "~/components/courses/fill";
import { TableScroll } from "~/components/ui/table-scroll";
import { useTranslation } from "~/i18n/react";
import {
  type GradebookItem,
  type GradebookRow,
  ORIGINALS_FIELD,
  cellName,
  gradeText,
  isCell,
  packOriginals,
} from "~/modules/grades/gradebook";
import { type CellError, type GradebookFormState } from "~/modules/grades/gradebook-form";
import { CATEGORIES } from "~/modules/grades/grading";
import { useAppNames } from "../app-names";
import { ResultBadge, useCategoryLabel, useGradeFormat } from "./grades";

/** The id of a grade cell's input (the error summary links to it). */
export const cellId = (studentId: number, itemId: number) => `g-${studentId}-${itemId}`;

/** A cell's message: what is wrong with it, or what the conflict is. */
export function useCellMessage() {
  const { t } = useTranslation("gradebook");
  return (e: CellError) => {
    if (e.code !== "conflict") return t(`errors.${e.code}`);
    if (e.theirs === "") return t("errors.conflictRemoved", { mine: e.mine });
    if (e.mine.trim() === "") return t("errors.conflictCleared", { theirs: e.theirs });
    return t("errors.conflictCell", { theirs: e.theirs, mine: e.mine });
  };
}

/** The course's items grouped by category, in the categories' order. */
export function itemGroups(items: readonly GradebookItem[]) {
  return CATEGORIES.map((category) => ({
    category,
    items: items.filter((i) => i.category === category),
  })).filter((g) => g.items.length);
}

/** The gradebook's grid: a row per student, its final grade, result and band, an input per item, then the averages. */
export function GradebookTable({
  exam,
  items,
  rows,
  state,
  errors,
  onBlur,
  onKeyDown,
}: {
  exam: string | null;
  items: readonly GradebookItem[];
  rows: readonly GradebookRow[];
  state?: GradebookFormState;
  errors: Record<string, CellError>;
  onBlur: (name: string, value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>, studentId: number, itemId: number) => void;
}) {
  const { t } = useTranslation("gradebook");
  const format = useGradeFormat();
  const categoryLabel = useCategoryLabel(exam);
  const message = useCellMessage();
  const groups = itemGroups(items);
  const shownCategories = groups.map((g) => g.category);
  const ordered = groups.flatMap((g) => g.items);
  // 450 cells: translated once, filled per cell (same text as t() with the names).
  const cellLabel = translated(t, "gradebook.cellLabel", ["student", "item"]);
  const names = useAppNames();
  // Each item's name in the reader's language, once per item rather than once per cell.
  const itemNames = new Map(ordered.map((item) => [item.id, names.item(item.item_name)]));
  // Every cell's original in one hidden field (ADR 009), not a hidden input per cell.
  const originals = packOriginals(
    rows.flatMap((row) =>
      ordered.map((item) => {
        const name = cellName(row.id, item.id);
        return [name, state?.originals[name] ?? gradeText(row.grades[item.id])] as const;
      }),
    ),
  );
  // One listener each on the grid for its 450 cells (React's blur bubbles), not two closures per cell.
  const blur = (event: FocusEvent<HTMLTableElement>) => {
    const input = event.target;
    if (isCell(input)) onBlur(input.name, input.value);
  };
  const keyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const input = event.target;
    if (!isCell(input)) return;
    const [, s, i] = input.name.split("_");
    onKeyDown(event as unknown as KeyboardEvent<HTMLInputElement>, Number(s), Number(i));
  };

  return (
    <TableScroll
      label={t("gradebook.caption")}
      className="max-w-full rounded-lg border border-slate-200 bg-white"
      testId="gradebook-scroll"
    >
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegation: the listeners serve the grid's inputs (Enter moves, blur checks the cell) */}
      <table className="min-w-max border-separate border-spacing-0 text-sm" onBlur={blur} onKeyDown={keyDown}>
        <caption className="sr-only">{t("gradebook.caption")}</caption>
        <colgroup>
          <col />
        </colgroup>
        <colgroup span={3} />
        {groups.map((g) => (
          <colgroup key={g.category} span={g.items.length} />
        ))}
        <colgroup span={shownCategories.length} />
        <thead>
          <tr>
            <th
              rowSpan={2}
              scope="col"
              className="sticky start-0 z-20 border-b border-e border-slate-200 bg-slate-50 px-3 py-2 text-start align-bottom"
            >
              {t("gradebook.student")}
            </th>
            {/* Next to the name, so they are on screen however many items the grid has (issue 19). */}
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
            <th
              rowSpan={2}
              scope="col"
              className="border-b border-e border-slate-200 bg-slate-100 px-3 py-2 text-start align-bottom"
            >
              {t("gradebook.band")}
            </th>
            {groups.map((g) => (
              <th
                key={g.category}
                colSpan={g.items.length}
                scope="colgroup"
                className="border-b border-e border-slate-200 bg-slate-50 px-3 py-2 text-center font-semibold"
              >
                {categoryLabel(g.category)}
              </th>
            ))}
            <th
              colSpan={shownCategories.length}
              scope="colgroup"
              className="border-b border-e border-slate-200 bg-slate-100 px-3 py-2 text-center font-semibold"
            >
              {t("gradebook.averages")}
            </th>
          </tr>
          <tr>
            {ordered.map((item) => (
              <th
                key={item.id}
                scope="col"
                className="max-w-[9rem] border-b border-slate-200 bg-slate-50 px-2 py-2 text-center align-bottom font-medium"
              >
                {names.item(item.item_name)}
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
          {rows.map((row) => (
            <tr key={row.id} className="group">
              <th
                scope="row"
                className="sticky start-0 z-10 max-w-[14rem] border-b border-e border-slate-200 bg-white px-3 py-1 text-start font-medium group-hover:bg-slate-50"
              >
                {row.name}
              </th>
              <td className="border-b border-slate-200 bg-slate-50 px-3 py-1 text-end font-semibold tabular-nums">
                {format.score(row.final)}
              </td>
              <td className="border-b border-slate-200 bg-slate-50 px-3 py-1 text-center">
                <ResultBadge result={row.result} />
              </td>
              <td className="border-b border-e border-slate-200 bg-slate-50 px-3 py-1 text-start">
                {names.band(row.band)}
              </td>
              {ordered.map((item) => {
                const name = cellName(row.id, item.id);
                const stored = row.grades[item.id];
                const error = errors[name];
                const id = cellId(row.id, item.id);
                // 450 cells: every attribute is the renderer's work on every
                // request (issue 18). A text input is the default; the form
                // turns autocomplete off for all; the id only where the error
                // summary links to the cell (the code finds cells by name).
                return (
                  <td key={item.id} className="grade-td">
                    <input
                      id={error ? id : undefined}
                      name={name}
                      inputMode="decimal"
                      maxLength={10}
                      defaultValue={state?.values[name] ?? gradeText(stored, format.decimalSeparator)}
                      aria-label={cellLabel(row.name, itemNames.get(item.id) ?? item.item_name)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      className="grade-cell"
                    />
                    {error ? (
                      <p id={`${id}-error`} className="mt-0.5 max-w-[9rem] text-start text-xs text-secondary-dark">
                        {message(error)}
                      </p>
                    ) : null}
                  </td>
                );
              })}
              {shownCategories.map((c) => (
                <td key={c} className="num-td">
                  {format.score(row.averages[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <input type="hidden" name={ORIGINALS_FIELD} value={originals} />
    </TableScroll>
  );
}
