import { type ReactNode } from "react";
import { LanguageSwitcher } from "~/components/language-switcher";
import { type PublicFrameData } from "~/components/layout/public-frame";
import { SchoolMark } from "~/components/layout/school-mark";
import { SkipLink } from "~/components/layout/skip-link";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";

/**
 * The public verification pages' frame: the school (back to the form, a new
 * document), the language, the page. The same markup as the registration's
 * PublicFrame (layout/public-frame.tsx), kept apart on purpose: one module
 * shared by both pages was a file of its own, a sixth script the registration
 * fetched on slow lines (issue 18 target 7, ADR 060). Change both together.
 */
export function VerifyFrame({ frame, children }: { frame: PublicFrameData; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <Link
          to="/certificates/verify"
          reloadDocument
          className="flex min-w-0 items-center gap-2 font-bold text-primary-dark"
        >
          <SchoolMark name={frame.schoolName} logo={frame.schoolLogo} size={28} />
          <span className="truncate">{frame.schoolName}</span>
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl flex-1 space-y-4 p-4">
        {children}
      </main>
      <footer className="px-4 py-3 text-center text-sm text-slate-700">
        {t("layout.copyright", { year: frame.year, school: frame.schoolName })}
      </footer>
    </div>
  );
}

/** The GET form: a typed code goes to /certificates/verify?code=…, which sends it to its page. */
export function VerifyCodeForm({ defaultValue = "" }: { defaultValue?: string }) {
  const { t } = useTranslation("verify");
  return (
    <form method="get" action="/certificates/verify" className="card space-y-3">
      <div>
        <label htmlFor="code" className="field-label">
          {t("code")}
        </label>
        <p id="code-hint" className="text-sm text-slate-700">
          {t("codeHint")}
        </p>
        <input
          id="code"
          name="code"
          required
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          defaultValue={defaultValue}
          aria-describedby="code-hint"
          className="field-input mt-1 font-mono uppercase tracking-wider"
        />
      </div>
      <button type="submit" className="btn-primary">
        {t("submit")}
      </button>
    </form>
  );
}
