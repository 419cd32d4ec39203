import { PageHeader } from "~/components/ui/page-header";
import { useTranslation } from "~/i18n/react";
import { FAQS, type FaqSection } from "~/modules/teachers/faq";

/**
 * Questions and answers as native disclosure widgets: they open and close
 * without JavaScript, and screen readers announce them as expandable.
 * `prefix` is where the items live in the "school" namespace.
 */
export function FaqList({
  title,
  intro,
  prefix,
  keys,
}: {
  title: string;
  intro: string;
  prefix: string;
  keys: readonly string[];
}) {
  const { t } = useTranslation("school");
  return (
    <div className="max-w-3xl space-y-4">
      <PageHeader title={title} />
      <p className="text-slate-700">{intro}</p>
      <ul className="space-y-2">
        {keys.map((key) => (
          <li key={key}>
            <details className="group rounded-lg border border-slate-200 bg-white shadow-sm open:border-primary">
              <summary className="cursor-pointer list-none rounded-lg px-4 py-3 font-medium marker:hidden hover:bg-slate-50">
                <span className="flex items-start justify-between gap-3">
                  <span>{t(`${prefix}.${key}.q`)}</span>
                  <span
                    aria-hidden="true"
                    className="shrink-0 text-primary-dark transition-transform group-open:rotate-45"
                  >
                    +
                  </span>
                </span>
              </summary>
              <div className="space-y-2 border-t border-slate-200 px-4 py-3 text-slate-800">
                {t(`${prefix}.${key}.a`)
                  .split("\n")
                  .filter(Boolean)
                  .map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A staff FAQ page: its title, intro and questions, all under `section` of the "school" namespace. */
export function SchoolFaq({ section }: { section: FaqSection }) {
  const { t } = useTranslation("school");
  return (
    <FaqList
      title={t(`${section}.title`)}
      intro={t(`${section}.intro`)}
      prefix={`${section}.items`}
      keys={FAQS[section]}
    />
  );
}
