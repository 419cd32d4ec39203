import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { sessionSecrets } from "~/env.server";

// remix-toast with the app's own secret (never the library's default one).
// Messages are translation keys; the page translates them when it renders.
let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

export function toasts() {
  utils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: { name: "toast", secrets: sessionSecrets(), sameSite: "lax", httpOnly: true, path: "/" },
    }),
  );
  return utils;
}
