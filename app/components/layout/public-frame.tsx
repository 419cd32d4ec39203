import { type ReactNode } from "react";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { SchoolMark } from "./school-mark";
import { SkipLink } from "./skip-link";

export interface PublicFrameData {
  schoolName: string;
  schoolLogo: string | null;
  year: string;
}

/**
 * The public pages' frame (no sign-in, no app layout): the school, linking to
 * the section's first page, the language, the page, the footer. Its data is
 * publicFrame() (modules/settings/public-frame.server.ts).
 */
export function PublicFrame({
  frame,
  home,
  mainClassName,
  children,
}: {
  frame: PublicFrameData;
  home: string;
  /** The main column's width and spacing. */
  mainClassName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <Link to={home} className="flex min-w-0 items-center gap-2 font-bold text-primary-dark">
          <SchoolMark name={frame.schoolName} logo={frame.schoolLogo} size={28} />
          <span className="truncate">{frame.schoolName}</span>
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1} className={`mx-auto w-full flex-1 p-4 ${mainClassName}`}>
        {children}
      </main>
      <footer className="px-4 py-3 text-center text-sm text-slate-700">
        {t("layout.copyright", { year: frame.year, school: frame.schoolName })}
      </footer>
    </div>
  );
}
