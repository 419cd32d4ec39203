import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireUser } from "~/http/guards.server";
import { homeFor } from "~/modules/auth/permissions";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  throw redirect(homeFor(user.role));
}
