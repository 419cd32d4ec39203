import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ErrorView } from "~/components/error-view";
import { AppShell } from "~/components/layout/app-shell";
import { TransferBell } from "~/components/transfers/bell";
import { requireUser } from "~/modules/auth/guards.server";
import { menuFor } from "~/modules/auth/menu";
import { can, homeFor } from "~/modules/auth/permissions";
import { readSidebar } from "~/modules/layout.server";
import { schoolToday } from "~/modules/courses/sessions.server";
import { schoolName } from "~/modules/settings.server";
import { pendingTransfers } from "~/modules/transfers/transfers.server";

/** The standard layout of every signed-in page (login, registration and 404 have none). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const layout = new URL(request.url).searchParams.get("layout");
  return json({
    user: { name: user.name, role: user.role, image: user.image },
    home: homeFor(user.role) ?? "/teachers",
    menu: menuFor(user.role),
    sidebar: await readSidebar(request),
    layout: layout && /^[\w-]{1,40}$/.test(layout) ? layout : null,
    schoolName: await schoolName(),
    year: (await schoolToday()).slice(0, 4),
    // Only the roles of the bell get it (PRODUCT 2): not receptionist nor professor.
    pending: can(user.role, "transfers:bell") ? await pendingTransfers() : null,
  });
}

export function shouldRevalidate({ formAction, defaultShouldRevalidate }: { formAction?: string; defaultShouldRevalidate: boolean }) {
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
    <AppShell {...shell} bell={pending ? <TransferBell initial={pending} /> : null}>
      <ErrorView error={error} />
    </AppShell>
  );
}
