// PURE (client and server): the outbox's rules that need no database (ADR 046).
import { type MailKind, type OutboxStatus } from "~/db/schema";

export const OUTBOX_STATUSES: readonly OutboxStatus[] = ["queued", "sending", "sent", "failed"];
export const MAIL_KINDS: readonly MailKind[] = ["invite", "absence_warning", "absence_danger"];

/** Absence thresholds (PRODUCT 6, whole absences): the warning at 12, the danger at 20. */
export const ABSENCE_THRESHOLDS = [
  { threshold: 12, kind: "absence_warning" },
  { threshold: 20, kind: "absence_danger" },
] as const satisfies readonly { threshold: number; kind: MailKind }[];

/** A temporary failure is tried again this many times in all before the message is given up (failed). */
export const MAX_ATTEMPTS = 8;
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 6 * 60 * 60 * 1000;

/** The wait before the next try after `attempts` tries: 1 min, 2, 4, … at most 6 h. */
export function retryDelayMs(attempts: number) {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Every http(s) link in a text, once each, in order (the outbox page shows them). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
