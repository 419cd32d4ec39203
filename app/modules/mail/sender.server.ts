import nodemailer, { type Transporter } from "nodemailer";
import { db } from "~/db/kysely.server";
import { MAX_ATTEMPTS, retryDelayMs } from "./mail";

// The sender (ADR 046). Every app process may run it: a message is claimed
// by one UPDATE (queued and due → sending, with a lease), so two processes
// never take the same one. Delivery is AT MOST ONCE: a message is marked
// sent by the step right after the SMTP server accepted it, and a message
// found still `sending` after its lease (the process died mid-send) is never
// tried again: it is marked failed ("delivery unknown"), for the admin to see
// on /admin/outbox. Failures the server reports (connection refused, a 4xx)
// are known not delivered: tried again with back-off.

/** How long a claimed message may stay `sending` before its sender is presumed gone. */
export const LEASE_MS = 10 * 60 * 1000;
const BATCH = 20;

export const INTERRUPTED = "interrupted while sending: delivery unknown, not retried (never sent twice)";

let cached: { url: string; transport: Transporter } | undefined;

function transportFor(url: string) {
  if (cached?.url !== url) {
    cached?.transport.close();
    // Timeouts well inside the lease: a hung server ends the try, never the lease.
    const transport = nodemailer.createTransport({
      url,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    cached = { url, transport };
  }
  return cached.transport;
}

/** The sender address: MAIL_FROM, else no-reply at the APP_URL's host (or localhost). */
export function mailFrom(env: Record<string, string | undefined> = process.env) {
  const from = env.MAIL_FROM?.trim();
  if (from) return from;
  let host = "localhost";
  try {
    if (env.APP_URL) host = new URL(env.APP_URL).hostname;
  } catch {
    // an APP_URL that is not a URL: the default host
  }
  return `no-reply@${host}`;
}

/** A server's 5xx answer will not change on a later try; anything else (4xx, no connection) may. */
function permanent(error: unknown) {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function describe(error: unknown) {
  const e = error as { responseCode?: number; code?: string; message?: string };
  return String(e?.message ?? error).slice(0, 500);
}

export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
  interrupted: number;
}

/**
 * Sends the messages that are due, once. Without SMTP_URL it does nothing
 * (messages stay queued and the outbox page lists them).
 */
export async function sendDueMail({ now = () => new Date() }: { now?: () => Date } = {}): Promise<SendReport> {
  const report: SendReport = { sent: 0, retried: 0, failed: 0, interrupted: 0 };
  const url = process.env.SMTP_URL?.trim();
  if (!url) return report;
  const transport = transportFor(url);
  const from = mailFrom();

  // A sender that died mid-send left its message `sending`: it may have gone out, so it never goes again.
  const stale = await db()
    .updateTable("outbox")
    .set({ status: "failed", last_error: INTERRUPTED, leased_until: null })
    .where("status", "=", "sending")
    .where("leased_until", "<", now().toISOString())
    .executeTakeFirst();
  report.interrupted = Number(stale.numUpdatedRows);

  const due = await db()
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", now().toISOString())
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(BATCH)
    .execute();

  for (const { id } of due) {
    const at = now();
    const claimed = await db()
      .updateTable("outbox")
      .set((eb) => ({
        status: "sending",
        attempts: eb("attempts", "+", 1),
        leased_until: new Date(at.getTime() + LEASE_MS).toISOString(),
      }))
      .where("id", "=", id)
      .where("status", "=", "queued")
      .where("next_attempt_at", "<=", at.toISOString())
      .returning(["recipient", "subject", "text_body", "html_body", "attempts"])
      .executeTakeFirst();
    if (!claimed) continue; // another process took it
    try {
      await transport.sendMail({
        from,
        to: claimed.recipient,
        subject: claimed.subject,
        text: claimed.text_body,
        html: claimed.html_body,
        messageId: `<outbox-${id}@${from.replace(/^.*@/, "").replace(/>$/, "")}>`,
      });
    } catch (error) {
      const giveUp = permanent(error) || claimed.attempts >= MAX_ATTEMPTS;
      await db()
        .updateTable("outbox")
        .set({
          status: giveUp ? "failed" : "queued",
          leased_until: null,
          last_error: describe(error),
          next_attempt_at: new Date(now().getTime() + retryDelayMs(claimed.attempts)).toISOString(),
        })
        .where("id", "=", id)
        .where("status", "=", "sending")
        .execute();
      if (giveUp) report.failed++;
      else report.retried++;
      continue;
    }
    await db()
      .updateTable("outbox")
      .set({ status: "sent", sent_at: now().toISOString(), leased_until: null, last_error: null })
      .where("id", "=", id)
      .where("status", "=", "sending")
      .execute();
    report.sent++;
  }
  return report;
}

/** Closes the cached SMTP connection (tests, shutdown). */
export function closeMailTransport() {
  cached?.transport.close();
  cached = undefined;
}

let timer: ReturnType<typeof setInterval> | undefined;

/**
 * Runs the sender every MAIL_POLL_MS (default 10 s) in this process, when
 * SMTP_URL is set; one round at a time. Errors are logged, never thrown.
 */
export function startMailSender() {
  if (timer || !process.env.SMTP_URL?.trim()) return;
  const every = Number(process.env.MAIL_POLL_MS) > 0 ? Number(process.env.MAIL_POLL_MS) : 10_000;
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    sendDueMail()
      .catch((error) => console.error(`[mail] sending failed: ${String((error as Error)?.message ?? error)}`))
      .finally(() => {
        running = false;
      });
  }, every);
  timer.unref();
}
