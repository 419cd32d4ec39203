import { hydrateLater } from "~/components/hydrate-later";
import { TransferBell as ServerBell } from "./bell";

/**
 * The pending-transfer bell, for the signed-in layout. The server renders it
 * with the page (it works without JavaScript, a <details>); in the browser
 * its code (polling, closing on a click outside) is a file of its own,
 * fetched only by the staff who see a bell (components/hydrate-later.tsx).
 */
export const TransferBell = import.meta.env.SSR
  ? ServerBell
  : hydrateLater(() => import("./bell").then((m) => m.TransferBell));
