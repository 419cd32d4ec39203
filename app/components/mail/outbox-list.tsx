import { useFormat } from "~/components/format";
import { LANGUAGE_NAMES, type Language } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";

export interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  kind: string;
  language: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  links: string[];
}

const STATUS_COLORS: Record<string, string> = {
  queued: "bg-amber-100 text-amber-900",
  sending: "bg-sky-100 text-sky-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-rose-100 text-rose-900",
};

/** One e-mail of the outbox as a card: who, what, its state, its links, and its text behind a disclosure. */
function OutboxCard({ m }: { m: OutboxRow }) {
  const { t } = useTranslation("mail");
  const format = useFormat();
  const facts: [string, string][] = [
    [t("outbox.recipient"), m.recipient],
    [t("outbox.kind"), t(`outbox.kinds.${m.kind}`)],
    [t("outbox.language"), LANGUAGE_NAMES[m.language as Language] ?? m.language],
    [t("outbox.createdAt"), format.dateTime(m.created_at)],
    [t("outbox.attempts"), format.number(m.attempts)],
  ];
  if (m.sent_at) facts.push([t("outbox.sentAt"), format.dateTime(m.sent_at)]);
  else if (m.status === "queued" && m.attempts > 0)
    facts.push([t("outbox.nextAttempt"), format.dateTime(m.next_attempt_at)]);
  if (m.last_error) facts.push([t("outbox.lastError"), m.last_error]);
  return (
    <li className="card p-4" data-outbox-id={m.id} data-status={m.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-base font-semibold">{m.subject}</h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_COLORS[m.status] ?? ""}`}>
          {t(`outbox.statuses.${m.status}`)}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
        {m.links.length ? (
          <div className="contents">
            <dt className="font-medium text-slate-700">{t("outbox.links")}</dt>
            <dd className="min-w-0">
              <ul>
                {m.links.map((href) => (
                  <li key={href}>
                    <a href={href} dir="ltr" className="break-all text-primary-dark underline" rel="noreferrer">
                      {href}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-primary-dark">{t("outbox.showBody")}</summary>
        <pre
          lang={m.language}
          dir={m.language === "ar" ? "rtl" : "ltr"}
          className="mt-2 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-sans text-sm"
        >
          {m.text_body}
        </pre>
      </details>
    </li>
  );
}

export function OutboxList({ rows }: { rows: OutboxRow[] }) {
  const { t } = useTranslation("mail");
  if (!rows.length) return <p className="card p-4 text-sm">{t("outbox.empty")}</p>;
  return (
    <ul className="space-y-3" aria-label={t("outbox.title")}>
      {rows.map((m) => (
        <OutboxCard key={m.id} m={m} />
      ))}
    </ul>
  );
}
