import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { ALERT_COUNT_CAP, absenceAlerts } from "~/modules/dashboard/dashboard.server";
import { useTestDatabase } from "../helpers/db";
import { courseRow, studentRow } from "../helpers/rows";

useTestDatabase();

// ADR 052: the dashboard counts the students over the absence threshold up
// to ALERT_COUNT_CAP; past it, "more than", and the panel still lists the
// ten highest.

const OVER = ALERT_COUNT_CAP + 5;

beforeAll(async () => {
  const course = await db()
    .insertInto("courses")
    .values(courseRow({ course_id: "CAP-ALERTS", start_date: "2020-01-06", end_date: "2099-12-31" }))
    .returning("id")
    .executeTakeFirstOrThrow();
  const students = Array.from({ length: OVER }, (_, i) =>
    studentRow({
      first_name: `Alert${i}`,
      id_number: `19${String(i).padStart(8, "0")}`,
      email: `alert${i}@example.com`,
    }),
  );
  const ids: number[] = [];
  for (let i = 0; i < students.length; i += 100)
    ids.push(
      ...(
        await db()
          .insertInto("students")
          .values(students.slice(i, i + 100))
          .returning("id")
          .execute()
      ).map((r) => r.id),
    );
  const start = "2020-01-06";
  for (let i = 0; i < ids.length; i += 100) {
    const part = ids.slice(i, i + 100);
    await db()
      .insertInto("enrollments")
      .values(
        part.map((id) => ({
          student_id: id,
          course_id: course.id,
          start_date: start,
          end_date: null,
          end_reason: null,
        })),
      )
      .execute();
    // The counts as triggers would keep them: 12 absences and more (24 half absences), one student higher each.
    await db()
      .insertInto("absence_counts")
      .values(part.map((id, j) => ({ student_id: id, course_id: course.id, half_absences: 24 + i + j })))
      .execute();
  }
});

describe("the dashboard's absence alerts past the count's cap (ADR 052)", () => {
  it("counts up to the cap, says there are more, and lists the ten highest", async () => {
    const alerts = await absenceAlerts(await schoolToday());
    expect([alerts.total, alerts.more]).toEqual([ALERT_COUNT_CAP, true]);
    expect(alerts.rows.map((r) => r.absences)).toEqual(Array.from({ length: 10 }, (_, i) => (24 + OVER - 1 - i) / 2));
    expect(alerts.rows[0].course_code).toBe("CAP-ALERTS");
  });

  it("under the cap, counts exactly", async () => {
    await db()
      .deleteFrom("absence_counts")
      .where("half_absences", "<", 24 + 10)
      .execute();
    const alerts = await absenceAlerts(await schoolToday());
    expect([alerts.total, alerts.more]).toEqual([OVER - 10, false]);
  });
});
