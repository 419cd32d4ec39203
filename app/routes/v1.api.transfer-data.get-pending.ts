import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { apiUser, onlyGet } from "~/http/api.server";
import { pendingApiList } from "~/modules/transfers/api.server";

/** GET: the pending transfers in the spec's item shape (what the bell polls). */
export async function loader({ request }: LoaderFunctionArgs) {
  await apiUser(request, "transfers:view");
  return json(await pendingApiList());
}

/** POST, PUT, DELETE...: 405 {message}, not Remix's missing-action error. */
export function action({ request }: ActionFunctionArgs) {
  return onlyGet(request);
}
