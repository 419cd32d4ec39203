import { type Kysely, type Transaction } from "kysely";
import { type Database, type MailKind } from "~/db/schema";
import { LANGUAGES, type Language, dirOf } from "~/i18n/config";
import { languageTranslator } from "~/i18n/i18n.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/settings";
import { mailFrom } from "./sender.server";

// The e-mails' words, in the reader's language (public/locales/<lng>/mail.json):
// a plain-text body and a simple HTML one, built here on the server.

export function mailLanguage(...candidates: (string | null | undefined)[]): Language {
  for (const c of candidates) if (c && (LANGUAGES as readonly string[]).includes(c)) return c as Language;
  return "en";
}

/**
 * What an e-mail says of the school, read in the caller's transaction: its
 * name, its default language, and its contact (the settings have no contact
 * of their own: MAIL_CONTACT, else the sender address, which replies reach).
 */
export async function schoolForMail(trx: Kysely<Database> | Transaction<Database>) {
  const rows = await trx
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", ["school_name", "default_language"])
    .execute();
  const map = new Map(rows.map((r) => [r.key, r.value]));
  return {
    name: map.get("school_name") ?? DEFAULT_SETTINGS.name,
    language: mailLanguage(map.get("default_language"), DEFAULT_SETTINGS.language),
    contact: process.env.MAIL_CONTACT?.trim() || mailFrom().replace(/^.*<([^>]+)>.*$/, "$1"),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

interface Built {
  subject: string;
  text: string;
  html: string;
  language: Language;
  kind: MailKind;
}

/** Paragraphs (and one link, shown as a button) as a text and an HTML e-mail. */
function compose(
  lng: Language,
  kind: MailKind,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): Built {
  const text = [...paragraphs.slice(0, 2), ...(link ? [link.url] : []), ...paragraphs.slice(2)].join("\n\n") + "\n";
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;word-break:break-all">${escapeHtml(link.url)}</p>`
    : "";
  const html =
    `<!doctype html><html lang="${lng}" dir="${dirOf(lng)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">` +
    paragraphs.slice(0, 2).map(p).join("") +
    button +
    paragraphs.slice(2).map(p).join("") +
    `</body></html>`;
  return { subject, text, html, language: lng, kind };
}

export async function invitationMail(
  lng: Language,
  v: { name: string; school: string; link: string; email: string; hours: number },
): Promise<Built> {
  const t = await languageTranslator(lng, "mail");
  return compose(
    lng,
    "invite",
    t("invite.subject", { school: v.school }),
    [
      t("greeting", { name: v.name }),
      t("invite.body", { school: v.school }),
      t("invite.signIn", { email: v.email }),
      t("invite.expires", { hours: v.hours }),
      t("signature", { school: v.school }),
    ],
    { url: v.link, label: t("invite.button") },
  );
}

export async function absenceMail(
  lng: Language,
  kind: "absence_warning" | "absence_danger",
  v: { name: string; school: string; course: string; absences: string; threshold: number; contact: string },
): Promise<Built> {
  const t = await languageTranslator(lng, "mail");
  const key = kind === "absence_warning" ? "warning" : "danger";
  return compose(lng, kind, t(`absence.${key}.subject`, { school: v.school, course: v.course }), [
    t("greeting", { name: v.name }),
    t(`absence.${key}.body`, { course: v.course, absences: v.absences, threshold: v.threshold }),
    t("absence.contact", { school: v.school, contact: v.contact }),
    t("signature", { school: v.school }),
  ]);
}
