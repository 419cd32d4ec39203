import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { firstIncompleteStep, loadDraft } from "~/modules/registrations/wizard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const draft = await loadDraft(request);
  const step = firstIncompleteStep(draft?.data ?? { raw: {} }, !!draft?.registrationId);
  throw redirect(`/students-registration/${step}`);
}
