import { type AttendanceValue } from "~/db/schema";

// PRODUCT 6: absence count = absent + 0.5·late; 12 to under 20 is a warning,
// 20 or more is danger.
export const ABSENCE_WARNING = 12;
export const ABSENCE_DANGER = 20;

export type AbsenceSeverity = "ok" | "warning" | "danger";

export function absenceSeverity(count: number): AbsenceSeverity {
  if (count >= ABSENCE_DANGER) return "danger";
  if (count >= ABSENCE_WARNING) return "warning";
  return "ok";
}

/** Half-absences per record: absent 2, late 1 (integers, so sums stay exact in SQL). */
export const HALF_ABSENCES: Record<AttendanceValue, number> = { absent: 2, late: 1, present: 0, recovered: 0 };

export function absenceCount(values: readonly AttendanceValue[]): number {
  return values.reduce((sum, v) => sum + HALF_ABSENCES[v], 0) / 2;
}
