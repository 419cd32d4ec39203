import { type FocusEvent, useEffect, useRef, useState } from "react";
import { Link, NavLink } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { type MenuItem, menuHref } from "~/modules/menu/paths";
import { useHydrated } from "../use-hydrated";
import { DirectionChevron, Icon } from "./icons";
import { type Bookmark, MenuSearch, PinButton, StarIcon, useMenuModel, useMenuSearch } from "./menu-tools";

export const MENU_STEP = 1000;
export const MENU_POSITIONS = [0, -1000, -2000, -3000] as const;

/** Next offset of the horizontal menu: steps of 1000px between 0 and -3000. */
export function stepMenu(offset: number, direction: "left" | "right"): number {
  const next = direction === "right" ? offset - MENU_STEP : offset + MENU_STEP;
  return Math.min(0, Math.max(MENU_POSITIONS[MENU_POSITIONS.length - 1], next));
}

/**
 * The offset that shows an item (`start` px from the list's start edge,
 * `width` px wide) in a box `visible` px wide, so a link reached with Tab is
 * never out of sight: the current offset if it already shows it, else the
 * first of the spec's positions that does, else (a box narrower than the
 * 1000px step leaves gaps) just far enough to show it.
 */
export function offsetShowing(start: number, width: number, visible: number, current: number): number {
  const shows = (o: number) => start >= -o && start + width <= -o + visible;
  if (shows(current)) return current;
  return MENU_POSITIONS.find(shows) ?? -Math.min(start, Math.max(0, start + width - visible));
}

/**
 * The professors' menu. Without JavaScript it scrolls natively; with it, the
 * arrows move it in the spec's 1000px steps. At 1006px and narrower it folds
 * behind the header's menu toggle (the "hmenu" rules of tailwind.css) and
 * lists its entries one under the other.
 */
export function HorizontalMenu({
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
  const { t, i18n } = useTranslation();
  const [q, setQ] = useMenuSearch();
  const model = useMenuModel(items, { bookmarks, pins }, q);
  const [offset, setOffset] = useState(0);
  const hydrated = useHydrated();
  const listRef = useRef<HTMLUListElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const measure = () => {
      const el = listRef.current;
      if (el?.parentElement) setOverflows(el.scrollWidth > el.parentElement.clientWidth);
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [model.count]); // a pin, a bookmark or a search changes the list's width
  const rtl = i18n.dir() === "rtl";
  const shift = rtl ? -offset : offset;

  // Tab onto a link the arrows have moved out of sight: move the menu to it.
  function onFocus(event: FocusEvent<HTMLUListElement>) {
    const list = listRef.current;
    const box = list?.parentElement;
    if (!hydrated || !list || !box || !(event.target instanceof HTMLElement)) return;
    box.scrollLeft = 0; // the browser scrolls a clipped box to the focus; the offset does it here
    const item = event.target.getBoundingClientRect();
    const all = list.getBoundingClientRect(); // both moved by the same transform
    const start = rtl ? all.right - item.right : item.left - all.left;
    setOffset((o) => offsetShowing(start, item.width, box.clientWidth, o));
  }

  return (
    <nav
      data-menu-trap
      aria-label={t("layout.mainMenu")}
      className="hmenu relative flex items-center border-b border-slate-200 bg-white"
    >
      {hydrated && overflows ? (
        <button
          type="button"
          className="px-2 py-3 disabled:opacity-40"
          aria-label={t("layout.scrollMenuBack")}
          disabled={offset === 0}
          onClick={() => setOffset((o) => stepMenu(o, "left"))}
        >
          <DirectionChevron to="back" className="h-5 w-5" />
        </button>
      ) : null}
      <div className={`flex-1 ${hydrated ? "overflow-hidden" : "overflow-x-auto"}`}>
        <ul
          ref={listRef}
          onFocus={onFocus}
          className="flex gap-1 px-3 transition-transform"
          style={hydrated ? { transform: `translateX(${shift}px)` } : undefined}
        >
          {model.entries.map(({ item, label, pinned }) => (
            <li key={item.id} className="flex items-center">
              <NavLink
                to={menuHref(item.path, layout)}
                end
                prefetch="intent"
                className={({ isActive }) =>
                  `flex flex-1 items-center gap-2 whitespace-nowrap border-b-2 py-3 pe-1 ps-3 text-sm font-medium ${
                    isActive
                      ? "border-primary-dark text-primary-dark"
                      : "border-transparent text-slate-700 hover:text-slate-900"
                  }`
                }
              >
                <Icon name={item.icon} />
                {label}
              </NavLink>
              <PinButton item={item.id} label={label} pinned={pinned} />
            </li>
          ))}
          {model.bookmarks.map((b) => (
            <li key={b.path} className="flex items-center">
              <Link
                to={b.path}
                className="flex flex-1 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-3 text-sm text-slate-700 hover:text-slate-900"
              >
                <StarIcon filled className="h-4 w-4 text-amber-600" />
                <span className="sr-only">{t("menuTools.bookmarkPrefix")} </span>
                {b.shown}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {hydrated && overflows ? (
        <button
          type="button"
          className="px-2 py-3 disabled:opacity-40"
          aria-label={t("layout.scrollMenuForward")}
          disabled={offset === MENU_POSITIONS[MENU_POSITIONS.length - 1]}
          onClick={() => setOffset((o) => stepMenu(o, "right"))}
        >
          <DirectionChevron to="forward" className="h-5 w-5" />
        </button>
      ) : null}
      <MenuSearch q={q} onChange={setQ} model={model} className="hmenu-search w-56 shrink-0 px-3 py-2" />
    </nav>
  );
}
