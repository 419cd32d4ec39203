import { useFetcher, useFetchers, useLocation, useMatches, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { type MenuItem, type PageRule, bookmarkPath, orderMenu, pageReachable, searchable } from "~/modules/menu/paths";
import { FetchFlag } from "../fetch-flag";
import { useHydrated } from "../use-hydrated";

// Issue 15: the menu's search, the pages a user starred and the entries they
// pinned. Every control is a form: GET for the search, POST to
// /resources/menu for stars and pins, so all of it works without JavaScript;
// with it, the search filters as one types and the posts go through fetchers.

export const MENU_ACTION = "/resources/menu";

export interface Bookmark {
  path: string;
  label: string;
}

/** The stored bookmarks and pins with the posts still under way applied, so a star or pin answers at once. */
export function useOptimisticPreferences(bookmarks: readonly Bookmark[], pins: readonly string[]) {
  const fetchers = useFetchers();
  let marks = [...bookmarks];
  let pinned = [...pins];
  for (const f of fetchers) {
    if (!f.formData || !f.formAction?.startsWith(MENU_ACTION)) continue;
    const on = f.formData.get("state") === "on";
    if (f.formData.get("intent") === "bookmark") {
      const path = String(f.formData.get("path"));
      marks = marks.filter((b) => b.path !== path);
      if (on) marks.push({ path, label: String(f.formData.get("label") ?? path) });
    } else if (f.formData.get("intent") === "pin") {
      const item = String(f.formData.get("item"));
      pinned = pinned.filter((p) => p !== item);
      if (on) pinned.push(item);
    }
  }
  return { bookmarks: marks, pins: pinned };
}

/** The menu search's text: `menu_q` of the address (a search without JavaScript), then what is typed. */
export function useMenuSearch(): [string, (q: string) => void] {
  const [params] = useSearchParams();
  const location = useLocation();
  const fromUrl = params.get("menu_q") ?? "";
  const [q, setQ] = useState(fromUrl);
  // A new page (a menu link, the GET form) starts from its own address.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setQ(fromUrl), [location.key]);
  return [q, setQ];
}

export interface MenuModel {
  entries: { item: MenuItem; label: string; pinned: boolean }[];
  bookmarks: (Bookmark & { shown: string })[];
  count: number;
  searching: boolean;
}

/** What the menu shows: pinned entries first, then the others, then the bookmarks; all filtered by the search. */
export function useMenuModel(
  items: readonly MenuItem[],
  stored: { bookmarks: readonly Bookmark[]; pins: readonly string[] },
  q: string,
): MenuModel {
  const { t } = useTranslation();
  const { bookmarks, pins } = useOptimisticPreferences(stored.bookmarks, stored.pins);
  const needle = searchable(q);
  const hit = (label: string) => !needle || searchable(label).includes(needle);
  const entries = orderMenu(items, pins)
    .map(({ item, pinned }) => ({ item, pinned, label: t(item.title) }))
    .filter((e) => hit(e.label));
  // A bookmark of a menu destination takes the entry's title, in the page's language.
  const titled = bookmarks.map((b) => {
    const entry = items.find((i) => i.path === b.path);
    return { ...b, shown: entry ? t(entry.title) : b.label };
  });
  const marks = titled.filter((b) => hit(b.shown));
  return { entries, bookmarks: marks, count: entries.length + marks.length, searching: !!needle };
}

const TRANSIENT = new Set(["menu_q", "_data", "index"]);

/**
 * The search field. Without JavaScript it is a GET form to this same page
 * (its other query parameters kept), which renders the menu filtered; with
 * JavaScript the menu filters as one types and the form is not sent.
 */
export function MenuSearch({
  q,
  onChange,
  model,
  className = "",
}: {
  q: string;
  onChange: (q: string) => void;
  model: MenuModel;
  className?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const keep = [...params].filter(([k]) => !TRANSIENT.has(k));
  const clearTo = location.pathname + (keep.length ? `?${new URLSearchParams(keep)}` : "");
  return (
    <div className={className}>
      <form
        method="get"
        action={location.pathname}
        role="search"
        aria-label={t("menuTools.search")}
        className="flex items-center gap-1"
        onSubmit={(event) => {
          if (hydrated) event.preventDefault();
        }}
      >
        {keep.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <label htmlFor="menu-search" className="sr-only">
          {t("menuTools.searchLabel")}
        </label>
        <input
          id="menu-search"
          type="search"
          name="menu_q"
          value={q}
          maxLength={100}
          autoComplete="off"
          placeholder={t("menuTools.searchPlaceholder")}
          onChange={(event) => onChange(event.target.value)}
          className="block w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900"
        />
        {/* Named in full: pages have their own "Search" button beside this one. */}
        <button
          type="submit"
          aria-label={t("menuTools.searchLabel")}
          className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-800 hover:bg-slate-100"
        >
          {t("menuTools.searchButton")}
        </button>
      </form>
      <p role="status" className="mt-1 text-xs text-slate-700">
        {model.searching ? t("menuTools.results", { count: model.count }) : ""}
      </p>
      {model.searching ? (
        <Link to={clearTo} onClick={() => onChange("")} className="text-xs text-primary-dark underline">
          {t("menuTools.clearSearch")}
        </Link>
      ) : null}
    </div>
  );
}

function PinIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={filled ? "icon icon-filled h-4 w-4" : "icon h-4 w-4"}>
      <path d="M9 4h6l-1 6 4 3v2H6v-2l4-3zM12 15v6" />
    </svg>
  );
}

export function StarIcon({ filled, className = "h-5 w-5" }: { filled: boolean; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={filled ? `icon icon-filled ${className}` : `icon ${className}`}
    >
      <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

type Answer = { ok: boolean; error: string | null };

/** The hidden fields every post to /resources/menu carries. */
function Common() {
  const location = useLocation();
  return (
    <>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <FetchFlag />
    </>
  );
}

/** A refused post (the limit), said where the control is. */
function Refusal({ data, className = "" }: { data?: Answer; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="alert" className={`text-xs text-secondary-dark empty:hidden ${className}`}>
      {data && !data.ok && data.error ? t(data.error) : ""}
    </span>
  );
}

/** Pins a menu entry to the top, or unpins it: a toggle button (aria-pressed). */
export function PinButton({ item, label, pinned }: { item: string; label: string; pinned: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  return (
    <fetcher.Form method="post" action={MENU_ACTION} className="flex shrink-0 items-center">
      <Common />
      <input type="hidden" name="intent" value="pin" />
      <input type="hidden" name="item" value={item} />
      <input type="hidden" name="state" value={pinned ? "off" : "on"} />
      <button
        type="submit"
        aria-pressed={pinned}
        aria-label={t("menuTools.pin", { item: label })}
        title={t(pinned ? "menuTools.unpinHint" : "menuTools.pinHint")}
        className={`rounded-md p-2 hover:bg-slate-100 ${pinned ? "text-primary-dark" : "text-slate-600"}`}
      >
        <PinIcon filled={pinned} />
      </button>
      <Refusal data={fetcher.data} />
    </fetcher.Form>
  );
}

/** Removes a bookmark from the menu. */
export function UnbookmarkButton({ bookmark }: { bookmark: Bookmark & { shown: string } }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  return (
    <fetcher.Form method="post" action={MENU_ACTION} className="flex shrink-0 items-center">
      <Common />
      <input type="hidden" name="intent" value="bookmark" />
      <input type="hidden" name="path" value={bookmark.path} />
      <input type="hidden" name="label" value={bookmark.label} />
      <input type="hidden" name="state" value="off" />
      <button
        type="submit"
        aria-label={t("menuTools.removeBookmark", { page: bookmark.shown })}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="icon h-4 w-4">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </fetcher.Form>
  );
}

/** The title a page gives itself (its loader's `title`), else its menu entry's, else its path. */
function usePageLabel(items: readonly MenuItem[], path: string): string {
  const { t } = useTranslation();
  const matches = useMatches();
  for (const m of [...matches].reverse()) {
    const title = (m.data as { title?: unknown } | undefined)?.title;
    if (typeof title === "string" && title.trim()) return title.trim();
  }
  const pathname = path.split("?")[0];
  const entry = items.find((i) => i.path === pathname);
  return entry ? t(entry.title) : pathname;
}

/**
 * The star of the header: bookmarks the page shown (or removes its bookmark).
 * Only on a page the role may open, as the action checks.
 */
export function BookmarkStar({
  pages,
  items,
  bookmarks,
}: {
  pages: readonly PageRule[];
  items: readonly MenuItem[];
  bookmarks: readonly Bookmark[];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher<Answer>();
  const path = bookmarkPath(location.pathname + location.search, (p) => pageReachable(pages, items, p));
  const label = usePageLabel(items, path ?? "");
  const current = useOptimisticPreferences(bookmarks, []).bookmarks;
  if (!path) return null;
  const starred = current.some((b) => b.path === path);
  return (
    <fetcher.Form method="post" action={MENU_ACTION} className="relative flex items-center">
      <Common />
      <input type="hidden" name="intent" value="bookmark" />
      <input type="hidden" name="path" value={path} />
      <input type="hidden" name="label" value={label} />
      <input type="hidden" name="state" value={starred ? "off" : "on"} />
      <button
        type="submit"
        aria-pressed={starred}
        aria-label={t("menuTools.bookmarkPage")}
        title={t(starred ? "menuTools.unbookmarkHint" : "menuTools.bookmarkHint")}
        className={`rounded-md p-2 hover:bg-slate-100 ${starred ? "text-amber-600" : "text-slate-700"}`}
      >
        <StarIcon filled={starred} />
      </button>
      <Refusal
        data={fetcher.data}
        className="absolute end-0 top-full z-40 mt-1 w-56 rounded-md border border-slate-200 bg-white p-2 shadow"
      />
    </fetcher.Form>
  );
}
