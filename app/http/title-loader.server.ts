import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { requirePermission } from "~/http/guards.server";
import { translator } from "~/i18n/i18n.server";
import { type Capability } from "~/modules/auth/permissions";

/**
 * The loader of a page whose only data is its title (a FAQ, a blank form):
 * the guard, then the title in the reader's language, for `titleMeta`.
 * `export const loader = titleLoader("teachers-faq:view", "school", "teachersFaq.title");`
 */
export function titleLoader(capability: Capability, namespace: string, key: string) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requirePermission(request, capability);
    const t = await translator(request, namespace);
    return json({ title: t(key) });
  };
}
