import { type AttendanceValue } from "~/db/schema";
import { HALF_ABSENCES, absenceSeverity } from "~/modules/students/absence";

// PURE (client and server): attendance summary of one student, PRODUCT 6.
// The absence count and its 12/20 thresholds live in students/absence.ts.

export const ATTENDANCE_VALUES: readonly AttendanceValue[] = ["present", "recovered", "late", "absent"];

export interface AttendanceSummary {
  present: number;
  recovered: number;
  late: number;
  absent: number;
  /** (present + recovered + 0.5·late) / recorded sessions, as a percentage with two decimals; null before any record. */
  score: number | null;
  absences: number;
  severity: ReturnType<typeof absenceSeverity>;
}

export function summarize(values: readonly AttendanceValue[]): AttendanceSummary {
  const counts = { present: 0, recovered: 0, late: 0, absent: 0 };
  for (const v of values) counts[v] += 1;
  return fromCounts(counts);
}

/** The same from counts already summed by the database. */
export function fromCounts(counts: {
  present: number;
  recovered: number;
  late: number;
  absent: number;
}): AttendanceSummary {
  const total = counts.present + counts.recovered + counts.late + counts.absent;
  const attended = counts.present + counts.recovered + 0.5 * counts.late;
  const absences = (counts.absent * HALF_ABSENCES.absent + counts.late * HALF_ABSENCES.late) / 2;
  return {
    ...counts,
    score: total ? Math.round((attended / total) * 10000) / 100 : null,
    absences,
    severity: absenceSeverity(absences),
  };
}
