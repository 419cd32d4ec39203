import { useFormat } from "~/components/format";
import { Link } from "~/components/ui/link";
import { Section } from "~/components/ui/section";
import { useTranslation } from "~/i18n/react";

export interface CountCard {
  /** school's dashboard.counts.<key> names it. */
  key: string;
  value: number;
  /** The list it counts, for a reader who may open it. */
  href: string | null;
}

/** The dashboard's counts: one card each, a link to its list where the reader may open it. */
export function CountCards({ cards }: { cards: readonly CountCard[] }) {
  const { t } = useTranslation("school");
  const format = useFormat();
  return (
    <Section id="counts-heading" title={t("dashboard.counts.title")}>
      <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {cards.map((card) => {
          const body = (
            <>
              <span className="block text-3xl font-bold tabular-nums text-primary-dark">
                {format.number(card.value)}
              </span>
              <span className="mt-1 block text-sm text-slate-800">{t(`dashboard.counts.${card.key}`)}</span>
            </>
          );
          return (
            <li key={card.key}>
              {card.href ? (
                <Link to={card.href} className="card block h-full p-4 hover:border-primary hover:shadow">
                  {body}
                </Link>
              ) : (
                <div className="card h-full p-4">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
