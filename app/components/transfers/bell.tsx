import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFormat } from "~/components/format";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { type PendingTransfers } from "~/modules/transfers/transfers.server";

export const BELL_POLL_MS = 10_000;

/**
 * The pending-transfer bell (spec layout notes). Server-rendered with the
 * page, so it works without JavaScript; with it, it refreshes every 10 s and
 * when the window regains focus, through a fetcher (no page reload).
 */
export function TransferBell({ initial }: { initial: PendingTransfers }) {
  const { t } = useTranslation("transfers");
  const format = useFormat();
  const fetcher = useFetcher<PendingTransfers>();
  const [data, setData] = useState(initial);

  useEffect(() => setData(initial), [initial]);
  useEffect(() => {
    if (fetcher.data) setData(fetcher.data);
  }, [fetcher.data]);
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== "hidden") fetcher.load("/resources/pending-transfers");
    };
    const timer = setInterval(refresh, BELL_POLL_MS);
    window.addEventListener("focus", refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", refresh);
    };
    // fetcher.load is stable enough for polling; re-subscribing each render would reset the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A <details> closes itself only on its summary. With JavaScript the pages
  // it links to come without a page load, so it is closed here: when an entry
  // (or any link) is followed, on a click outside and on Escape (issue 15).
  // The focus goes back to the bell when it was in the list, never lost on
  // the hidden links.
  const details = useRef<HTMLDetailsElement>(null);
  const close = useCallback(() => {
    const element = details.current;
    if (!element?.open) return;
    const hadFocus =
      element.contains(document.activeElement) && document.activeElement !== element.querySelector("summary");
    element.open = false;
    if (hadFocus) element.querySelector("summary")?.focus();
  }, []);
  const { key } = useLocation();
  useEffect(() => close(), [key, close]);
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (details.current?.open && !details.current.contains(event.target as Node)) close();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [close]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegation: a click on one of its links (Enter on a link clicks it too) closes the menu
    <details
      ref={details}
      className="relative"
      data-testid="transfer-bell"
      onClick={(event) => {
        if ((event.target as HTMLElement).closest("a")) close();
      }}
    >
      <summary
        className="relative flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-slate-100"
        aria-label={t("bell.label", { count: data.count })}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {data.count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -end-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-secondary-dark px-1 text-center text-xs font-bold text-white"
          >
            {data.count > 99 ? "99+" : data.count}
          </span>
        ) : null}
      </summary>
      <div className="fixed inset-x-2 top-16 z-30 rounded-md border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:end-0 sm:top-auto sm:mt-1 sm:w-80">
        <p className="border-b border-slate-200 px-4 py-2 text-sm font-semibold">{t("bell.title")}</p>
        {data.items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-700">{t("bell.empty")}</p>
        ) : (
          <ul className="max-h-[300px] overflow-y-auto">
            {data.items.map((item) => {
              const first = item.students[0];
              return (
                <li key={item.id} className="border-b border-slate-100 last:border-0">
                  <Link
                    to={`/admin/transfer-students?id=${item.id}`}
                    className="block px-4 py-2 text-sm hover:bg-slate-50"
                  >
                    {item.is_group ? (
                      <>
                        <span className="block font-medium">{t("bell.group", { count: item.students.length })}</span>
                        <span className="block text-slate-700">
                          {item.course_name} · {item.full_level}
                        </span>
                      </>
                    ) : (
                      <>
                        <span className="block font-medium">{first?.name ?? t("bell.na")}</span>
                        <span className="block text-slate-700">
                          {t("common:colon", { label: t("bell.id") })} {first?.cedula || t("bell.na")}
                        </span>
                      </>
                    )}
                    <span className="block text-xs text-slate-700">{format.date(item.created_at)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        <Link
          to="/admin/transfer-students?status_level_change=pending"
          className="block border-t border-slate-200 px-4 py-2 text-center text-sm font-semibold text-primary-dark hover:bg-slate-50"
        >
          {t("bell.all")}
        </Link>
      </div>
    </details>
  );
}
