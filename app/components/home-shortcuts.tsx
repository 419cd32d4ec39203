import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { type MenuItem } from "~/modules/menu/paths";
import { Greeting } from "./dashboard/greeting";
import { Icon } from "./layout/icons";

/** A user's home: greeting, role and shortcuts to what the role may open. */
export function HomeShortcuts({ name, role, items }: { name: string; role: string; items: MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <Greeting name={name} line={t("home.signedInAs", { role: t(`roles.${role}`) })} />
      <section aria-labelledby="shortcuts-heading">
        <h2 id="shortcuts-heading" className="text-lg font-semibold">
          {t("home.shortcuts")}
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={item.path} className="card flex items-center gap-3 p-4 hover:border-primary hover:shadow">
                <span className="rounded-md bg-primary-light p-2 text-primary-dark">
                  <Icon name={item.icon} />
                </span>
                <span className="font-medium">{t(item.title)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
