import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ErrorView } from "~/components/error-view";
import { AppShell } from "~/components/layout/app-shell";
import { requireUser } from "~/modules/auth/guards.server";
import { menuFor } from "~/modules/auth/menu";
import { homeFor } from "~/modules/auth/permissions";
import { readSidebar } from "~/modules/layout.server";
import { schoolName } from "~/modules/settings.server";

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
  });
}

export function shouldRevalidate({ formAction, defaultShouldRevalidate }: { formAction?: string; defaultShouldRevalidate: boolean }) {
  // Toggling the sidebar does not change anything this loader reads but the cookie, already applied optimistically.
  if (formAction === "/resources/layout") return false;
  return defaultShouldRevalidate;
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <AppShell {...data}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  if (!data) return <ErrorView error={error} standalone />;
  return (
    <AppShell {...data}>
      <ErrorView error={error} />
    </AppShell>
  );
}
