import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { optionalUser } from "~/http/guards.server";
import { homeFor } from "~/modules/auth/permissions";

// "users": the set-password page, and its toast on the login page.
export const handle = { i18n: ["common", "users"] };

// Signed-in users are sent away from every authentication route to their home.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await optionalUser(request);
  const home = user && homeFor(user.role);
  if (home) throw redirect(home);
  return null;
}

export default function AuthenticationLayout() {
  return <Outlet />;
}
