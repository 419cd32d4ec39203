import { type ExpressionBuilder } from "kysely";
import { type Database } from "~/db/schema";

// PURE (client and server): the one rule of an enrollment's dates, in SQL
// for queries and on rows already read. An enrollment counts from its start
// date up to, not including, its end date: the day a student is transferred
// or unenrolled belongs to the new course (or to nobody). Every query and
// page that asks "who is enrolled" on a date asks here.

interface Options {
  /**
   * Also require the enrollment to have begun by `date`: the students on that
   * day's class list. Without it, an enrollment that starts later counts too
   * (a current enrollment: it holds a place in the course).
   */
  started?: boolean;
}

/** In SQL: the enrollment (table `enrollments`) counts on `date` (YYYY-MM-DD, the school's). */
export function enrolledOn(
  eb: ExpressionBuilder<Database, "enrollments">,
  date: string,
  { started = false }: Options = {},
) {
  const notEnded = eb.or([eb("enrollments.end_date", "is", null), eb("enrollments.end_date", ">", date)]);
  return started ? eb.and([eb("enrollments.start_date", "<=", date), notEnded]) : notEnded;
}

/** The same rule on an enrollment already read. */
export function isEnrolledOn(
  enrollment: { start_date: string; end_date: string | null },
  date: string,
  { started = false }: Options = {},
): boolean {
  return (!started || enrollment.start_date <= date) && (enrollment.end_date === null || enrollment.end_date > date);
}
