import { type ReactNode } from "react";
import { LanguageSwitcher } from "~/components/language-switcher";
import { SchoolMark } from "~/components/layout/school-mark";
import { SkipLink } from "~/components/layout/skip-link";

/**
 * The frame of the pages before sign-in (the sign-in, setting a password):
 * the school's mark and the language switcher above one centred card.
 * `after` goes below the page (a dialog).
 */
export function SignInFrame({
  school,
  children,
  after,
}: {
  school: { name: string; logo: string | null };
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex items-center justify-between gap-2 px-4 py-3">
        <p className="flex min-w-0 items-center gap-2 text-lg font-bold text-primary-dark">
          <SchoolMark name={school.name} logo={school.logo} />
          <span className="[overflow-wrap:anywhere]">{school.name}</span>
        </p>
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center p-4">
        <div className="card w-full max-w-md">{children}</div>
      </main>
      {after}
    </div>
  );
}
