import { Link, NavLink } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { type MenuItem, menuHref } from "~/modules/menu/paths";
import { Icon } from "./icons";
import {
  type Bookmark,
  MenuSearch,
  PinButton,
  StarIcon,
  UnbookmarkButton,
  useMenuModel,
  useMenuSearch,
} from "./menu-tools";

/** The compact sidebar of staff roles: plain links and forms, so it works without JavaScript. */
export function Sidebar({
  items,
  layout,
  bookmarks,
  pins,
}: {
  items: MenuItem[];
  layout: string | null;
  bookmarks: Bookmark[];
  pins: string[];
}) {
  const { t } = useTranslation();
  const [q, setQ] = useMenuSearch();
  const model = useMenuModel(items, { bookmarks, pins }, q);
  return (
    <nav
      data-menu-trap
      aria-label={t("layout.mainMenu")}
      className="sidebar w-64 shrink-0 border-e border-slate-200 bg-white compact:fixed compact:inset-y-0 compact:start-0 compact:top-16 compact:z-[26] compact:shadow-xl"
    >
      <div className="sticky top-16 max-h-[calc(100vh-4rem)] space-y-3 overflow-y-auto p-3">
        <MenuSearch q={q} onChange={setQ} model={model} />
        {model.entries.length ? (
          <ul className="space-y-1">
            {model.entries.map(({ item, label, pinned }) => (
              <li key={item.id} className="flex items-center gap-1">
                <NavLink
                  to={menuHref(item.path, layout)}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `flex min-w-0 flex-1 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                      isActive ? "bg-primary-light text-primary-dark" : "text-slate-700 hover:bg-slate-100"
                    }`
                  }
                >
                  <Icon name={item.icon} />
                  {label}
                </NavLink>
                <PinButton item={item.id} label={label} pinned={pinned} />
              </li>
            ))}
          </ul>
        ) : null}
        <section aria-labelledby="menu-bookmarks">
          <h2 id="menu-bookmarks" className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-700">
            {t("menuTools.bookmarks")}
          </h2>
          {model.bookmarks.length ? (
            <ul className="mt-1 space-y-1">
              {model.bookmarks.map((b) => (
                <li key={b.path} className="flex items-center gap-1">
                  <Link
                    to={b.path}
                    className="flex min-w-0 flex-1 items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
                  >
                    <StarIcon filled className="h-4 w-4 shrink-0 text-amber-600" />
                    <span className="truncate">{b.shown}</span>
                  </Link>
                  <UnbookmarkButton bookmark={b} />
                </li>
              ))}
            </ul>
          ) : model.searching ? null : (
            <p className="mt-1 px-3 text-xs text-slate-700">{t("menuTools.noBookmarks")}</p>
          )}
        </section>
      </div>
    </nav>
  );
}
