import { db } from "~/db/kysely.server";
import { audit } from "~/modules/audit/audit.server";
import { schoolTimeZone } from "~/modules/settings/settings.server";
import { refuse } from "~/modules/shared/outcome";
import { verifyPath } from "./codes";
import { newVerificationCode } from "./codes.server";

// Revoking and re-issuing a certificate (issue 21, ADR 048): admin staff and
// coordinators. Revoking marks it (when, who, why: the reason is required and
// audit-logged); the public page then says REVOKED and no PDF is printed.
// Re-issuing a revoked certificate gives it a new code and the issue date of
// today; the old code is kept (certificate_retired_codes) and still answers
// REVOKED, with the day it was replaced.

/** The course's issued certificates, for the staff page; null for an unknown course. */
export async function courseCertificatesPage(courseId: number) {
  const course = await db()
    .selectFrom("courses")
    .select(["id", "course_id as code"])
    .where("id", "=", courseId)
    .executeTakeFirst();
  if (!course) return null;
  const rows = await db()
    .selectFrom("certificates")
    .innerJoin("students", "students.id", "certificates.student_id")
    .select([
      "certificates.id",
      "certificates.number",
      "certificates.verification_code as code",
      "certificates.issued_on",
      "certificates.revoked_at",
      "certificates.revoke_reason",
      "students.first_name",
      "students.middle_name",
      "students.last_name",
      "students.second_last_name",
    ])
    .where("certificates.course_id", "=", courseId)
    .orderBy("students.last_name")
    .orderBy("students.first_name")
    .orderBy("certificates.id")
    .execute();
  return {
    course: { id: course.id, code: course.code },
    timeZone: await schoolTimeZone(),
    certificates: rows.map((r) => ({
      id: r.id,
      name: [r.first_name, r.middle_name, r.last_name, r.second_last_name].filter(Boolean).join(" "),
      number: r.number,
      code: r.code,
      verifyPath: verifyPath(r.code),
      issuedOn: r.issued_on,
      revokedAt: r.revoked_at,
      revokeReason: r.revoke_reason,
    })),
  };
}

/** Revokes one certificate of this course, once: a second revoke is refused ("alreadyRevoked"). */
export async function revokeCertificate(courseId: number, certificateId: number, reason: string, userId: number) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("certificates")
        .select(["id", "student_id", "revoked_at"])
        .where("id", "=", certificateId)
        .where("course_id", "=", courseId)
        .executeTakeFirst();
      if (!row) return refuse("notFound");
      const done = await trx
        .updateTable("certificates")
        .set({ revoked_at: new Date().toISOString(), revoked_by: userId, revoke_reason: reason })
        .where("id", "=", certificateId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return refuse("alreadyRevoked");
      await audit(
        userId,
        "certificate.revoked",
        "certificate",
        certificateId,
        { student_id: row.student_id, reason },
        trx,
      );
      return { ok: true as const };
    });
}

/** Re-issues a revoked certificate of this course with a new code (today's date); the old code is retired. */
export async function reissueCertificate(courseId: number, certificateId: number, userId: number, today: string) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("certificates")
        .select(["id", "student_id", "verification_code", "issued_on", "revoked_at", "revoked_by", "revoke_reason"])
        .where("id", "=", certificateId)
        .where("course_id", "=", courseId)
        .executeTakeFirst();
      if (!row) return refuse("notFound");
      if (row.revoked_at === null) return refuse("notRevoked");
      const code = newVerificationCode();
      // Conditional on the code read: of two re-issues at once, one changes the row, the other is refused.
      const done = await trx
        .updateTable("certificates")
        .set({
          verification_code: code,
          issued_on: today,
          issued_by: userId,
          revoked_at: null,
          revoked_by: null,
          revoke_reason: null,
        })
        .where("id", "=", certificateId)
        .where("verification_code", "=", row.verification_code)
        .where("revoked_at", "is not", null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return refuse("notRevoked");
      await trx
        .insertInto("certificate_retired_codes")
        .values({
          code: row.verification_code,
          certificate_id: certificateId,
          issued_on: row.issued_on,
          revoked_at: row.revoked_at,
          revoked_by: row.revoked_by,
          revoke_reason: row.revoke_reason ?? "",
          replaced_at: new Date().toISOString(),
        })
        .execute();
      await audit(userId, "certificate.reissued", "certificate", certificateId, { student_id: row.student_id }, trx);
      return { ok: true as const, code };
    });
}
