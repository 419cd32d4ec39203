import { type ReportRow } from "./report.server";

// The student report's sorting (PRODUCT 7: "Sortable"): whitelisted columns only.
export const REPORT_SORTS = ["name", "final", "absences"] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export type Dir = "asc" | "desc";

/** Only the whitelisted columns and directions; anything else is the default. */
export function sortFrom(params: URLSearchParams): { sort: ReportSort; dir: Dir } {
  const raw = params.get("sort");
  const sort = (REPORT_SORTS as readonly string[]).includes(raw ?? "") ? (raw as ReportSort) : "name";
  const dir: Dir = params.get("dir") === "desc" ? "desc" : "asc";
  return { sort, dir };
}

/**
 * The report comes in the gradebook's order (by surname): "name" keeps it.
 * Missing final grades go last whatever the direction; ties by name.
 */
export function sortRows(rows: ReportRow[], sort: ReportSort, dir: Dir) {
  const sign = dir === "asc" ? 1 : -1;
  const position = new Map(rows.map((r, i) => [r.id, i]));
  const byName = (a: ReportRow, b: ReportRow) => position.get(a.id)! - position.get(b.id)!;
  return [...rows].sort((a, b) => {
    if (sort === "name") return sign * byName(a, b);
    if (sort === "final") {
      if (a.final === null || b.final === null)
        return (a.final === null ? 1 : 0) - (b.final === null ? 1 : 0) || byName(a, b);
      return sign * (a.final - b.final) || byName(a, b);
    }
    return sign * (a.attendance.absences - b.attendance.absences) || byName(a, b);
  });
}
