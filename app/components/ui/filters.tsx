import { Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";

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
    <div>
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
    <div className={className}>
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
    <div className={`flex items-end gap-2 ${className}`.trim()}>
      <button type="submit" className="btn-primary">
        {t("filters.apply")}
      </button>
      <Link to="?" className="btn-secondary">
        {t("filters.clear")}
      </Link>
    </div>
  );
}
