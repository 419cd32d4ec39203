import { type LoaderFunctionArgs, json } from "@remix-run/node";
import {
  type ClientLoaderFunctionArgs,
  Outlet,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { ErrorView } from "~/components/error-view";
import { AppShell } from "~/components/layout/app-shell";
import { TransferBell } from "~/components/transfers/bell";
import { requireUser } from "~/http/guards.server";
import { readSidebar } from "~/http/layout.server";
import { loadNamespaces } from "~/i18n/client";
import { NAMESPACES } from "~/i18n/config";
import { appShell } from "~/modules/menu/shell.server";

/** The standard layout of every signed-in page (login, registration and 404 have none). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const view = { sidebar: await readSidebar(request), layout: new URL(request.url).searchParams.get("layout") };
  return json(await appShell(user, view));
}

/**
 * Coming into the signed-in pages from a client-side navigation (the sign-in
 * form, above all), the translations they need arrive with their data. Were
 * they fetched only once React renders the new page, that render would
 * suspend: the URL would already be the new one while the previous page stays
 * on screen, clickable, and is then replaced under the user's hand. Every
 * namespace, so that later navigations inside the layout never wait either
 * (the same list entry.client fetches when a signed-in page is loaded).
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), loadNamespaces([...NAMESPACES])]);
  return data;
}

export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: {
  formAction?: string;
  defaultShouldRevalidate: boolean;
}) {
  // Toggling the sidebar does not change anything this loader reads but the cookie, already applied optimistically.
  if (formAction === "/resources/layout") return false;
  return defaultShouldRevalidate;
}

export const handle = { i18n: ["common", "transfers"] };

export default function AppLayout() {
  const { pending, ...data } = useLoaderData<typeof loader>();
  return (
    <AppShell {...data} bell={pending ? <TransferBell initial={pending} /> : null}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  if (!data) return <ErrorView error={error} standalone />;
  const { pending, ...shell } = data;
  return (
    <AppShell {...shell} star={false} bell={pending ? <TransferBell initial={pending} /> : null}>
      <ErrorView error={error} />
    </AppShell>
  );
}
