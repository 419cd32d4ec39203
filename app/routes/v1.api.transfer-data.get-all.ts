import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { apiUser, onlyGet } from "~/modules/api/api.server";
import { transferShape } from "~/modules/transfers/api.server";
import { listTransfers, parseTransferFilters } from "~/modules/transfers/transfers.server";

/** GET ?page&limit plus the list's filters (status_level_change, course, level, kind, q, from, to). */
export async function loader({ request }: LoaderFunctionArgs) {
  await apiUser(request, "transfers:view");
  const filters = parseTransferFilters(new URL(request.url).searchParams);
  const { rows, total } = await listTransfers(filters);
  return json({ data: rows.map(transferShape), pagination: { page: filters.page, limit: filters.limit, total } });
}

/** POST, PUT, DELETE...: 405 {message}, not Remix's missing-action error. */
export function action({ request }: ActionFunctionArgs) {
  return onlyGet(request);
}
