import { type ActionFunctionArgs, json } from "@remix-run/node";
import { apiUser, methodNotAllowed, readBody, requireMethod } from "~/modules/api/api.server";
import { changeError, parseTransferBody } from "~/modules/transfers/api-input.server";
import { createTransfer } from "~/modules/transfers/transfers.server";

/** POST {student_ids, from_course_id, selected_course_id, selected_level_id, reason?} → 201 {data: {id}}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await apiUser(request, "transfers:edit");
  const input = parseTransferBody(await readBody(request));
  const outcome = await createTransfer(input, user.id);
  if (!outcome.ok) return changeError(outcome);
  return json({ data: { id: outcome.id, status: "pending" } }, { status: 201 });
}

export function loader() {
  return methodNotAllowed("POST");
}
