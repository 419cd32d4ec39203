import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "../format";

/**
 * Previous/next links that keep every filter of the query string. `more`: the
 * list counted its matches only up to `total` and there are more (a search,
 * ADR 052): the summary says "more than" and names no last page.
 */
export function Pagination({
  page,
  limit,
  total,
  more = false,
}: {
  page: number;
  limit: number;
  total: number;
  more?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / limit));
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(p));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={t("pagination.label")} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-700">
        {more
          ? t("pagination.summaryMore", { page: format.number(page), count: total })
          : t("pagination.summary", {
              page: format.number(page),
              pages: format.number(pages),
              count: total,
            })}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} className="btn-secondary" rel="prev">
            {t("pagination.previous")}
          </Link>
        ) : null}
        {more || page < pages ? (
          <Link to={href(page + 1)} className="btn-secondary" rel="next">
            {t("pagination.next")}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
