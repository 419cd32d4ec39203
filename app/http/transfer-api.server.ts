// The edge of the transfer API (/v1/api/transfer-data/*): its body read into
// the form's input, and its answers (refusals read from TRANSFER_REFUSALS, as
// the pages read them).
import { json } from "@remix-run/node";
import { apiError, apiUser, requireMethod } from "~/http/api.server";
import { transferInput } from "~/modules/transfers/schema";
import { type Decision, decideTransfer } from "~/modules/transfers/transfers.server";
import { requireId } from "./ids.server";
import { TRANSFER_REFUSALS, apiRefusal } from "./outcome.server";

/** A create/update body: student_ids (array or comma list) and the course and level ids. */
export function parseTransferBody(body: Record<string, unknown>) {
  const ids = body.student_ids;
  const normalized = {
    ...body,
    student_ids:
      typeof ids === "string"
        ? ids
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : ids,
  };
  const parsed = transferInput.safeParse(normalized);
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors as Record<string, string[]>;
    throw apiError(400, "Check the fields.", errors);
  }
  return parsed.data;
}

/** PUT approve/:id or reject/:id with an empty body: the decision, 404 for no such transfer, 409 once it is decided. */
export async function answerDecision(
  request: Request,
  params: Readonly<Record<string, string | undefined>>,
  decision: Decision,
) {
  requireMethod(request, "PUT");
  const user = await apiUser(request, "transfers:decide");
  const id = requireId(params);
  const outcome = await decideTransfer(id, user.id, decision);
  if (!outcome.ok) return apiRefusal(outcome, TRANSFER_REFUSALS);
  return json({ data: { id, status: decision === "approve" ? "approved" : "rejected" } });
}
