import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { firstStepPath } from "~/modules/registrations/steps.server";

export async function loader({ request }: LoaderFunctionArgs) {
  throw redirect(await firstStepPath(request));
}
