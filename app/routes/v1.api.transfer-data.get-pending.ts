import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { apiUser, onlyGet } from "~/modules/api/api.server";
import { pendingItemShape } from "~/modules/transfers/api.server";
import { pendingTransfers } from "~/modules/transfers/transfers.server";

/** GET: the pending transfers in the spec's item shape (what the bell polls). */
export async function loader({ request }: LoaderFunctionArgs) {
  await apiUser(request, "transfers:view");
  const { items, count } = await pendingTransfers(100);
  return json({ data: items.map(pendingItemShape), count });
}

/** POST, PUT, DELETE...: 405 {message}, not Remix's missing-action error. */
export function action({ request }: ActionFunctionArgs) {
  return onlyGet(request);
}
