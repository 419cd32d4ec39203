import { type ComponentProps, type ComponentType, Suspense, lazy } from "react";
import { type RadixAlertDialog } from "./radix-alert-dialog";

type Props = ComponentProps<typeof RadixAlertDialog>;

const LazyDialog = lazy(() => import("./radix-alert-dialog").then((m) => ({ default: m.RadixAlertDialog })));

// The server renders the dialog at once, in the page's first HTML (the page
// works without JavaScript too), never a suspended boundary streamed later:
// it loads the dialog before this module is done (a top-level await that the
// browser's build drops with the whole branch).
let serverDialog: ComponentType<Props> | null = null;
if (import.meta.env.SSR) serverDialog = (await import("./radix-alert-dialog")).RadixAlertDialog;

/**
 * The app's alert dialog (radix-alert-dialog.tsx), loaded in the browser only
 * by a page that shows one: Radix Dialog and its helpers are 13 KB of gzip
 * that the root's error view would otherwise bring to every route (issue 18).
 * The page hydrates around the server's dialog while its code arrives.
 * confirm-dialog.tsx does the same for the confirm step.
 */
export function AlertDialog(props: Props) {
  const Dialog = serverDialog ?? LazyDialog;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
