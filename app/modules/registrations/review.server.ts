import { z } from "zod";
import { db } from "~/db/kysely.server";
import { type ApprovalStatus } from "~/db/schema";
import { audit } from "~/modules/audit/audit.server";
import { schoolDayRange, schoolToday } from "~/modules/calendar/sessions.server";
import { enrolledOn } from "~/modules/courses/enrollment";
import { levelById } from "~/modules/levels/levels";
import { inviteStudentIn } from "~/modules/mail/invitations.server";
import { MAX_ID } from "~/modules/shared/ids";
import { isIsoDate, parsePaging } from "~/modules/shared/listing";
import { containsText } from "~/modules/shared/sql.server";

export const REGISTRATIONS_PAGE_SIZE = 25;

const filterSchema = z.object({
  status: z.enum(["pending", "approved", "rejected"]).optional().catch(undefined),
  age: z.enum(["kids", "adults"]).optional().catch(undefined),
  level: z.coerce.number().int().positive().max(MAX_ID).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
});

export type RegistrationFilters = z.infer<typeof filterSchema>;

export function parseRegistrationFilters(params: URLSearchParams) {
  const raw = filterSchema.parse(Object.fromEntries(params));
  return {
    ...raw,
    q: raw.q || undefined,
    from: isIsoDate(raw.from) ? raw.from : undefined,
    to: isIsoDate(raw.to) ? raw.to : undefined,
    ...parsePaging(params, REGISTRATIONS_PAGE_SIZE),
  };
}

/** One page of registrations, newest first, with only the listed columns. */
export async function listRegistrations(f: ReturnType<typeof parseRegistrationFilters>) {
  let query = db().selectFrom("registrations");
  if (f.status) query = query.where("status", "=", f.status);
  if (f.age) query = query.where("age_category", "=", f.age);
  if (f.level) query = query.where("level_id", "=", f.level);
  const range = await schoolDayRange(f.from, f.to);
  if (range.from) query = query.where("created_at", ">=", range.from);
  if (range.to) query = query.where("created_at", "<", range.to);
  if (f.q) {
    const q = f.q;
    query = query.where((eb) =>
      eb.or([
        containsText("first_name", q),
        containsText("last_name", q),
        containsText("second_last_name", q),
        containsText("id_number", q),
        containsText("email", q),
        containsText("reference", q),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        "id",
        "reference",
        "first_name",
        "last_name",
        "second_last_name",
        "id_number",
        "age_category",
        "level_id",
        "schedule",
        "status",
        "created_at",
      ])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function getRegistration(id: number) {
  return db()
    .selectFrom("registrations")
    .leftJoin("users as decider", "decider.id", "registrations.decided_by")
    .selectAll("registrations")
    .select("decider.name as decided_by_name")
    .where("registrations.id", "=", id)
    .executeTakeFirst();
}

/** Open courses a newly approved student may join: same level and age, not finished. */
export async function coursesForRegistration(levelId: number, age: string, today: string) {
  return db()
    .selectFrom("courses")
    .leftJoin("enrollments", (j) =>
      j.onRef("enrollments.course_id", "=", "courses.id").on((eb) => enrolledOn(eb, today)),
    )
    .leftJoin("users", "users.id", "courses.professor_id")
    .select((eb) => [
      "courses.id",
      "courses.course_id",
      "courses.level_id",
      "courses.schedule_days",
      "courses.start_time",
      "courses.end_time",
      "courses.capacity",
      "users.name as professor",
      eb.fn.count<number>("enrollments.id").as("enrolled"),
    ])
    .where("courses.level_id", "=", levelId)
    .where("courses.age_category", "=", age as "kids" | "adults")
    .where("courses.status", "=", "active")
    .where("courses.end_date", ">=", today)
    .groupBy([
      "courses.id",
      "courses.course_id",
      "courses.level_id",
      "courses.schedule_days",
      "courses.start_time",
      "courses.end_time",
      "courses.capacity",
      "users.name",
    ])
    .orderBy("courses.course_id")
    .execute()
    .then((rows) => rows.map(({ level_id, ...r }) => ({ ...r, level: levelById(level_id)?.name ?? "" })));
}

export type DecisionOutcome =
  | { ok: true; studentId?: number }
  | { ok: false; reason: "notFound" | "notPending" | "studentExists" | "courseFull" | "courseInvalid" };

/**
 * Approves a pending registration: the student (active, with the
 * registration's data), optionally an enrollment, the audit line — all or nothing.
 * Only a registration still pending can be decided, so a second approval changes nothing.
 */
export async function approveRegistration(
  id: number,
  userId: number,
  courseId: number | null,
  /** Where the invitation's link points when APP_URL is not set (issue 21). */
  { origin = "http://localhost:3000" }: { origin?: string } = {},
): Promise<DecisionOutcome> {
  // The enrollment starts on the school's today, read before the transaction (see schoolToday).
  const day = await schoolToday();
  return db()
    .transaction()
    .execute(async (trx) => {
      const now = new Date().toISOString();
      const claimed = await trx
        .updateTable("registrations")
        .set({ status: "approved", decided_by: userId, decided_at: now })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) {
        const exists = await trx.selectFrom("registrations").select("id").where("id", "=", id).executeTakeFirst();
        return { ok: false, reason: exists ? "notPending" : "notFound" } as const;
      }
      const r = await trx.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const clash = await trx
        .selectFrom("students")
        .select("id")
        .where("id_number", "=", r.id_number)
        .executeTakeFirst();
      if (clash) throw new DecisionError("studentExists");

      const student = await trx
        .insertInto("students")
        .values({
          first_name: r.first_name,
          middle_name: r.middle_name,
          last_name: r.last_name,
          second_last_name: r.second_last_name,
          id_number: r.id_number,
          birthday: r.birthday,
          phone_number: r.phone_number,
          email: r.email,
          address: r.address,
          age_category: r.age_category,
          emergency_contact_name: r.emergency_contact_name,
          emergency_contact_phone: r.emergency_contact_phone,
          emergency_contact_relationship: r.emergency_contact_relationship,
          level_id: r.level_id,
          schedule: r.schedule,
          same_billing: r.same_billing,
          billing_address: r.billing_address,
          where_hear_about_us: r.where_hear_about_us,
          promotion: r.promotion,
          user_id: null,
          registration_id: r.id,
          status: "active",
          notes: r.message,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("registrations").set({ student_id: student.id }).where("id", "=", id).execute();

      if (courseId) {
        const course = await trx
          .selectFrom("courses")
          .select(["id", "capacity", "level_id", "age_category", "status", "end_date", "start_date"])
          .where("id", "=", courseId)
          .executeTakeFirst();
        if (
          !course ||
          course.status !== "active" ||
          course.level_id !== r.level_id ||
          course.age_category !== r.age_category ||
          course.end_date < day
        ) {
          throw new DecisionError("courseInvalid");
        }
        const enrolled = await trx
          .selectFrom("enrollments")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("course_id", "=", courseId)
          .where((eb) => enrolledOn(eb, day))
          .executeTakeFirstOrThrow();
        if (Number(enrolled.n) >= course.capacity) throw new DecisionError("courseFull");
        await trx
          .insertInto("enrollments")
          .values({
            student_id: student.id,
            course_id: courseId,
            start_date: day > course.start_date ? day : course.start_date,
            end_date: null,
            end_reason: null,
          })
          .execute();
      }
      // Issue 21: a known email address gets the portal invitation, in this
      // transaction. A refusal writes nothing (for a new student every check
      // comes before the first write): an address that is another account's
      // leaves the approval as it is, and staff can invite from the student's page.
      if (r.email.trim()) await inviteStudentIn(trx, student.id, userId, { origin });
      await audit(
        userId,
        "registration.approved",
        "registration",
        id,
        { student_id: student.id, course_id: courseId },
        trx,
      );
      return { ok: true, studentId: student.id } as const;
    })
    .catch((error) => {
      if (error instanceof DecisionError) return { ok: false, reason: error.reason } as const;
      throw error;
    });
}

class DecisionError extends Error {
  constructor(readonly reason: "studentExists" | "courseFull" | "courseInvalid") {
    super(reason);
  }
}

export async function rejectRegistration(id: number, userId: number, reason: string): Promise<DecisionOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const done = await trx
        .updateTable("registrations")
        .set({
          status: "rejected" as ApprovalStatus,
          reject_reason: reason,
          decided_by: userId,
          decided_at: new Date().toISOString(),
        })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) {
        const exists = await trx.selectFrom("registrations").select("id").where("id", "=", id).executeTakeFirst();
        return { ok: false, reason: exists ? "notPending" : "notFound" } as const;
      }
      await audit(userId, "registration.rejected", "registration", id, { reason }, trx);
      return { ok: true } as const;
    });
}
