import { type LoaderFunctionArgs } from "@remix-run/node";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { findSchedule } from "~/modules/courses/schedules";
import { schoolDates, schoolToday } from "~/modules/courses/sessions.server";
import { CSV_BOM, csvRow } from "~/modules/students/csv";
import { levelById } from "~/modules/students/levels";
import { exportStudents, parseStudentFilters } from "~/modules/students/students.server";

/**
 * GET /admin/students.csv?<the list's filters>: every matching student (not
 * only one page), in the list's order, streamed a batch at a time.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "students:view");
  const filters = parseStudentFilters(new URL(request.url).searchParams);
  const t = await translator(request, "students");
  const c = await translator(request, "common");
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
            c(`status.${r.status}`),
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

  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="students-${await schoolToday()}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
