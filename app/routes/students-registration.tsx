import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { LanguageSwitcher } from "~/components/language-switcher";
import { SchoolMark } from "~/components/layout/school-mark";
import { SkipLink } from "~/components/layout/skip-link";
import { Link } from "~/components/ui/link";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { registrationFrame } from "~/modules/registrations/steps.server";

// Public: no sign-in, no standard layout.
export async function loader({ request }: LoaderFunctionArgs) {
  const [frame, t] = await Promise.all([registrationFrame(), translator(request)]);
  // The footer's year is the school's (its time zone), the same on the server and in the browser.
  return json({ ...frame, title: t("registration.title") });
}

// The tab title in the reader's language, like the page's heading.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · ${data.schoolName}` : "" },
];

export default function RegistrationLayout() {
  const { schoolName, schoolLogo, year } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <Link to="/students-registration" className="flex items-center gap-2 font-bold text-primary-dark">
          <SchoolMark name={schoolName} logo={schoolLogo} size={28} />
          {schoolName}
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 p-4">
        <h1 className="text-2xl font-semibold">{t("registration.title")}</h1>
        <Outlet />
      </main>
      <footer className="px-4 py-3 text-center text-sm text-slate-700">
        {t("layout.copyright", { year, school: schoolName })}
      </footer>
    </div>
  );
}
