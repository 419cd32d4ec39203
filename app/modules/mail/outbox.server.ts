import { type Kysely, type Transaction } from "kysely";
import { z } from "zod";
import { db } from "~/db/kysely.server";
import { type Database, type MailKind, type OutboxStatus } from "~/db/schema";
import { parsePaging } from "~/modules/shared/listing";
import { OUTBOX_STATUSES, linksIn } from "./mail";

type Db = Kysely<Database> | Transaction<Database>;

export const OUTBOX_PAGE_SIZE = 25;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  language: string;
  userId?: number | null;
  studentId?: number | null;
  /** A message that must go out once: a second one with the same key is not queued. */
  idempotencyKey?: string | null;
}

/**
 * Queues an e-mail. Call it with the transaction of the change that causes
 * the message, so both commit or neither does (ADR 046); the sender sends it
 * later. Returns the message's id, or null when one with the same
 * idempotency key was queued already.
 */
export async function enqueueMail(trx: Db, message: MailMessage): Promise<number | null> {
  const at = new Date().toISOString();
  const row = await trx
    .insertInto("outbox")
    .values({
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      kind: message.kind,
      language: message.language,
      user_id: message.userId ?? null,
      student_id: message.studentId ?? null,
      status: "queued",
      next_attempt_at: at,
      leased_until: null,
      last_error: null,
      sent_at: null,
      created_at: at,
      idempotency_key: message.idempotencyKey ?? null,
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

const filterSchema = z.object({
  status: z
    .enum(OUTBOX_STATUSES as [OutboxStatus, ...OutboxStatus[]])
    .optional()
    .catch(undefined),
});

/** The outbox page: one page of messages, newest first, with the links of each one's text. */
export async function outboxPage(params: URLSearchParams) {
  const { status } = filterSchema.parse(Object.fromEntries(params));
  const paging = parsePaging(params, OUTBOX_PAGE_SIZE);
  let query = db().selectFrom("outbox");
  if (status) query = query.where("status", "=", status);
  const [rows, count] = await Promise.all([
    query
      .select([
        "id",
        "recipient",
        "subject",
        "text_body",
        "kind",
        "language",
        "status",
        "attempts",
        "next_attempt_at",
        "last_error",
        "sent_at",
        "created_at",
      ])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, links: linksIn(r.text_body) })),
    total: Number(count.n),
    page: paging.page,
    limit: paging.limit,
    smtp: !!process.env.SMTP_URL?.trim(),
  };
}

/** A student's e-mails as their page lists them: invitations and absence warnings, newest first. */
export async function studentMail(studentId: number) {
  return db()
    .selectFrom("outbox")
    .select(["id", "kind", "status", "created_at", "sent_at", "recipient"])
    .where("student_id", "=", studentId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(50)
    .execute();
}
