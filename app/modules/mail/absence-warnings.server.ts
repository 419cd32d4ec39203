import { type Kysely, type Transaction } from "kysely";
import { db } from "~/db/kysely.server";
import { type Database } from "~/db/schema";
import { ABSENCE_THRESHOLDS } from "./mail";
import { absenceMail, mailLanguage, schoolForMail } from "./messages.server";
import { enqueueMail } from "./outbox.server";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Absence warnings (issue 21): called in the transaction that saved a
 * session's attendance, after the save (absence_counts is kept by triggers,
 * so it already holds the new counts). For each student whose count in the
 * course has reached 12 or 20 absences and who was never told of that
 * threshold in that course, one e-mail is queued and the threshold recorded
 * (absence_warnings' key: student, course, threshold), so re-saving or
 * correcting attendance never sends it again, and a count that goes down
 * sends nothing. A count that jumps past both at once sends the danger
 * e-mail only (the warning is recorded as covered by it). A student without
 * an email address gets nothing and nothing is recorded.
 */
export async function queueAbsenceWarnings(trx: Db, courseId: number, studentIds: readonly number[]) {
  if (!studentIds.length) return 0;
  const lowest = ABSENCE_THRESHOLDS[0].threshold * 2;
  const counts = await trx
    .selectFrom("absence_counts")
    .innerJoin("students", "students.id", "absence_counts.student_id")
    .leftJoin("users", "users.id", "students.user_id")
    .select([
      "absence_counts.student_id",
      "absence_counts.half_absences",
      "students.first_name",
      "students.last_name",
      "students.second_last_name",
      "students.email",
      "students.user_id",
      "users.locale",
    ])
    .where("absence_counts.course_id", "=", courseId)
    .where("absence_counts.student_id", "in", [...studentIds])
    .where("absence_counts.half_absences", ">=", lowest)
    .execute();
  if (!counts.length) return 0;
  const sent = await trx
    .selectFrom("absence_warnings")
    .select(["student_id", "threshold"])
    .where("course_id", "=", courseId)
    .where(
      "student_id",
      "in",
      counts.map((c) => c.student_id),
    )
    .execute();
  const already = new Set(sent.map((s) => `${s.student_id}:${s.threshold}`));
  const [course, school] = await Promise.all([
    trx.selectFrom("courses").select("course_id").where("id", "=", courseId).executeTakeFirstOrThrow(),
    schoolForMail(trx),
  ]);
  const at = new Date().toISOString();
  let queued = 0;
  for (const c of counts) {
    const email = c.email.trim();
    if (!email || !email.includes("@")) continue;
    const reached = ABSENCE_THRESHOLDS.filter(
      (t) => c.half_absences >= t.threshold * 2 && !already.has(`${c.student_id}:${t.threshold}`),
    );
    if (!reached.length) continue;
    const top = reached[reached.length - 1];
    const lng = mailLanguage(c.locale, school.language);
    const mail = await absenceMail(lng, top.kind, {
      name: [c.first_name, c.last_name, c.second_last_name].filter(Boolean).join(" "),
      school: school.name,
      course: course.course_id,
      absences: String(c.half_absences / 2),
      threshold: top.threshold,
      contact: school.contact,
    });
    const outboxId = await enqueueMail(trx, {
      to: email,
      ...mail,
      userId: c.user_id,
      studentId: c.student_id,
      idempotencyKey: `absence:${c.student_id}:${courseId}:${top.threshold}`,
    });
    for (const t of reached) {
      await trx
        .insertInto("absence_warnings")
        .values({
          student_id: c.student_id,
          course_id: courseId,
          threshold: t.threshold,
          half_absences: c.half_absences,
          outbox_id: t === top ? outboxId : null,
          created_at: at,
        })
        .onConflict((oc) => oc.columns(["student_id", "course_id", "threshold"]).doNothing())
        .execute();
    }
    queued++;
  }
  return queued;
}

/** The absence warnings a student was sent, per course, for their page. */
export async function studentAbsenceWarnings(studentId: number) {
  return db()
    .selectFrom("absence_warnings")
    .innerJoin("courses", "courses.id", "absence_warnings.course_id")
    .leftJoin("outbox", "outbox.id", "absence_warnings.outbox_id")
    .select([
      "absence_warnings.course_id",
      "courses.course_id as course_code",
      "absence_warnings.threshold",
      "absence_warnings.half_absences",
      "absence_warnings.created_at",
      "outbox.status",
      "outbox.sent_at",
    ])
    .where("absence_warnings.student_id", "=", studentId)
    .orderBy("absence_warnings.created_at", "desc")
    .orderBy("absence_warnings.threshold", "desc")
    .execute();
}
