import { type ActionFunctionArgs, json } from "@remix-run/node";
import { apiUser, methodNotAllowed, readBody, requireMethod } from "~/http/api.server";
import { TRANSFER_REFUSALS, apiRefusal } from "~/http/outcome.server";
import { parseTransferBody } from "~/http/transfer-api.server";
import { createTransfer } from "~/modules/transfers/transfers.server";

/** POST {student_ids, from_course_id, selected_course_id, selected_level_id, reason?} → 201 {data: {id}}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await apiUser(request, "transfers:edit");
  const input = parseTransferBody(await readBody(request));
  const outcome = await createTransfer(input, user.id);
  if (!outcome.ok) return apiRefusal(outcome, TRANSFER_REFUSALS);
  return json({ data: { id: outcome.id, status: "pending" } }, { status: 201 });
}

export function loader() {
  return methodNotAllowed("POST");
}
