import { useSearchParams } from "@remix-run/react";
import { type ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";

/** The query parameters that order or page a list: not filters. */
const NOT_FILTERS = new Set(["sort", "dir", "page", "limit", "menu_q", "layout"]);

/**
 * A list's filter form folded behind a "Filters" disclosure on a phone (a
 * `<details>`, so it works without JavaScript), its summary counting the
 * filters in use; from 640px the form always shows (tailwind.css, .filter-fold).
 */
export function FilterFold({ children, className = "" }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation("common");
  const [params] = useSearchParams();
  const active = new Set([...params].filter(([k, v]) => !NOT_FILTERS.has(k) && v.trim() !== "").map(([k]) => k)).size;
  return (
    // A new search folds it again (a new element): the results come first, as without JavaScript.
    <details key={params.toString()} className={`filter-fold ${className}`.trim()}>
      <summary className="btn-secondary w-full cursor-pointer justify-between whitespace-nowrap">
        <span>{active ? t("filters.toggle", { count: active }) : t("filters.label")}</span>
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="mt-2 sm:mt-0">{children}</div>
    </details>
  );
}

// The fields of a list's GET filter form; each keeps its value from the query string.

export function FilterSelect({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: { value: string | number; label: string }[];
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <div className="field">
      <label htmlFor={name} className="field-label">
        {label}
      </label>
      <select id={name} name={name} defaultValue={params.get(name) ?? ""} className="field-input">
        <option value="">{t("filters.all")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterInput({
  name,
  label,
  type = "search",
  placeholder,
  maxLength,
  className,
}: {
  name: string;
  label: string;
  type?: "search" | "date";
  placeholder?: string;
  maxLength?: number;
  className?: string;
}) {
  const [params] = useSearchParams();
  return (
    <div className={`field ${className ?? ""}`.trim()}>
      <label htmlFor={name} className="field-label">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        maxLength={maxLength}
        defaultValue={params.get(name) ?? ""}
        placeholder={placeholder}
        className="field-input"
      />
    </div>
  );
}

export function FilterActions({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`row-span-3 flex flex-wrap items-end gap-2 self-end ${className}`.trim()}>
      <button type="submit" className="btn-primary whitespace-nowrap">
        {t("filters.apply")}
      </button>
      <Link to="?" className="btn-secondary whitespace-nowrap">
        {t("filters.clear")}
      </Link>
    </div>
  );
}
