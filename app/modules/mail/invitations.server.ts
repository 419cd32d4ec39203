import { type Kysely, type Transaction } from "kysely";
import { db } from "~/db/kysely.server";
import { type Database } from "~/db/schema";
import { type Language } from "~/i18n/config";
import { audit } from "~/modules/audit/audit.server";
import { type Outcome, refuse } from "~/modules/shared/outcome";
import { PASSWORD_LINK_LIFETIME_MS, issuePasswordToken, passwordLinkPath } from "~/modules/users/users.server";
import { studentAbsenceWarnings } from "./absence-warnings.server";
import { invitationMail, mailLanguage, schoolForMail } from "./messages.server";
import { enqueueMail, studentMail } from "./outbox.server";

type Db = Kysely<Database> | Transaction<Database>;

// Inviting a student to the portal (issue 21, ADR 046): the student's user
// (role student, linked by students.user_id: created, or the one already
// linked), a one-time set-password link (purpose "invite"; a new one ends
// the old) and the e-mail that carries it, queued in the outbox — one
// transaction, so there is never a link without its e-mail or the reverse.

export type InviteRefusal = "notFound" | "noEmail" | "studentInactive" | "emailTaken";

/** Links are absolute: APP_URL when set, else the origin of the request that caused the e-mail. */
export function appBaseUrl(origin: string, env: Record<string, string | undefined> = process.env) {
  const configured = env.APP_URL?.trim();
  return (configured || origin).replace(/\/+$/, "");
}

interface InviteOptions {
  /** The e-mail's language (it becomes the user's language when they have none); else the user's, else the school's. */
  language?: Language | null;
  /** Where links point when APP_URL is not set: the staff member's request's origin. */
  origin: string;
}

/**
 * Invites a student inside the caller's transaction: the user, the link, the
 * e-mail, the audit line. Refuses a student without an email address, an
 * inactive one, and an address that is another account's.
 */
export async function inviteStudentIn(
  trx: Db,
  studentId: number,
  actorId: number | null,
  { language, origin }: InviteOptions,
): Promise<Outcome<{ userId: number; outboxId: number; created: boolean }, InviteRefusal>> {
  const student = await trx
    .selectFrom("students")
    .select(["id", "first_name", "last_name", "second_last_name", "email", "status", "user_id"])
    .where("id", "=", studentId)
    .executeTakeFirst();
  if (!student) return refuse("notFound");
  const email = student.email.trim().toLowerCase();
  if (!email || !email.includes("@")) return refuse("noEmail");
  if (student.status !== "active") return refuse("studentInactive");
  const name = [student.first_name, student.last_name, student.second_last_name].filter(Boolean).join(" ");
  const at = new Date().toISOString();

  let user = student.user_id
    ? await trx
        .selectFrom("users")
        .select(["id", "email", "locale"])
        .where("id", "=", student.user_id)
        .executeTakeFirst()
    : undefined;
  let created = false;
  if (!user) {
    const same = await trx
      .selectFrom("users")
      .leftJoin("students", "students.user_id", "users.id")
      .select(["users.id", "users.email", "users.locale", "users.role", "students.id as linked"])
      .where("users.email", "=", email)
      .executeTakeFirst();
    // An account of that address: reused only when it is a student account of no other student.
    if (same && (same.role !== "student" || same.linked !== null)) return refuse("emailTaken");
    if (same) user = { id: same.id, email: same.email, locale: same.locale };
    else {
      const row = await trx
        .insertInto("users")
        .values({
          name,
          email,
          role: "student",
          password_hash: null,
          status: "active",
          image: null,
          locale: language ?? null,
          locked_at: null,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      user = { id: row.id, email, locale: language ?? null };
      created = true;
    }
    await trx.updateTable("students").set({ user_id: user.id, updated_at: at }).where("id", "=", studentId).execute();
  } else if (user.email !== email) {
    // The student's address changed since: the account follows it, unless another account has it.
    const taken = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .where("id", "!=", user.id)
      .executeTakeFirst();
    if (taken) return refuse("emailTaken");
    await trx.updateTable("users").set({ email, updated_at: at }).where("id", "=", user.id).execute();
    user.email = email;
  }
  if (language && !user.locale) {
    await trx.updateTable("users").set({ locale: language, updated_at: at }).where("id", "=", user.id).execute();
  }

  const settings = await schoolForMail(trx);
  const lng = mailLanguage(language, user.locale, settings.language);
  const token = await issuePasswordToken(trx, user.id, "invite");
  const mail = await invitationMail(lng, {
    name,
    school: settings.name,
    email,
    link: `${appBaseUrl(origin)}${passwordLinkPath(token)}`,
    hours: Math.round(PASSWORD_LINK_LIFETIME_MS / 3_600_000),
  });
  const outboxId = await enqueueMail(trx, { to: email, ...mail, userId: user.id, studentId });
  await audit(actorId, "student.invited", "student", studentId, { user_id: user.id, email, language: lng }, trx);
  return { ok: true, userId: user.id, outboxId: outboxId!, created };
}

/** The staff's invitation, in its own transaction. */
export async function inviteStudent(studentId: number, actorId: number, options: InviteOptions) {
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const outcome = await inviteStudentIn(trx, studentId, actorId, options);
        // A refusal after a write (an address taken by the time it was checked) must leave nothing behind.
        if (!outcome.ok) throw new InviteError(outcome.reason);
        return outcome;
      });
  } catch (error) {
    if (error instanceof InviteError) return refuse(error.reason);
    if (isUniqueViolation(error)) return refuse("emailTaken");
    throw error;
  }
}

class InviteError extends Error {
  constructor(readonly reason: InviteRefusal) {
    super(reason);
  }
}

function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "")
  );
}

/**
 * What a student's page shows of the portal and e-mail: whether the student
 * can sign in (`access`), was invited and has not chosen a password yet
 * (`invited`), or neither (`none`); the last invitation's date; the
 * language the next invitation would be in; the e-mails and absence warnings.
 */
export async function studentPortal(studentId: number) {
  const student = await db()
    .selectFrom("students")
    .leftJoin("users", "users.id", "students.user_id")
    .select(["students.email", "users.id as user_id", "users.password_hash", "users.locale"])
    .where("students.id", "=", studentId)
    .executeTakeFirst();
  if (!student) return null;
  const [mail, warnings, school] = await Promise.all([
    studentMail(studentId),
    studentAbsenceWarnings(studentId),
    schoolForMail(db()),
  ]);
  const lastInvite = mail.find((m) => m.kind === "invite")?.created_at ?? null;
  const state =
    student.user_id && student.password_hash ? "access" : student.user_id && lastInvite ? "invited" : "none";
  return {
    state: state as "access" | "invited" | "none",
    hasEmail: student.email.trim().includes("@"),
    lastInvite,
    language: mailLanguage(student.locale, school.language),
    mail,
    warnings,
  };
}
