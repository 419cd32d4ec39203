import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { apiUser, onlyGet } from "~/http/api.server";
import { transferApiList } from "~/modules/transfers/api.server";

/** GET ?page=1&limit=10 (the spec's defaults): approved transfers, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await apiUser(request, "transfers:view");
  return json(await transferApiList(new URL(request.url).searchParams, "approved"));
}

/** POST, PUT, DELETE...: 405 {message}, not Remix's missing-action error. */
export function action({ request }: ActionFunctionArgs) {
  return onlyGet(request);
}
