import { useTranslation } from "~/i18n/react";

/** A one-time set-password link, shown to the admin this once (only its hash is stored). */
export function OneTimeLink({ link, title }: { link: string; title: string }) {
  const { t } = useTranslation("users");
  return (
    <section aria-labelledby="one-time-link-title" className="card space-y-2 border-emerald-700 bg-emerald-50">
      <h2 id="one-time-link-title" className="text-lg font-semibold text-emerald-900">
        {title}
      </h2>
      <p className="text-sm text-slate-800">{t("link.explain")}</p>
      <label htmlFor="one-time-link" className="field-label">
        {t("link.label")}
      </label>
      <input
        id="one-time-link"
        readOnly
        value={link}
        className="field-input font-mono text-sm"
        onFocus={(e) => e.currentTarget.select()}
      />
    </section>
  );
}
