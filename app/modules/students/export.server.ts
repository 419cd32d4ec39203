import { findSchedule } from "~/modules/calendar/schedules";
import { schoolDates, schoolToday } from "~/modules/calendar/sessions.server";
import { levelById } from "../levels/levels";
import { CSV_BOM, csvRow } from "./csv";
import { exportStudents, parseStudentFilters } from "./students.server";

// The list's CSV export (issue 17: the route only answers it): every matching
// student (not only one page), in the list's order, a batch at a time.

type Translate = (key: string, options?: Record<string, string>) => string;

/** The CSV's body (a stream of UTF-8 with a BOM) and its file name, in the reader's language: `t` students, `c` common. */
export async function studentsCsv(params: URLSearchParams, t: Translate, c: Translate) {
  const filters = parseStudentFilters(params);
  const header = csvRow([
    c("registration.fields.first_name"),
    c("registration.fields.middle_name"),
    c("registration.fields.last_name"),
    c("registration.fields.second_last_name"),
    c("registration.fields.id_number"),
    c("registration.fields.email"),
    c("registration.fields.phone_number"),
    c("registration.fields.age_category"),
    c("registration.fields.level"),
    c("registration.fields.schedule"),
    c("registration.fields.promotion"),
    t("columns.course"),
    c("filters.status"),
    t("columns.absences"),
    t("columns.registered"),
  ]);
  const batches = exportStudents(filters);
  const dateOf = await schoolDates();
  const encoder = new TextEncoder();

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + header));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        let chunk = "";
        for (const r of next.value) {
          const schedule = findSchedule(r.schedule);
          chunk += csvRow([
            r.first_name,
            r.middle_name,
            r.last_name,
            r.second_last_name,
            r.id_number,
            r.email,
            r.phone_number,
            c(`registration.age.${r.age_category}`),
            levelById(r.level_id)?.name ?? "",
            schedule
              ? c("registration.scheduleLabel", {
                  days: c(`registration.days.${schedule.days}`),
                  start: schedule.start_time,
                  end: schedule.end_time,
                })
              : r.schedule,
            r.promotion,
            r.course_code,
            c(`statuses.student.${r.status}`),
            r.absences,
            dateOf(r.created_at),
          ]);
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return { body, filename: `students-${await schoolToday()}.csv` };
}
