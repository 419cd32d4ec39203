import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type MenuItem, menuHref } from "~/modules/auth/menu";
import { Icon } from "./icons";

/** The compact sidebar of staff roles: plain links, so it works without JavaScript. */
export function Sidebar({ items, layout }: { items: MenuItem[]; layout: string | null }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("layout.mainMenu")} className="sidebar w-64 shrink-0 border-e border-slate-200 bg-white compact:fixed compact:inset-y-0 compact:start-0 compact:top-16 compact:z-20 compact:shadow-xl">
      <ul className="sticky top-16 space-y-1 p-3">
        {items.map((item) => (
          <li key={item.id}>
            <NavLink
              to={menuHref(item.path, layout)}
              prefetch="intent"
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                  isActive ? "bg-primary-light text-primary-dark" : "text-slate-700 hover:bg-slate-100"
                }`
              }
            >
              <Icon name={item.icon} />
              {t(item.title)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
