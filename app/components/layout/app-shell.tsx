import { Link, useFetcher, useLocation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type Role } from "~/db/schema";
import { type MenuItem } from "~/modules/auth/menu";
import { LanguageSwitcher } from "../language-switcher";
import { useHydrated } from "../use-hydrated";
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
  const hydrated = useHydrated();
  const horizontal = user.role === "professor" || user.role === "student";
  // With JavaScript the toggle answers at once; the cookie follows in the background.
  // The layout loader is not revalidated by the toggle, so once the request is
  // done its answer (not the stale loader value) holds the state.
  const pending = fetcher.formData?.get("sidebar") ?? fetcher.data?.sidebar;
  const state: SidebarState = pending === "open" || pending === "closed" ? pending : sidebar;
  // The pressed toggle hides itself and its twin shows: keep the keyboard focus on the one shown.
  const toggles = useRef<HTMLFormElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    const shown = [...(toggles.current?.querySelectorAll("button") ?? [])].find((b) => b.offsetParent !== null);
    shown?.focus();
  }, [state]);

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
          className={horizontal ? "hmenu-toggle" : undefined}
          method="post"
          action="/resources/layout"
          onSubmit={() => {
            toggled.current = true;
          }}
        >
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          {hydrated ? <input type="hidden" name="fetch" value="1" /> : null}
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
          {star ? <BookmarkStar role={user.role} items={menu} bookmarks={bookmarks} /> : null}
          {bell}
          <LanguageSwitcher />
          <ProfileMenu name={user.name} roleLabel={t(`roles.${user.role}`)} image={user.image} />
        </div>
      </header>
      {horizontal ? <HorizontalMenu items={menu} layout={layout} bookmarks={bookmarks} pins={pins} /> : null}
      <div className="flex flex-1">
        {!horizontal ? <Sidebar items={menu} layout={layout} bookmarks={bookmarks} pins={pins} /> : null}
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
