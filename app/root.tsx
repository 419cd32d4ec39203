import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useState } from "react";
import { ErrorView } from "~/components/error-view";
import { InlineCss } from "~/components/inline-css";
import { IntlWarmUp } from "~/components/intl-warm-up";
import { useNonce } from "~/components/nonce";
import { Toaster } from "~/components/ui/toaster";
import { readToast } from "~/http/toast.server";
import { dirOf } from "~/i18n/config";
import { LOCALES_VERSION, i18next } from "~/i18n/i18n.server";
import { localeUrl } from "~/i18n/locale-url";
import { useChangeLanguage, useTranslation } from "~/i18n/react";
import { schoolTimeZone } from "~/modules/settings/settings.server";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, { toast, headers }, timeZone] = await Promise.all([
    i18next.getLocale(request),
    readToast(request),
    schoolTimeZone(),
  ]);
  // The toast cookie is only rewritten when there was a toast to clear.
  return json({ locale, toast, timeZone, localesVersion: LOCALES_VERSION }, headers ? { headers } : undefined);
}

export const handle = { i18n: "common" };

export const meta: MetaFunction = () => [{ title: "Horizon English School" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const { i18n } = useTranslation();
  const locale = data?.locale ?? i18n.language ?? "en";
  const version = data?.localesVersion;
  return (
    <html lang={locale} dir={dirOf(locale)} data-locales={version}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <IntlWarmUp nonce={nonce} />
        <Meta />
        <InlineCss />
        <Links />
        <TranslationPreloads locale={locale} version={version} />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The page's translation files, fetched while its scripts load: the browser
 * starts i18next (and hydrates) only once they are in, and without this it
 * would ask for them only after the last script had run, one more round trip
 * on a slow line (issue 18). Same request as the browser's backend makes
 * (i18n/client.ts, the same versioned address), so the preload is used.
 */
function TranslationPreloads({ locale, version }: { locale: string; version?: string }) {
  const namespaces = [
    ...new Set(
      useMatches().flatMap(({ handle }) => {
        const i18n = (handle as { i18n?: string | string[] } | undefined)?.i18n;
        return i18n === undefined ? [] : [i18n].flat();
      }),
    ),
  ];
  // The document's own files only, kept: later pages get their files from the
  // layout's client loader (routes/_app.tsx) before they show, and a link
  // added then would fetch them again after the navigation ended.
  const [first] = useState(() => ({ locale, namespaces }));
  return first.namespaces.map((ns) => (
    <link key={ns} rel="preload" as="fetch" crossOrigin="anonymous" href={localeUrl(first.locale, ns, version)} />
  ));
}

export default function App() {
  const { locale, toast } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  return (
    <>
      <Outlet />
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorView error={error} standalone />;
}
