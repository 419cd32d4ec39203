import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProfessorHome } from "~/components/dashboard/professor-home";
import { HomeShortcuts } from "~/components/home-shortcuts";
import { titleMetaOr } from "~/components/ui/meta";
import { requireNonStudent } from "~/http/guards.server";
import { badRequest } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { teachersHomePage } from "~/modules/teachers/teachers-home.server";

export const handle = { i18n: ["common", "school", "course"] };

// /teachers itself is open to every signed-in staff role and professors (spec
// redirect rules; a student goes to /student); only a professor has courses to
// show, the others keep their greeting and shortcuts.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireNonStudent(request);
  const [page, t] = await Promise.all([teachersHomePage(user, new URL(request.url).searchParams), translator(request)]);
  if (!page.ok) badRequest("redirects.dateOutOfRange");
  return json({ title: t("menu.teachersHome"), ...page });
}

export const meta = titleMetaOr("Teachers");

export default function TeachersHome() {
  const data = useLoaderData<typeof loader>();
  if (!data.teaching) return <HomeShortcuts name={data.name} role={data.role} items={data.shortcuts} />;
  return <ProfessorHome name={data.name} teaching={data.teaching} />;
}
