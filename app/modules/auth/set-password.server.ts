import { schoolBrand } from "~/modules/settings/settings.server";
import { passwordTokenState } from "~/modules/users/users.server";

/** The set-password page of a link's token: whether the link still works, and the school it is from. */
export async function setPasswordPage(token: string) {
  const [state, school] = await Promise.all([passwordTokenState(token), schoolBrand()]);
  return { state, school };
}
