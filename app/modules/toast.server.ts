import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { isHttps, sessionSecrets } from "~/env.server";

// remix-toast with the app's own secret (never the library's default one).
// Messages are translation keys; the page translates them when it renders.
type ToastUtils = ReturnType<typeof createToastUtilsWithCustomSession>;
const utils = new Map<boolean, ToastUtils>();

/** The toast helpers for this request: its cookie is Secure when the request came over HTTPS. */
export function toasts(request: Request): ToastUtils {
  const secure = isHttps(request);
  let found = utils.get(secure);
  if (!found) {
    found = createToastUtilsWithCustomSession(
      createCookieSessionStorage({
        cookie: { name: "toast", secrets: sessionSecrets(), sameSite: "lax", httpOnly: true, path: "/", secure },
      }),
    );
    utils.set(secure, found);
  }
  return found;
}
