import * as Dialog from "@radix-ui/react-dialog";
import { useNavigate } from "@remix-run/react";
import { type ReactNode, useId } from "react";
import { DialogCancelContext } from "./dialog-actions";
import { useReturnFocus } from "./return-focus";

/**
 * The confirm step of a decisive action (pages take it through
 * ./confirm-dialog, which loads this and Radix only when one shows). The page shows it when its URL asks
 * (?confirm=…), so without JavaScript it is a server-rendered confirm page
 * and with JavaScript the same markup is a Radix dialog that traps focus.
 * The overlay and the box take no margin from the page's spacing utilities
 * (space-y-* would push the overlay down and leave an undimmed strip above
 * the header). Its form's SubmitButton shows Cancel beside it (DialogActions): one order,
 * Cancel then the action, in every dialog.
 */
export function RadixConfirmDialog({
  title,
  cancelTo,
  children,
}: {
  title: string;
  cancelTo: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  // Our own id names the dialog in the server's HTML too (see AlertDialog).
  const id = useId();
  const focus = useReturnFocus();
  return (
    <Dialog.Root
      defaultOpen
      modal
      onOpenChange={(open) => !open && navigate(cancelTo, { replace: true, preventScrollReset: true })}
    >
      <Dialog.Overlay className="fixed inset-0 z-40 !m-0 bg-slate-900/50" />
      <Dialog.Content
        aria-describedby={undefined}
        aria-labelledby={`${id}-title`}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        className="fixed start-1/2 top-1/2 z-50 !m-0 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2"
      >
        <Dialog.Title id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </Dialog.Title>
        <div className="mt-3">
          <DialogCancelContext.Provider value={cancelTo}>{children}</DialogCancelContext.Provider>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
