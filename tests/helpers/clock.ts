import { schoolToday } from "~/modules/calendar/sessions.server";
import { addDays } from "~/modules/calendar/week";

// The tests' "today" is the app's: the school's date (schoolToday), never the
// UTC date, which from 19:00 in Guayaquil is already tomorrow.

/** The school's date `offset` days from today (YYYY-MM-DD). */
export async function schoolDay(offset = 0, now: Date = new Date()) {
  return addDays(await schoolToday(now), offset);
}

/** `ymd` moved by `offset` days: for tests that read today once (schoolDay) and count from it. */
export { addDays };
