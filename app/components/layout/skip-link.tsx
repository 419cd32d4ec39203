import { useTranslation } from "~/i18n/react";

/**
 * The first stop of the Tab key on every page: jumps over the header to
 * <main id="main" tabIndex={-1}>, which takes the focus (a plain link, so it
 * works without JavaScript too).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
    >
      {t("layout.skipToContent")}
    </a>
  );
}
