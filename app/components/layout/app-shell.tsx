import { useFetcher, useLocation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "~/components/ui/link";
import { type Role } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import { type MenuItem, type PageRule } from "~/modules/menu/paths";
import { FetchFlag } from "../fetch-flag";
import { LanguageSwitcher } from "../language-switcher";
import { HorizontalMenu } from "./horizontal-menu";
import { Icon } from "./icons";
import { type Bookmark, BookmarkStar } from "./menu-tools";
import { ProfileMenu } from "./profile-menu";
import { SchoolMark } from "./school-mark";
import { ScrollToTop } from "./scroll-to-top";
import { Sidebar } from "./sidebar";
import { SkipLink } from "./skip-link";

export type SidebarState = "auto" | "open" | "closed";

export interface ShellProps {
  user: { name: string; role: Role; image: string | null };
  home: string;
  menu: MenuItem[];
  /** The role's page rules (modules/menu/paths.ts): which pages the header's star may bookmark. */
  pages: readonly PageRule[];
  /** The user's starred pages and pinned menu entries (issue 15). */
  bookmarks: Bookmark[];
  pins: string[];
  /** The header's star; off on error pages, which are no destination. */
  star?: boolean;
  sidebar: SidebarState;
  layout: string | null;
  schoolName: string;
  /** The logo's URL, or null: the initial of the name stands in. */
  schoolLogo: string | null;
  /** The school's year (its time zone), for the footer: the server's and the browser's clocks may disagree. */
  year: string;
  bell?: ReactNode;
  children: ReactNode;
}

/**
 * Header, sidebar (staff) or horizontal menu (professors), main and footer.
 * The menu toggle serves both: the professors' menu folds behind it at 1006px
 * and narrower only (tailwind.css), so on wide screens they have no toggle.
 */
export function AppShell({
  user,
  home,
  menu,
  pages,
  bookmarks,
  pins,
  star = true,
  sidebar,
  layout,
  schoolName,
  schoolLogo,
  year,
  bell,
  children,
}: ShellProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher<{ sidebar?: string }>();
  const horizontal = user.role === "professor" || user.role === "student";
  // With JavaScript the toggle answers at once; the cookie follows in the background.
  // The layout loader is not revalidated by the toggle, so once the request is
  // done its answer (not the stale loader value) holds the state.
  const pending = fetcher.formData?.get("sidebar") ?? fetcher.data?.sidebar;
  const state: SidebarState = pending === "open" || pending === "closed" || pending === "auto" ? pending : sidebar;
  // The pressed toggle hides itself and its twin shows: keep the keyboard focus on the one shown.
  const toggles = useRef<HTMLFormElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    const shown = [...(toggles.current?.querySelectorAll("button") ?? [])].find((b) => b.offsetParent !== null);
    shown?.focus();
  }, [state]);
  usePhoneMenu(state === "open", () => {
    toggled.current = true;
    fetcher.submit({ sidebar: "auto", fetch: "1" }, { method: "post", action: "/resources/layout" });
  });

  return (
    <div data-sidebar={state} className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3">
        <Link to={home} className="flex min-w-0 shrink items-center gap-2 font-bold text-primary-dark">
          <SchoolMark name={schoolName} logo={schoolLogo} />
          <span className="hidden md:inline">{schoolName}</span>
          <span className="sr-only md:hidden">{schoolName}</span>
        </Link>
        <fetcher.Form
          ref={toggles}
          id="menu-toggles"
          data-menu-trap
          className={horizontal ? "hmenu-toggle" : undefined}
          method="post"
          action="/resources/layout"
          onSubmit={() => {
            toggled.current = true;
          }}
        >
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <FetchFlag />
          <button
            type="submit"
            name="sidebar"
            value="open"
            className="sidebar-toggle-open rounded-md p-2 hover:bg-slate-100"
            aria-label={t("layout.openSidebar")}
            aria-expanded="false"
          >
            <Icon name="menu" />
          </button>
          <button
            type="submit"
            name="sidebar"
            value="closed"
            className="sidebar-toggle-close rounded-md p-2 hover:bg-slate-100"
            aria-label={t("layout.closeSidebar")}
            aria-expanded="true"
          >
            <Icon name="menu" />
          </button>
        </fetcher.Form>
        <div className="ms-auto flex items-center gap-1">
          {star ? <BookmarkStar pages={pages} items={menu} bookmarks={bookmarks} /> : null}
          {bell}
          <LanguageSwitcher />
          <ProfileMenu name={user.name} roleLabel={t(`roles.${user.role}`)} image={user.image} />
        </div>
      </header>
      {horizontal ? <HorizontalMenu items={menu} layout={layout} bookmarks={bookmarks} pins={pins} /> : null}
      <div className="flex flex-1">
        {!horizontal ? <Sidebar items={menu} layout={layout} bookmarks={bookmarks} pins={pins} /> : null}
        {/* Under the open phone menu: dims the page, and a tap on it closes the menu (a plain post without
            JavaScript). For the pointer only: the keyboard and screen readers have the toggle (and Escape). */}
        <button
          type="submit"
          form="menu-toggles"
          name="sidebar"
          value="auto"
          tabIndex={-1}
          aria-hidden="true"
          className="menu-backdrop fixed inset-0 top-16 z-[25] cursor-default bg-slate-900/40"
        />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 md:p-6">
          {children}
        </main>
      </div>
      <footer className="border-t border-slate-200 bg-white px-4 py-3 text-center text-sm text-slate-700">
        {t("layout.copyright", { year, school: schoolName })}
      </footer>
      <ScrollToTop />
    </div>
  );
}

/** What can take the focus inside the open phone menu (its toggle and its entries). */
const FOCUSABLE = ["a[href]", "button", "input", "select", "textarea", "summary", "[tabindex]"]
  .map((s) => `[data-menu-trap] ${s}:not([tabindex="-1"]):not([disabled]):not([type="hidden"])`)
  .join(",");

/**
 * The open menu on a phone (1006px and narrower, with JavaScript): the Tab
 * key cycles through the toggle and the menu's entries only, Escape closes
 * it, and so does going to another page. Without JavaScript the toggle and
 * the backdrop are plain posts.
 */
function usePhoneMenu(open: boolean, close: () => void) {
  const closeRef = useRef(close);
  closeRef.current = close;
  const location = useLocation();
  const compact = () => typeof window !== "undefined" && window.matchMedia("(max-width: 1006px)").matches;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (!compact()) return;
      if (event.key === "Escape") {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.getClientRects().length > 0,
      );
      if (!items.length) return;
      // The header's other buttons sit between the toggle and the menu: step through our list only.
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = at === -1 ? 0 : (at + (event.shiftKey ? items.length - 1 : 1)) % items.length;
      event.preventDefault();
      items[next].focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  // A new page (a menu entry, a link): the phone menu gives way to it.
  const seen = useRef(location.key);
  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    if (open && compact()) closeRef.current();
  }, [location.key, open]);
}
