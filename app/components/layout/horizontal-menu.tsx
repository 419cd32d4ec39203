import { NavLink } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type MenuItem, menuHref } from "~/modules/auth/menu";
import { useHydrated } from "../use-hydrated";
import { Icon } from "./icons";

export const MENU_STEP = 1000;
export const MENU_POSITIONS = [0, -1000, -2000, -3000] as const;

/** Next offset of the horizontal menu: steps of 1000px between 0 and -3000. */
export function stepMenu(offset: number, direction: "left" | "right"): number {
  const next = direction === "right" ? offset - MENU_STEP : offset + MENU_STEP;
  return Math.min(0, Math.max(MENU_POSITIONS[MENU_POSITIONS.length - 1], next));
}

/**
 * The professors' menu. Without JavaScript it scrolls natively; with it, the
 * arrows move it in the spec's 1000px steps.
 */
export function HorizontalMenu({ items, layout }: { items: MenuItem[]; layout: string | null }) {
  const { t, i18n } = useTranslation();
  const [offset, setOffset] = useState(0);
  const hydrated = useHydrated();
  const listRef = useRef<HTMLUListElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = listRef.current;
    if (el?.parentElement) setOverflows(el.scrollWidth > el.parentElement.clientWidth);
  }, []);
  const rtl = i18n.dir() === "rtl";
  const shift = rtl ? -offset : offset;

  return (
    <nav aria-label={t("layout.mainMenu")} className="relative flex items-center border-b border-slate-200 bg-white">
      {hydrated && overflows ? (
        <button type="button" className="px-2 py-3 disabled:opacity-40" aria-label={t("layout.scrollMenuBack")} disabled={offset === 0} onClick={() => setOffset((o) => stepMenu(o, "left"))}>
          <Icon name="chevron" className="h-5 w-5 ltr:rotate-180" />
        </button>
      ) : null}
      <div className={`flex-1 ${hydrated ? "overflow-hidden" : "overflow-x-auto"}`}>
        <ul ref={listRef} className="flex gap-1 px-3 transition-transform" style={hydrated ? { transform: `translateX(${shift}px)` } : undefined}>
          {items.map((item) => (
            <li key={item.id}>
              <NavLink
                to={menuHref(item.path, layout)}
                end
                prefetch="intent"
                className={({ isActive }) =>
                  `flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium ${
                    isActive ? "border-primary-dark text-primary-dark" : "border-transparent text-slate-700 hover:text-slate-900"
                  }`
                }
              >
                <Icon name={item.icon} />
                {t(item.title)}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
      {hydrated && overflows ? (
        <button type="button" className="px-2 py-3 disabled:opacity-40" aria-label={t("layout.scrollMenuForward")} disabled={offset === MENU_POSITIONS[MENU_POSITIONS.length - 1]} onClick={() => setOffset((o) => stepMenu(o, "right"))}>
          <Icon name="chevron" className="h-5 w-5 rtl:rotate-180" />
        </button>
      ) : null}
    </nav>
  );
}
