import { type ComponentProps, type ComponentType, Suspense, lazy } from "react";
import { type RadixConfirmDialog } from "./radix-confirm-dialog";

type Props = ComponentProps<typeof RadixConfirmDialog>;

const LazyDialog = lazy(() => import("./radix-confirm-dialog").then((m) => ({ default: m.RadixConfirmDialog })));

// Rendered at once on the server, as AlertDialog (alert-dialog.tsx) is.
let serverDialog: ComponentType<Props> | null = null;
if (import.meta.env.SSR) serverDialog = (await import("./radix-confirm-dialog")).RadixConfirmDialog;

/**
 * The confirm step of a decisive action (radix-confirm-dialog.tsx), loaded in
 * the browser only when a page shows one (…?confirm=…): Radix is 13 KB of
 * gzip the pages with a confirm link would otherwise load with the page
 * (issue 18).
 */
export function ConfirmDialog(props: Props) {
  const Dialog = serverDialog ?? LazyDialog;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
