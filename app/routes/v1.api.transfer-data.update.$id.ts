import { type ActionFunctionArgs, json } from "@remix-run/node";
import { apiUser, methodNotAllowed, readBody, requireMethod } from "~/http/api.server";
import { requireId } from "~/http/ids.server";
import { TRANSFER_REFUSALS, apiRefusal } from "~/http/outcome.server";
import { parseTransferBody } from "~/http/transfer-api.server";
import { updateTransfer } from "~/modules/transfers/transfers.server";

/** PUT the same body as create, while the transfer is pending. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const user = await apiUser(request, "transfers:edit");
  const id = requireId(params);
  const input = parseTransferBody(await readBody(request));
  const outcome = await updateTransfer(id, input, user.id);
  if (!outcome.ok) return apiRefusal(outcome, TRANSFER_REFUSALS);
  return json({ data: { id, status: "pending" } });
}

export function loader() {
  return methodNotAllowed("PUT");
}
