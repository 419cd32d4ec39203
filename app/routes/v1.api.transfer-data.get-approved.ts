import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { apiUser, onlyGet } from "~/modules/api/api.server";
import { transferShape } from "~/modules/transfers/api.server";
import { listTransfers, parseTransferFilters } from "~/modules/transfers/transfers.server";

/** GET ?page=1&limit=10 (the spec's defaults): approved transfers, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await apiUser(request, "transfers:view");
  const params = new URL(request.url).searchParams;
  const filters = { ...parseTransferFilters(params), status_level_change: "approved" as const };
  const { rows, total } = await listTransfers(filters);
  return json({ data: rows.map(transferShape), pagination: { page: filters.page, limit: filters.limit, total } });
}

/** POST, PUT, DELETE...: 405 {message}, not Remix's missing-action error. */
export function action({ request }: ActionFunctionArgs) {
  return onlyGet(request);
}
