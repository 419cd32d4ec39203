import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireId } from "~/http/ids.server";
import { TRANSFER_REFUSALS, apiRefusal } from "~/http/outcome.server";
import { apiUser, methodNotAllowed, requireMethod } from "~/modules/api/api.server";
import { decideTransfer } from "~/modules/transfers/transfers.server";

/** PUT with an empty body; 409 when the transfer is no longer pending. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const user = await apiUser(request, "transfers:decide");
  const id = requireId(params);
  const outcome = await decideTransfer(id, user.id, "reject");
  if (!outcome.ok) return apiRefusal(outcome, TRANSFER_REFUSALS);
  return json({ data: { id, status: "rejected" } });
}

export function loader() {
  return methodNotAllowed("PUT");
}
