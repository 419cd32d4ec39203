// The edge of the transfer API (/v1/api/transfer-data/*): its body read into the form's input.
import { apiError } from "~/modules/api/api.server";
import { transferInput } from "~/modules/transfers/transfers.server";

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
