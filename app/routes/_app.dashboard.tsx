import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HomeShortcuts } from "~/components/home-shortcuts";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { menuFor } from "~/modules/auth/menu";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:view");
  const t = await translator(request);
  return json({
    title: t("menu.dashboard"),
    name: user.name,
    role: user.role,
    shortcuts: menuFor(user.role).filter((i) => i.path !== "/dashboard"),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Dashboard" }];

export default function Dashboard() {
  const { name, role, shortcuts } = useLoaderData<typeof loader>();
  return <HomeShortcuts name={name} role={role} items={shortcuts} />;
}
