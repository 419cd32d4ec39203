import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { ErrorView } from "~/components/error-view";
import { InlineCss } from "~/components/inline-css";
import { useNonce } from "~/components/nonce";
import { Toaster } from "~/components/ui/toaster";
import { toasts } from "~/http/toast.server";
import { dirOf } from "~/i18n/config";
import { i18next } from "~/i18n/i18n.server";
import { schoolTimeZone } from "~/modules/settings/settings.server";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await i18next.getLocale(request);
  const { toast, headers } = await toasts(request).getToast(request);
  // The toast cookie is only rewritten when there was a toast to clear.
  return json({ locale, toast: toast ?? null, timeZone: await schoolTimeZone() }, toast ? { headers } : undefined);
}

export const handle = { i18n: "common" };

export const meta: MetaFunction = () => [{ title: "Horizon English School" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const { i18n } = useTranslation();
  const locale = data?.locale ?? i18n.language ?? "en";
  return (
    <html lang={locale} dir={dirOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <InlineCss />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
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
