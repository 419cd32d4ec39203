import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { schoolToday } from "~/modules/courses/sessions.server";
import { firstIncompleteStep, loadDraft } from "~/modules/registrations/wizard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const draft = await loadDraft(request);
  const step = firstIncompleteStep(draft?.data ?? { raw: {} }, !!draft?.registrationId, await schoolToday());
  throw redirect(`/students-registration/${step}`);
}
