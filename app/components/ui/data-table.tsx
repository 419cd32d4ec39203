import { useLocation } from "@remix-run/react";
import { type HTMLAttributes, type ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { TableScroll } from "./table-scroll";

type Align = "start" | "end" | "center";
const ALIGN: Record<Align, string> = { start: "text-start", end: "text-end", center: "text-center" };

/** One column of a DataTable: its header and how a row fills its cell. */
export type Column<Row> = {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  align?: Align;
  /** The cell names its row (`<th scope="row">`), as a student's name does. */
  rowHeader?: boolean;
  /** Classes added to the body cells (a function: per row). */
  className?: string | ((row: Row) => string);
  /** Classes added to the header cell. */
  headerClassName?: string;
  /** A column sorted by the URL (`?sort=<key>&dir=`): its header is a link. */
  sort?: string;
  /**
   * In a list stacked on a phone (`stack`): "title" is the row's name, first
   * and on its own line; "more" waits behind the row's link to its record;
   * a fact (the default) shows under the name, labelled by its header.
   */
  phone?: "title" | "fact" | "more";
  /** The fact's label on a phone when the header is not plain text. */
  phoneLabel?: string;
};

/** The list's order as the URL gives it, and the words a screen reader hears on a sortable header. */
export type Sorting = {
  by: string;
  dir: "asc" | "desc";
  /** Read after the header's name: what a click does ("sort ascending"). */
  ascLabel: string;
  descLabel: string;
  preventScrollReset?: boolean;
};

type RowProps = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | undefined };

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(" ");

/**
 * A data table: the accessible scroll box (TableScroll) named like the table,
 * an sr-only caption, the header row (sortable columns are links, so they work
 * without JavaScript), one row per item and the empty state: `empty` is a row
 * spanning the columns under the header, `whenEmpty` replaces the whole table.
 */
export function DataTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  empty,
  whenEmpty,
  sorting,
  rowClassName,
  rowProps,
  dense = false,
  caption = true,
  scroll = true,
  className = "rounded-lg border border-slate-200 bg-white",
  tableClassName = "min-w-full text-sm",
  headClassName = "bg-slate-100",
  testId,
  stack = false,
  children,
}: {
  /** Names the scroll box and is the table's caption. */
  label: string;
  rows: readonly Row[];
  columns: readonly (Column<Row> | false | null | undefined)[];
  rowKey: (row: Row) => string | number;
  empty?: ReactNode;
  whenEmpty?: ReactNode;
  sorting?: Sorting;
  /** Classes added to every body row (e.g. "align-top"). */
  rowClassName?: string;
  rowProps?: (row: Row) => RowProps;
  /** Tighter cells, for a table in a side panel. */
  dense?: boolean;
  caption?: boolean;
  /** false: the bare table, for a box of the page's own. */
  scroll?: boolean;
  /** The scroll box's classes. */
  className?: string;
  tableClassName?: string;
  headClassName?: string;
  testId?: string;
  /**
   * Below 640px each row becomes a card (tailwind.css, .stack-table): its
   * title, then its facts, labelled; the sortable headers stay as links.
   * Wider, a table whose first column stays put while the others scroll.
   */
  stack?: boolean;
  /** After the table, inside the scroll box. */
  children?: ReactNode;
}) {
  if (rows.length === 0 && whenEmpty !== undefined) return <>{whenEmpty}</>;
  const cols = columns.filter((c): c is Column<Row> => !!c);
  // tailwind.css: a list repeats its cell padding hundreds of times (issue 18).
  const pad = dense ? "cell-dense" : "cell";
  const table = (
    <table className={cx(tableClassName, scroll && "sticky-first", stack && "stack-table")}>
      {caption ? <caption className="sr-only">{label}</caption> : null}
      <thead className={headClassName || undefined}>
        <tr>
          {cols.map((c, i) => {
            const className = cx(pad, ALIGN[c.align ?? "start"], c.headerClassName);
            return c.sort && sorting ? (
              <SortableHeader key={i} column={c.sort} sorting={sorting} className={className}>
                {c.header}
              </SortableHeader>
            ) : (
              <th key={i} scope="col" className={className}>
                {c.header}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty !== undefined ? (
          <tr>
            <td colSpan={cols.length} className="px-3 py-6 text-center text-slate-700">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row, index) => {
            const extra = rowProps?.(row);
            return (
              <tr
                key={rowKey(row)}
                {...extra}
                className={cx("border-t border-slate-200", rowClassName, extra?.className)}
              >
                {cols.map((c, i) => {
                  const own = typeof c.className === "function" ? c.className(row) : c.className;
                  const phone = stack
                    ? {
                        "data-phone": c.phone ?? "fact",
                        "data-label": c.phoneLabel ?? (typeof c.header === "string" ? c.header : undefined),
                      }
                    : {};
                  return c.rowHeader ? (
                    <th
                      key={i}
                      scope="row"
                      className={cx(pad, ALIGN[c.align ?? "start"], "font-medium", own)}
                      {...phone}
                    >
                      {c.cell(row, index)}
                    </th>
                  ) : (
                    <td
                      key={i}
                      className={cx(pad, c.align && c.align !== "start" ? ALIGN[c.align] : null, own)}
                      {...phone}
                    >
                      {c.cell(row, index)}
                    </td>
                  );
                })}
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
  if (!scroll) return table;
  return (
    <TableScroll label={label} className={className} testId={testId}>
      {table}
      {children}
    </TableScroll>
  );
}

/**
 * A column header that sorts by it: a link (so it works without JavaScript)
 * to the same page with `sort` and `dir` (again reverses), back to page 1.
 */
export function SortableHeader({
  column,
  sorting,
  className,
  children,
}: {
  column: string;
  sorting: Sorting;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const active = sorting.by === column;
  const next = active && sorting.dir === "asc" ? "desc" : "asc";
  const params = new URLSearchParams(location.search);
  params.set("sort", column);
  params.set("dir", next);
  params.delete("page");
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (sorting.dir === "asc" ? "ascending" : "descending") : "none"}
    >
      <Link
        to={`?${params}`}
        preventScrollReset={sorting.preventScrollReset}
        className="inline-flex items-center gap-1 underline decoration-dotted underline-offset-4"
      >
        {children}
        <span className="sr-only"> — {next === "asc" ? sorting.ascLabel : sorting.descLabel}</span>
        <span aria-hidden="true">{active ? (sorting.dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </Link>
    </th>
  );
}
