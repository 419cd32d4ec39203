import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HomeShortcuts } from "~/components/home-shortcuts";
import { translator } from "~/i18n/i18n.server";
import { requireUser } from "~/modules/auth/guards.server";
import { menuFor } from "~/modules/auth/menu";

// /teachers itself is open to every signed-in role (spec redirect rules).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await translator(request);
  return json({
    title: t("menu.teachersHome"),
    name: user.name,
    role: user.role,
    shortcuts: menuFor(user.role).filter((i) => i.path !== "/teachers"),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Teachers" }];

export default function TeachersHome() {
  const { name, role, shortcuts } = useLoaderData<typeof loader>();
  return <HomeShortcuts name={name} role={role} items={shortcuts} />;
}
