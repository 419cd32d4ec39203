import { z } from "zod";
import { MAX_ID } from "~/modules/shared/ids";

// The staff's certificate forms (issue 21, ADR 048), shared by the browser and
// the server. Messages are translation keys of the "verify" namespace.

export const REVOKE_REASON_MAX = 300;
const certificateId = z.coerce.number().int().positive().max(MAX_ID);

export const certificateForms = {
  revoke: z.object({
    certificate_id: certificateId,
    reason: z
      .string({ required_error: "verify:staff.errors.reasonRequired" })
      .trim()
      .min(1, "verify:staff.errors.reasonRequired")
      .max(REVOKE_REASON_MAX, "verify:staff.errors.reasonTooLong"),
  }),
  reissue: z.object({ certificate_id: certificateId }),
};
