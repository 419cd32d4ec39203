import { type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/http/api.server";
import { answerDecision } from "~/http/transfer-api.server";

/** PUT with an empty body; 409 when the transfer is no longer pending. */
export function action({ request, params }: ActionFunctionArgs) {
  return answerDecision(request, params, "approve");
}

export function loader() {
  return methodNotAllowed("PUT");
}
