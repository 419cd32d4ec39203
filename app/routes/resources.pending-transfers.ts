import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { requirePermission } from "~/http/guards.server";
import { pendingTransfers } from "~/modules/transfers/transfers.server";

/** What the bell polls every 10 s (same data as the page renders). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "transfers:bell");
  return json(await pendingTransfers(), { headers: { "Cache-Control": "no-store" } });
}
