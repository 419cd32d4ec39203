import { Form, useLocation } from "@remix-run/react";
import { LANGUAGES, LANGUAGE_NAMES } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";

/** A plain form of one button per language: works without JavaScript. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = i18n.language;
  return (
    <details className={`relative ${className}`}>
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </svg>
        <span>{t("language.label")}</span>
        <span className="sr-only">
          {" "}
          {t("language.current", { language: LANGUAGE_NAMES[current as keyof typeof LANGUAGE_NAMES] ?? current })}
        </span>
      </summary>
      <Form
        method="post"
        action="/resources/locale"
        // With JavaScript the page stays; close the menu like a real one.
        onSubmit={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
        className="absolute end-0 z-30 mt-1 w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <ul>
          {LANGUAGES.map((lng) => (
            <li key={lng}>
              <button
                type="submit"
                name="lng"
                value={lng}
                lang={lng}
                aria-current={lng === current ? "true" : undefined}
                className="w-full rounded px-3 py-2 text-start text-sm hover:bg-slate-100 aria-[current=true]:font-semibold aria-[current=true]:text-primary-dark"
              >
                {LANGUAGE_NAMES[lng]}
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </details>
  );
}
